// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.network.BottleneckTable;
import org.fudp.loop.enforce.BurstPolicy;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.commands.Notice;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.loop.flow.Membership;
import org.fudp.algorithm.CfsController;
import org.fudp.algorithm.CfsInput;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FlowSample;
import org.fudp.protocol.Hex;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.MessageType;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.fudp.loop.LoopHarness.ADJUSTOR;
import static org.fudp.loop.LoopHarness.BACK;
import static org.fudp.loop.LoopHarness.CAPACITY;
import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.H2;
import static org.fudp.loop.LoopHarness.ONWARD;
import static org.fudp.loop.LoopHarness.PERIOD;
import static org.fudp.loop.LoopHarness.S1;
import static org.fudp.loop.LoopHarness.SET1;
import static org.fudp.loop.LoopHarness.T0;
import static org.fudp.loop.LoopHarness.TCP1;
import static org.fudp.loop.LoopHarness.TCP2;
import static org.fudp.loop.LoopHarness.UDP1;
import static org.fudp.loop.LoopHarness.tuple;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loop driven event by event, as a host drives it: packet-ins, counters, agent frames and
 * the time in; rules, frames and views out.
 */
class FudpLoopTest {

    private final LoopHarness h = new LoopHarness();

    /** Starts TCP1 and UDP1 and runs one period in which UDP floods the 10 Mbit/s link. */
    private static Actions udpFlood(LoopHarness x) {
        x.packetIn(TCP1, H1);
        x.packetIn(UDP1, H1);
        x.at(T0 + PERIOD);
        x.flow(TCP1, RuleSpec.Role.DIRECT, 1_000_000);
        x.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        x.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, 9_000_000);
        return x.period();
    }

    /** The agent up, and {@link #udpFlood}: the one snapshot that limits UDP. */
    private ControlMessage udpFloodGetsLimited() {
        h.agentUp();
        udpFlood(h);
        List<ControlMessage> sent = h.newMessages();
        assertEquals(1, sent.size(), "one snapshot for the new limit");
        return sent.get(0);
    }

    // ------------------------------------------------------------------ FIC, passive

    @Test
    void newFlowsGetTheirRulesAndTheirFirstPacketGoesWhereTheFlowGoes() {
        h.agentUp();
        Actions tcp = h.packetIn(TCP1, H1);
        Actions udp = h.packetIn(UDP1, H1);

        RuleSpec direct = h.rule(TCP1, RuleSpec.Role.DIRECT);
        RuleSpec in = h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR);
        RuleSpec back = h.rule(UDP1, RuleSpec.Role.FROM_ADJUSTOR);
        assertEquals(List.of(direct), tcp.rulesToAdd());
        assertEquals(List.of(in, back), udp.rulesToAdd());
        assertEquals(ONWARD, direct.outPort());
        assertEquals(RuleSpec.ANY_PORT, direct.inPort());
        assertEquals(ADJUSTOR, in.outPort());
        assertEquals(BACK, back.inPort());
        assertEquals(ONWARD, back.outPort());
        assertEquals(40000, in.priority());
        assertEquals(40001, back.priority(), "the way back wins over the way in for returning packets");
        assertEquals(10, in.idleTimeoutS());
        assertEquals(ONWARD, tcp.forwardPort());
        assertEquals(ONWARD, udp.forwardPort(), "straight on: the rule back from the adjustor may not be there yet");
        assertTrue(udp.flows().containsKey(UDP1));

        Actions again = h.packetIn(UDP1, H1);
        assertTrue(again.rulesToAdd().isEmpty(), "a known flow's next packet installs nothing");
        assertEquals(ONWARD, again.forwardPort());
    }

    @Test
    void packetsTheLoopCannotPlaceAreLeftToOthers() {
        assertEquals(Actions.NO_PORT, h.packetIn(tuple("udp-10.0.0.1-1-10.9.9.9-2"), H1).forwardPort());
        assertEquals(Actions.NO_PORT, h.packetIn(UDP1, ADJUSTOR).forwardPort(), "our own, on its way to the adjustor");
        assertEquals(Actions.NO_PORT, h.packetIn(tuple("udp-10.0.0.4-1-10.0.0.4-2"), ONWARD).forwardPort(),
                "the onward port is where it came from");
        Actions elsewhere = h.loop.packetIn(T0, new PacketIn("of:9", H1, UDP1, PacketIn.NO_MAC, false));
        assertEquals(Actions.NO_PORT, elsewhere.forwardPort());
        assertTrue(h.rules.isEmpty());
    }

    @Test
    void shapedPacketsBackFromTheAdjustorGoOnBeforeTheReturnRuleIsInPlace() {
        h.packetIn(UDP1, H1);
        assertEquals(ONWARD, h.packetIn(UDP1, BACK).forwardPort());
        assertEquals(2, h.rules.size(), "learns nothing from the return port");
    }

    @Test
    void udpOfNoSetGoesStraightOnAndIsNeverLimited() {
        FiveTuple toH2 = tuple("udp-10.0.0.1-7-10.0.0.2-9");
        Actions a = h.packetIn(toH2, H1);
        assertEquals(RuleSpec.Role.DIRECT, a.rulesToAdd().get(0).role());
        assertEquals(H2, a.forwardPort());
    }

    @Test
    void ipv6FlowsAreLearntLikeIpv4() {
        FiveTuple v6 = tuple("udp-2001:db8::1-5001-2001:db8::4-5201");
        h.network.ports.put(LoopHarness.address("2001:db8::4"), ONWARD);
        h.network.bottlenecks = new BottleneckTable(List.of(new BottleneckTable.Entry("v6", CAPACITY, null, null,
                List.of(AddressPrefix.parse("t", "2001:db8::/64")))));
        Actions a = h.packetIn(v6, H1);
        assertEquals(2, a.rulesToAdd().size());
        assertEquals(v6, a.rulesToAdd().get(0).flow());
        assertEquals("udp-2001:db8::1-5001-2001:db8::4-5201", v6.toString(), "the one flow id format");
    }

    // ------------------------------------------------------------------ the closed loop

    /**
     * The paper's Set 1 at one tenth scale: TCP H1-H4, TCP H2-H4 and a 50 Mbit/s UDP H1-H4 share
     * the 10 Mbit/s R2-H4 link. Counters rise period by period; every snapshot is decoded as the
     * agent would and must carry exactly what the algorithm core decides for the same rates.
     */
    @Test
    void set1ClosedLoop() {
        h.agentUp();
        h.packetIn(TCP1, H1);
        h.packetIn(TCP2, H2);
        h.packetIn(UDP1, H1);
        CfsController reference = new CfsController(SET1, h.loop.settings().fudpa());
        long told = Long.MAX_VALUE;
        int snapshots = 0;
        for (int k = 1; k <= 8; k++) {
            long before = h.now;
            h.at(T0 + k * PERIOD);
            double seconds = (h.now - before) / 1000.0;
            long demand = k < 6 ? 50_000_000L : 2_000_000L;
            long udpThr = k == 1 ? 8_000_000L : Math.min(demand, told);
            long tcpEach = (CAPACITY - udpThr) / 2;
            h.flow(TCP1, RuleSpec.Role.DIRECT, tcpEach);
            h.flow(TCP2, RuleSpec.Role.DIRECT, tcpEach);
            h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, demand);
            h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, udpThr);
            h.period();

            Decision expected = reference.step(CfsInput.of(SET1, (double) CAPACITY, List.of(
                    FlowSample.tcp(TCP1.toString(), rate(tcpEach, seconds)),
                    FlowSample.tcp(TCP2.toString(), rate(tcpEach, seconds)),
                    FlowSample.udp(UDP1.toString(), rate(udpThr, seconds), rate(demand, seconds)))));
            Map<FiveTuple, Long> expectedLimits = new LinkedHashMap<>();
            expected.allocations().asMap().forEach((id, bps) -> expectedLimits.put(UDP1, Math.max(1, Math.round(bps))));

            List<ControlMessage> sent = h.newMessages();
            long nowTold = expectedLimits.getOrDefault(UDP1, Long.MAX_VALUE);
            if (nowTold != told) {
                assertEquals(1, sent.size(), "period " + k + ": one snapshot for a changed allocation");
                assertEquals(expectedLimits, LoopHarness.limits(sent.get(0)), "period " + k);
                assertEquals(BurstPolicy.burstBytes(nowTold), sent.get(0).entries().get(0).burstBytes());
                assertEquals(CfsState.ADJUSTING, h.cfs(SET1).state());
                Actions acked = h.ack(sent.get(0));
                assertTrue(acked.allocations().get(UDP1).acknowledged());
                assertEquals(CfsState.ADJUSTING, h.cfs(SET1).state(), "changed this period, acknowledged or not");
                snapshots++;
                told = nowTold;
            } else {
                assertTrue(sent.isEmpty(), "period " + k + ": nothing to send when nothing changed: " + sent);
                assertEquals(CfsState.FAIR, h.cfs(SET1).state(), "period " + k);
            }
            DecisionRecord rec = last(h.decisions(SET1));
            assertEquals(expected.fair(), !rec.reallocated());
            assertEquals(expected.inBand(), rec.inBand());
            assertEquals(Math.round(expected.predictedTcpBps()), rec.predictedTcpBps());
            assertEquals(expectedLimits, rec.allocations());
            h.heartbeat();
        }
        // Limited once; when its demand falls to 2, below its share, the set settles (BELOW_SHARE) and the
        // limit stays where it was instead of following the demand down (docs/algorithm.md, "Settling").
        assertEquals(1, snapshots, "the run should limit UDP once");
        assertTrue(last(h.decisions(SET1)).reason().startsWith("BELOW_SHARE: "));
        CorrelationFlowSet set1 = h.cfs(SET1);
        assertEquals(CfsKind.CONFIGURED, set1.kind());
        assertEquals(CAPACITY, set1.capacityBps());
        assertEquals(Set.of(TCP1, TCP2), set1.tcpFlows());
        assertEquals(Set.of(UDP1), set1.udpFlows());
        assertTrue(set1.jainIndex() > 0.9, "Jain " + set1.jainIndex());
        assertEquals(8, h.loop.periods());
    }

    private static double rate(long bps, double seconds) {
        // what the estimator sees: whole bytes over the interval
        return Math.round(bps * seconds / 8) * 8 / seconds;
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }

    // ------------------------------------------------------------------ membership

    @Test
    void trickleFlowsDoNotJoinTheirSet() {
        FiveTuple control = tuple("tcp-10.0.0.1-40000-10.0.0.4-5201");
        h.packetIn(TCP1, H1);
        h.packetIn(control, H1);
        h.at(T0 + PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 3_000_000);
        h.flow(control, RuleSpec.Role.DIRECT, 8_000);
        Actions a = h.period();
        // iperf3's control connection carries a few hundred bytes: counting it would halve the
        // TCP average the band is built on
        assertEquals(Set.of(TCP1), h.cfs(SET1).tcpFlows());
        assertEquals("", a.flows().get(control).cfsId());
        assertEquals(SET1, a.flows().get(TCP1).cfsId());
    }

    /** Issue 16: a traffic class of weight 2 gets two TCP shares; an exempt class is never limited. */
    @Test
    void aFlowGetsThePolicyOfTheFirstClassThatMatchesIt() {
        h.loop.setClasses(List.of(
                new TrafficClass(null, null, 17, null, new int[] {5203, 5203}, null,
                        org.fudp.algorithm.FlowPolicy.of("video", 2, 0, Double.POSITIVE_INFINITY, false)),
                new TrafficClass(null, null, TrafficClass.ANY_PROTOCOL, null, null, null,
                        org.fudp.algorithm.FlowPolicy.of("rest", 1, 0, Double.POSITIVE_INFINITY, true))));
        h.agentUp();
        h.packetIn(TCP1, H1);
        h.packetIn(TCP2, H2);
        h.packetIn(UDP1, H1);
        h.at(T0 + PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 1_000_000);
        h.flow(TCP2, RuleSpec.Role.DIRECT, 1_000_000);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, 8_000_000);
        Actions a = h.period();
        // BW 10 Mbit/s: each TCP flow L, the video flow 2L: L = 2.5, video 5.
        assertEquals(Map.of(UDP1, 5_000_000L), last(h.decisions(SET1)).allocations());
        assertEquals("video", a.flows().get(UDP1).className());
        assertEquals("weight 2: 2 TCP shares", a.flows().get(UDP1).rateReason());
        assertEquals("TCP: never limited", a.flows().get(TCP1).rateReason());
        assertEquals("video", TrafficClass.policyOf(h.loop.classes(), UDP1, TrafficClass.NO_DSCP).className());
        assertEquals("rest", TrafficClass.policyOf(h.loop.classes(), TCP1, TrafficClass.NO_DSCP).className(),
                "the catch-all");
    }

    @Test
    void aClassMatchesOnTheDscpOfTheFlowsPackets() {
        TrafficClass ef = new TrafficClass(null, null, 17, null, null, new int[] {46, 34},
                org.fudp.algorithm.FlowPolicy.of("voice", 1, 0, Double.POSITIVE_INFINITY, true));
        assertArrayEquals(new int[] {34, 46}, ef.dscp());
        assertTrue(ef.matches(UDP1, 46));
        assertFalse(ef.matches(UDP1, 0));
        assertFalse(ef.matches(UDP1, TrafficClass.NO_DSCP), "a DSCP it does not know is none it matches");
        assertThrows(IllegalArgumentException.class, () -> new TrafficClass(null, null, 17, null, null,
                new int[] {64}, org.fudp.algorithm.FlowPolicy.NONE));
        h.loop.setClasses(List.of(ef));
        // Its first packet unmarked: its rules match DSCP 0, so a marked packet misses them.
        h.apply(h.loop.packetIn(h.now, new PacketIn(S1, H1, UDP1, PacketIn.NO_MAC, false, 0)));
        assertEquals(0, h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR).dscp());
        assertEquals(0, h.rule(UDP1, RuleSpec.Role.FROM_ADJUSTOR).dscp());
        // The marked packet comes to the controller: the flow is learnt again, its rules now for any DSCP.
        Actions again = h.apply(h.loop.packetIn(h.now, new PacketIn(S1, H1, UDP1, PacketIn.NO_MAC, false, 46)));
        assertEquals(2, again.rulesToRemove().size());
        assertEquals(ONWARD, again.forwardPort());
        assertEquals(TrafficClass.NO_DSCP, h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR).dscp());
        assertTrue(h.apply(h.loop.packetIn(h.now, new PacketIn(S1, H1, UDP1, PacketIn.NO_MAC, false, 10)))
                .rulesToAdd().isEmpty(), "learnt again once only: a flow that keeps changing is not punted");
        h.packetIn(TCP1, H1);
        h.at(T0 + PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 1_000_000);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, 9_000_000);
        Actions a = h.period();
        assertEquals("voice", a.flows().get(UDP1).className());
        assertEquals(Map.of(), last(h.decisions(SET1)).allocations(), "exempt: never limited");
        // Its class follows it to the instance that takes its facility over.
        assertEquals(46, h.loop.checkpoint(S1).orElseThrow().flows().stream()
                .filter(f -> f.flow().equals(UDP1)).findFirst().orElseThrow().dscp());
    }

    @Test
    void starvedTcpFlowStaysForItsGracePeriodsButAFinTakesItOutAtOnce() {
        h.packetIn(TCP1, H1);
        h.at(T0 + PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 3_000_000);
        h.period();
        // Squeezed: a few retransmissions, then timeouts long enough that whole periods are empty.
        h.at(T0 + 2 * PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 3 * Membership.IDLE_BPS);
        h.period();
        for (int k = 1; k < Membership.TCP_GRACE_PERIODS; k++) {
            h.at(T0 + (k + 2) * PERIOD);
            h.flow(TCP1, RuleSpec.Role.DIRECT, 0);
            h.period();
            assertEquals(Set.of(TCP1), h.cfs(SET1).tcpFlows(), "idle period " + k);
        }
        h.at(T0 + (Membership.TCP_GRACE_PERIODS + 2) * PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 0);
        Actions gone = h.period();
        assertTrue(gone.cfssGone().contains(SET1), "gone after " + Membership.TCP_GRACE_PERIODS + " idle periods");
        assertNull(h.cfs(SET1));
    }

    /**
     * Runs the TCP flows at a rate each and UDP1 as a 30 Mbit/s flood for one period (it gets its
     * limit, the link's share), one period with UDP1 delivering udpThroughput, then a third in which
     * TCP1 stops two seconds in, with a statistics poll at that moment. The agent applies every
     * limit it gets.
     */
    private static void tcp1EndsWithinThePeriod(LoopHarness x, List<FiveTuple> tcp, double rate,
                                                double udpThroughput) {
        x.agentUp();
        tcp.forEach(t -> x.packetIn(t, H1));
        x.packetIn(UDP1, H1);
        for (int k = 1; k <= 2; k++) {
            x.at(T0 + k * PERIOD);
            tcp.forEach(t -> x.flow(t, RuleSpec.Role.DIRECT, rate));
            x.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 30_000_000);
            x.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, k == 1 ? 9_000_000 : udpThroughput);
            x.period();
            x.newMessages().forEach(x::ack);
        }
        x.at(T0 + 2 * PERIOD + 2000);
        x.flow(TCP1, RuleSpec.Role.DIRECT, rate);
        x.poll();
        x.at(T0 + 3 * PERIOD);
        x.flow(TCP1, RuleSpec.Role.DIRECT, 0);
        tcp.stream().filter(t -> !t.equals(TCP1)).forEach(t -> x.flow(t, RuleSpec.Role.DIRECT, 4_000_000));
        x.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 30_000_000);
        x.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, udpThroughput);
        x.period();
    }

    @Test
    void aTcpFlowThatStopsWithinThePeriodOfAFairSetLeavesAndHandsItsShareOver() {
        tcp1EndsWithinThePeriod(h, List.of(TCP1, TCP2), 3_300_000, 3_333_000);
        assertFalse(h.decisions(SET1).get(1).reallocated(), "fair before TCP1 ends: " + h.decisions(SET1).get(1));
        assertEquals(Set.of(TCP2), h.cfs(SET1).tcpFlows(), "seen at the first period after its end");
        DecisionRecord d = last(h.decisions(SET1));
        assertEquals(1, d.tcpCount());
        // TCP2's 4 Mbit/s plus what TCP1 carried in its last 2 s of the period (1.32 Mbit/s) is less
        // than the two held before: TCP2 takes TCP1's share over, and the aggregate stays at 6.6.
        assertEquals(6_600_000, d.measuredTcpBps(), 20_000);
        h.at(T0 + 4 * PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 2_000_000);
        h.flow(TCP2, RuleSpec.Role.DIRECT, 2_000_000);
        h.period();
        assertEquals(Set.of(TCP1, TCP2), h.cfs(SET1).tcpFlows(), "traffic at the join rate brings it back");
    }

    @Test
    void aStoppedTcpFlowNextToAUdpFlowOverItsLimitIsTakenForStarvedAndStays() {
        tcp1EndsWithinThePeriod(h, List.of(TCP1, TCP2), 3_300_000, 6_000_000);
        assertEquals(Set.of(TCP1, TCP2), h.cfs(SET1).tcpFlows(),
                "UDP was not held at its limit: a timeout, not an end");
    }

    @Test
    void theLastTcpFlowOfASetIsNotTakenForEndedBeforeItsPeriodIsIdle() {
        tcp1EndsWithinThePeriod(h, List.of(TCP1), 5_000_000, 5_000_000);
        assertEquals(Set.of(TCP1), h.cfs(SET1).tcpFlows(), "taking it for gone would lift every limit (NO_TCP)");
    }

    /**
     * The lab's starve scenario: the set was fair (no UDP yet), then a UDP flood arrived within the
     * period and starved TCP1 into timeouts while TCP2 still got packets through.
     */
    @Test
    void aTcpFlowStarvedByAUdpFloodThatArrivedWithinThePeriodStays() {
        h.packetIn(TCP1, H1);
        h.packetIn(TCP2, H2);
        h.at(T0 + PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 5_000_000);
        h.flow(TCP2, RuleSpec.Role.DIRECT, 5_000_000);
        h.period();
        h.packetIn(UDP1, H1);
        h.at(T0 + PERIOD + 2000);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 5_000_000);
        h.poll();
        h.at(T0 + 2 * PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 0);
        h.flow(TCP2, RuleSpec.Role.DIRECT, 1_000_000);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 90_000_000);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, 9_000_000);
        h.period();
        assertEquals(Set.of(TCP1, TCP2), h.cfs(SET1).tcpFlows(), "the new UDP flow had no limit yet");
    }

    @Test
    void closingRulesTakeAClosedConnectionOutOfItsSetBothWays() {
        LoopHarness lab = new LoopHarness(LoopSettings.builder().closingRules(true).build());
        Actions a = lab.packetIn(TCP1, H1);
        assertEquals(3, a.rulesToAdd().size());
        RuleSpec fin = lab.rule(TCP1, RuleSpec.Role.CLOSING_FIN);
        assertTrue(fin.copyToController());
        assertEquals(ONWARD, fin.outPort());
        assertEquals(0, fin.idleTimeoutS(), "it would idle out in the middle of a live connection");
        assertNotNull(lab.rule(TCP1, RuleSpec.Role.CLOSING_RST));
        assertEquals(1, lab.packetIn(UDP1, H1).rulesToAdd().stream().filter(r -> r.role() == RuleSpec.Role.TO_ADJUSTOR)
                .count(), "UDP gets no closing rules");
        FiveTuple reverse = tuple("tcp-10.0.0.4-5201-10.0.0.1-40001");
        lab.packetIn(reverse, ONWARD);
        lab.at(T0 + PERIOD);
        lab.flow(TCP1, RuleSpec.Role.DIRECT, 3_000_000);
        lab.flow(reverse, RuleSpec.Role.DIRECT, 200_000);
        lab.period();
        assertEquals(Set.of(TCP1), lab.cfs(SET1).tcpFlows());

        // iperf3's receiver resets the data connection: the RST shows on the reverse direction
        Actions closed = lab.closing(reverse, ONWARD);
        assertEquals(H1, closed.forwardPort());
        lab.at(T0 + 2 * PERIOD);
        lab.flow(TCP1, RuleSpec.Role.DIRECT, 3_000_000);
        Actions after = lab.period();
        assertTrue(after.cfssGone().contains(SET1), "the data direction left with the reset");
        assertEquals("", after.flows().get(TCP1).cfsId());
    }

    @Test
    void closingRulesGoWithTheirFlowsOwnRule() {
        LoopHarness lab = new LoopHarness(LoopSettings.builder().closingRules(true).build());
        lab.packetIn(TCP1, H1);
        RuleSpec direct = lab.rule(TCP1, RuleSpec.Role.DIRECT);
        lab.rules.remove(direct.key());
        Actions a = lab.apply(lab.loop.ruleRemoved(lab.now, direct.key()));
        assertEquals(Set.of(RuleSpec.Role.CLOSING_FIN, RuleSpec.Role.CLOSING_RST),
                a.rulesToRemove().stream().map(RuleSpec::role).collect(java.util.stream.Collectors.toSet()));
        assertTrue(lab.rules.isEmpty());
    }

    @Test
    void flowIsForgottenWhenItsRuleIdlesOutAndItsOtherRuleGoesWithIt() {
        ControlMessage limited = udpFloodGetsLimited();
        h.ack(limited);
        RuleSpec in = h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR);
        RuleSpec back = h.rule(UDP1, RuleSpec.Role.FROM_ADJUSTOR);

        Actions a = h.apply(h.loop.ruleRemoved(h.now, in.key()));

        assertEquals(List.of(back), a.rulesToRemove(), "the rule back from the adjustor goes with it");
        assertEquals(Set.of(UDP1), a.flowsGone());
        assertEquals(Set.of(UDP1), a.allocationsGone());
        h.at(T0 + 2 * PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 1_000_000);
        h.period();
        assertTrue(LoopHarness.limits(h.newMessages().get(0)).isEmpty(), "its limit is released");
        assertEquals(CfsState.NO_UDP, h.cfs(SET1).state());
    }

    // ------------------------------------------------------------------ limits in force

    @Test
    void pausedUdpFlowKeepsItsLimitUntilItsSetIsReallocated() {
        ControlMessage limited = udpFloodGetsLimited();
        h.ack(limited);
        long limit = LoopHarness.limits(limited).get(UDP1);
        // OFF time: UDP sends nothing and leaves the set after one idle period
        h.at(T0 + 2 * PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 9_000_000);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 0);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, 0);
        Actions off = h.period();
        assertEquals(Set.of(), h.cfs(SET1).udpFlows());
        assertEquals(limit, off.flows().get(UDP1).allocationBps().getAsLong(), "still limited while paused");
        assertTrue(h.newMessages().isEmpty(), "the adjustor keeps the limit: nothing to send");
        // ON again: the burst starts limited, the set is judged with it
        h.at(T0 + 3 * PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 6_500_000);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, limit);
        h.period();
        assertEquals(Set.of(UDP1), h.cfs(SET1).udpFlows());
        assertEquals(limit, h.history.get(h.history.size() - 1).flows().get(UDP1).allocationBps().getAsLong());
    }

    @Test
    void setWithoutTcpReleasesEveryLimitThere() {
        ControlMessage limited = udpFloodGetsLimited();
        h.ack(limited);
        h.apply(h.loop.ruleRemoved(h.now, h.rule(TCP1, RuleSpec.Role.DIRECT).key()));
        h.at(T0 + 2 * PERIOD);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, 3_000_000);
        h.period();
        assertEquals("NO_TCP", last(h.decisions(SET1)).reason().split(":")[0]);
        assertTrue(LoopHarness.limits(h.newMessages().get(0)).isEmpty());
    }

    @Test
    void dryRunComputesAndReportsButSendsNoLimit() {
        LoopHarness dry = new LoopHarness(LoopSettings.builder().dryRun(true).build());
        dry.heartbeat();
        assertTrue(dry.newMessages().isEmpty(), "an agent holding no limit of ours gets nothing in dry-run");
        Actions a = udpFlood(dry);
        DecisionRecord rec = last(dry.decisions(SET1));
        assertTrue(rec.reallocated());
        assertTrue(rec.dryRun());
        AllocationState v = a.allocations().get(UDP1);
        assertTrue(v.dryRun());
        assertEquals(0, v.toldSeq());
        assertTrue(dry.newMessages().isEmpty(), "dry-run sends nothing");
    }

    @Test
    void disablingReleasesTheLimitsOnceAndKeepsMeasuring() {
        ControlMessage limited = udpFloodGetsLimited();
        h.ack(limited);
        h.apply(h.loop.configure(h.now, h.loop.settings().toBuilder().enabled(false).build()));
        h.at(T0 + 2 * PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 1_000_000);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, 9_000_000);
        Actions a = h.period();
        List<ControlMessage> release = h.newMessages();
        assertEquals(1, release.size());
        assertTrue(release.get(0).entries().isEmpty(), "an empty snapshot lifts the limit");
        assertEquals(Set.of(UDP1), a.allocationsGone());
        assertTrue(a.decisions().isEmpty());
        h.ack(release.get(0));
        h.at(T0 + 3 * PERIOD);
        h.period();
        assertTrue(h.newMessages().isEmpty());
        assertEquals(Set.of(UDP1), h.cfs(SET1).udpFlows(), "still measured and shown");
    }

    // ------------------------------------------------------------------ measuring under new limits

    @Test
    void theWindowAfterNewLimitsStartsWhenTheAdjustorHasAppliedThem() {
        ControlMessage limited = udpFloodGetsLimited();
        long sentAt = h.now;
        assertEquals(sentAt + PERIOD * 4 / 5, h.loop.rebaseDueMs().getAsLong(), "without an ACK, 0.8 period");
        h.at(sentAt + 300);
        h.ack(limited);
        assertEquals(sentAt + 300 + 150, h.loop.rebaseDueMs().getAsLong(), "ACK plus the counter lag");
        long limit = LoopHarness.limits(limited).get(UDP1);

        // until the ACK, UDP still ran unlimited through the adjustor
        h.at(sentAt + 450);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 1_000_000);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, 9_000_000);
        h.apply(h.loop.rebase(h.now, h.readCounters()));
        assertTrue(h.loop.rebaseDueMs().isEmpty(), "every flow re-based");

        h.at(sentAt + PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, CAPACITY - limit);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, limit);
        Actions a = h.period();
        assertEquals(limit, a.flows().get(UDP1).throughputBps(), 1.0, "measured under the limit only");
        assertFalse(last(h.decisions(SET1)).reallocated(), "so the set is not reallocated a second time");
    }

    @Test
    void countersOlderThanTheAckDoNotStartTheWindow() {
        ControlMessage limited = udpFloodGetsLimited();
        long sentAt = h.now;
        h.at(sentAt + 300);
        h.ack(limited);
        h.at(sentAt + 500);
        // ONOS polls on its own clock: a read now may still carry a sample from before the ACK
        List<RuleCounter> stale = List.of(new RuleCounter(h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR).key(),
                sentAt + 100, 1, 1));
        h.apply(h.loop.rebase(h.now, stale));
        assertTrue(h.loop.rebaseDueMs().isPresent(), "still pending: no counter read after the ACK");
    }

    // ------------------------------------------------------------------ the adjustor session

    @Test
    void agentSilenceRaisesAgentDownAndItsReturnGetsAFullSnapshot() {
        h.agentUp();
        h.at(T0 + 15_000);
        h.tick();
        assertEquals(AgentStatus.UP, h.agentView().status(), "not down at exactly the timeout");
        h.at(T0 + 15_001);
        Actions down = h.tick();
        assertEquals(AgentStatus.DOWN, down.agents().get(S1).status());
        assertEquals(Notice.Level.WARN, down.notices().get(0).level());
        h.newMessages();
        h.at(T0 + 20_000);
        Actions up = h.heartbeat();
        assertEquals(AgentStatus.UP, up.agents().get(S1).status());
        List<ControlMessage> again = h.newMessages();
        assertEquals(1, again.size(), "a reappearing agent gets the whole desired state");
        assertEquals(MessageType.SNAPSHOT, again.get(0).type());
    }

    @Test
    void anAgentSaysWhyItIsNotWorking() {
        assertEquals("never heard from", h.agentView().reason());
        FrameEncoder forger = new FrameEncoder(KeyRing.of(LoopHarness.KEY_ID,
                Hex.decode("ffeeddccbbaa99887766554433221100")), 0xBADL, 1, 0, h.agentClock);
        h.fromAgent(forger.heartbeat(0));
        assertEquals("never heard from; its last frame was rejected: BAD_MAC (signed with another key?)",
                h.agentView().reason());
        h.agentUp();
        assertEquals("", h.agentView().reason());
        h.at(T0 + 15_001);
        h.tick();
        assertEquals("silent for more than 15000 ms", h.agentView().reason());

        FudpLoop keyless = new FudpLoop(LoopSettings.defaults(), h.network, "9 = " + LoopHarness.KEY_HEX, T0);
        Actions a = keyless.setFacilities(T0, List.of(LoopHarness.FACILITY));
        assertEquals("key id 7 is not in the key file: control frames can be neither sent nor verified",
                a.agents().get(S1).reason());
    }

    @Test
    void unacknowledgedSnapshotIsSentAgainAfterTheAckTimeout() {
        h.heartbeat();
        ControlMessage first = h.newMessages().get(0);
        h.at(T0 + 1_999);
        h.tick();
        assertTrue(h.newMessages().isEmpty());
        h.at(T0 + 2_000);
        h.tick();
        List<ControlMessage> resent = h.newMessages();
        assertEquals(1, resent.size());
        assertEquals(first.header().snapshotId() + 1, resent.get(0).header().snapshotId(),
                "a new id: the agent may have applied the first and lost only its ACK");
        assertEquals(first.entries(), resent.get(0).entries(), "the same limits");
        assertTrue(resent.get(0).header().sequence() > first.header().sequence());
        assertEquals(1, h.agentView().resends());
        h.ack(resent.get(0));
        h.at(T0 + 20_000);
        h.tick();
        assertTrue(h.newMessages().isEmpty(), "nothing more once acknowledged");
    }

    @Test
    void controllerHeartbeatsWhenItHasNothingElseToSay() {
        h.at(T0 + 1_000);
        h.tick();
        List<ControlMessage> sent = h.newMessages(true);
        assertEquals(1, sent.size());
        assertEquals(MessageType.HEARTBEAT, sent.get(0).type());
        h.at(T0 + 1_500);
        h.tick();
        assertTrue(h.newMessages(true).isEmpty(), "not before the next interval");
        h.at(T0 + 1_600);
        h.heartbeat();
        assertEquals(MessageType.SNAPSHOT, h.newMessages(true).get(0).type(), "a snapshot is a sign of life too");
        h.at(T0 + 2_500);
        h.tick();
        assertTrue(h.newMessages(true).isEmpty());
        h.at(T0 + 2_600);
        h.tick();
        assertEquals(MessageType.HEARTBEAT, h.newMessages(true).get(0).type());
    }

    @Test
    void restartedAgentGetsTheWholeStateAgain() {
        h.agentUp();
        FrameEncoder restarted = new FrameEncoder(h.agentKeys, LoopHarness.AGENT_ID, 2, 0, h.agentClock);
        h.fromAgent(restarted.heartbeat(0));
        List<ControlMessage> sent = h.newMessages();
        assertEquals(1, sent.size());
        assertEquals(MessageType.SNAPSHOT, sent.get(0).type());
    }

    @Test
    void forgedFrameIsCountedAndDoesNotBringTheAgentUp() {
        FrameEncoder forger = new FrameEncoder(KeyRing.of(LoopHarness.KEY_ID,
                Hex.decode("ffeeddccbbaa99887766554433221100")), 0xBADL, 1, 0, h.agentClock);
        Actions a = h.fromAgent(forger.heartbeat(0));
        assertTrue(a.consumed());
        AgentState v = a.agents().get(S1);
        assertEquals(AgentStatus.UNKNOWN, v.status());
        assertEquals(Long.valueOf(1), v.rejectedFrames().get("controller:BAD_MAC"));
    }

    @Test
    void newKeysStartANewerEpochAndResendTheDesiredState() {
        ControlMessage limited = udpFloodGetsLimited();
        h.ack(limited);
        h.apply(h.loop.setKeys(h.now + 1, LoopHarness.KEY_ID + " = " + LoopHarness.KEY_HEX + "\n"));
        List<ControlMessage> resent = h.newMessages();
        assertEquals(1, resent.size());
        assertTrue(resent.get(0).header().epoch() > limited.header().epoch());
        assertEquals(LoopHarness.limits(limited), LoopHarness.limits(resent.get(0)));
    }

    @Test
    void withoutKeysNothingIsSentButTheLoopRuns() {
        FudpLoop keyless = new FudpLoop(LoopSettings.defaults(), h.network, null, T0);
        Actions a = keyless.setFacilities(T0, List.of(LoopHarness.FACILITY));
        assertTrue(a.notices().get(0).text().contains("no key file"), a.notices().toString());
        keyless.packetIn(T0, new PacketIn(S1, H1, UDP1, PacketIn.NO_MAC, false));
        Actions p = keyless.period(T0 + PERIOD, List.of());
        assertTrue(p.frames().isEmpty());
        assertEquals(1, keyless.periods());
    }

    // ------------------------------------------------------------------ facilities and stopping

    @Test
    void removedFacilityIsClearedAndItsFlowsForgotten() {
        ControlMessage limited = udpFloodGetsLimited();
        h.ack(limited);
        Actions a = h.apply(h.loop.setFacilities(h.now, List.of()));
        assertEquals(MessageType.CLEAR_ALL, h.newMessages().get(0).type());
        assertEquals(3, a.rulesToRemove().size());
        assertEquals(Set.of(TCP1, UDP1), a.flowsGone());
        assertEquals(Set.of(S1), a.agentsGone());
        assertTrue(h.rules.isEmpty());
    }

    @Test
    void stopClearsTheAdjustorAndRemovesEveryRule() {
        udpFloodGetsLimited();
        Actions a = h.apply(h.loop.stop(h.now));
        assertEquals(MessageType.CLEAR_ALL, h.newMessages().get(0).type());
        assertEquals(3, a.rulesToRemove().size());
        assertTrue(h.rules.isEmpty());
    }
}
