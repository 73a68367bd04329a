// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jain's index on the fixture the lab's Python analysis is checked against too.
 */
class JainIndexTest {

    @Test
    void matchesTheSharedFixture() throws IOException {
        JsonNode cases;
        try (InputStream in = getClass().getResourceAsStream("jain-fixture.json")) {
            cases = new ObjectMapper().readTree(in).get("cases");
        }
        assertTrue(cases.size() >= 5);
        for (JsonNode c : cases) {
            double[] values = new double[c.get("values").size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = c.get("values").get(i).asDouble();
            }
            double expected = c.get("jain").isNull() ? Double.NaN : c.get("jain").asDouble();
            assertEquals(expected, JainIndex.of(values), 1e-12, c.get("name").asText());
        }
    }

    @Test
    void addingOneByOneEqualsTheWholeArray() {
        JainIndex j = new JainIndex().add(1).add(2).add(3);
        assertEquals(JainIndex.of(1, 2, 3), j.value(), 0);
    }
}
