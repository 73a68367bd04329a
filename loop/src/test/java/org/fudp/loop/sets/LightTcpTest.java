// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.loop.LoopHarness;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.flow.Membership;
import org.fudp.loop.sampling.PacketSample;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.fudp.loop.LoopHarness.CAPACITY;
import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.H2;
import static org.fudp.loop.LoopHarness.PERIOD;
import static org.fudp.loop.LoopHarness.S1;
import static org.fudp.loop.LoopHarness.SET1;
import static org.fudp.loop.LoopHarness.T0;
import static org.fudp.loop.LoopHarness.TCP1;
import static org.fudp.loop.LoopHarness.TCP2;
import static org.fudp.loop.LoopHarness.UDP1;
import static org.fudp.loop.LoopHarness.address;
import static org.fudp.loop.LoopHarness.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 32: TCP that arrives into a bottleneck a UDP flood already fills never reaches the join rate nor the
 * heavy rate. A live ONOS showed its set without TCP, {@code NO_TCP}, every limit released and TCP at 0 for
 * good. Its light TCP counts ({@link LightTcp}): the flood is limited, and the TCP that recovers joins as a
 * flow of its own.
 */
class LightTcpTest {

    private static final long HEAVY_BPS = 1_000_000;
    private static final double FLOOD = 50_000_000;

    private LoopHarness h = new LoopHarness();

