// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.flow.Membership;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.PERIOD;
import static org.fudp.loop.LoopHarness.SET1;
import static org.fudp.loop.LoopHarness.TCP1;
import static org.fudp.loop.LoopHarness.UDP1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 25: a TCP flow starved by a UDP flood during an enforcement gap (the agent hung, a meter
 * late or refused) stays counted in its set, the set says its limits are not in force, and once the
 * enforcer works again the limits hold and TCP gets its share back. In a live ONOS the starved TCP
 * flow dropped out at once, the set showed NO_TCP and FAIR, and the flood ran unlimited for good.
 */
class StarvationTest {

    private final LoopHarness h = new LoopHarness();

    /** One period at these rates: TCP1, and UDP1 into and back from the adjustor. */
    private Actions period(long atMs, double tcpBps, double udpInBps, double udpBackBps) {
        h.at(atMs);
        h.flow(TCP1, RuleSpec.Role.DIRECT, tcpBps);
        if (h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR) != null) {
            h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, udpInBps);
            h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, udpBackBps);
        }
        return h.period();
    }

    /** The switch idles a rule out, and tells the loop. */
    private Actions idleOut(FiveTuple t, RuleSpec.Role role) {
        RuleSpec r = h.rule(t, role);
        h.rules.remove(r.key());
        h.counters.remove(r.key());
        return h.apply(h.loop.ruleRemoved(h.now, r.key()));
    }

    /** TCP1 alone at 9.5 Mbit/s for a period, the agent up; then UDP1 arrives and the agent hangs. */
    private long tcpAloneThenAFloodWhileTheAgentHangs() {
        h.agentUp();
        h.packetIn(TCP1, H1);
        long t = LoopHarness.T0 + PERIOD;
        period(t, 9_500_000, 0, 0);
        h.newMessages().forEach(h::ack);
        h.at(t + 100);
        h.packetIn(UDP1, H1);
        return t;
    }

    @Test
    void aTcpFlowStarvedWhileTheAgentHangsStaysCountedAndGetsItsShareBack() {
        long t = tcpAloneThenAFloodWhileTheAgentHangs();
        // A few retransmissions get through in the first period of the flood, then nothing.
        t += PERIOD;
        period(t, 2_000, 50_000_000, 50_000_000);
        assertEquals(Set.of(TCP1), h.cfs(SET1).tcpFlows(), "starved, not ended");
        assertEquals(CfsState.ADJUSTING, h.cfs(SET1).state(), "the limit was sent this period");
        long limit = LoopHarness.limits(h.newMessages().get(0)).get(UDP1);
        assertEquals(5_000_000, limit, 50_000, "UDP gets its share of the 10 Mbit/s link");

        t += PERIOD;
        period(t, 0, 50_000_000, 50_000_000);
        CorrelationFlowSet gap = h.cfs(SET1);
        assertEquals(CfsState.NOT_ENFORCED, gap.state(), "UDP runs unlimited: not fair, whatever FUDPA decided");
        assertTrue(gap.stateReason().contains("has not acknowledged the limit of " + UDP1), gap.stateReason());
        assertTrue(gap.stateReason().contains("unlimited"), gap.stateReason());

        // Its retransmission timeouts outgrow the rule's idle timeout: the rule comes back.
        Actions back = idleOut(TCP1, RuleSpec.Role.DIRECT);
        assertTrue(back.flowsGone().isEmpty(), "a starved flow is not forgotten");
        assertEquals(1, back.rulesToAdd().size());
        assertEquals(TCP1, back.rulesToAdd().get(0).flow());

        for (int k = 0; k < 4; k++) {
            t += PERIOD;
            period(t, 0, 50_000_000, 50_000_000);
            assertEquals(Set.of(TCP1), h.cfs(SET1).tcpFlows(), "still starved, period " + k);
            assertTrue(h.cfs(SET1).state() == CfsState.NO_AGENT || h.cfs(SET1).state() == CfsState.NOT_ENFORCED,
                    h.cfs(SET1).toString());
        }
        assertEquals(CfsState.NO_AGENT, h.cfs(SET1).state(), "silent past the heartbeat timeout");
        assertFalse(h.decisions(SET1).stream().anyMatch(d -> d.reason().equals("NO_TCP")),
                "no limit is ever released for want of TCP");
        FlowRecord starved = lastFlow(TCP1);
        assertEquals("TCP, starved: counted in its set while UDP floods it", starved.rateReason());

        // The agent continues: it gets the desired state again and applies it.
        h.at(t + 500);
        h.heartbeat();
        // Resent unacknowledged during the gap, and once more to the agent that reappeared.
        List<org.fudp.protocol.ControlMessage> resent = h.newMessages();
        org.fudp.protocol.ControlMessage whole = resent.get(resent.size() - 1);
        assertEquals(limit, (long) LoopHarness.limits(whole).get(UDP1));
        h.ack(whole);
        assertEquals(CfsState.FAIR, h.cfs(SET1).state(), "the limit is in force now");
        // TCP's next retransmission gets through and it grows into its share.
        t += PERIOD;
        period(t, 3_000_000, 50_000_000, 5_000_000);
        t += PERIOD;
        period(t, 4_900_000, 50_000_000, 5_000_000);
        CorrelationFlowSet fair = h.cfs(SET1);
        assertEquals(Set.of(TCP1), fair.tcpFlows());
        assertEquals(CfsState.FAIR, fair.state(), fair.toString());
        assertEquals("", fair.stateReason());
        assertEquals("TCP: never limited", lastFlow(TCP1).rateReason(), "recovered");
    }

    /**
     * A starved connection sends its next segment within its doubling retransmission timeout; one that
     * sends nothing at all for longer than that backoff allows has ended (or given up), and leaves, at
     * the latest after the hold time.
     */
    @Test
    void aStarvedTcpFlowSilentLongerThanItsBackoffAllowsHasEndedAndLeaves() {
        long t = tcpAloneThenAFloodWhileTheAgentHangs();
        t += PERIOD;
        period(t, 2_000, 50_000_000, 50_000_000);
        long silentSince = t;
        int stayed = 0;
        while (h.cfs(SET1).tcpFlows().contains(TCP1) && t - silentSince < Membership.STARVED_HOLD_MS) {
            t += PERIOD;
            period(t, 0, 50_000_000, 50_000_000);
            stayed++;
        }
        assertTrue(h.cfs(SET1).tcpFlows().isEmpty(), "gone within the hold time");
        assertTrue(stayed >= 4, "kept while a backoff could explain its silence: " + stayed + " periods");
        assertTrue(t - silentSince < Membership.STARVED_HOLD_MS, "left at " + (t - silentSince) + " ms of silence");
        assertEquals("TCP: never limited", lastFlow(TCP1).rateReason());
        Actions gone = idleOut(TCP1, RuleSpec.Role.DIRECT);
        assertEquals(Set.of(TCP1), gone.flowsGone(), "its rule idles out for good");
    }

    /** A starved connection that keeps retransmitting, each timeout twice the one before, stays counted. */
    @Test
    void aStarvedTcpFlowThatRetransmitsInBackoffStaysUntilTheHoldTime() {
        long t = tcpAloneThenAFloodWhileTheAgentHangs();
        t += PERIOD;
        period(t, 2_000, 50_000_000, 50_000_000);
        long starved = t;
        long nextSegment = starved + 400;
        long gap = 800;
        while (t - starved < 100_000) {
            t += PERIOD;
            // One 1514-byte segment at each retransmission timeout, the timeouts doubling (max 120 s).
            long bytes = 0;
            while (nextSegment <= t) {
                bytes += 1514;
                nextSegment += gap;
                gap = Math.min(2 * gap, 120_000);
            }
            period(t, bytes * 8000.0 / PERIOD, 50_000_000, 50_000_000);
            assertEquals(Set.of(TCP1), h.cfs(SET1).tcpFlows(), "in backoff at " + (t - starved) + " ms");
        }
    }

    @Test
    void aTcpFlowThatEndsNextToAUdpFlowWithinItsShareHasEnded() {
        h.agentUp();
        h.packetIn(TCP1, H1);
        h.packetIn(UDP1, H1);
        long t = LoopHarness.T0 + PERIOD;
        period(t, 6_000_000, 2_000_000, 2_000_000);
        t += PERIOD;
        // UDP unlimited but within its share, the link with room: nothing starves TCP1.
        period(t, 0, 2_000_000, 2_000_000);
        assertNull(h.cfs(SET1).tcpFlows().isEmpty() ? null : h.cfs(SET1), "TCP1 left its set at once");
    }

    @Test
    void aRefusedLimitLeavesTheSetNotEnforcedAndSaysWhy() {
        h.agentUp();
        h.packetIn(TCP1, H1);
        h.packetIn(UDP1, H1);
        long t = LoopHarness.T0 + PERIOD;
        period(t, 1_000_000, 50_000_000, 9_000_000);
        h.newMessages().forEach(m -> h.ack(m, org.fudp.protocol.AckResult.APPLY_FAILED));
        assertEquals(CfsState.ADJUSTING, h.cfs(SET1).state());
        t += PERIOD;
        period(t, 1_000_000, 50_000_000, 9_000_000);
        assertEquals(CfsState.NOT_ENFORCED, h.cfs(SET1).state());
        assertTrue(h.cfs(SET1).stateReason().startsWith("the agent at " + LoopHarness.S1 + " has not acknowledged"),
                h.cfs(SET1).stateReason());
    }

    private FlowRecord lastFlow(FiveTuple t) {
        FlowRecord v = null;
        for (Actions a : h.history) {
            v = a.flows().getOrDefault(t, v);
        }
        return v;
    }
}
