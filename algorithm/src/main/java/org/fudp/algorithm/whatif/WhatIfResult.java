// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm.whatif;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FudpaConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The decisions of a what-if run: per period, one decision per CFS in the input's order.
 */
public final class WhatIfResult {

    private final FudpaConfig config;
    private final List<List<Decision>> periods;

    /**
     * Creates a result.
     *
     * @param config the configuration the run used
     * @param periods per period, the decisions
     */
    public WhatIfResult(FudpaConfig config, List<List<Decision>> periods) {
        this.config = Objects.requireNonNull(config, "config");
        List<List<Decision>> copy = new ArrayList<>(periods.size());
        for (List<Decision> p : periods) {
            copy.add(List.copyOf(p));
        }
        this.periods = List.copyOf(copy);
    }

    /**
     * Returns the configuration the run used.
     *
     * @return configuration
     */
    public FudpaConfig config() {
        return config;
    }

    /**
     * Returns the decisions.
     *
     * @return per period, one decision per CFS
     */
    public List<List<Decision>> periods() {
        return periods;
    }

    /**
     * Encodes the result: {@code {"config": {...}, "periods": [{"cfs": [decision, ...]}, ...]}}.
     *
     * @return JSON object
     */
    public ObjectNode toJson() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.set("config", DecisionJson.encode(config));
        ArrayNode out = root.putArray("periods");
        for (List<Decision> period : periods) {
            ArrayNode sets = out.addObject().putArray("cfs");
            for (Decision d : period) {
                sets.add(DecisionJson.encode(d));
            }
        }
        return root;
    }
}
