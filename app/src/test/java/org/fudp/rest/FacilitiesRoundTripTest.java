// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpService;
import org.fudp.codec.TestCodecService;
import org.fudp.impl.ManagerFixture;
import org.fudp.impl.OsgiPropertyConstants;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.codec.CodecService;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Issue 33: GET and PUT /facilities through the manager into the network config (ONOS's store as its
 * double validates it). PUT dropped ruleBudget, packetInBudget and sampling, and GET never showed them;
 * now what GET shows is every field the config has, and putting it back changes nothing.
 */
class FacilitiesRoundTripTest extends ResourceTestBase {

    private static final String SAMPLED = "{\"deviceId\":\"of:0000000000000009\",\"enforcement\":\"meter\","
            + "\"ruleBudget\":4000,\"packetInBudget\":500,\"sampling\":{\"agent\":\"192.0.2.9\",\"heavyBps\":2000000}}";
    private static final String ADJUSTOR = "{\"deviceId\":\"of:0000000000000001\",\"adjustorPort\":3,"
            + "\"returnPort\":4,\"adjustorMac\":\"02:00:00:00:00:AA\",\"keyId\":7,\"ruleBudget\":900}";

    private ManagerFixture onos;

    @BeforeEach
    void manager() throws Exception {
        // sflowPort 0: the sampled facility's collector binds no port here.
        onos = new ManagerFixture("{\"facilities\": [" + SAMPLED + ", " + ADJUSTOR + "]}",
                Map.of(OsgiPropertyConstants.SFLOW_PORT, "0"));
        swapServices(new TestServiceDirectory().add(FudpService.class, onos.manager())
                .add(FudpAdminService.class, onos.manager()).add(CodecService.class, new TestCodecService()));
    }

    @AfterEach
    void deactivate() {
        onos.deactivate();
    }

    @Test
    void getShowsEveryFieldOfTheConfigAndPuttingItBackChangesNothing() {
        Reply shown = get("facilities");
        assertEquals(200, shown.status, shown.text);
        assertEquals("{\"facilities\":[" + SAMPLED + "," + ADJUSTOR + "]}", shown.body.toString());
        JsonNode before = onos.networkConfig().deepCopy();

        Reply put = put("facilities", shown.text);
        assertEquals(200, put.status, put.text);
        assertEquals(shown.body, put.body, "the answer is what was put");
        assertEquals(before.toString(), onos.networkConfig().toString(), "the network config is unchanged");
        assertEquals(shown.text, get("facilities").text);
    }

    @Test
    void putCarriesBudgetsAndSamplingIntoTheNetworkConfig() {
        String changed = SAMPLED.replace("4000", "64").replace(",\"heavyBps\":2000000", "");
        assertEquals(200, put("facilities", "[" + changed + "]").status);
        JsonNode f = onos.networkConfig().get("facilities").get(0);
        assertEquals(64, f.get("ruleBudget").asInt());
        assertEquals("{\"agent\":\"192.0.2.9\"}", f.get("sampling").toString(), "the heavy rate left to its default");
        assertEquals("[" + changed + "]", get("facilities").body.get("facilities").toString());

        String unsampled = changed.replace(",\"sampling\":{\"agent\":\"192.0.2.9\"}", "");
        assertEquals(200, put("facilities", "[" + unsampled + "]").status);
        assertFalse(onos.networkConfig().get("facilities").get(0).has("sampling"), "what PUT leaves out goes");
    }
}
