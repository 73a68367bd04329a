// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.algorithm.ControllerState;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.MessageType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.fudp.loop.LoopHarness.CAPACITY;
import static org.fudp.loop.LoopHarness.FACILITY;
import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.H2;
import static org.fudp.loop.LoopHarness.PERIOD;
import static org.fudp.loop.LoopHarness.S1;
import static org.fudp.loop.LoopHarness.SET1;
import static org.fudp.loop.LoopHarness.T0;
import static org.fudp.loop.LoopHarness.TCP1;
import static org.fudp.loop.LoopHarness.TCP2;
import static org.fudp.loop.LoopHarness.UDP1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A facility handed from one controller instance's loop to another's, over one switch: the
 * second goes on where the first left off (rules, limits, prediction), under a newer epoch.
 */
class LoopHandoverTest {

    private static final long SENDER_A = 0x4655_4450_0000_000AL;
    private static final long SENDER_B = 0x4655_4450_0000_000BL;

    private final LoopHarness a = new LoopHarness(LoopSettings.builder().senderId(SENDER_A).build());

    /** Runs set1 with 50 Mbit/s of UDP demand until FUDPA has limited it and the agent applied it. */
    private void limitUdpAt(LoopHarness h, int periods) {
        for (int k = 1; k <= periods; k++) {
            h.at(h.now + PERIOD);
            long udp = k == 1 ? 8_000_000L : 3_000_000L;
            h.flow(TCP1, RuleSpec.Role.DIRECT, (CAPACITY - udp) / 2.0);
            h.flow(TCP2, RuleSpec.Role.DIRECT, (CAPACITY - udp) / 2.0);
            h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
            h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, udp);
            h.period();
            h.newMessages().forEach(h::ack);
            h.heartbeat();
        }
    }

    @Test
    void theNextControllerTakesTheRulesLimitsAndPredictionOverUnderANewerEpoch() {
        a.agentUp();
        a.packetIn(TCP1, H1);
        a.packetIn(TCP2, H2);
        a.packetIn(UDP1, H1);
        limitUdpAt(a, 3);
        long limit = a.loop.checkpoint(S1).get().flows().stream().filter(f -> f.flow().equals(UDP1))
                .findFirst().get().limitBps();
        assertTrue(limit > 0, "set1's UDP flow is limited before the handover");

        FacilityCheckpoint cp = a.loop.checkpoint(S1).get();
        ControllerState before = cp.sets().get(SET1);
        assertEquals(3, before.period());
        Actions gone = a.apply(a.loop.handOver(a.now, S1));
        assertTrue(gone.rulesToRemove().isEmpty() && gone.frames().isEmpty(), "the rules and limits stay: " + gone);
        assertEquals(4, gone.rulesHandedOver().size(), "two for the UDP flow, one per TCP flow");
        assertTrue(a.loop.checkpoint(S1).isEmpty(), "A controls it no more");
        a.at(a.now + PERIOD);
        assertTrue(a.period().frames().isEmpty() && a.tick().frames().isEmpty(), "A sends nothing after");

        // B started before A (an older epoch of its own) and has never seen the facility.
        LoopHarness b = new LoopHarness(LoopSettings.builder().senderId(SENDER_B).build(), T0 - 60_000, a.onSwitch,
                List.of());
        b.loop.setController("onos-2");
        b.at(a.now);
        Actions took = b.apply(b.loop.adopt(b.now, FACILITY, cp));
        assertTrue(took.rulesToAdd().isEmpty(), "nothing installed again: " + took.rulesToAdd());
        assertEquals(4, took.rulesTakenOver().size());
        List<ControlMessage> hello = b.newMessages();
        assertEquals(1, hello.size(), "one snapshot announces B");
        ControlMessage m = hello.get(0);
        assertEquals(MessageType.SNAPSHOT, m.type());
        assertEquals(SENDER_B, m.header().senderId());
        assertTrue(m.header().epoch() > cp.epoch(), m.header().epoch() + " must be newer than " + cp.epoch());
        assertEquals(Map.of(UDP1, limit), LoopHarness.limits(m), "the limits in force, unchanged");
        b.ack(m);

        // First period: the counters only start B's windows; the set and its prediction carry on.
        long tookAt = b.now;
        b.at(b.now + PERIOD);
        runAt(b, 3_000_000L);
        FacilityState inCharge = b.history.get(b.history.size() - 1).facilities().get(S1);
        assertEquals("onos-2", inCharge.controller(), "who is in charge, for REST, CLI and GUI");
        assertEquals(tookAt, inCharge.controllingSinceMs());
        assertEquals(m.header().epoch(), inCharge.epoch());
        DecisionRecord first = last(b.decisions(SET1));
        assertEquals(before.period() + 1, b.loop.checkpoint(S1).get().sets().get(SET1).period(),
                "the set's period numbers go on");
        assertEquals(Math.round(before.predictedBps()), first.predictedTcpBps(), "no measurement, no change");
        List<ControlMessage> after = b.newMessages();
        assertTrue(after.isEmpty(), "limits stay as they are: " + first + " " + after + " limit " + limit);

        b.at(b.now + PERIOD);
        runAt(b, 3_000_000L);
        DecisionRecord second = last(b.decisions(SET1));
        double alpha = b.loop.settings().fudpa().alpha();
        double expectedW = (1 - alpha) * before.predictedBps() + alpha * second.measuredTcpBps();
        assertEquals(Math.round(expectedW), second.predictedTcpBps(), 1, "W resumes from A's, no cold start");
    }

    private static void runAt(LoopHarness h, long udp) {
        h.flow(TCP1, RuleSpec.Role.DIRECT, (CAPACITY - udp) / 2.0);
        h.flow(TCP2, RuleSpec.Role.DIRECT, (CAPACITY - udp) / 2.0);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, udp);
        h.period();
    }

    @Test
    void aFacilityWithoutACheckpointIsAdoptedEmptyAndAnOwnFacilityIsNotAdoptedTwice() {
        LoopHarness b = new LoopHarness(LoopSettings.builder().senderId(SENDER_B).build(), T0, a.onSwitch, List.of());
        Actions took = b.apply(b.loop.adopt(b.now, FACILITY, null));
        assertTrue(took.rulesTakenOver().isEmpty());
        assertEquals(List.of(), b.loop.checkpoint(S1).get().flows());
        assertTrue(b.loop.adopt(b.now, FACILITY, a.loop.checkpoint(S1).get()).rulesTakenOver().isEmpty());
        FiveTuple t = UDP1;
        assertTrue(b.packetIn(t, H1).rulesToAdd().size() > 0, "and then learns flows as usual");
    }

    /**
     * Protocol 3.1: a controller whose newest order the agent answers STALE has been superseded;
     * it stops sending to that adjustor, heartbeats included, and says why, until its next epoch.
     */
    @Test
    void aSupersededControllerStopsSendingAndSaysWhy() {
        a.agentUp();
        a.packetIn(TCP1, H1);
        a.packetIn(TCP2, H2);
        a.packetIn(UDP1, H1);
        a.at(a.now + PERIOD);
        a.flow(TCP1, RuleSpec.Role.DIRECT, 1_000_000);
        a.flow(TCP2, RuleSpec.Role.DIRECT, 1_000_000);
        a.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        a.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, 8_000_000);
        a.period();
        List<ControlMessage> sent = a.newMessages();
        assertEquals(1, sent.size());
        a.ack(sent.get(0), AckResult.STALE);
        assertTrue(a.agentView().reason().startsWith("superseded: the agent follows a newer controller"),
                a.agentView().reason());
        for (int k = 1; k <= 5; k++) {
            a.at(a.now + LoopSettings.defaults().ackTimeoutMs() + LoopSettings.defaults().heartbeatIntervalMs());
            a.tick();
            a.heartbeat();
        }
        assertTrue(a.newMessages(true).isEmpty(), "no resend, no heartbeat");
        a.apply(a.loop.setKeys(a.now, LoopHarness.KEY_ID + " = " + LoopHarness.KEY_HEX + "\n"));
        assertEquals(MessageType.SNAPSHOT, a.newMessages().get(0).type(), "a new epoch speaks again");
        assertFalse(a.agentView().reason().startsWith("superseded"), a.agentView().reason());
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }
}
