// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.junit.jupiter.api.Test;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET and POST /control.
 */
class ControlWebResourceTest extends ResourceTestBase {

    @Test
    void showsTheMode() {
        Reply r = get("control");
        assertEquals(200, r.status, r.text);
        assertTrue(r.body.get("enabled").asBoolean());
        assertFalse(r.body.get("dryRun").asBoolean());
        assertEquals(0.875, r.body.get("alpha").asDouble(), 1e-12);
        assertEquals(1000, r.body.get("periodMs").asLong());
    }

    @Test
    void turnsTheLoopOffAndDryRunOn() {
        Reply off = post("control", "{\"enabled\": false}");
        assertEquals(200, off.status, off.text);
        assertFalse(off.body.get("enabled").asBoolean());
        assertEquals(List.of("setEnabled(false)"), service.adminCalls);
        Reply both = post("control", "{\"enabled\": true, \"dryRun\": true}");
        assertTrue(both.body.get("enabled").asBoolean());
        assertTrue(both.body.get("dryRun").asBoolean());
        // dry-run first, so enabling never sends a limit meant to be a dry run
        assertEquals(List.of("setEnabled(false)", "setDryRun(true)", "setEnabled(true)"), service.adminCalls);
    }

    @Test
    void badRequestsAre400AndChangeNothing() {
        assertError(400, "enabled: must be true or false, was \"yes\"", post("control", "{\"enabled\": \"yes\"}"));
        assertError(400, "dryRun: must be true or false, was 1",
                post("control", "{\"enabled\": false, \"dryRun\": 1}"));
        assertError(400, "dryrun: unknown field, expected one of dryRun, enabled",
                post("control", "{\"dryrun\": true}"));
        assertError(400, "(body): give enabled, dryRun or both", post("control", "{}"));
        assertError(400, "(body): must be a JSON object", post("control", "[true]"));
        assertError(400, "(body): malformed JSON", post("control", "{enabled: true}"));
        assertEquals(List.of(), service.adminCalls);
        assertTrue(get("control").body.get("enabled").asBoolean());
    }

    @Test
    void aWrongMethodOrMediaTypeIsAJsonErrorNamingIt() {
        // Found by REST fuzzing (tools/test.d/17-rest-fuzz): Jersey answered these with an empty body.
        Reply wrongType = new Reply(target("control").request(MediaType.APPLICATION_JSON)
                .post(Entity.entity("enabled", MediaType.TEXT_PLAIN_TYPE)));
        assertError(415, "Content-Type: must be application/json, was \"text/plain\"", wrongType);
        Reply wrongAccept = new Reply(target("control").request(MediaType.TEXT_PLAIN).get());
        assertError(406, "Accept: must allow what this path gives (application/json for the API, text/plain for"
                + " /metrics), was \"text/plain\"", wrongAccept);
        Response deleted = target("control").request(MediaType.APPLICATION_JSON).delete();
        assertEquals(Set.of("GET", "OPTIONS", "POST"), deleted.getAllowedMethods());
        assertError(405, "(method): DELETE is not allowed here, allowed: GET, OPTIONS, POST", new Reply(deleted));
        assertEquals(List.of(), service.adminCalls);
    }
}
