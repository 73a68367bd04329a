// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.config;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.config.InvalidFieldException;

import java.util.List;

/**
 * Rejects a FUDP network config. ONOS's network config store reports the message to whoever
 * posted the config; it lists every wrong field as {@code path: reason}.
 */
public final class FudpConfigException extends InvalidFieldException {

    private static final long serialVersionUID = 1L;

    private final List<String> errors;

    /**
     * Creates the exception.
     *
     * @param firstField path of the first wrong field
     * @param errors every error as {@code path: reason}, at least one
     */
    public FudpConfigException(String firstField, List<String> errors) {
        super(firstField, String.join("; ", errors));
        this.errors = ImmutableList.copyOf(errors);
    }

    /**
     * Returns every error as {@code path: reason}.
     *
     * @return errors
     */
    public List<String> errors() {
        return errors;
    }

    @Override
    public String getMessage() {
        return "invalid FUDP config: " + String.join("; ", errors);
    }
}
