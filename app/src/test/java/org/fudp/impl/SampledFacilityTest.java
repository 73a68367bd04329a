// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.sampling.PacketSample;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.IpPrefix;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.FlowRule;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.fudp.impl.HostFixture.S1;
import static org.fudp.impl.HostFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 27, part 3: a sampled facility in ONOS. Its samples come in through the host; the aggregate
 * and the heavy flow's rules go out through ONOS's {@code FlowRuleService}, within the budget, and a
 * full table refuses them as ONOS 2.7 reports it ({@link OnosFlowRulesDouble}).
 */
class SampledFacilityTest {

    private final OnosFlowRulesDouble onos = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
    private final HostFixture f = new HostFixture(onos);

    SampledFacilityTest() {
        f.host.setBudgets(Map.of(S1, new FlowBudget(100, 200, 1_000_000)));
    }

    private static PacketSample sample(FiveTuple t) {
        try {
            return new PacketSample(InetAddress.getByName("192.0.2.9"), 0, 1, 0, 1, 64, 6400, 0, 1, 2, 1500, 0, t, 0,
                    0x10);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private List<FlowRule> aggregates() {
        return onos.rules().stream().filter(r -> r.selector().criteria().size() == 3).collect(Collectors.toList());
    }

    @Test
    void aSampledMouseCostsAnAggregateAndAHeavyFlowItsOwnRules() {
        FiveTuple mouse = FlowIds.parse("m", "tcp-10.0.0.1-40001-10.0.0.4-80");
        f.host.samples(S1, List.of(sample(mouse)));
        assertEquals(2, onos.rules().size(), "a mouse: only its destination's aggregates, one per protocol");
        FlowRule agg = aggregates().stream().filter(r -> r.selector().toString().contains("IP_PROTO:6")).findFirst()
                .orElseThrow();
        assertEquals(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV4)
                .matchIPDst(IpPrefix.valueOf("10.0.0.4/32")).matchIPProtocol(IPv4.PROTOCOL_TCP).build(),
                agg.selector(), "one protocol to one destination");
        assertEquals(LoopSettings.defaults().flowPriority() - 1, agg.priority(), "just below the per-flow rules");
        FiveTuple heavy = FlowIds.parse("h", "tcp-10.0.0.2-40002-10.0.0.4-5201");
        f.host.samples(S1, List.of(sample(heavy), sample(heavy), sample(heavy)));
        assertEquals(3, onos.rules().size(), "the heavy flow's own rule (no closing rules in ONOS)");
        FacilityState s = state(T0 + 1000);
        assertEquals(3, s.rulesInUse(), "the aggregates count in the budget");
        assertEquals(1, s.flows());
    }

    @Test
    void aRefusedAggregateIsWithdrawnAndNotSentAgain() {
        onos.tableLimit = 0;
        f.host.samples(S1, List.of(sample(FlowIds.parse("m", "tcp-10.0.0.1-40001-10.0.0.4-80"))));
        f.clock.set(T0 + 100);
        onos.advance(T0 + 100, -1);
        assertEquals(2, onos.refusedSends, "both protocols' aggregates");
        onos.advance(T0 + 10_000, -1);
        assertEquals(2, onos.refusedSends, "withdrawn, not re-sent at the polls");
        f.host.samples(S1, List.of(sample(FlowIds.parse("m", "tcp-10.0.0.1-40002-10.0.0.4-80"))));
        onos.advance(T0 + 10_100, -1);
        assertEquals(2, onos.refusedSends, "learning pauses after a refusal");
        assertEquals(2, state(T0 + 10_100).refusals());
    }

    // ---------------------------------------------------------------- issue 32: the flood first, a restart

    private static final long PERIOD = 5_000;
    private static final FiveTuple FLOOD = FlowIds.parse("u", "udp-10.0.0.3-40003-10.0.0.4-5203");
    private static final FiveTuple STARVED = FlowIds.parse("t", "tcp-10.0.0.2-40002-10.0.0.4-5202");

    /** A metered, sampled facility on ONOS's services as ONOS 2.7 runs them. */
    private static HostFixture meteredSampled(OnosFlowRulesDouble rules, OnosMetersDouble meters) {
        HostFixture h = new HostFixture(org.fudp.loop.api.settings.Facility.metered(S1.toString()), rules, meters);
        h.host.setBudgets(Map.of(S1, new FlowBudget(100, 200, 1_000_000)));
        return h;
    }

    /** The switch samples the flood three times and the starved connection once: its order is the samples'. */
    private static void sampleFloodAndStarved(HostFixture h, boolean floodFirst) {
        List<PacketSample> flood = List.of(sample(FLOOD), sample(FLOOD), sample(FLOOD));
        if (floodFirst) {
            h.host.samples(S1, flood);
        }
        h.host.samples(S1, List.of(sample(STARVED)));
        if (!floodFirst) {
            h.host.samples(S1, flood);
        }
    }

    /**
     * The flood at 30 Mbit/s through its own rule; with the starved connection, its SYNs and retransmissions,
     * 5 kbit/s, through the TCP aggregate.
     */
    private static void traffic(OnosFlowRulesDouble rules, boolean starved) {
        for (FlowRule r : rules.rules()) {
            boolean aggregate = r.selector().criteria().size() == 3;
            boolean tcp = r.selector().criteria().stream().anyMatch(c -> c.toString().contains("IP_PROTO:6"));
            rules.rate(r, aggregate ? (tcp && starved ? 5_000 : 0) : 30_000_000);
        }
    }

    private static void to(HostFixture h, OnosFlowRulesDouble rules, OnosMetersDouble meters, long t) {
        rules.advance(t, -1);
        h.clock.set(t);
        meters.poll(S1, t);
    }

    private static long floodLimit(HostFixture h) {
        return h.store.getAllocations().stream().filter(a -> a.flow().equals(FLOOD))
                .mapToLong(org.fudp.loop.api.records.AllocationState::toldBps).findFirst().orElse(-1);
    }

    @Test
    void aTcpFlowStarvedBeforeItWasEverSeenCountsByItsAggregateAndTheFloodIsMetered() {
        OnosFlowRulesDouble rules = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
        OnosMetersDouble meters = new OnosMetersDouble();
        meters.features(S1, 64);
        HostFixture h = meteredSampled(rules, meters);
        h.host.samples(S1, List.of(sample(FLOOD), sample(FLOOD), sample(FLOOD)));
        traffic(rules, false);
        to(h, rules, meters, T0 + PERIOD);
        h.host.period();
        assertEquals(-1, floodLimit(h), "the flood alone: nothing to be friendly to");

        // The starved connection is never sampled: only its aggregate's counter moves.
        traffic(rules, true);
        to(h, rules, meters, T0 + 2 * PERIOD);
        h.host.period();
        assertEquals(5_000_000, floodLimit(h), 100_000, "half the link: the starved TCP counts as one flow");
        org.fudp.loop.api.records.CorrelationFlowSet set = h.store.getCfs("set1").orElseThrow();
        assertEquals(1, set.lightTcpFlows());
        assertEquals("light TCP as 1 flow: aggregate counters, starved", set.tcpEvidence());
        assertEquals(3, rules.rules().size(), "the flood's rule and its prefix's two aggregates: none for the starved "
                + "connection");
        to(h, rules, meters, T0 + 2 * PERIOD + 1_000);
        assertEquals(1, meters.getMeters(S1).size(), "the flood's meter is on the switch");
    }

    /**
     * A single instance restarts under the flood: every flow is new to it, found in whatever order the
     * switch samples them, and the flood is limited again within two periods.
     */
    @Test
    void afterARestartTheFloodIsLimitedAgainWhicheverFlowIsSampledFirst() {
        for (boolean floodFirst : new boolean[] {true, false}) {
            OnosFlowRulesDouble rules = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
            OnosMetersDouble meters = new OnosMetersDouble();
            meters.features(S1, 64);
            HostFixture before = meteredSampled(rules, meters);
            sampleFloodAndStarved(before, true);
            traffic(rules, true);
            to(before, rules, meters, T0 + PERIOD);
            before.host.period();
            to(before, rules, meters, T0 + 2 * PERIOD);
            before.host.period();
            assertEquals(5_000_000, floodLimit(before), 100_000);

            rules.restartCluster();
            HostFixture after = meteredSampled(rules, meters);
            long t = T0 + 3 * PERIOD;
            to(after, rules, meters, t - 2_000);
            sampleFloodAndStarved(after, floodFirst);
            traffic(rules, true);
            to(after, rules, meters, t);
            after.host.period();
            to(after, rules, meters, t + PERIOD);
            after.host.period();
            assertEquals(5_000_000, floodLimit(after), 100_000, "flood sampled first: " + floodFirst);
            assertEquals("light TCP as 1 flow: aggregate counters, starved",
                    after.store.getCfs("set1").orElseThrow().tcpEvidence());
        }
    }

    private FacilityState state(long atMs) {
        f.clock.set(atMs);
        f.host.period();
        return f.store.getFacilityState(S1).orElseThrow();
    }
}
