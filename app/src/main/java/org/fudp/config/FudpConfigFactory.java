// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.config;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.basics.SubjectFactories;

/**
 * Registers {@link FudpConfig} under the app subject and key {@value FudpConfig#CONFIG_KEY}.
 */
public final class FudpConfigFactory extends ConfigFactory<ApplicationId, FudpConfig> {

    /**
     * Creates the factory.
     */
    public FudpConfigFactory() {
        super(SubjectFactories.APP_SUBJECT_FACTORY, FudpConfig.class, FudpConfig.CONFIG_KEY);
    }

    @Override
    public FudpConfig createConfig() {
        return new FudpConfig();
    }
}
