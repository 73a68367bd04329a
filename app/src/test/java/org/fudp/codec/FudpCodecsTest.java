// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.protocol.FlowIds;
import org.fudp.loop.api.network.CfsKind;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.api.Bottleneck;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.api.ControlStatus;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.PrincipalShare;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.api.FacilityConfig;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.config.FudpConfig;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;
import org.onosproject.core.DefaultApplicationId;

import java.util.List;
import java.util.Map;

import static org.fudp.codec.TestFudpService.PATH_SET;
import static org.fudp.codec.TestFudpService.SET1;
import static org.fudp.codec.TestFudpService.SET2;
import static org.fudp.codec.TestFudpService.S1_UDP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Round trips of every FUDP codec over the testbed's data, and the JSON a client relies on.
 */
class FudpCodecsTest {

    private final TestFudpService service = new TestFudpService();
    private final TestCodecContext context = new TestCodecContext(service);

    private <T> T roundTrip(T value, Class<T> type) {
        ObjectNode json = context.codec(type).encode(value, context);
        // through text, as a client sees it
        ObjectNode parsed;
        try {
            parsed = (ObjectNode) new ObjectMapper().readTree(json.toString());
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        return context.codec(type).decode(parsed, context);
    }

    private <T> JsonNode json(T value, Class<T> type) {
        return context.codec(type).encode(value, context);
    }

    @Test
    void everyTypeHasACodec() {
        TestCodecService codecs = new TestCodecService();
        assertEquals(FudpCodecs.TYPES.size(), codecs.getCodecs().size());
        FudpCodecs.unregisterAll(codecs);
        assertTrue(codecs.getCodecs().isEmpty());
    }

    @Test
    void fiveTuplesRoundTripIpv4AndIpv6() {
        FiveTuple v6 = TestFudpService.tuple(FiveTuple.UDP, "2001:db8::1", 5001, "2001:db8::4", 5201);
        for (FiveTuple t : List.of(S1_UDP, TestFudpService.S1_TCP1, v6)) {
            assertEquals(t, roundTrip(t, FiveTuple.class));
            assertEquals(t, FlowIds.parse("id", FlowIds.id(t)));
        }
        assertEquals("udp-10.0.0.1-5001-10.0.0.4-5203", FlowIds.id(S1_UDP));
        assertEquals("udp-2001:db8::1-5001-2001:db8::4-5201", FlowIds.id(v6));
        JsonNode j = json(S1_UDP, FiveTuple.class);
        assertEquals("udp", j.get("protocol").asText());
        assertEquals(5203, j.get("dstPort").asInt());
    }

    @Test
    void badFlowIdsNameTheirPart() {
        assertMessage("flowId: must be PROTO-SRC-SRCPORT-DST-DSTPORT", () -> FlowIds.parse("flowId", "udp-10.0.0.1"));
        assertMessage("flowId (source address): must be an IPv4 or IPv6 address, was \"h1\"",
                () -> FlowIds.parse("flowId", "udp-h1-5001-10.0.0.4-5201"));
        assertMessage("flowId (destination port): must be a port number (0..65535), was \"70000\"",
                () -> FlowIds.parse("flowId", "udp-10.0.0.1-5001-10.0.0.4-70000"));
        assertMessage("flowId (protocol): must be tcp, udp or an IP protocol number",
                () -> FlowIds.parse("flowId", "sctp-10.0.0.1-5001-10.0.0.4-5201"));
        assertMessage("flowId: src 10.0.0.1 and dst 2001:db8:0:0:0:0:0:4 are of different address families",
                () -> FlowIds.parse("flowId", "udp-10.0.0.1-5001-2001:db8::4-5201"));
    }

    @Test
    void fiveTupleFieldsAreChecked() {
        ObjectNode j = (ObjectNode) json(S1_UDP, FiveTuple.class);
        j.put("srcPort", 70000);
        assertMessage("srcPort: must be a port number (0..65535), was 70000",
                () -> context.codec(FiveTuple.class).decode(j, context));
        ObjectNode k = (ObjectNode) json(S1_UDP, FiveTuple.class);
        k.put("id", "udp-10.0.0.1-5001-10.0.0.4-9999");
        assertMessage("id: \"udp-10.0.0.1-5001-10.0.0.4-9999\" does not match the 5-tuple",
                () -> context.codec(FiveTuple.class).decode(k, context));
    }

    @Test
    void flowRecordsRoundTrip() {
        for (FlowRecord r : service.getFlows()) {
            assertEquals(r, roundTrip(r, FlowRecord.class));
        }
        JsonNode udp = json(service.getFlow(S1_UDP).get(), FlowRecord.class);
        assertEquals(3_333_333, udp.get("allocationBps").asLong());
        assertEquals(50_000_000, udp.get("demandBps").asLong());
        assertEquals("of:0000000000000001", udp.get("facility").asText());
        assertEquals("video", udp.get("class").asText());
        assertEquals("weight 2: 2 TCP shares", udp.get("rateReason").asText());
        JsonNode tcp = json(service.getFlow(TestFudpService.S1_TCP1).get(), FlowRecord.class);
        assertTrue(tcp.get("allocationBps").isNull(), "a TCP flow has no allocation");
    }

    @Test
    void correlationFlowSetsRoundTripAndCarryTheLastDecision() {
        for (CorrelationFlowSet c : service.getCorrelationFlowSets()) {
            assertEquals(c, roundTrip(c, CorrelationFlowSet.class));
        }
        JsonNode set1 = json(service.getCorrelationFlowSet(SET1).get(), CorrelationFlowSet.class);
        assertEquals(10_000_000, set1.get("capacityBps").asLong());
        assertEquals("of:0000000000000002/2", set1.get("bottleneck").get("egress").asText());
        assertEquals(5_864_219, set1.get("predictedTcpBps").asLong());
        assertEquals(1_693_750, set1.get("deviationBps").asLong());
        assertEquals(2_085_234, set1.get("band").get("lowBps").asLong());
        assertEquals(3_778_984, set1.get("band").get("highBps").asLong());
        assertEquals(3_320_000, set1.get("udpAverageBps").asLong());
        assertTrue(set1.get("inBand").asBoolean());
        assertEquals(0.9993, set1.get("jainIndex").asDouble(), 1e-9);
        assertEquals(TestFudpService.T0 + 3000, set1.get("lastDecisionMs").asLong());
        assertEquals(3, set1.get("lastDecision").get("period").asLong());
        JsonNode set2 = json(service.getCorrelationFlowSet(SET2).get(), CorrelationFlowSet.class);
        assertFalse(set2.get("inBand").asBoolean(), "Set 2's UDP average 3.6M is above its band 3.0M..3.4M");
        assertEquals(3_333_333, set2.get("lastDecision").get("allocations").get("udp-10.0.0.2-5002-10.0.0.3-5203")
                .asLong());
        JsonNode path = json(service.getCorrelationFlowSet(PATH_SET).get(), CorrelationFlowSet.class);
        assertTrue(path.get("lastDecision").isNull(), "no decision yet");
        assertTrue(path.get("inBand").isNull());
    }

    @Test
    void aSetNotEnforcedSaysWhy() {
        JsonNode fair = json(service.getCorrelationFlowSet(SET1).get(), CorrelationFlowSet.class);
        assertEquals("", fair.get("stateReason").asText(), "nothing to add to FAIR");
        service.set2NotEnforced();
        CorrelationFlowSet set2 = service.getCorrelationFlowSet(SET2).get();
        JsonNode j = json(set2, CorrelationFlowSet.class);
        assertEquals("NOT_ENFORCED", j.get("state").asText());
        assertEquals(TestFudpService.SET2_NOT_ENFORCED, j.get("stateReason").asText());
        assertEquals(set2, roundTrip(set2, CorrelationFlowSet.class));
        // A client's JSON without the field (written before it existed) reads as nothing to add.
        ObjectNode old = (ObjectNode) json(set2, CorrelationFlowSet.class);
        old.remove("stateReason");
        assertEquals("", context.codec(CorrelationFlowSet.class).decode(old, context).stateReason());
    }

    @Test
    void aSetSaysWhichEvidenceCountedItsTcpAndHowManyFlowsItsLightTcpIs() {
        CorrelationFlowSet starved = service.getCorrelationFlowSet(SET2).get().toBuilder()
                .flows(java.util.Set.of(), service.getCorrelationFlowSet(SET2).get().udpFlows())
                .lightTcp(1, "light TCP as 1 flow: aggregate counters, starved").build();
        JsonNode j = json(starved, CorrelationFlowSet.class);
        assertEquals(1, j.get("lightTcpFlows").asInt());
        assertEquals("light TCP as 1 flow: aggregate counters, starved", j.get("tcpEvidence").asText());
        assertEquals(starved, roundTrip(starved, CorrelationFlowSet.class));
        // A client's JSON without the fields (written before they existed) reads as none.
        ObjectNode old = (ObjectNode) j;
        old.remove("lightTcpFlows");
        old.remove("tcpEvidence");
        CorrelationFlowSet back = context.codec(CorrelationFlowSet.class).decode(old, context);
        assertEquals(0, back.lightTcpFlows());
        assertEquals("", back.tcpEvidence());
        old.put("lightTcpFlows", -1);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> context.codec(CorrelationFlowSet.class).decode(old, context));
        assertTrue(e.getMessage().startsWith("lightTcpFlows: must be a count of flows"), e.getMessage());
    }

