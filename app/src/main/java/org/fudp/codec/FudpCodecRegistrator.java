// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.onosproject.codec.CodecService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;

/**
 * Registers FUDP's JSON codecs with ONOS while the app is active, so the REST API, the CLI and
 * other apps encode FUDP's types the same way.
 */
@Component(immediate = true)
public class FudpCodecRegistrator {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CodecService codecService;

    @Activate
    protected void activate() {
        FudpCodecs.registerAll(codecService);
    }

    @Deactivate
    protected void deactivate() {
        FudpCodecs.unregisterAll(codecService);
    }
}
