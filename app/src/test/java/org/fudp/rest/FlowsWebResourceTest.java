// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET /flows with its filters and GET /flows/{id}.
 */
class FlowsWebResourceTest extends ResourceTestBase {

    private int count(String path, String param, String value) {
        Reply r = get(target(path).queryParam(param, value));
        assertEquals(200, r.status, r.text);
        return r.body.get("flows").size();
    }

    @Test
    void listsEveryFlowWithRatesAndAllocation() {
        Reply r = get("flows");
        assertEquals(200, r.status, r.text);
        JsonNode flows = r.body.get("flows");
        assertEquals(7, flows.size());
        JsonNode udp = null;
        for (JsonNode f : flows) {
            if ("udp-10.0.0.1-5001-10.0.0.4-5203".equals(f.get("id").asText())) {
                udp = f;
            }
        }
        assertEquals(50_000_000, udp.get("demandBps").asLong());
        assertEquals(3_320_000, udp.get("throughputBps").asLong());
        assertEquals(3_333_333, udp.get("allocationBps").asLong());
        assertEquals("bottleneck:set1", udp.get("cfs").asText());
        assertEquals(1_763_999_995_000L, udp.get("sinceMs").asLong());
    }

    @Test
    void filtersByProtocolCfsAndFacility() {
        assertEquals(2, count("flows", "protocol", "udp"));
        assertEquals(5, count("flows", "protocol", "TCP"));
        assertEquals(3, count("flows", "cfs", "bottleneck:set2"));
        assertEquals(7, count("flows", "facility", "of:0000000000000001"));
        assertEquals(0, count("flows", "facility", "of:0000000000000006"));
        Reply both = get(target("flows").queryParam("protocol", "udp").queryParam("cfs", "bottleneck:set2"));
        assertEquals(1, both.body.get("flows").size());
        assertEquals("udp-10.0.0.2-5002-10.0.0.3-5203", both.body.get("flows").get(0).get("id").asText());
    }

    @Test
    void badFiltersAre400NamingTheFilter() {
        assertError(400, "protocol: must be tcp, udp or an IP protocol number",
                get(target("flows").queryParam("protocol", "quic")));
        assertError(400, "facility: must be a device id", get(target("flows").queryParam("facility", "s1")));
        // A control character passed the pattern and reached the URI parser, whose message named no field.
        assertError(400, "facility: must be a device id",
                get(target("flows").queryParam("facility", "of:\u0004")));
    }

    @Test
    void showsOneFlow() {
        Reply r = get("flows/tcp-10.0.0.1-40001-10.0.0.4-5201");
        assertEquals(200, r.status, r.text);
        assertEquals("tcp", r.body.get("protocol").asText());
        assertEquals(40001, r.body.get("srcPort").asInt());
        assertTrue(r.body.get("allocationBps").isNull());
    }

    @Test
    void malformedFlowIdIs400AndUnknownIs404() {
        assertError(400, "flowId (source port): must be a port number", get("flows/udp-10.0.0.1-x-10.0.0.4-5201"));
        assertError(404, "flow udp-10.0.0.9-1-10.0.0.4-5201 is not tracked", get("flows/udp-10.0.0.9-1-10.0.0.4-5201"));
    }
}
