// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.fudp.codec.TestFudpService;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET /agents, GET /agents/{deviceId} and GET /allocations.
 */
class AgentsWebResourceTest extends ResourceTestBase {

    @Test
    void listsAgentsWithHeartbeatAckAndRejects() {
        Reply r = get("agents");
        assertEquals(200, r.status, r.text);
        JsonNode agents = r.body.get("agents");
        assertEquals(2, agents.size());
        JsonNode up = agents.get(0);
        assertEquals("of:0000000000000001", up.get("facility").asText());
        assertEquals("UP", up.get("status").asText());
        assertEquals(17, up.get("lastAckedSeq").asLong());
        assertEquals(2, up.get("rejectedFrames").get("BAD_TAG").asLong());
        assertEquals("DOWN", agents.get(1).get("status").asText());
    }

    @Test
    void eachAgentNamesItsFacilitysControllerAndRuleBudget() {
        JsonNode agents = get("agents").body.get("agents");
        JsonNode s1 = agents.get(0);
        assertEquals("onos-1", s1.get("controller").get("instance").asText());
        assertEquals(TestFudpService.T0 - 60_000, s1.get("controller").get("sinceMs").asLong());
        assertEquals(TestFudpService.T0 - 60_000, s1.get("controller").get("epoch").asLong());
        assertEquals(1000, s1.get("collection").get("ruleBudget").asInt());
        assertEquals(9, s1.get("collection").get("rulesInUse").asInt());
        assertEquals(0, s1.get("collection").get("refusals").asLong());

        // s6's switch refused a rule: the cap came down to the rules in use, and learning pauses.
        Reply one = get("agents/of:0000000000000006");
        assertEquals(200, one.status, one.text);
        JsonNode c = one.body.get("collection");
        assertEquals("onos-2", one.body.get("controller").get("instance").asText());
        assertEquals(40, c.get("ruleCap").asInt());
        assertEquals(64, c.get("ruleBudget").asInt());
        assertEquals(3, c.get("skipped").get("SWITCH_REFUSED").asLong());
        assertEquals(1, c.get("refusals").asLong());
        assertEquals(TestFudpService.REFUSED, c.get("lastRefusal").asText());
        assertEquals(agents.get(1), one.body, "the list and the single agent agree");

        // Before any controller published s6's view: the agent alone, with nulls.
        service.facilityStates.clear();
        Reply bare = get("agents/of:0000000000000006");
        assertTrue(bare.body.get("controller").isNull() && bare.body.get("collection").isNull(), bare.text);
        assertEquals("DOWN", bare.body.get("status").asText());
    }

    @Test
    void showsOneAgentAndUnknownIs404() {
        Reply r = get("agents/of:0000000000000006");
        assertEquals(200, r.status, r.text);
        assertEquals(0, r.body.get("lastHeartbeatMs").asLong() > 0 ? 0 : 1, "the agent at s6 is down");
        assertError(404, "device of:0000000000000009 is not a facility", get("agents/of:0000000000000009"));
    }

    @Test
    void aMalformedDeviceIdIs400NamingIt() {
        // Found by REST fuzzing (tools/test.d/17-rest-fuzz): the URI parser's own message,
        // "Illegal character in path at index 2", named no field.
        assertError(400, "deviceId: must be a device id such as of:0000000000000001, was \"of:\u0004\"",
                get(target("agents/of%3A%04")));
        assertError(400, "deviceId: must be a device id", get("agents/nocolon"));
    }

    @Test
    void allocationsTellWhatWasSentAndAcknowledged() {
        Reply r = get("allocations");
        assertEquals(200, r.status, r.text);
        JsonNode a = r.body.get("allocations");
        assertEquals(2, a.size());
        assertEquals("udp-10.0.0.1-5001-10.0.0.4-5203", a.get(0).get("flow").asText());
        assertEquals(3_333_333, a.get(0).get("toldBps").asLong());
        assertEquals(17, a.get(0).get("toldSeq").asLong());
        assertTrue(a.get(0).get("acknowledged").asBoolean());
        assertFalse(a.get(1).get("acknowledged").asBoolean());
    }
}
