// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm.whatif;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Iterator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The what-if examples of docs/algorithm.md, "Principals and the TCP floor": the same two sets (one host's 20
 * ports; 20 sources) under the paper's rule and under the default, as {@code tools/fudp-whatif} prints them.
 */
class SwarmExampleTest {

    private static final Path EXAMPLES = Paths.get("..", "docs", "examples");
    private static final double M = 1e6;

    private static JsonNode set(String file, String id) throws Exception {
        JsonNode out;
        try (InputStream in = Files.newInputStream(EXAMPLES.resolve(file))) {
            out = WhatIfRunner.run(WhatIfParser.parse(WhatIfParser.readJson(in))).toJson();
        }
        for (JsonNode c : out.get("periods").get(0).get("cfs")) {
            if (c.get("id").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no set " + id + " in " + file);
    }

    private static double udpMbps(JsonNode set) {
        double sum = 0;
        for (Iterator<JsonNode> it = set.get("allocations").elements(); it.hasNext();) {
            sum += it.next().asDouble();
        }
        return sum / M;
    }

    @Test
    void perFiveTupleTwentyPortsOrTwentySourcesOutvoteTwoTcpFlows() throws Exception {
        for (String id : new String[] {"one-host", "many-sources"}) {
            JsonNode s = set("whatif-swarm-paper.json", id);
            assertEquals(20, s.get("udpPrincipals").asInt());
            assertEquals(10.0 * 20 / 22, udpMbps(s), 0.01, id);
            assertTrue(s.get("tcpFloorBps").isNull());
        }
    }

    @Test
    void byDefaultOneHostIsOneShareAndManySourcesAreHeldWithinTheFloor() throws Exception {
        JsonNode host = set("whatif-swarm.json", "one-host");
        assertEquals(1, host.get("udpPrincipals").asInt());
        assertEquals(10.0 / 3, udpMbps(host), 0.01);
        JsonNode sources = set("whatif-swarm.json", "many-sources");
        assertEquals(20, sources.get("udpPrincipals").asInt());
        assertEquals(10.0 * 4 / 6, udpMbps(sources), 0.01);
        assertEquals(10.0 * 2 / 6, sources.get("tcpFloorBps").asDouble() / M, 0.01);
    }
}
