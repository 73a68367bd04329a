package org.fudp.rest;

import com.fasterxml.jackson.databind.JsonNode;
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
