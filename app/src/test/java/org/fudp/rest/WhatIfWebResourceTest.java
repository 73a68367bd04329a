// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.algorithm.whatif.WhatIfRunner;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * POST /whatif: the algorithm's what-if, in the format of tools/fudp-whatif.
 */
class WhatIfWebResourceTest extends ResourceTestBase {

    /** The paper's Set 1 at full scale: 2 TCP flows and a UDP flow offering 500 Mbit/s on 100 Mbit/s. */
    static final String SET1 = "{\"config\": {\"alpha\": 0.875, \"beta\": 0.25}, \"periods\": ["
            + "{\"cfs\": [{\"id\": \"set1\", \"capacityBps\": 1.0e8, \"flows\": ["
            + "{\"id\": \"f1\", \"protocol\": \"tcp\", \"rateBps\": 2.0e6},"
            + "{\"id\": \"f2\", \"protocol\": \"tcp\", \"rateBps\": 2.0e6},"
            + "{\"id\": \"f3\", \"protocol\": \"udp\", \"rateBps\": 9.6e7, \"demandBps\": 5.0e8}]}]},"
            + "{\"cfs\": [{\"id\": \"set1\", \"capacityBps\": 1.0e8, \"flows\": ["
            + "{\"id\": \"f1\", \"protocol\": \"tcp\", \"rateBps\": 3.0e6},"
            + "{\"id\": \"f2\", \"protocol\": \"tcp\", \"rateBps\": 3.0e6},"
            + "{\"id\": \"f3\", \"protocol\": \"udp\", \"rateBps\": 9.4e7, \"demandBps\": 5.0e8}]}]}]}";

    @Test
    void answersWhatTheWhatIfToolPrints() throws Exception {
        Reply r = post("whatif", SET1);
        assertEquals(200, r.status, r.text);
        ObjectMapper mapper = new ObjectMapper();
        // compared as parsed text: what a client of the tool and of the API reads is the same
        assertEquals(mapper.readTree(WhatIfRunner.run(mapper.readTree(SET1)).toJson().toString()), r.body);
        assertEquals(2, r.body.get("periods").size());
        assertFalse(r.body.get("periods").get(0).get("cfs").get(0).get("fair").asBoolean(),
                "UDP at 96 Mbit/s next to TCP at 2 Mbit/s is outside the band");
        assertEquals(List.of(), service.adminCalls, "a what-if changes nothing");
    }

    @Test
    void badInputIs400NamingTheField() {
        assertError(400, "periods[0].cfs[0].flows[2].rateBps",
                post("whatif", SET1.replace("9.6e7", "\"fast\"")));
        assertError(400, "(body): malformed JSON", post("whatif", "{\"periods\": "));
    }
}
