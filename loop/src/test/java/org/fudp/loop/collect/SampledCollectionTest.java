// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.loop.LoopHarness;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.network.BottleneckTable;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.commands.MeterSpec;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.enforce.MeterBackend;
import org.fudp.loop.sampling.PacketSample;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.fudp.loop.LoopHarness.CAPACITY;
import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.H2;
import static org.fudp.loop.LoopHarness.ONWARD;
import static org.fudp.loop.LoopHarness.PERIOD;
import static org.fudp.loop.LoopHarness.S1;
import static org.fudp.loop.LoopHarness.SET1;
import static org.fudp.loop.LoopHarness.T0;
import static org.fudp.loop.LoopHarness.TCP1;
import static org.fudp.loop.LoopHarness.UDP1;
import static org.fudp.loop.LoopHarness.address;
import static org.fudp.loop.LoopHarness.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 27: a sampled facility. Aggregate rules forward and count every flow without a packet-in;
 * sampling finds the heavy flows, which alone get rules of their own, within the same budgets; what the
 * aggregates carry loads the set's link like an exempt flow.
 */
class SampledCollectionTest {

    private static final long HEAVY_BPS = 1_000_000;
    private static final int ONE_IN = 64;

    private final LoopHarness h = new LoopHarness();

    SampledCollectionTest() {
        h.apply(h.loop.setBudget(T0, S1, new FlowBudget(1000, 200, HEAVY_BPS)));
    }

    /** A packet of the flow, of the given length, sampled 1 in 64. */
    private static PacketSample sample(FiveTuple t, int frameLength) {
        return new PacketSample(address("127.0.0.1"), 0, 1, 0, 1, ONE_IN, 1000, 0, 1, 2, frameLength, 0, t, 0,
                t.protocol() == FiveTuple.TCP ? 0x10 : 0);
    }

    private Actions samples(PacketSample... s) {
        return h.apply(h.loop.samples(h.now, S1, List.of(s)));
    }

    /** The rules of a flow's own on the switch, null if none. */
    private List<RuleSpec> rulesOf(FiveTuple t) {
        List<RuleSpec> own = new ArrayList<>();
        h.rules.values().stream().filter(r -> !r.isAggregate() && r.flow().equals(t)).forEach(own::add);
        return own.isEmpty() ? null : own;
    }

    private long rulesOf(RuleSpec.Role role) {
        return h.rules.values().stream().filter(r -> r.role() == role).count();
    }

    @Test
    void aMouseCostsNoPacketInAndNoRuleOfItsOwnOnlyItsDestinationsAggregates() {
        FiveTuple mouse = tuple("udp-10.0.0.1-40100-10.0.0.4-53");
        Actions a = samples(sample(mouse, 200));
        assertEquals(2, a.rulesToAdd().size(), "its destination's aggregates, one per protocol");
        assertTrue(a.rulesToAdd().stream().anyMatch(r -> r.flow().protocol() == FiveTuple.TCP),
                "TCP's too: TCP that arrives into a flood is seen only by its aggregate");
        RuleSpec agg = a.rulesToAdd().stream().filter(r -> r.flow().protocol() == FiveTuple.UDP).findFirst()
                .orElseThrow();
        assertTrue(agg.isAggregate());
        assertEquals(FiveTuple.UDP, agg.flow().protocol());
        assertEquals(address("10.0.0.4"), agg.flow().dst());
        assertEquals(ONWARD, agg.outPort());
        assertTrue(agg.priority() < h.loop.settings().flowPriority(), "below the per-flow rules");
        assertNull(rulesOf(mouse), "a mouse gets no rules of its own");
        // Its own packet-in, should one come (a table miss), is forwarded and not learnt.
        Actions in = h.packetIn(tuple("tcp-10.0.0.1-40101-10.0.0.4-80"), H1);
        assertEquals(ONWARD, in.forwardPort());
        assertTrue(in.rulesToAdd().isEmpty());
        // A second mouse to the same destination needs no second aggregate.
        assertTrue(samples(sample(tuple("udp-10.0.0.1-40102-10.0.0.4-53"), 200)).rulesToAdd().isEmpty());
    }

