// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.fudp.codec.TestFudpService;
import org.junit.jupiter.api.Test;

import static org.fudp.codec.TestFudpService.PATH_SET;
import static org.fudp.codec.TestFudpService.SET1;
import static org.fudp.codec.TestFudpService.SET2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET /cfs and GET /cfs/{id}.
 */
class CfsWebResourceTest extends ResourceTestBase {

    @Test
    void listsEverySetSortedById() {
        Reply r = get("cfs");
        assertEquals(200, r.status, r.text);
        JsonNode sets = r.body.get("cfs");
        assertEquals(3, sets.size());
        assertEquals(SET1, sets.get(0).get("id").asText());
        assertEquals(SET2, sets.get(1).get("id").asText());
        assertEquals(PATH_SET, sets.get(2).get("id").asText());
        assertEquals("ADJUSTING", sets.get(1).get("state").asText());
        assertFalse(sets.get(1).get("inBand").asBoolean());
    }

    @Test
    void showsOneSetWithItsBandAndLastDecision() {
        Reply r = get("cfs/" + SET1);
        assertEquals(200, r.status, r.text);
        assertEquals(10_000_000, r.body.get("capacityBps").asLong());
        assertEquals(2, r.body.get("tcpFlows").size());
        assertEquals("udp-10.0.0.1-5001-10.0.0.4-5203", r.body.get("udpFlows").get(0).asText());
        assertEquals(5_864_219, r.body.get("predictedTcpBps").asLong());
        assertEquals(2_085_234, r.body.get("band").get("lowBps").asLong());
        assertTrue(r.body.get("inBand").asBoolean());
        assertEquals("UDP average inside the fairness band", r.body.get("lastDecision").get("reason").asText());
    }

    @Test
    void aSetWhoseLimitIsNotInForceSaysSoAndWhy() {
        service.set2NotEnforced();
        Reply r = get("cfs/" + SET2);
        assertEquals(200, r.status, r.text);
        assertEquals("NOT_ENFORCED", r.body.get("state").asText());
        assertEquals(TestFudpService.SET2_NOT_ENFORCED, r.body.get("stateReason").asText());
        JsonNode sets = get("cfs").body.get("cfs");
        assertEquals("NOT_ENFORCED", sets.get(1).get("state").asText());
        assertEquals("", sets.get(0).get("stateReason").asText(), "Set 1 is fair: nothing to add");
    }

    @Test
    void idsWithSlashesWorkRawAndEncoded() {
        Reply raw = get("cfs/" + PATH_SET);
        assertEquals(200, raw.status, raw.text);
        assertEquals(PATH_SET, raw.body.get("id").asText());
        assertEquals("of:0000000000000005/1", raw.body.get("bottleneck").get("linkDst").asText());
        Reply encoded = get("cfs/" + PATH_SET.replace("/", "%2F"));
        assertEquals(200, encoded.status, encoded.text);
        assertEquals(PATH_SET, encoded.body.get("id").asText());
    }

    @Test
    void unknownSetIs404() {
        assertError(404, "correlation flow set bottleneck:nope does not exist", get("cfs/bottleneck:nope"));
    }
}
