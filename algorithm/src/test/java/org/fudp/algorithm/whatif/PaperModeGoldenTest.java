// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm.whatif;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.algorithm.FudpaConfig;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Paper mode ({@link FudpaConfig#paper()}) must decide exactly as FUDPA did before anything beyond
 * the paper was added (issue 16): its decisions on generated histories are compared, as JSON text,
 * with those the code gave when they were recorded (2026-11-23, before settling existed).
 *
 * <p>The histories are generated from a fixed seed: flows arriving and leaving, demands below and
 * above their share and unknown, missing samples, sets without TCP or UDP, with and without a
 * capacity. To record again (only when the paper's behaviour is meant to change, which it is not):
 * {@code mvn -pl algorithm test -Dtest=PaperModeGoldenTest -Dfudp.golden.record=true}.
 */
class PaperModeGoldenTest {

    private static final Path GOLDEN = Paths.get("src", "test", "resources", "org", "fudp", "algorithm", "whatif",
            "paper-golden.txt");
    private static final ObjectMapper COMPACT = new ObjectMapper();
    private static final int HISTORIES = 8;

    @Test
    void paperModeDecidesAsWhenRecorded() throws Exception {
        List<String> inputs = new ArrayList<>();
        List<String> decided = new ArrayList<>();
        for (int h = 0; h < HISTORIES; h++) {
            ObjectNode input = history(new Random(1600 + h), h);
            inputs.add(COMPACT.writeValueAsString(input));
            WhatIfInput parsed = WhatIfParser.parse(input);
            WhatIfResult r = WhatIfRunner.run(new WhatIfInput(FudpaConfig.paper(), parsed.periods()));
            for (JsonNode period : r.toJson().get("periods")) {
                decided.add(COMPACT.writeValueAsString(withoutPrincipals(period)));
            }
        }
        String inputsDigest = sha256(String.join("\n", inputs));
        if (Boolean.getBoolean("fudp.golden.record")) {
            Files.write(GOLDEN, concat("inputs " + inputsDigest, decided));
        }
        List<String> recorded = Files.readAllLines(GOLDEN);
        assertEquals("inputs " + inputsDigest, recorded.get(0), "the generator changed: these are not the recorded "
                + "histories");
        assertEquals(recorded.size() - 1, decided.size());
        for (int i = 0; i < decided.size(); i++) {
            assertEquals(recorded.get(i + 1), decided.get(i), "period " + i + " of all histories");
        }
    }

    // The fields added with principals (issue 40) say what the paper implies: every UDP flow a principal of
    // its own, no floor; the recorded decisions are compared without them.
    private static JsonNode withoutPrincipals(JsonNode period) {
        for (JsonNode set : period.get("cfs")) {
            ObjectNode o = (ObjectNode) set;
            assertEquals(o.get("udpFlows"), o.get("udpPrincipals"), "paper mode: each UDP flow its own principal");
            assertTrue(o.get("tcpFloorBps").isNull(), "paper mode has no floor");
            o.remove("udpPrincipals");
            o.remove("tcpFloorBps");
        }
        return period;
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }

    private static String sha256(String text) throws Exception {
        byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        StringBuilder s = new StringBuilder();
        for (byte b : d) {
            s.append(String.format("%02x", b));
        }
        return s.toString();
    }

    /** One history of 30 periods over one or two sets. */
    private static ObjectNode history(Random rnd, int h) throws IOException {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.putObject("config").put("alpha", 0.875).put("beta", 0.25);
        ArrayNode periods = root.putArray("periods");
        int sets = 1 + h % 2;
        int flows = 3 + rnd.nextInt(5);
        double capacity = 1e7 * (1 + rnd.nextInt(10));
        for (int k = 0; k < 30; k++) {
            ArrayNode cfs = periods.addObject().putArray("cfs");
            for (int s = 0; s < sets; s++) {
                ObjectNode set = JsonNodeFactory.instance.objectNode();
                set.put("id", "s" + s);
                if (h % 3 != 2) {
                    set.put("capacityBps", capacity);
                }
                ArrayNode fl = set.putArray("flows");
                for (int f = 0; f < flows; f++) {
                    // Each flow is present in a window of the history, and misses a sample now and then.
                    int start = (f * 7 + s * 3 + h) % 15;
                    int end = 18 + (f * 5 + h) % 12;
                    if (k < start || k >= end || rnd.nextInt(12) == 0) {
                        continue;
                    }
                    boolean udp = f % 3 != 0 || (h % 4 == 3 && f < 2);
                    ObjectNode flow = fl.addObject();
                    flow.put("id", "f" + f);
                    flow.put("protocol", udp ? "udp" : "tcp");
                    flow.put("rateBps", Math.round(capacity * rnd.nextDouble() / 2));
                    if (udp && rnd.nextInt(5) != 0) {
                        // Half of the UDP flows want less than a share, half far more.
                        flow.put("demandBps", Math.round(capacity * (f % 2 == 0 ? 0.02 + rnd.nextDouble() * 0.1
                                : 1 + rnd.nextDouble() * 4)));
                    }
                }
                if (fl.size() > 0) {
                    cfs.add(set);
                }
            }
        }
        return root;
    }
}