    @Test
    void aFlowSampledAtTheHeavyRateGetsRulesOfItsOwnAndJoinsItsSet() {
        // Three 1,500-byte packets sampled 1 in 64 within the window: 288 kB in 2 s, 1.15 Mbit/s.
        samples(sample(TCP1, 1500));
        samples(sample(TCP1, 1500));
        assertNull(rulesOf(TCP1), "two samples are not enough, whatever they estimate");
        h.at(T0 + 500);
        Actions third = samples(sample(TCP1, 1500));
        assertNotNull(rulesOf(TCP1));
        assertTrue(third.rulesToAdd().stream().anyMatch(r -> r.role() == RuleSpec.Role.DIRECT
                && r.flow().equals(TCP1)));
        // Below the heavy rate: three small packets estimate 0.15 Mbit/s.
        FiveTuple light = tuple("tcp-10.0.0.1-40200-10.0.0.4-80");
        for (int i = 0; i < 3; i++) {
            samples(sample(light, 200));
        }
        assertNull(rulesOf(light));
        // The heavy UDP flow goes through the adjustor, as a learnt one would.
        for (int i = 0; i < 3; i++) {
            samples(sample(UDP1, 1500));
        }
        assertNotNull(h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR));
    }

    @Test
    void aHeavyUdpFlowWhoseSamplesShowOneQuicConnectionIdIsTestedAFloodIsNot() {
        // Issue 35: a sampled facility sees no flow's first packet; its candidates come from samples.
        h.agentUp();
        FiveTuple quic = tuple("udp-10.0.0.1-40400-10.0.0.4-443");
        FiveTuple flood = tuple("udp-10.0.0.2-40401-10.0.0.4-5201");
        for (int i = 0; i < 3; i++) {
            // A 1-RTT packet: fixed bit, 8 bytes of connection id, ciphertext; iperf3: seconds, microseconds.
            samples(sample(quic, 1500).withPayload(new byte[] {0x45, 9, 8, 7, 6, 5, 4, 3, 2, (byte) i, 1}),
                    sample(flood, 1500).withPayload(ByteBuffer.allocate(16).putInt(1_795_000_000)
                            .putInt(100_000 * i + 7).putLong(i).array()));
        }
        assertNotNull(rulesOf(quic));
        assertNotNull(rulesOf(flood));
        h.at(T0 + PERIOD);
        for (FiveTuple t : List.of(quic, flood)) {
            h.flow(t, RuleSpec.Role.TO_ADJUSTOR, 4_000_000);
            h.flow(t, RuleSpec.Role.FROM_ADJUSTOR, 4_000_000);
        }
        Actions a = h.period();
        assertEquals("testing", a.flows().get(quic).responsiveness(), a.flows().get(quic).responsiveEvidence());
        assertEquals("unresponsive", a.flows().get(flood).responsiveness());
        assertEquals("", a.flows().get(flood).responsiveEvidence(), "never a candidate");
    }

    @Test
    void whatTheAggregatesCarryLeavesLessForTheSetsUdpFlows() {
        assertAggregatesLoadSet1(TCP1, UDP1);
    }

    /**
     * Samples a TCP and a UDP flow of set1 as heavy, runs them (TCP 2, UDP 9 Mbit/s) beside an aggregate of 4
     * Mbit/s for two periods, and checks that the aggregate's traffic came off set1's capacity.
     */
    private void assertAggregatesLoadSet1(FiveTuple tcp, FiveTuple udp) {
        for (int i = 0; i < 3; i++) {
            samples(sample(tcp, 1500), sample(udp, 1500));
        }
        List<RuleSpec> aggs = h.rules.values().stream().filter(RuleSpec::isAggregate).collect(Collectors.toList());
        DecisionRecord d = null;
        for (int i = 1; i <= 2; i++) {
            h.at(T0 + i * PERIOD);
            h.flow(tcp, RuleSpec.Role.DIRECT, 2_000_000);
            h.flow(udp, RuleSpec.Role.TO_ADJUSTOR, 9_000_000);
            h.flow(udp, RuleSpec.Role.FROM_ADJUSTOR, 9_000_000);
            h.flow(aggs.get(0).flow(), RuleSpec.Role.AGGREGATE, 4_000_000);
            d = h.period().decisions().stream().filter(r -> r.cfsId().equals(SET1)).findFirst().orElseThrow();
        }
        assertEquals(1, d.tcpCount(), "n counts the flows with rules of their own");
        assertTrue(d.availableBps() <= CAPACITY - 4_000_000 + 1,
                "the aggregates' 4 Mbit/s come off the capacity: " + d);
        long limit = d.allocations().get(udp);
        assertTrue(limit <= CAPACITY - 4_000_000 - 1_000_000, "UDP is held below what is left: " + limit);
    }

    @Test
    void udpOnlyTheAggregatesCarryIsLimitedAsOneFlowByAMeterOnItsRule() {
        // Issue 40: a swarm of light flows is never heavy, so only the UDP aggregate carries it. Before, it was an
        // exempt load, never limited: the TCP flow starved behind it, and it was taken for gone (NO_TCP, FAIR).
        for (int i = 0; i < 3; i++) {
            samples(sample(TCP1, 1500));
        }
        RuleSpec udpAggregate = h.rules.values().stream()
                .filter(r -> r.isAggregate() && r.flow().protocol() == FiveTuple.UDP).findFirst().orElseThrow();
        h.at(T0 + PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 4_000_000);
        h.period();
        assertEquals(1, h.cfs(SET1).tcpFlows().size(), "the TCP flow joined");
        Actions starved = null;
        for (int i = 2; i <= 3; i++) {
            h.at(T0 + i * PERIOD);
            h.flow(TCP1, RuleSpec.Role.DIRECT, 0);
            h.flow(udpAggregate.flow(), RuleSpec.Role.AGGREGATE, 9_900_000);
            starved = h.period();
        }
        CorrelationFlowSet set = h.cfs(SET1);
        assertEquals(1, set.tcpFlows().size(), "starved, not gone: " + set);
        assertNotEquals(CfsState.FAIR, set.state(), set.stateReason());
        assertTrue(set.stateReason().contains("(a unit) at ") && set.stateReason().contains("is not on the switch yet;"
                + " it runs unlimited"), set.stateReason());
        MeterSpec meter = starved.metersToAdd().stream().filter(m -> m.key() >= MeterBackend.FIRST_UNIT_KEY)
                .findFirst().orElseThrow(() -> new AssertionError("the unit asks for no meter: " + h.history));
        assertTrue(meter.rateBps() < 9_000_000, "held below what it offers: " + meter);
        Actions attached = h.apply(h.loop.meterAdded(h.now, S1, meter.key()));
        RuleSpec metered = attached.rulesToModify().stream().filter(r -> r.key() == udpAggregate.key()).findFirst()
                .orElseThrow(() -> new AssertionError("the aggregate rule is not metered: " + attached));
        assertEquals(meter.key(), metered.meterKey());
        assertEquals(udpAggregate.flow(), metered.flow(), "the same rule, another treatment");
        // The meter holds it now: the TCP flow comes back to its share.
        for (int i = 4; i <= 6; i++) {
            h.at(T0 + i * PERIOD);
            h.flow(TCP1, RuleSpec.Role.DIRECT, 4_500_000);
            h.flow(udpAggregate.flow(), RuleSpec.Role.AGGREGATE, 9_600_000);
            h.period();
        }
        set = h.cfs(SET1);
        assertFalse(set.stateReason().contains("starved"), set.stateReason());
        assertEquals(1, set.units(), set.toString());
        assertEquals(meter.rateBps(), set.unitsLimitBps(), "what the meter holds, as the switch has it");
        assertEquals(9_600_000, set.unitsBps(), 10_000, "what the unit's flows offer");
    }

    @Test
    void aUnitsSamplesNameItsPrincipalsSoAHostsLearntFlowAndItsPartOfTheUnitShareOneShare() {
        // A swarm of one host on a sampled facility: now and then one of its light flows is sampled three times and
        // gets rules of its own; the rest the unit carries. Were the unit a principal of its own, the host would get
        // two shares, its learnt flow's and the unit's.
        h.agentUp();
        for (int i = 0; i < 3; i++) {
            samples(sample(TCP1, 1500));
        }
        FiveTuple learnt = tuple("udp-10.0.0.2-30000-10.0.0.4-5300");
        for (int i = 0; i < 3; i++) {
            samples(sample(learnt, 1500));
        }
        assertNotNull(h.rule(learnt, RuleSpec.Role.TO_ADJUSTOR), "sampled heavy");
        for (int i = 1; i <= 40; i++) {
            samples(sample(tuple("udp-10.0.0.2-" + (30000 + i) + "-10.0.0.4-5300"), 1500));
        }
        RuleSpec udpAggregate = h.rules.values().stream()
                .filter(r -> r.isAggregate() && r.flow().protocol() == FiveTuple.UDP).findFirst().orElseThrow();
        for (int i = 1; i <= 3; i++) {
            h.at(T0 + i * PERIOD);
            h.flow(TCP1, RuleSpec.Role.DIRECT, 300_000);
            h.flow(learnt, RuleSpec.Role.TO_ADJUSTOR, 1_000_000);
            h.flow(learnt, RuleSpec.Role.FROM_ADJUSTOR, 1_000_000);
            h.flow(udpAggregate.flow(), RuleSpec.Role.AGGREGATE, 9_000_000);
            h.heartbeat();
            h.period();
            h.newMessages().forEach(h::ack);
        }
        CorrelationFlowSet set = h.cfs(SET1);
        assertEquals(1, set.udpPrincipals(), "one host, one principal: " + set.topPrincipals());
        assertEquals("10.0.0.2", set.topPrincipals().get(0).principal());
        assertEquals(1, set.units());
        DecisionRecord d = h.decisions(SET1).get(h.decisions(SET1).size() - 1);
        long unit = d.allocations().get(udpAggregate.flow());
        long own = d.allocations().get(learnt);
        // The learnt flow uses its 1 Mbit/s (its limit is at the principal's level, settling); the unit's meter
        // holds the rest of the host's half of the link. As two principals they would take 1 + 4.5 of it.
        double used = Math.min(1_000_000, own) + unit;
        assertEquals(CAPACITY / 2.0, used, CAPACITY * 0.01, d.toString());
    }

    /** Set1 behind 10.4.0.0/22, its egress the facility's port 5; hosts 10.4.0.1.. on port 5. */
    private void set1BehindAPrefix() {
        h.network.bottlenecks = new BottleneckTable(List.of(
                new BottleneckTable.Entry("set1", CAPACITY, S1 + "/" + ONWARD, null,
                        List.of(AddressPrefix.parse("t", "10.4.0.0/22"))),
                new BottleneckTable.Entry("set2", CAPACITY, S1 + "/" + ONWARD, null,
                        List.of(AddressPrefix.parse("t", "10.0.0.3/32")))));
    }

    private static InetAddress behindSet1(int i) {
        return address("10.4." + i / 250 + "." + (1 + i % 250));
    }

    @Test
    void destinationsBehindOneBottleneckPrefixShareOneAggregatePerProtocol() {
        set1BehindAPrefix();
        List<PacketSample> s = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            InetAddress dst = behindSet1(i);
            h.network.ports.put(dst, ONWARD);
            s.add(sample(tuple("tcp-10.0.0.1-" + (20000 + i) + "-" + dst.getHostAddress() + "-80"), 200));
            s.add(sample(tuple("udp-10.0.0.2-" + (20000 + i) + "-" + dst.getHostAddress() + "-53"), 200));
        }
        h.apply(h.loop.samples(h.now, S1, s));
        List<RuleSpec> aggs = h.rules.values().stream().filter(RuleSpec::isAggregate).collect(Collectors.toList());
        assertEquals(2, aggs.size(), "1,000 destinations, one bottleneck: one aggregate per protocol " + aggs);
        for (RuleSpec r : aggs) {
            assertEquals("10.4.0.0/22", r.dstPrefix().toString());
            assertEquals(ONWARD, r.outPort());
            assertEquals(LoopSettings.defaults().flowPriority() - 2, r.priority(),
                    "below a destination's own aggregate, which would be the longer match");
        }
        FacilityState view = h.period().facilities().get(S1);
        assertEquals(2, view.rulesInUse(), "two rules of the budget");
        assertEquals(2, view.aggregates(), "both aggregates, as the operator sees them");
    }

    @Test
    void aDestinationInThePrefixThatLeavesByAnotherPortGetsItsOwnAggregateAboveThePrefixs() {
        set1BehindAPrefix();
        InetAddress here = behindSet1(0);
        InetAddress elsewhere = behindSet1(1);
        h.network.ports.put(here, ONWARD);
        h.network.ports.put(elsewhere, H2);
        samples(sample(tuple("tcp-10.0.0.1-20000-" + here.getHostAddress() + "-80"), 200),
                sample(tuple("tcp-10.0.0.1-20001-" + elsewhere.getHostAddress() + "-80"), 200));
        List<RuleSpec> aggs = h.rules.values().stream().filter(RuleSpec::isAggregate)
                .filter(r -> r.flow().protocol() == FiveTuple.TCP).collect(Collectors.toList());
        assertEquals(2, aggs.size(), aggs.toString());
        assertEquals(4, h.rules.values().stream().filter(RuleSpec::isAggregate).count(), "and UDP's beside each");
        RuleSpec own = aggs.stream().filter(r -> r.dstPrefix().isAddress()).findFirst().orElseThrow();
        RuleSpec prefix = aggs.stream().filter(r -> !r.dstPrefix().isAddress()).findFirst().orElseThrow();
        assertEquals(elsewhere, own.flow().dst());
        assertEquals(H2, own.outPort(), "forwarded where ONOS knows the host, not by the prefix's egress");
        assertTrue(own.priority() > prefix.priority(), "the longer match wins");
    }

    @Test
    void whatAPrefixsAggregateCarriesLoadsItsSet() {
        set1BehindAPrefix();
        FiveTuple tcp = tuple("tcp-10.0.0.1-30000-10.4.2.7-80");
        FiveTuple udp = tuple("udp-10.0.0.2-30001-10.4.1.9-53");
        h.network.ports.put(tcp.dst(), ONWARD);
        h.network.ports.put(udp.dst(), ONWARD);
        assertAggregatesLoadSet1(tcp, udp);
    }

    @Test
    void aHostSprayingHeavyLookingFlowsStaysWithinTheRuleAndSetupBudgets() {
        h.apply(h.loop.setBudget(T0, S1, new FlowBudget(40, 10, HEAVY_BPS)));
        int promoted = 0;
        for (int second = 0; second < 5; second++) {
            h.at(T0 + second * 1000L);
            List<PacketSample> burst = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                FiveTuple t = tuple("udp-10.0.0.1-" + (10000 + second * 200 + i) + "-10.0.0.4-9");
                for (int k = 0; k < 3; k++) {
                    burst.add(sample(t, 1500));
                }
            }
            h.apply(h.loop.samples(h.now, S1, burst));
            assertTrue(h.rules.size() <= 40, "never more rules than the budget: " + h.rules.size());
        }
        for (RuleSpec r : h.rules.values()) {
            promoted += r.role() == RuleSpec.Role.TO_ADJUSTOR ? 1 : 0;
        }
        assertTrue(promoted <= 10 + 4 * 10, "no more flow set-ups than the budget's rate: " + promoted);
        FacilityState v = h.period().facilities().get(S1);
        assertTrue(v.skipped().values().stream().mapToLong(Long::longValue).sum() > 0, "the rest is counted");
    }

    @Test
    void aRefusedAggregateIsWithdrawnNotRetriedAndCapsTheRules() {
        Actions a = samples(sample(tuple("tcp-10.0.0.1-40300-10.0.0.4-80"), 200));
        RuleSpec agg = a.rulesToAdd().get(0);
        assertEquals(2, a.rulesToAdd().size(), "both protocols' aggregates");
        Actions r = h.apply(h.loop.ruleRefused(h.now, agg.key(), "OFPFMFC_TABLE_FULL"));
        assertEquals(List.of(agg), r.rulesToRemove());
        assertTrue(r.notices().stream().anyMatch(n -> n.text().contains("refused the aggregate")));
        // Learning pauses: the next sample makes nothing.
        assertTrue(samples(sample(tuple("tcp-10.0.0.1-40301-10.0.0.4-80"), 200)).rulesToAdd().isEmpty());
        FacilityState v = h.period().facilities().get(S1);
        assertEquals(1, v.refusals());
        assertEquals(1, v.rulesInUse(), "the other protocol's aggregate, which the switch took");
    }

    @Test
    void aFacilityNoLongerSampledLosesItsAggregatesSoItsFlowsComeAsPacketInsAgain() {
        samples(sample(tuple("tcp-10.0.0.1-40400-10.0.0.4-80"), 200));
        assertEquals(2, rulesOf(RuleSpec.Role.AGGREGATE));
        h.apply(h.loop.setBudget(h.now, S1, FlowBudget.DEFAULT));
        assertEquals(0, rulesOf(RuleSpec.Role.AGGREGATE));
        assertFalse(h.packetIn(tuple("tcp-10.0.0.1-40401-10.0.0.4-80"), H1).rulesToAdd().isEmpty(),
                "learnt from its packet-in");
        assertTrue(samples(sample(tuple("tcp-10.0.0.1-40402-10.0.0.4-80"), 200)).rulesToAdd().isEmpty(),
                "samples are of no use there");
    }

    @Test
    void aLoopThatDoesNotControlTheFacilityIgnoresItsSamples() {
        Actions a = h.apply(h.loop.samples(h.now, "of:00000000000000ff", List.of(sample(TCP1, 1500),
                sample(TCP1, 1500), sample(TCP1, 1500))));
        assertTrue(a.rulesToAdd().isEmpty(), "a standby's loop acts on nothing");
    }

    @Test
    void everyControllerMakesTheSameAggregateForADestinationSoATakeOverAddsNoSecondRule() {
        List<RuleSpec> mine = samples(sample(TCP1, 200)).rulesToAdd();
        LoopHarness next = new LoopHarness();
        next.apply(next.loop.setBudget(T0, S1, new FlowBudget(1000, 200, HEAVY_BPS)));
        List<RuleSpec> theirs = next.apply(next.loop.samples(T0, S1, List.of(sample(TCP1, 200)))).rulesToAdd();
        assertEquals(mine, theirs, "same keys, matches, priorities and ports");
        assertEquals(2, mine.size());
        assertTrue(mine.get(0).key() != mine.get(1).key(), "UDP has its own");
    }

    @Test
    void aggregatesAloneGetTheWholeBudgetBackAfterSixteenQuietPeriods() {
        FiveTuple tcp3 = tuple("tcp-10.0.0.1-40500-10.0.0.3-80");
        FiveTuple udp3 = tuple("udp-10.0.0.1-40501-10.0.0.3-53");
        samples(sample(TCP1, 200), sample(UDP1, 200), sample(tcp3, 200));
        RuleSpec udpTo4 = h.rule(aggregateOf(UDP1), RuleSpec.Role.AGGREGATE);
        h.apply(h.loop.ruleRefused(h.now, udpTo4.key(), "OFPFMFC_TABLE_FULL"));
        assertEquals(3, h.period().facilities().get(S1).ruleCap(), "capped at what the switch took");
        h.at(T0 + 17 * PERIOD);
        samples(sample(UDP1, 200), sample(udp3, 200));
        assertEquals(4, rulesOf(RuleSpec.Role.AGGREGATE),
                "quiet for 16 periods: the budget is back for aggregates too");
    }

    /** The 5-tuple an aggregate rule for a flow's protocol and destination carries. */
    private static FiveTuple aggregateOf(FiveTuple t) {
        return RuleSpec.aggregate(1, S1, t.protocol(), AddressPrefix.of(t.dst()), ONWARD, 1, 1).flow();
    }
}
