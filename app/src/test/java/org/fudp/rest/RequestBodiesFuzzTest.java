// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableSet;
import org.fudp.algorithm.whatif.WhatIfInputException;
import org.fudp.algorithm.whatif.WhatIfRunner;
import org.fudp.api.Bottleneck;
import org.fudp.api.FacilityConfig;
import org.fudp.codec.ConfigSections;
import org.fudp.codec.JsonFields;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage-guided fuzzing of the REST request-body parsers, without the web container: every input is offered,
 * as the body, to each POST's parsing ({@code /facilities}, {@code /bottlenecks}, {@code /control},
 * {@code /whatif}) and, as text, to the {@code since} query parameter. The documented rejection is an
 * {@link IllegalArgumentException} (ONOS answers 400); anything else escaping is a finding (a 500). Accepted
 * facilities and bottlenecks, encoded as the network config holds them, read back equal.
 */
class RequestBodiesFuzzTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @FuzzTest(maxDuration = "30s")
    void parseBodies(byte[] body) {
        try {
            List<FacilityConfig> fs = ConfigSections.facilities(read(body));
            assertEquals(fs, ConfigSections.facilities(ConfigSections.encodeFacilities(fs)), "facilities round trip");
        } catch (IllegalArgumentException e) {
            assertNotNull(e.getMessage());
        }
        try {
            List<Bottleneck> bs = ConfigSections.bottlenecks(read(body));
            assertEquals(bs, ConfigSections.bottlenecks(ConfigSections.encodeBottlenecks(bs)),
                    "bottlenecks round trip");
        } catch (IllegalArgumentException e) {
            assertNotNull(e.getMessage());
        }
        try {
            control(read(body));
        } catch (IllegalArgumentException e) {
            assertNotNull(e.getMessage());
        }
        try {
            assertNotNull(WhatIfRunner.run(read(body)).toJson());
        } catch (WhatIfInputException | IllegalArgumentException e) {
            assertNotNull(e.getMessage());
        }
        String text = new String(body, StandardCharsets.UTF_8);
        try {
            assertTrue(RequestBodies.epochMs("since", text) >= 0);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().startsWith("since: "));
        }
    }

    private static JsonNode read(byte[] body) {
        return RequestBodies.read(MAPPER, new ByteArrayInputStream(body));
    }

    /** What {@code POST /control} checks before it changes anything. */
    private static void control(JsonNode root) {
        JsonNode body = JsonFields.object(root, "");
        JsonFields.onlyFields(body, "", ImmutableSet.of("enabled", "dryRun"));
        if (body.has("enabled")) {
            JsonFields.bool(body, "", "enabled");
        }
        if (body.has("dryRun")) {
            JsonFields.bool(body, "", "dryRun");
        }
    }
}
