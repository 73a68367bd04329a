// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.api.Bottleneck;
import org.fudp.api.FacilityConfig;
import org.fudp.loop.api.settings.Facility.WhenAdjustorDown;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.settings.PrincipalRule;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.InvalidFieldException;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FudpConfigTest {

    static final String GOOD = "{"
            + "\"facilities\": [{\"deviceId\": \"of:0000000000000001\", \"adjustorPort\": 3, \"returnPort\": \"4\","
            + " \"adjustorMac\": \"02:00:00:00:00:aa\", \"keyId\": 7}],"
            + "\"bottlenecks\": ["
            + " {\"name\": \"set1\","
            + "  \"link\": {\"src\": \"of:0000000000000002/2\", \"dst\": \"of:0000000000000004/1\"},"
            + "  \"capacityBps\": 10000000, \"destinations\": [\"10.0.0.4/32\", \"00:00:00:00:00:04/None\"]},"
            + " {\"name\": \"set2\", \"egress\": \"of:0000000000000002/3\", \"capacityBps\": 10000000,"
            + "  \"destinations\": [\"10.0.0.3\", \"2001:db8::/64\"]}]}";

    private final ObjectMapper mapper = new ObjectMapper();

    private FudpConfig config(String json) throws IOException {
        JsonNode node = mapper.readTree(json);
        FudpConfig c = new FudpConfig();
        c.init(new DefaultApplicationId(1, "org.fudp.app"), FudpConfig.CONFIG_KEY, node, mapper, null);
        return c;
    }

    private String errorOf(String json) throws IOException {
        FudpConfig c = config(json);
        InvalidFieldException e = assertThrows(InvalidFieldException.class, c::isValid);
        return e.getMessage();
    }

    @Test
    void goodConfigParsesIntoFacilitiesAndBottlenecks() throws IOException {
        FudpConfig c = config(GOOD);
        assertTrue(c.isValid());
        FacilityConfig f = c.facilities().get(0);
        assertEquals(DeviceId.deviceId("of:0000000000000001"), f.deviceId());
        assertEquals(PortNumber.portNumber(3), f.adjustorPort());
        assertEquals(PortNumber.portNumber(4), f.returnPort());
        assertEquals(MacAddress.valueOf("02:00:00:00:00:aa"), f.adjustorMac());
        assertEquals(7, f.keyId());
        List<Bottleneck> bs = c.bottlenecks();
        assertEquals("set1", bs.get(0).name());
        assertEquals(ConnectPoint.deviceConnectPoint("of:0000000000000002/2"), bs.get(0).egress());
        assertEquals(ConnectPoint.deviceConnectPoint("of:0000000000000004/1"), bs.get(0).linkDst().get());
        assertEquals(10_000_000L, bs.get(0).capacityBps());
        assertEquals(List.of(IpPrefix.valueOf("10.0.0.4/32")), bs.get(0).prefixes());
        assertEquals(List.of(HostId.hostId("00:00:00:00:00:04/None")), bs.get(0).hosts());
        assertTrue(bs.get(1).linkDst().isEmpty());
        assertEquals(List.of(IpPrefix.valueOf("10.0.0.3/32"), IpPrefix.valueOf("2001:db8::/64")),
                bs.get(1).prefixes());
    }

    @Test
    void trafficClassesParseInOrderWithTheirMatchAndPolicy() throws IOException {
        FudpConfig c = config("{\"classes\": ["
                + "{\"name\": \"video\", \"protocol\": \"udp\", \"dstPrefix\": \"10.0.0.0/24\","
                + "\"dstPorts\": \"5000-5100\","
                + " \"weight\": 2, \"capBps\": 8000000},"
                + "{\"name\": \"voice\", \"srcPorts\": 5004, \"exempt\": true}]}");
        List<TrafficClass> classes = c.classes();
        assertEquals(2, classes.size());
        assertEquals("video", classes.get(0).name());
        assertEquals(2, classes.get(0).policy().weight());
        assertEquals(8e6, classes.get(0).policy().capBps());
        int any = TrafficClass.NO_DSCP;
        assertTrue(classes.get(0).matches(FlowIds.parse("f", "udp-10.0.1.1-40000-10.0.0.9-5050"), any));
        assertFalse(classes.get(0).matches(FlowIds.parse("f", "tcp-10.0.1.1-40000-10.0.0.9-5050"), any), "protocol");
        assertFalse(classes.get(0).matches(FlowIds.parse("f", "udp-10.0.1.1-40000-10.0.1.9-5050"), any), "prefix");
        assertFalse(classes.get(0).matches(FlowIds.parse("f", "udp-10.0.1.1-40000-10.0.0.9-5101"), any), "port");
        assertTrue(classes.get(1).policy().exempt());
    }

    @Test
    void aClassNamesWhomItsUdpCountsForAndWritesItBack() throws IOException {
        FudpConfig c = config("{\"classes\": [{\"name\": \"cdn\", \"principal\": \"prefix/24/48\"},"
                + "{\"name\": \"rest\"}]}");
        assertEquals(PrincipalRule.prefix(24, 48), c.classes().get(0).principal());
        assertNull(c.classes().get(1).principal(), "absent: the udpPrincipal property's");
        FudpConfig written = config("{}").classes(c.classes());
        assertEquals("prefix/24/48", written.node().get("classes").get(0).get("principal").asText());
        assertFalse(written.node().get("classes").get(1).has("principal"));
        String msg = errorOf("{\"classes\": [{\"name\": \"a\", \"principal\": \"port\"}]}");
        assertTrue(msg.contains("classes[0].principal: must be flow, host, prefix/N"), msg);
    }

    @Test
    void aClassMatchesOneDscpOrAListAndWritesThemBack() throws IOException {
        FudpConfig c = config("{\"classes\": [{\"name\": \"af4\", \"dscp\": [34, 36, 38], \"weight\": 2},"
                + "{\"name\": \"ef\", \"dscp\": 46, \"exempt\": true}]}");
        FiveTuple t = FlowIds.parse("f", "udp-10.0.1.1-40000-10.0.0.9-5050");
        assertTrue(c.classes().get(0).matches(t, 36));
        assertFalse(c.classes().get(0).matches(t, 46));
        assertTrue(c.classes().get(1).matches(t, 46));
        FudpConfig written = config("{}").classes(c.classes());
        assertEquals("[34,36,38]", written.node().get("classes").get(0).get("dscp").toString());
        assertArrayEquals(new int[] {46}, written.classes().get(1).dscp());
        String msg = errorOf("{\"classes\": [{\"name\": \"a\", \"dscp\": 64}, {\"name\": \"b\", \"dscp\": []},"
                + "{\"name\": \"c\", \"dscp\": [\"ef\"]}]}");
        for (String field : List.of("classes[0].dscp", "classes[1].dscp", "classes[2].dscp")) {
            assertTrue(msg.contains(field + ": must be a DSCP value 0..63 or a non-empty list of them"), msg);
        }
    }

    @Test
    void badTrafficClassesAreNamedFieldByField() throws IOException {
        String msg = errorOf("{\"classes\": ["
                + "{\"name\": \"a\", \"protocol\": \"icmp\", \"dstPorts\": \"9-1\", \"weight\": \"x\"},"
                + "{\"name\": \"b\", \"weight\": 0},"
                + "{\"name\": \"c\", \"minBps\": 5, \"capBps\": 1, \"exempt\": \"yes\", \"color\": 1},"
                + "{\"name\": \"d\"}, {\"srcPrefix\": \"10.0.0.0/33\"}, {\"name\": \"d\"}]}");
        assertTrue(msg.contains("classes[0].protocol: must be \"tcp\" or \"udp\", was \"icmp\""), msg);
        assertTrue(msg.contains("classes[0].dstPorts: must be a port (5004) or a range"), msg);
        assertTrue(msg.contains("classes[0].weight: must be a number, was \"x\""), msg);
        assertTrue(msg.contains("classes[1].weight: must be a finite number > 0, was 0.0"), msg);
        assertTrue(msg.contains("classes[2].exempt: must be true or false"), msg);
        assertTrue(msg.contains("classes[2].color: unknown field"), msg);
        assertTrue(msg.contains("classes[5].name: name \"d\" is used twice"), msg);
        assertTrue(msg.contains("classes[4].name: is required"), msg);
        assertTrue(msg.contains("classes[4].srcPrefix: must be an IP prefix"), msg);
        assertTrue(config("{\"classes\": [{\"name\": \"c\", \"minBps\": 5, \"capBps\": 1}]}").errors().get(0)
                .startsWith("classes[0].capBps: must be > 0 and at least minBps (5.0)"));
    }

    @Test
    void aMeteredFacilityNeedsNoAdjustorAndIsWrittenBackAsOne() throws IOException {
        FudpConfig c = config("{\"facilities\": [{\"deviceId\": \"of:0000000000000009\", \"enforcement\": \"meter\"},"
                + "{\"deviceId\": \"of:0000000000000001\", \"enforcement\": \"adjustor\", \"adjustorPort\": 3,"
                + " \"returnPort\": 4, \"adjustorMac\": \"02:00:00:00:00:aa\", \"keyId\": 7}]}");
        assertTrue(c.isValid());
        FacilityConfig metered = c.facilities().get(0);
        assertTrue(metered.isMetered());
        assertEquals(null, metered.adjustorPort());
        assertFalse(c.facilities().get(1).isMetered());
        FudpConfig written = config("{}").facilities(c.facilities());
        assertEquals("{\"deviceId\":\"of:0000000000000009\",\"enforcement\":\"meter\"}",
                written.node().get("facilities").get(0).toString());
        assertEquals(c.facilities(), written.facilities());
    }

    @Test
    void aMeteredFacilityWithAdjustorFieldsOrAnUnknownEnforcementIsRefusedByName() throws IOException {
        String msg = errorOf("{\"facilities\": [{\"deviceId\": \"of:0000000000000009\", \"enforcement\": \"meter\","
                + " \"adjustorPort\": 3, \"keyId\": 1},"
                + "{\"deviceId\": \"of:0000000000000008\", \"enforcement\": \"tc\"},"
                + "{\"deviceId\": \"of:0000000000000007\", \"enforcement\": \"meter\", \"colour\": 1}]}");
        assertTrue(msg.contains("facilities[0].adjustorPort: a facility with enforcement \"meter\" has no adjustor"),
                msg);
        assertTrue(msg.contains("facilities[0].keyId: a facility with enforcement \"meter\" has no adjustor"), msg);
        assertTrue(msg.contains("facilities[1].enforcement: must be \"adjustor\" or \"meter\", got \"tc\""), msg);
        assertTrue(msg.contains("facilities[2].colour: unknown field"), msg);
        String missing = errorOf("{\"facilities\": [{\"deviceId\": \"of:0000000000000009\"}]}");
        assertTrue(missing.contains("facilities[0].adjustorPort"), "an adjustor facility still needs its ports: "
                + missing);
    }

    @Test
    void budgetsAreOptionalPerFacilityKeptWhenTheFacilitiesAreSetAgainAndRefusedByName() throws IOException {
        FudpConfig c = config("{\"facilities\": [{\"deviceId\": \"of:0000000000000009\", \"enforcement\": \"meter\","
                + " \"ruleBudget\": 4000, \"packetInBudget\": \"500\"},"
                + "{\"deviceId\": \"of:0000000000000001\", \"adjustorPort\": 3,"
                + " \"returnPort\": 4, \"adjustorMac\": \"02:00:00:00:00:aa\", \"keyId\": 7}]}");
        assertTrue(c.isValid(), c.errors().toString());
        assertEquals(new FlowBudget(4000, 500), c.budgets().get(DeviceId.deviceId("of:0000000000000009")));
        assertEquals(FlowBudget.DEFAULT, c.budgets().get(DeviceId.deviceId("of:0000000000000001")));
        // The facilities written back carry their budgets.
        c.facilities(c.facilities());
        assertEquals(new FlowBudget(4000, 500), c.budgets().get(DeviceId.deviceId("of:0000000000000009")));

        String msg = errorOf("{\"facilities\": [{\"deviceId\": \"of:0000000000000009\", \"enforcement\": \"meter\","
                + " \"ruleBudget\": 0, \"packetInBudget\": \"lots\"}]}");
        assertTrue(msg.contains("facilities[0].ruleBudget: must be a number of rules (1..10000000), was 0"), msg);
        assertTrue(msg.contains("facilities[0].packetInBudget: must be packet-ins a second (1..10000000)"), msg);
    }

    @Test
    void aSampledFacilityNamesItsSflowAgentAndItsHeavyRate() throws IOException {
        FudpConfig c = config("{\"facilities\": [{\"deviceId\": \"of:0000000000000009\", \"enforcement\": \"meter\","
                + " \"sampling\": {\"agent\": \"192.0.2.9\", \"heavyBps\": 2000000}},"
                + "{\"deviceId\": \"of:0000000000000001\", \"adjustorPort\": 3, \"ruleBudget\": 900,"
                + " \"returnPort\": 4, \"adjustorMac\": \"02:00:00:00:00:aa\", \"keyId\": 7,"
                + " \"sampling\": {\"agent\": \"2001:db8::1\"}}]}");
        assertTrue(c.isValid(), c.errors().toString());
        DeviceId nine = DeviceId.deviceId("of:0000000000000009");
        DeviceId one = DeviceId.deviceId("of:0000000000000001");
        assertEquals(new FlowBudget(FlowBudget.DEFAULT_RULES, FlowBudget.DEFAULT_PACKET_INS, 2_000_000),
                c.budgets().get(nine));
        assertEquals(new FlowBudget(900, FlowBudget.DEFAULT_PACKET_INS, 1_000_000), c.budgets().get(one),
                "1 Mbit/s when the rate is left out");
        assertEquals(Map.of(IpAddress.valueOf("192.0.2.9"), nine, IpAddress.valueOf("2001:db8::1"), one),
                c.samplingAgents());
        c.facilities(c.facilities());
        assertTrue(c.budgets().get(nine).sampled(), "carried when the facilities are written back");

        String msg = errorOf("{\"facilities\": [{\"deviceId\": \"of:0000000000000009\", \"enforcement\": \"meter\","
                + " \"sampling\": {\"agent\": \"switch-9\", \"heavyBps\": 0, \"rate\": 64}},"
                + "{\"deviceId\": \"of:0000000000000008\", \"enforcement\": \"meter\", \"sampling\": 5},"
                + "{\"deviceId\": \"of:0000000000000007\", \"enforcement\": \"meter\","
                + " \"sampling\": {\"agent\": \"192.0.2.7\"}},"
                + "{\"deviceId\": \"of:0000000000000006\", \"enforcement\": \"meter\","
                + " \"sampling\": {\"agent\": \"192.0.2.7\"}}]}");
        assertTrue(msg.contains("facilities[0].sampling.agent: must be the IP address"), msg);
        assertTrue(msg.contains("facilities[0].sampling.heavyBps: must be bit/s (1..1000000000000), was 0"), msg);
        assertTrue(msg.contains("facilities[0].sampling.rate"), msg);
        assertTrue(msg.contains("facilities[1].sampling: must be an object"), msg);
        assertTrue(msg.contains("facilities[3].sampling.agent: 192.0.2.7 is the agent of of:0000000000000007"), msg);
    }

    @Test
    void anAdjustorFacilitySaysWhatItsFlowsDoWhileItsAgentIsDown() throws IOException {
        assertTrue(config(GOOD).facilities().get(0).whenAdjustorDown().isEmpty(), "left to the default: meters");
        for (WhenAdjustorDown w : WhenAdjustorDown.values()) {
            String name = w.name().toLowerCase(Locale.ROOT);
            FudpConfig c = config(GOOD.replace("\"keyId\": 7", "\"keyId\": 7, \"whenAdjustorDown\": \"" + name + "\""));
            assertEquals(w, c.facilities().get(0).whenAdjustorDown().orElseThrow(), name);
            assertTrue(config("{}").facilities(c.facilities()).node().toString().contains(
                    "\"whenAdjustorDown\":\"" + name + "\""), "written back as read");
        }
        String msg = errorOf(GOOD.replace("\"keyId\": 7", "\"keyId\": 7, \"whenAdjustorDown\": \"failover\""));
        assertTrue(msg.contains("facilities[0].whenAdjustorDown: must be \"meters\", \"open\" or \"hold\", got"
                + " \"failover\""), msg);
        msg = errorOf("{\"facilities\": [{\"deviceId\": \"of:0000000000000009\", \"enforcement\": \"meter\","
                + " \"whenAdjustorDown\": \"open\"}]}");
        assertTrue(msg.contains("facilities[0].whenAdjustorDown: a facility with enforcement \"meter\" has no "
                + "adjustor"), msg);
    }

    @Test
    void badPortIsNamedWithItsPath() throws IOException {
        String msg = errorOf(GOOD.replace("\"adjustorPort\": 3", "\"adjustorPort\": \"x\""));
        assertTrue(msg.contains("facilities[0].adjustorPort: must be a port number"), msg);
        assertTrue(msg.contains("was \"x\""), msg);
    }

    @Test
    void everyErrorIsReportedNotOnlyTheFirst() throws IOException {
        String json = GOOD.replace("\"adjustorMac\": \"02:00:00:00:00:aa\"", "\"adjustorMac\": \"zz\"")
                .replace("\"egress\": \"of:0000000000000002/3\", \"capacityBps\": 10000000",
                        "\"egress\": \"of:0000000000000002/3\", \"capacityBps\": -1");
        FudpConfig c = config(json);
        FudpConfigException e = assertThrows(FudpConfigException.class, c::isValid);
        assertEquals(2, e.errors().size(), e.errors().toString());
        assertTrue(e.errors().get(0).startsWith("facilities[0].adjustorMac: must be a MAC address"));
        assertTrue(e.errors().get(1).startsWith("bottlenecks[1].capacityBps: must be a positive capacity"));
        assertEquals("facilities[0].adjustorMac", e.field());
    }

    @Test
    void samePortBothWaysIsRefused() throws IOException {
        String msg = errorOf(GOOD.replace("\"returnPort\": \"4\"", "\"returnPort\": 3"));
        assertTrue(msg.contains("facilities[0].returnPort: must differ from adjustorPort"), msg);
    }

    @Test
    void unknownFieldsAreErrorsSoTyposDoNotPassSilently() throws IOException {
        String msg = errorOf(GOOD.replace("\"keyId\": 7", "\"keyID\": 7"));
        assertTrue(msg.contains("facilities[0].keyID: unknown field"), msg);
        assertTrue(msg.contains("facilities[0].keyId: is required"), msg);
    }

    @Test
    void bottleneckNeedsExactlyOneOfLinkAndEgress() throws IOException {
        String both = GOOD.replace("\"egress\": \"of:0000000000000002/3\"",
                "\"egress\": \"of:0000000000000002/3\", \"link\": {\"src\": \"of:1/1\", \"dst\": \"of:2/1\"}");
        assertTrue(errorOf(both).contains("bottlenecks[1]: give either link or egress, not both"));
        String none = GOOD.replace("\"egress\": \"of:0000000000000002/3\",", "");
        assertTrue(errorOf(none).contains("bottlenecks[1].link: a link or an egress connect point is required"));
    }

    @Test
    void badDestinationAndConnectPointAreNamed() throws IOException {
        String msg = errorOf(GOOD.replace("\"10.0.0.4/32\"", "\"10.0.0.300/32\"")
                .replace("\"of:0000000000000002/3\"", "\"of:0000000000000002\""));
        assertTrue(msg.contains("bottlenecks[0].destinations[0]: must be an IP prefix"), msg);
        assertTrue(msg.contains("bottlenecks[1].egress: must be a connect point"), msg);
    }

    @Test
    void duplicateFacilitiesAndNamesAreRefused() throws IOException {
        String json = GOOD.replace("\"name\": \"set2\"", "\"name\": \"set1\"");
        assertTrue(errorOf(json).contains("bottlenecks[1].name: name \"set1\" is used twice"));
    }

    @Test
    void writtenConfigReadsBackTheSame() throws IOException {
        FudpConfig c = config(GOOD);
        FudpConfig copy = config("{}");
        copy.facilities(c.facilities()).bottlenecks(c.bottlenecks());
        assertTrue(copy.isValid());
        assertEquals(c.facilities(), copy.facilities());
        assertEquals(c.bottlenecks(), copy.bottlenecks());
    }

    /**
     * Issue 33: a facility written into another config (as PUT /facilities writes it) carried neither
     * its budgets nor its sampling; now every field it was read with is written, and nothing else.
     */
    @Test
    void aFacilityIsWrittenWithEveryFieldItWasReadWith() throws IOException {
        String sampled = "{\"deviceId\":\"of:0000000000000009\",\"enforcement\":\"meter\",\"ruleBudget\":4000,"
                + "\"packetInBudget\":500,\"sampling\":{\"agent\":\"192.0.2.9\",\"heavyBps\":2000000}}";
        String plain = "{\"deviceId\":\"of:0000000000000001\",\"adjustorPort\":3,\"returnPort\":4,"
                + "\"adjustorMac\":\"02:00:00:00:00:AA\",\"keyId\":7,\"sampling\":{\"agent\":\"2001:db8::1\"}}";
        FudpConfig c = config("{\"facilities\": [" + sampled + ", " + plain + "]}");
        FudpConfig written = config("{}").facilities(c.facilities());
        assertEquals("[" + sampled + "," + plain + "]", written.node().get("facilities").toString());
        assertEquals(c.budgets(), written.budgets());
        assertEquals(c.samplingAgents(), written.samplingAgents());
        assertEquals(4000, c.facilities().get(0).ruleBudget().getAsInt());
        assertTrue(c.facilities().get(1).ruleBudget().isEmpty(), "left to the default, and written so");
        assertTrue(c.facilities().get(1).sampling().get().heavyBps().isEmpty());

        written.facilities(List.of(c.facilities().get(0).withSampling(null)));
        assertEquals(Map.of(), written.samplingAgents(), "a facility written without sampling is not sampled");
    }

    @Test
    void emptyConfigIsValidAndEmpty() throws IOException {
        FudpConfig c = config("{}");
        assertTrue(c.isValid());
        assertTrue(c.facilities().isEmpty());
        assertTrue(c.bottlenecks().isEmpty());
    }
}
