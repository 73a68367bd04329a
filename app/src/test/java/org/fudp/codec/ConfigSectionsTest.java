// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue 33: a field the facility value cannot carry is refused by name, never dropped on its way from a
 * PUT to the network config.
 */
class ConfigSectionsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return MAPPER.readTree(text);
    }

    @Test
    void aFieldThatWouldNotBeWrittenIsNamedWithItsPath() throws Exception {
        JsonNode given = json("[{\"deviceId\": \"of:1\", \"ruleBudget\": 5, \"sampling\": {\"agent\": \"192.0.2.9\","
                + " \"heavyBps\": 7}}, {\"deviceId\": \"of:2\", \"enforcement\": \"adjustor\"}]");
        // As the facility value was before issue 33: neither its budgets nor its heavy rate came back.
        JsonNode written = json("[{\"deviceId\": \"of:1\", \"sampling\": {\"agent\": \"192.0.2.9\"}},"
                + " {\"deviceId\": \"of:2\"}]");
        assertEquals(List.of(
                "facilities[0].ruleBudget: cannot be carried through the REST API and would be dropped; set it in"
                        + " the network config (onos-netcfg)",
                "facilities[0].sampling.heavyBps: cannot be carried through the REST API and would be dropped; set it"
                        + " in the network config (onos-netcfg)"),
                ConfigSections.uncarried(given, written, "facilities"),
                "the default enforcement, which is not written, is no loss");
    }

    @Test
    void everyFieldOfAFacilityIsCarriedNow() throws Exception {
        JsonNode body = json("{\"facilities\": [{\"deviceId\": \"of:0000000000000009\", \"enforcement\": \"meter\","
                + " \"ruleBudget\": \"4000\", \"packetInBudget\": 500, \"sampling\": {\"agent\": \"192.0.2.9\","
                + " \"heavyBps\": 2000000}}, {\"deviceId\": \"of:0000000000000001\", \"enforcement\": \"adjustor\","
                + " \"adjustorPort\": \"3\", \"returnPort\": 4, \"adjustorMac\": \"02:00:00:00:00:aa\","
                + " \"keyId\": 7, \"whenAdjustorDown\": \"hold\"}]}");
        assertEquals(List.of(), ConfigSections.uncarried(body.get("facilities"),
                ConfigSections.encodeFacilities(ConfigSections.facilities(body)), "facilities"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ConfigSections.facilities(
                json("[{\"deviceId\": \"of:0000000000000009\", \"enforcement\": \"meter\", \"colour\": 1}]")));
        assertEquals("facilities[0].colour: unknown field, expected one of deviceId, enforcement, adjustorPort,"
                + " returnPort, adjustorMac, keyId, ruleBudget, packetInBudget, sampling, whenAdjustorDown",
                e.getMessage(),
                "a field the config does not know is refused before");
    }
}