    /** One period: UDP1 offered and delivered at these rates (when it has rules), TCP flows as given. */
    private Actions period(long atMs, double udpIn, double udpBack, Map<FiveTuple, Double> tcp) {
        h.at(atMs);
        tcp.forEach((t, bps) -> {
            if (h.rule(t, RuleSpec.Role.DIRECT) != null) {
                h.flow(t, RuleSpec.Role.DIRECT, bps);
            } else {
                // No rule of its own: what it sends goes through its destination's TCP aggregate.
                RuleSpec agg = h.rules.values().stream().filter(r -> r.isAggregate()
                        && r.flow().protocol() == FiveTuple.TCP && r.dstPrefix().contains(t.dst())).findFirst()
                        .orElseThrow();
                h.flow(agg.flow(), RuleSpec.Role.AGGREGATE, bps);
            }
        });
        if (h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR) != null) {
            h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, udpIn);
            h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, udpBack);
        }
        return h.period();
    }

    private DecisionRecord lastDecision() {
        List<DecisionRecord> d = h.decisions(SET1);
        return d.get(d.size() - 1);
    }

    /** The last decision's reason, without its sentence. */
    private String lastReason() {
        return lastDecision().reason().split(":")[0];
    }

    private long lastLimit() {
        List<ControlMessage> m = h.newMessages();
        assertFalse(m.isEmpty(), "a limit was sent");
        ControlMessage last = m.get(m.size() - 1);
        h.ack(last);
        return LoopHarness.limits(last).get(UDP1);
    }

    /** The flood alone for a period, the agent up: nothing to be friendly to. */
    private long floodAlone() {
        if (h.loop.settings().dryRun()) {
            h.heartbeat();
        } else {
            h.agentUp();
        }
        h.packetIn(UDP1, H1);
        long t = T0 + PERIOD;
        period(t, FLOOD, FLOOD, Map.of());
        assertEquals("NO_TCP", lastReason());
        return t;
    }

    /** The flood alone, then TCP connections arrive into it and send at these rates for a period. */
    private long arriveIntoTheFlood(Map<FiveTuple, Double> tcp) {
        long t = floodAlone();
        h.at(t + 100);
        tcp.keySet().forEach(c -> h.packetIn(c, c.src().equals(address("10.0.0.2")) ? H2 : H1));
        t += PERIOD;
        period(t, FLOOD, FLOOD, tcp);
        return t;
    }

    @Test
    void aTcpFlowThatArrivesIntoAFloodCountsAndGetsItsShareOnceItRecovers() {
        long t = arriveIntoTheFlood(Map.of(TCP1, 2_000.0));
        DecisionRecord d = lastDecision();
        assertNotEquals("NO_TCP", d.reason().split(":")[0], "the arrival counts: " + d);
        assertEquals(1, d.tcpCount());
        assertEquals(CAPACITY / 2, lastLimit(), 50_000, "UDP gets its share of the link beside one TCP flow");
        CorrelationFlowSet set = h.cfs(SET1);
        assertEquals(1, set.lightTcpFlows());
        assertEquals(Set.of(), set.tcpFlows(), "no member by its own rules yet");
        assertEquals("light TCP as 1 flow: 1 connection below the join rate, starved", set.tcpEvidence());
        assertEquals("TCP, light: counted with its set's light TCP, which UDP floods", lastFlow(TCP1).rateReason());
        assertTrue(set.jainIndex() < 0.6, "TCP at nothing beside UDP is not fair: " + set.jainIndex());

        // Given room, it grows past the join rate and joins on its own; nothing light is left.
        t += PERIOD;
        period(t, FLOOD, 5_000_000, Map.of(TCP1, 4_800_000.0));
        CorrelationFlowSet joined = h.cfs(SET1);
        assertEquals(Set.of(TCP1), joined.tcpFlows());
        assertEquals(0, joined.lightTcpFlows());
        assertEquals("1 flow by its rules", joined.tcpEvidence());
        assertEquals(CfsState.FAIR, joined.state(), joined.toString());
        assertEquals("TCP: never limited", lastFlow(TCP1).rateReason());
    }

    @Test
    void lightConnectionsCountAsOneFlowTogetherUntilEachJoinsOnItsOwn() {
        long t = arriveIntoTheFlood(Map.of(TCP1, 2_000.0, TCP2, 0.0));
        assertEquals(1, lastDecision().tcpCount(), "how many starved connections share it is not known yet");
        assertEquals(CAPACITY / 2, lastLimit(), 50_000);
        assertTrue(h.cfs(SET1).tcpEvidence().contains("2 connections below the join rate"), h.cfs(SET1).tcpEvidence());
        t += PERIOD;
        period(t, FLOOD, 5_000_000, Map.of(TCP1, 2_400_000.0, TCP2, 2_400_000.0));
        DecisionRecord d = lastDecision();
        assertEquals(2, d.tcpCount(), "both joined");
        assertEquals(d.availableBps() / 3, lastLimit(), 1_000, "UDP gets a third beside two TCP flows");
        assertEquals(0, h.cfs(SET1).lightTcpFlows());
    }

    /**
     * What a light connection that is no starved transfer can do (the flood's own signalling connection,
     * an idle session): hold UDP to a fair share beside one flow, and only while its silence fits a
     * retransmission backoff.
     */
    @Test
    void aLightConnectionThatFallsSilentHoldsUdpToOneShareOnlyForABackoff() {
        long t = arriveIntoTheFlood(Map.of(TCP1, 800.0));
        long held = lastLimit();
        assertEquals(CAPACITY / 2, held, 50_000, "never below a fair share");
        long start = t;
        while (!"NO_TCP".equals(lastReason()) && t - start < Membership.STARVED_HOLD_MS) {
            t += PERIOD;
            period(t, FLOOD, 5_000_000, Map.of(TCP1, 0.0));
        }
        assertEquals("NO_TCP", lastReason(), "released once its silence outgrew any backoff");
        assertTrue(t - start <= 60_000, "held " + (t - start) + " ms");
        assertTrue(t - start >= 3 * PERIOD, "held while a backoff could explain it: " + (t - start) + " ms");
    }

    @Test
    void theAcknowledgementsOfAConnectionWhoseDataGoesTheOtherWayAreNoLightTcp() {
        // 10.0.0.4 sends to 10.0.0.1 at 3 Mbit/s; its ACKs go into set1, beside the flood, a trickle.
        FiveTuple data = tuple("tcp-10.0.0.4-5201-10.0.0.1-40001");
        long t = floodAlone();
        h.at(t + 100);
        h.packetIn(data, LoopHarness.ONWARD);
        h.packetIn(TCP1, H1);
        t += PERIOD;
        period(t, FLOOD, FLOOD, Map.of(TCP1, 40_000.0, data, 3_000_000.0));
        assertEquals("NO_TCP", lastReason(), "acknowledgements are no TCP to protect: " + h.cfs(SET1));
    }

    @Test
    void aDryRunSetWhoseTcpIsStarvedBehindAFloodIsNeverShownFair() {
        h = new LoopHarness(LoopSettings.builder().dryRun(true).build());
        long t = floodAlone();
        h.at(t + 100);
        h.packetIn(TCP1, H1);
        for (int k = 0; k < 3; k++) {
            t += PERIOD;
            h.at(t - 1);
            h.heartbeat();
            period(t, FLOOD, FLOOD, Map.of(TCP1, 0.0));
            CorrelationFlowSet s = h.cfs(SET1);
            assertNotEquals(CfsState.FAIR, s.state(), s.toString());
            assertTrue(s.stateReason().startsWith("dry run: no limit is enforced; the set's TCP is starved behind UDP"),
                    s.stateReason());
        }
    }

    // ---------------------------------------------------------------- sampled facilities

    private void sampled() {
        h.apply(h.loop.setBudget(T0, S1, new FlowBudget(1000, 200, HEAVY_BPS)));
    }

    private static PacketSample sample(FiveTuple t, int frameLength) {
        return new PacketSample(address("127.0.0.1"), 0, 1, 0, 1, 64, 1000, 0, 1, 2, frameLength, 0, t, 0,
                t.protocol() == FiveTuple.TCP ? 0x10 : 0);
    }

    private void samples(PacketSample... s) {
        h.apply(h.loop.samples(h.now, S1, List.of(s)));
    }

    /** The flood found heavy and alone for a period; TCP to its destination counted only by the aggregate. */
    private long sampledFloodAlone(FiveTuple tcpAggregateOf) {
        sampled();
        h.agentUp();
        samples(sample(UDP1, 1500), sample(UDP1, 1500), sample(UDP1, 1500));
        assertNotNull(h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR), "the flood is heavy");
        samples(sample(tcpAggregateOf, 200));
        long t = T0 + PERIOD;
        period(t, FLOOD, FLOOD, Map.of(tcpAggregateOf, 0.0));
        assertEquals("NO_TCP", lastReason());
        return t;
    }

    @Test
    void aSampledSetWhoseTcpAggregateMovesUnderAFloodCountsThatTcp() {
        FiveTuple starved = tuple("tcp-10.0.0.2-40100-10.0.0.4-5201");
        long t = sampledFloodAlone(starved);
        t += PERIOD;
        // SYNs and retransmissions of a starved connection: a few packets through the aggregate.
        period(t, FLOOD, FLOOD, Map.of(starved, 3_000.0));
        DecisionRecord d = lastDecision();
        assertEquals(1, d.tcpCount(), d.toString());
        assertEquals(CAPACITY / 2, lastLimit(), 50_000);
        assertEquals("light TCP as 1 flow: aggregate counters, starved", h.cfs(SET1).tcpEvidence());
        assertNotEquals(CfsState.FAIR, h.cfs(SET1).state());
        assertTrue(h.rules.values().stream().noneMatch(r -> !r.isAggregate() && r.flow().equals(starved)),
                "no rule of its own: the budget is not spent on starved TCP");
    }

    /**
     * Connections sampled steadily count one flow each, as far as the aggregates' counters back them with
     * the join rate each: samples alone (forged, or of a trickle) buy no share.
     */
    @Test
    void connectionsInSamplesCountAsFlowsAsFarAsTheCountersBackThem() {
        FiveTuple first = tuple("tcp-10.0.0.2-40200-10.0.0.4-5201");
        long t = sampledFloodAlone(first);
        List<FiveTuple> seen = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            seen.add(tuple("tcp-10.0.0.2-" + (40200 + i) + "-10.0.0.4-5201"));
        }
        // Three samples of each, over 3 s: never three within one of HeavyFlows' 2 s windows, so none is heavy.
        t += PERIOD;
        for (long before : new long[] {4_000, 2_500, 1_000}) {
            h.at(t - before);
            seen.forEach(c -> samples(sample(c, 1500)));
        }
        // Ten connections in the samples, but the aggregate carries 150 kbit/s: one join rate's worth.
        period(t, FLOOD, FLOOD, Map.of(first, 150_000.0));
        assertEquals(1, lastDecision().tcpCount(), lastDecision().toString());
        assertEquals(CAPACITY / 2, lastLimit(), 50_000, "at most a fair share beside one flow");

        // Three of them keep sending, and the aggregate fills what UDP left: once the next window has ended,
        // three flows.
        long windowStart = t;
        for (long at : new long[] {1_000, 2_500, 4_000}) {
            h.at(windowStart + at);
            seen.subList(0, 3).forEach(c -> samples(sample(c, 1500)));
        }
        t += PERIOD;
        period(t, FLOOD, 5_000_000, Map.of(first, 4_900_000.0));
        t += PERIOD;
        period(t, FLOOD, 5_000_000, Map.of(first, 4_900_000.0));
        DecisionRecord d = lastDecision();
        assertEquals(3, d.tcpCount(), d.toString());
        assertEquals(d.availableBps() / 4, lastLimit(), 1_000, "a quarter each beside three TCP flows");
        assertEquals("light TCP as 3 flows: aggregate counters, 3 connections in samples", h.cfs(SET1).tcpEvidence());
    }

    /** A set taken over whose UDP was held for light TCP keeps its limit: the TCP is not taken for gone. */
    @Test
    void theInstanceThatTakesOverASetHeldForLightTcpKeepsItsLimit() {
        FiveTuple starved = tuple("tcp-10.0.0.2-40300-10.0.0.4-5201");
        long t = sampledFloodAlone(starved);
        t += PERIOD;
        period(t, FLOOD, FLOOD, Map.of(starved, 3_000.0));
        long limit = lastLimit();
        FacilityCheckpoint cp = h.loop.checkpoint(S1).orElseThrow();
        h.apply(h.loop.handOver(h.now, S1));

        LoopHarness next = new LoopHarness(LoopSettings.builder().senderId(0x4655_4450_0000_000BL).build(),
                T0 + 60_000, h.onSwitch, List.of());
        next.apply(next.loop.setBudget(T0, S1, new FlowBudget(1000, 200, HEAVY_BPS)));
        next.at(t + 1_000);
        next.apply(next.loop.adopt(next.now, LoopHarness.FACILITY, cp));
        next.at(t + PERIOD);
        next.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, FLOOD);
        next.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, limit);
        next.period();
        List<DecisionRecord> ds = next.decisions(SET1);
        DecisionRecord d = ds.get(ds.size() - 1);
        assertNotEquals("NO_TCP", d.reason().split(":")[0], "the light TCP of the set held before: " + d);
        assertEquals(limit, d.allocations().get(UDP1), 50_000);
    }

    private FlowRecord lastFlow(FiveTuple t) {
        FlowRecord v = null;
        for (Actions a : h.history) {
            v = a.flows().getOrDefault(t, v);
        }
        return v;
    }
}
