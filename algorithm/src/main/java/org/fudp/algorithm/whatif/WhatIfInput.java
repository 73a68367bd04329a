// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm.whatif;

import org.fudp.algorithm.CfsInput;
import org.fudp.algorithm.FudpaConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A parsed what-if input: the configuration and, per period, the input of every CFS.
 */
public final class WhatIfInput {

    private final FudpaConfig config;
    private final List<List<CfsInput>> periods;

    /**
     * Creates an input.
     *
     * @param config tunables
     * @param periods per period, one input per CFS (CFS ids unique within a period)
     */
    public WhatIfInput(FudpaConfig config, List<List<CfsInput>> periods) {
        this.config = Objects.requireNonNull(config, "config");
        List<List<CfsInput>> copy = new ArrayList<>(periods.size());
        for (List<CfsInput> p : periods) {
            copy.add(List.copyOf(p));
        }
        this.periods = List.copyOf(copy);
    }

    /**
     * Returns the tunables.
     *
     * @return configuration
     */
    public FudpaConfig config() {
        return config;
    }

    /**
     * Returns the periods in time order.
     *
     * @return per period, the CFS inputs
     */
    public List<List<CfsInput>> periods() {
        return periods;
    }
}
