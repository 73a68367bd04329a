// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.fudp.codec.TestFudpService;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET /history?cfs=...&amp;since=....
 */
class HistoryWebResourceTest extends ResourceTestBase {

    @Test
    void givesTheSetsAndItsFlowsTimeSeries() {
        Reply r = get(target("history").queryParam("cfs", TestFudpService.SET1));
        assertEquals(200, r.status, r.text);
        JsonNode set = r.body.get("cfs").get(0);
        assertEquals(TestFudpService.SET1, set.get("id").asText());
        assertEquals(3, set.get("samples").size());
        assertEquals(0.39, set.get("samples").get(0).get("jainIndex").asDouble(), 1e-9);
        assertEquals(3, set.get("decisions").size());
        assertEquals(3, set.get("flows").size());
        JsonNode udp = set.get("flows").get(2);
        assertEquals("udp", udp.get("protocol").asText());
        assertTrue(udp.get("samples").get(0).get("allocationBps").isNull());
        assertEquals(3_333_333, udp.get("samples").get(2).get("allocationBps").asLong());
    }

    @Test
    void sinceReturnsOnlyNewerEntries() {
        Reply r = get(target("history").queryParam("cfs", TestFudpService.SET1)
                .queryParam("since", TestFudpService.T0 + 2000));
        assertEquals(200, r.status, r.text);
        JsonNode set = r.body.get("cfs").get(0);
        assertEquals(1, set.get("samples").size());
        assertEquals(TestFudpService.T0 + 3000, set.get("samples").get(0).get("timeMs").asLong());
        assertEquals(1, set.get("decisions").size());
        assertEquals(1, set.get("flows").get(0).get("samples").size());
    }

    @Test
    void withoutCfsGivesEverySet() {
        Reply r = get("history");
        assertEquals(200, r.status, r.text);
        assertEquals(3, r.body.get("cfs").size());
        assertEquals(0, r.body.get("since").asLong());
    }

    @Test
    void badSinceIs400AndUnknownCfsIs404() {
        assertError(400, "since: must be epoch milliseconds", get(target("history").queryParam("since", "yesterday")));
        assertError(400, "since: must be epoch milliseconds", get(target("history").queryParam("since", "-5")));
        assertError(404, "correlation flow set bottleneck:gone does not exist",
                get(target("history").queryParam("cfs", "bottleneck:gone")));
    }
}