    @Test
    void aUdpFlowSaysWhatItsResponsivenessTestMakesItAndASetHowManyOfItsUdpFlowsPassed() {
        service.quicInSet1();
        JsonNode quic = json(service.getFlow(TestFudpService.S1_QUIC).get(), FlowRecord.class);
        assertEquals("responsive", quic.get("responsiveness").asText());
        assertEquals(TestFudpService.QUIC_EVIDENCE, quic.get("responsiveEvidence").asText());
        assertTrue(quic.get("allocationBps").isNull(), "a responsive flow is never limited");
        JsonNode flood = json(service.getFlow(S1_UDP).get(), FlowRecord.class);
        assertEquals("unresponsive", flood.get("responsiveness").asText());
        assertEquals("", flood.get("responsiveEvidence").asText(), "never tested");
        JsonNode tcp = json(service.getFlow(TestFudpService.S1_TCP1).get(), FlowRecord.class);
        assertEquals("", tcp.get("responsiveness").asText(), "TCP has no such class");
        FlowRecord q = service.getFlow(TestFudpService.S1_QUIC).get();
        assertEquals(q, roundTrip(q, FlowRecord.class));
        // A client's JSON without the fields (written before they existed) reads as "".
        ObjectNode old = (ObjectNode) json(q, FlowRecord.class);
        old.remove("responsiveness");
        old.remove("responsiveEvidence");
        FlowRecord back = context.codec(FlowRecord.class).decode(old, context);
        assertEquals("", back.responsiveness());
        assertEquals("", back.responsiveEvidence());

        CorrelationFlowSet set1 = service.getCorrelationFlowSet(SET1).get();
        JsonNode j = json(set1, CorrelationFlowSet.class);
        assertEquals(1, j.get("responsiveUdpFlows").asInt());
        assertEquals(2, j.get("udpFlows").size());
        assertEquals(set1, roundTrip(set1, CorrelationFlowSet.class));
        ObjectNode oldSet = (ObjectNode) j;
        oldSet.remove("responsiveUdpFlows");
        assertEquals(0, context.codec(CorrelationFlowSet.class).decode(oldSet, context).responsiveUdpFlows());
        oldSet.put("responsiveUdpFlows", 3);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> context.codec(CorrelationFlowSet.class).decode(oldSet, context));
        assertEquals("responsiveUdpFlows: must be at most the 2 flows of udpFlows, was 3", e.getMessage());
        oldSet.put("responsiveUdpFlows", 0.5);
        e = assertThrows(IllegalArgumentException.class,
                () -> context.codec(CorrelationFlowSet.class).decode(oldSet, context));
        assertTrue(e.getMessage().startsWith("responsiveUdpFlows: must be a count of flows"), e.getMessage());
    }

    @Test
    void aSetsPrincipalsAndFloorRoundTripAndAnOldSetReadsAsNone() {
        CorrelationFlowSet c = CorrelationFlowSet.builder(SET1, CfsKind.CONFIGURED)
                .principals(2, List.of(new PrincipalShare("10.0.0.2", 400, 3_300_000),
                        new PrincipalShare("udp-10.0.0.1-5001-10.0.0.4-5203", 1, 40_000)), 3_333_333)
                .units(1, 47_000_000, 3_300_000).build();
        JsonNode j = json(c, CorrelationFlowSet.class);
        assertEquals(1, j.get("units").asInt());
        assertEquals(47_000_000, j.get("unitsBps").asLong());
        assertEquals(3_300_000, j.get("unitsLimitBps").asLong());
        assertEquals(2, j.get("udpPrincipals").asInt());
        assertEquals("10.0.0.2", j.get("topPrincipals").get(0).get("principal").asText());
        assertEquals(400, j.get("topPrincipals").get(0).get("flows").asInt());
        assertEquals(3_333_333, j.get("tcpFloorBps").asLong());
        assertEquals(c, roundTrip(c, CorrelationFlowSet.class));
        ObjectNode old = (ObjectNode) j;
        old.remove("udpPrincipals");
        old.remove("topPrincipals");
        old.remove("tcpFloorBps");
        old.remove("units");
        old.remove("unitsBps");
        old.remove("unitsLimitBps");
        CorrelationFlowSet back = context.codec(CorrelationFlowSet.class).decode(old, context);
        assertEquals(0, back.udpPrincipals());
        assertTrue(back.topPrincipals().isEmpty());
        assertEquals(0, back.tcpFloorBps());
        assertEquals(0, back.units());
        assertEquals(0, back.unitsLimitBps());
        old.put("topPrincipals", "10.0.0.2");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> context.codec(CorrelationFlowSet.class).decode(old, context));
        assertTrue(e.getMessage().startsWith("topPrincipals: must be an array"), e.getMessage());
    }

    @Test
    void unknownJainIsNull() {
        CorrelationFlowSet c = CorrelationFlowSet.builder("dst:10.0.0.9", CfsKind.DESTINATION).build();
        JsonNode j = json(c, CorrelationFlowSet.class);
        assertTrue(j.get("jainIndex").isNull());
        assertTrue(j.get("utilization").isNull());
        assertTrue(j.get("bottleneck").get("egress").isNull());
        assertEquals(c, roundTrip(c, CorrelationFlowSet.class));
    }

    @Test
    void decisionsRoundTrip() {
        for (String id : List.of(SET1, SET2)) {
            for (DecisionRecord d : service.getDecisions(id)) {
                DecisionRecord back = roundTrip(d, DecisionRecord.class);
                assertEquals(json(d, DecisionRecord.class), json(back, DecisionRecord.class));
                assertEquals(d.allocations(), back.allocations());
            }
        }
    }

    @Test
    void allocationsAndAgentsRoundTrip() {
        for (AllocationState a : service.getAllocations()) {
            assertEquals(a, roundTrip(a, AllocationState.class));
        }
        for (AgentState a : service.getAgents()) {
            assertEquals(a, roundTrip(a, AgentState.class));
        }
        JsonNode up = json(service.getAgent(TestFudpService.FACILITY1).get(), AgentState.class);
        assertEquals(2, up.get("rejectedFrames").get("BAD_TAG").asLong());
        assertFalse(up.get("inSync").asBoolean(), "snapshot 18 was sent, 17 acknowledged");
    }

    @Test
    void facilityViewsRoundTripAndNameTheControllerAndTheRulesBudget() {
        for (FacilityState f : service.getFacilityStates()) {
            assertEquals(f, roundTrip(f, FacilityState.class));
        }
        JsonNode j = json(service.getFacilityState(TestFudpService.FACILITY2).get(), FacilityState.class);
        assertEquals("of:0000000000000006", j.get("facility").asText());
        JsonNode controller = j.get("controller");
        assertEquals("onos-2", controller.get("instance").asText());
        assertEquals(TestFudpService.T0 - 30_000, controller.get("sinceMs").asLong());
        assertEquals(TestFudpService.T0 - 30_000, controller.get("epoch").asLong());
        JsonNode c = j.get("collection");
        assertEquals(List.of(64, 50, 40, 40, 40), List.of(c.get("ruleBudget").asInt(), c.get("packetInBudget").asInt(),
                c.get("rulesInUse").asInt(), c.get("ruleCap").asInt(), c.get("flows").asInt()));
        assertEquals(0, c.get("heavyBps").asLong(), "not sampled");
        assertEquals("{\"RULE_BUDGET\":0,\"PACKET_IN_BUDGET\":2,\"SOURCE_QUOTA\":1,\"SWITCH_REFUSED\":3}",
                c.get("skipped").toString(), "every reason, in the loop's order");
        assertEquals(1, c.get("refusals").asLong());
        assertEquals(TestFudpService.REFUSED, c.get("lastRefusal").asText());
        assertEquals(TestFudpService.T0 + 4000, c.get("pausedUntilMs").asLong());

        // A view whose controller is not known yet: null, and back to "".
        FacilityState unnamed = new FacilityState("of:0000000000000009", FlowBudget.DEFAULT, 0, 1000, 0, Map.of(), 0,
                "", 0);
        assertTrue(json(unnamed, FacilityState.class).get("controller").get("instance").isNull());
        assertEquals(unnamed, roundTrip(unnamed, FacilityState.class));

        // A sampled facility says so; what an instance without sampling wrote reads as not sampled.
        FacilityState sampled = new FacilityState("of:0000000000000009", new FlowBudget(900, 200, 2_000_000), 3, 900,
                1, Map.of(), 0, "", 0).withAggregates(2);
        assertEquals(2_000_000, json(sampled, FacilityState.class).get("collection").get("heavyBps").asLong());
        assertEquals(2, json(sampled, FacilityState.class).get("collection").get("aggregates").asInt(),
                "of the 3 rules in use, 2 aggregates");
        assertEquals(sampled, roundTrip(sampled, FacilityState.class));
        ObjectNode older = (ObjectNode) json(sampled, FacilityState.class);
        ((ObjectNode) older.get("collection")).remove("heavyBps");
        ((ObjectNode) older.get("collection")).remove("aggregates");
        FacilityState fromOlder = context.codec(FacilityState.class).decode(older, context);
        assertFalse(fromOlder.budget().sampled());
        assertEquals(0, fromOlder.aggregates());

        // Installs that failed without the switch's word, apart from the refusals; absent in what an older
        // instance wrote: none.
        String failure = "ONOS did not install 3 rule(s) at of:0000000000000009";
        FacilityState retried = unnamed.withInstallFailures(3, 1, failure);
        JsonNode rc = json(retried, FacilityState.class).get("collection");
        assertEquals(List.of(3L, 1L, 0L), List.of(rc.get("installFailures").asLong(), rc.get("rulesRetrying").asLong(),
                rc.get("refusals").asLong()));
        assertEquals(failure, rc.get("lastInstallFailure").asText());
        assertEquals(retried, roundTrip(retried, FacilityState.class));
        ObjectNode before = (ObjectNode) json(retried, FacilityState.class);
        for (String field : List.of("installFailures", "rulesRetrying", "lastInstallFailure")) {
            ((ObjectNode) before.get("collection")).remove(field);
        }
        assertEquals(unnamed, context.codec(FacilityState.class).decode(before, context));
    }

    @Test
    void badFacilityViewsNameTheirField() {
        FacilityState f = service.getFacilityState(TestFudpService.FACILITY2).get();
        ObjectNode budget = (ObjectNode) json(f, FacilityState.class);
        ((ObjectNode) budget.get("collection")).put("ruleBudget", 0);
        assertMessage("collection.ruleBudget: must be >= 1, was 0",
                () -> context.codec(FacilityState.class).decode(budget, context));
        ObjectNode why = (ObjectNode) json(f, FacilityState.class);
        ((ObjectNode) why.get("collection").get("skipped")).put("TOO_MANY", 1);
        assertMessage("collection.skipped.TOO_MANY: unknown reason, expected one of [RULE_BUDGET,",
                () -> context.codec(FacilityState.class).decode(why, context));
        ObjectNode rules = (ObjectNode) json(f, FacilityState.class);
        ((ObjectNode) rules.get("collection")).put("rulesInUse", -1);
        assertMessage("collection.rulesInUse: must be 0..2147483647, was -1",
                () -> context.codec(FacilityState.class).decode(rules, context));
        ObjectNode aggregates = (ObjectNode) json(f, FacilityState.class);
        ((ObjectNode) aggregates.get("collection")).put("aggregates", -2);
        assertMessage("collection.aggregates: must be 0..2147483647, was -2",
                () -> context.codec(FacilityState.class).decode(aggregates, context));
        ObjectNode noController = (ObjectNode) json(f, FacilityState.class);
        noController.remove("controller");
        assertMessage("controller: must be a JSON object",
                () -> context.codec(FacilityState.class).decode(noController, context));
        ObjectNode instance = (ObjectNode) json(f, FacilityState.class);
        ((ObjectNode) instance.get("controller")).put("instance", 7);
        assertMessage("controller.instance: must be a string",
                () -> context.codec(FacilityState.class).decode(instance, context));
    }

    @Test
    void anAgentCarriesItsFacilitysControllerAndCollectionOrNullsUntilPublished() {
        ObjectNode doc = FudpQueries.agents(service, context);
        JsonNode up = doc.get("agents").get(0);
        assertEquals("of:0000000000000001", up.get("facility").asText());
        assertEquals("onos-1", up.get("controller").get("instance").asText());
        assertEquals(9, up.get("collection").get("rulesInUse").asInt());
        assertFalse(up.has("facility") && up.get("collection").has("facility"), "the facility is named once");
        JsonNode view = json(service.getFacilityState(TestFudpService.FACILITY1).get(), FacilityState.class);
        assertEquals(view.get("controller"), up.get("controller"));
        assertEquals(view.get("collection"), up.get("collection"));

        service.facilityStates.remove(TestFudpService.FACILITY2);
        JsonNode down = FudpQueries.agents(service, context).get("agents").get(1);
        assertTrue(down.get("controller").isNull() && down.get("collection").isNull(), down.toString());
        assertEquals("DOWN", down.get("status").asText(), "the agent's own fields stay");
    }

    @Test
    void samplesRoundTrip() {
        for (CfsSample s : service.getCfsHistory(SET1)) {
            assertEquals(json(s, CfsSample.class), json(roundTrip(s, CfsSample.class), CfsSample.class));
        }
        for (FlowHistorySample s : service.getFlowHistory(S1_UDP)) {
            assertEquals(json(s, FlowHistorySample.class),
                    json(roundTrip(s, FlowHistorySample.class), FlowHistorySample.class));
        }
        assertTrue(json(service.getFlowHistory(S1_UDP).get(0), FlowHistorySample.class).get("allocationBps").isNull());
    }

    @Test
    void controlStatusRoundTrips() {
        ControlStatus s = service.getControlStatus();
        assertEquals(json(s, ControlStatus.class), json(roundTrip(s, ControlStatus.class), ControlStatus.class));
    }

    @Test
    void facilitiesAndBottlenecksRoundTripInTheNetworkConfigForm() {
        for (FacilityConfig f : service.getFacilities()) {
            assertEquals(f, roundTrip(f, FacilityConfig.class));
        }
        for (Bottleneck b : service.getBottlenecks()) {
            assertEquals(b, roundTrip(b, Bottleneck.class));
        }
        // what GET /bottlenecks shows is what onos-netcfg holds
        FudpConfig config = new FudpConfig();
        ObjectMapper mapper = new ObjectMapper();
        config.init(new DefaultApplicationId(1, "org.fudp.app"), FudpConfig.CONFIG_KEY, mapper.createObjectNode(),
                mapper, null);
        config.bottlenecks(service.getBottlenecks());
        assertEquals(config.node().get("bottlenecks"), ConfigSections.encodeBottlenecks(service.getBottlenecks()));
        assertEquals(service.getBottlenecks(), config.bottlenecks());
    }

    @Test
    void invalidFacilitiesAreRefusedWithTheConfigsMessages() {
        ObjectNode f = (ObjectNode) json(service.getFacilities().get(0), FacilityConfig.class);
        f.put("returnPort", 3);
        assertMessage("facilities[0].returnPort: must differ from adjustorPort, both are 3",
                () -> context.codec(FacilityConfig.class).decode(f, context));
        ObjectNode body = new ObjectMapper().createObjectNode();
        body.putArray("facilities");
        body.put("facility", 1);
        assertMessage("facility: unknown field, expected one of facilities", () -> ConfigSections.facilities(body));
        assertMessage("bottlenecks: must be an array", () -> ConfigSections.bottlenecks(body.objectNode()));
        assertEquals(List.of(), ConfigSections.facilities(new ObjectMapper().createArrayNode()));
    }

    private static void assertMessage(String expectedStart, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(expectedStart), "message was: " + e.getMessage());
    }
}
