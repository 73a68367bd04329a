// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.config;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.api.Bottleneck;
import org.fudp.api.FacilityConfig;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.config.InvalidFieldException;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage-guided fuzzing of the app's network-config parser: the input is the JSON an operator posts under
 * {@code apps/org.fudp.app/fudp}, read as ONOS's Config API reads it ({@link FudpConfig#init}, then
 * {@link FudpConfig#isValid}).
 *
 * <p>Text that is not JSON is Jackson's to reject. For JSON, validation either passes or throws
 * {@link InvalidFieldException} with every error listed; any other exception is a finding. A valid config's
 * facilities and bottlenecks, written back through the setters, parse to the same values.
 */
class FudpConfigFuzzTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @FuzzTest(maxDuration = "30s")
    void parseNetworkConfig(byte[] json) {
        JsonNode node;
        try {
            node = MAPPER.readTree(new String(json, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            return;
        }
        FudpConfig c = config(node);
        List<String> errors = c.errors();
        try {
            assertTrue(c.isValid());
        } catch (InvalidFieldException e) {
            assertFalse(errors.isEmpty(), "rejected without an error");
            assertNotNull(e.getMessage());
            return;
        }
        assertTrue(errors.isEmpty(), "valid but with errors " + errors);
        List<FacilityConfig> facilities = c.facilities();
        List<Bottleneck> bottlenecks = c.bottlenecks();
        FudpConfig again = config(MAPPER.createObjectNode()).facilities(facilities).bottlenecks(bottlenecks);
        assertTrue(again.isValid());
        assertEquals(facilities, again.facilities(), "facilities round trip");
        assertEquals(bottlenecks, again.bottlenecks(), "bottlenecks round trip");
        for (Bottleneck b : bottlenecks) {
            assertTrue(b.capacityBps() >= 1);
            assertFalse(b.prefixes().isEmpty() && b.hosts().isEmpty(), "a bottleneck with no destination");
        }
    }

    private static FudpConfig config(JsonNode node) {
        FudpConfig c = new FudpConfig();
        c.init(new DefaultApplicationId(1, "org.fudp.app"), FudpConfig.CONFIG_KEY, node, MAPPER, null);
        return c;
    }
}
