// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.fudp.api.Bottleneck;
import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpService;
import org.fudp.codec.TestCodecService;
import org.fudp.codec.TestFudpService;
import org.fudp.config.FudpConfigException;
import org.junit.jupiter.api.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.codec.CodecService;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET and PUT /bottlenecks and /facilities: the network config's validation, and a rejected
 * request changes nothing.
 */
class ConfigWebResourcesTest extends ResourceTestBase {

    private static final String SET3 = "{\"bottlenecks\": [{\"name\": \"set3\", \"egress\": \"of:0000000000000002/5\","
            + " \"capacityBps\": 20000000, \"destinations\": [\"10.0.1.0/24\", \"00:00:00:00:00:07/None\"]}]}";

    @Test
    void getsBottlenecksInTheNetworkConfigForm() {
        Reply r = get("bottlenecks");
        assertEquals(200, r.status, r.text);
        assertEquals(2, r.body.get("bottlenecks").size());
        assertEquals("set1", r.body.get("bottlenecks").get(0).get("name").asText());
        assertEquals("of:0000000000000002/2", r.body.get("bottlenecks").get(0).get("link").get("src").asText());
        assertEquals("10.0.0.4/32", r.body.get("bottlenecks").get(0).get("destinations").get(0).asText());
    }

    @Test
    void putReplacesBottlenecks() {
        Reply r = put("bottlenecks", SET3);
        assertEquals(200, r.status, r.text);
        assertEquals("set3", r.body.get("bottlenecks").get(0).get("name").asText());
        assertEquals(List.of("setBottlenecks(1)"), service.adminCalls);
        assertEquals(1, service.getBottlenecks().size());
        assertEquals(20_000_000, service.getBottlenecks().get(0).capacityBps());
        // what GET shows can be PUT back unchanged
        String shown = get("bottlenecks").text;
        assertEquals(200, put("bottlenecks", shown).status);
        assertEquals(shown, get("bottlenecks").text);
    }

    @Test
    void invalidBottlenecksAre400NamingTheFieldAndChangeNothing() {
        String bad = SET3.replace("20000000", "0");
        assertError(400, "bottlenecks[0].capacityBps: must be a positive capacity in bit/s", put("bottlenecks", bad));
        assertError(400, "bottlenecks[0].destinations[1]: must be an IP prefix",
                put("bottlenecks", SET3.replace("00:00:00:00:00:07/None", "h7")));
        assertError(400, "bottleneck: unknown field", put("bottlenecks", "{\"bottleneck\": []}"));
        assertError(400, "(body): malformed JSON at line 1", put("bottlenecks", "{\"bottlenecks\": [}"));
        assertError(400, "(body): is empty", put("bottlenecks", ""));
        assertEquals(List.of(), service.adminCalls);
        assertEquals(2, get("bottlenecks").body.get("bottlenecks").size());
    }

    @Test
    void trafficClassesPutGetAndRoundTrip() {
        assertEquals(0, get("classes").body.get("classes").size());
        String two = "{\"classes\": [{\"name\": \"video\", \"protocol\": \"udp\", \"dstPrefix\": \"10.0.2.0/24\","
                + " \"dstPorts\": \"5000-5100\", \"weight\": 2, \"capBps\": 8000000},"
                + " {\"name\": \"voice\", \"srcPorts\": 5004, \"exempt\": true}]}";
        Reply r = put("classes", two);
        assertEquals(200, r.status, r.text);
        assertEquals(List.of("setTrafficClasses(2)"), service.adminCalls);
        assertEquals("video", service.getTrafficClasses().get(0).name());
        assertEquals(2, service.getTrafficClasses().get(0).policy().weight());
        JsonNode shown = get("classes").body.get("classes");
        assertEquals("5000-5100", shown.get(0).get("dstPorts").asText());
        assertEquals("10.0.2.0/24", shown.get(0).get("dstPrefix").asText());
        assertEquals(5004, shown.get(1).get("srcPorts").asInt());
        assertTrue(shown.get(1).get("exempt").asBoolean());
        // what GET shows can be PUT back unchanged
        String text = get("classes").text;
        assertEquals(200, put("classes", text).status);
        assertEquals(text, get("classes").text);
    }

    @Test
    void invalidTrafficClassesAre400NamingTheFieldAndChangeNothing() {
        assertError(400, "classes[0].weight: must be a finite number > 0, was 0.0",
                put("classes", "{\"classes\": [{\"name\": \"v\", \"weight\": 0}]}"));
        assertError(400, "classes[0].dstPorts: must be a port",
                put("classes", "[{\"name\": \"v\", \"dstPorts\": \"9-1\"}]"));
        assertEquals(List.of(), service.adminCalls);
    }

    @Test
    void facilitiesGetAndPut() {
        Reply r = get("facilities");
        assertEquals(200, r.status, r.text);
        assertEquals(2, r.body.get("facilities").size());
        assertEquals(3, r.body.get("facilities").get(0).get("adjustorPort").asInt());
        String one = "[{\"deviceId\": \"of:0000000000000001\", \"adjustorPort\": 5, \"returnPort\": 6,"
                + " \"adjustorMac\": \"02:00:00:00:00:cc\", \"keyId\": 7}]";
        Reply p = put("facilities", one);
        assertEquals(200, p.status, p.text);
        assertEquals(7, p.body.get("facilities").get(0).get("keyId").asInt());
        assertEquals(List.of("setFacilities(1)"), service.adminCalls);
    }

    @Test
    void invalidFacilitiesAre400AndChangeNothing() {
        String same = "{\"facilities\": [{\"deviceId\": \"of:0000000000000001\", \"adjustorPort\": 5,"
                + " \"returnPort\": 5, \"adjustorMac\": \"01:00:5e:00:00:01\", \"keyId\": 7}]}";
        Reply r = put("facilities", same);
        assertError(400, "facilities[0].adjustorMac: must be a unicast MAC address", r);
        // every error is listed, not just the first
        assertEquals(true, r.body.get("message").asText().contains(
                "; facilities[0].returnPort: must differ from adjustorPort, both are 5"), r.text);
        assertEquals(List.of(), service.adminCalls);
        assertEquals(2, service.getFacilities().size());
    }

    @Test
    void aConfigTheStoreRefusesIs400NotA500() throws Exception {
        TestFudpService refusing = new TestFudpService() {
            @Override
            public void setBottlenecks(List<Bottleneck> list) {
                throw new FudpConfigException("bottlenecks[0].destinations[0]",
                        List.of("bottlenecks[0].destinations[0]: overlaps bottleneck set1"));
            }
        };
        swapServices(new TestServiceDirectory().add(FudpService.class, refusing)
                .add(FudpAdminService.class, refusing).add(CodecService.class, new TestCodecService()));
        assertError(400, "invalid FUDP config: bottlenecks[0].destinations[0]: overlaps bottleneck set1",
                put("bottlenecks", SET3));
    }
}
