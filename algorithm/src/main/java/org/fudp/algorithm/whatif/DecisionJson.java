// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm.whatif;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.algorithm.Allocations;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FudpaConfig;

import java.util.OptionalDouble;

/**
 * Encodes decision records and configurations as JSON, in the what-if output format that the
 * REST API and the lab share. Rates are in bit/s; a quantity not computed this period is null.
 */
public final class DecisionJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private DecisionJson() {
    }

    /**
     * Encodes one decision.
     *
     * @param d the decision
     * @return JSON object with the fields documented in {@code docs/algorithm.md}
     */
    public static ObjectNode encode(Decision d) {
        ObjectNode o = NODES.objectNode();
        o.put("id", d.cfsId());
        o.put("period", d.period());
        o.put("tcpFlows", d.tcpFlows());
        o.put("udpFlows", d.udpFlows());
        o.put("udpPrincipals", d.udpPrincipals());
        o.put("missingSamples", d.missingSamples());
        o.put("measuredTcpBps", d.measuredTcpBps());
        o.put("predictedTcpBps", d.predictedTcpBps());
        o.put("deviationBps", d.deviationBps());
        put(o, "bandLowBps", d.bandLowBps());
        put(o, "bandHighBps", d.bandHighBps());
        put(o, "udpAverageBps", d.udpAverageBps());
        o.put("fair", d.fair());
        o.put("reason", d.reason().name());
        o.put("explanation", d.explanation());
        put(o, "availableBps", d.availableBps());
        put(o, "tcpRemainderBps", d.tcpRemainderBps());
        put(o, "tcpFloorBps", d.tcpFloorBps());
        ObjectNode allocations = o.putObject("allocations");
        Allocations a = d.allocations();
        for (int i = 0; i < a.size(); i++) {
            allocations.put(a.flowId(i), a.rateBps(i));
        }
        return o;
    }

    /**
     * Encodes a configuration with every field, defaults included.
     *
     * @param c the configuration
     * @return JSON object in the what-if input's {@code config} format
     */
    public static ObjectNode encode(FudpaConfig c) {
        ObjectNode o = NODES.objectNode();
        o.put("alpha", c.alpha());
        o.put("beta", c.beta());
        o.put("hysteresis", c.hysteresis());
        o.put("noiseFloorBps", c.noiseFloorBps());
        o.put("maxMissingPeriods", c.maxMissingPeriods());
        o.put("settle", c.settle());
        o.put("tcpFloorPrincipals", c.tcpFloorPrincipals());
        o.put("principals", c.principals());
        return o;
    }

    private static void put(ObjectNode o, String name, OptionalDouble v) {
        if (v.isPresent()) {
            o.put(name, v.getAsDouble());
        } else {
            o.putNull(name);
        }
    }
}
