// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.control;

import static org.fudp.agent.control.AdjustorControlTest.KEYS;
import static org.fudp.agent.control.AdjustorControlTest.limit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fudp.agent.config.AgentConfig;
import org.fudp.agent.config.FailSafeAction;
import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.FrameVerifier;
import org.fudp.protocol.LimitEntry;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.MutableClock;
import org.fudp.protocol.SnapshotAssembler;
import org.junit.jupiter.api.Test;

/**
 * Controller change (docs/protocol.md, section 3.1): when mastership of a facility moves, the new
 * controller's newer epoch wins, the old one's orders are STALE, its frames neither hold off the
 * fail-safe nor draw the replies, and a normal failover does not trip the fail-safe.
 */
class ControllerChangeTest {

    private static final long SILENCE = 10_000;
    private static final long EPOCH_A = 1_000;
    private static final long EPOCH_B = 2_000;
    private static final byte[] MAC_A = EthernetFrame.parseMac("02:00:00:00:00:0a");
    private static final byte[] MAC_B = EthernetFrame.parseMac("02:00:00:00:00:0b");

    private final MutableClock clock = new MutableClock();
    private final FakeShaper shaper = new FakeShaper();
    private FrameVerifier verifier = new FrameVerifier(KEYS, 9000, 0, clock);
    private final AgentMetrics metrics = new AgentMetrics();
    private final FrameEncoder a = new FrameEncoder(KEYS, 11, EPOCH_A, 0, clock);
    private final FrameEncoder b = new FrameEncoder(KEYS, 12, EPOCH_B, 0, clock);

    private AdjustorControl control(long silence) {
        return new AdjustorControl(shaper, new SnapshotAssembler(4, 10_000, 5000, clock), verifier, metrics, clock,
                99, silence, FailSafeAction.KEEP, null);
    }

    private AdjustorControl control() {
        return control(SILENCE);
    }

    private List<AckStatus> feed(AdjustorControl c, byte[] mac, List<byte[]> frames) {
        List<AckStatus> acks = new ArrayList<>();
        for (byte[] f : frames) {
            try {
                ControlMessage m = verifier.verify(f);
                acks.addAll(c.onMessage(m, mac));
            } catch (FrameRejectedException e) {
                throw new AssertionError(e);
            }
        }
        return acks;
    }

    private AckStatus one(AdjustorControl c, byte[] mac, List<byte[]> frames) {
        List<AckStatus> acks = feed(c, mac, frames);
        assertEquals(1, acks.size(), acks.toString());
        return acks.get(0);
    }

    private AckStatus one(AdjustorControl c, byte[] mac, byte[] frame) {
        return one(c, mac, List.of(frame));
    }

    /** A snapshot from A, then one from B under a newer epoch: B is in charge. */
    private AdjustorControl failedOver() {
        AdjustorControl c = control();
        assertEquals(AckResult.APPLIED, one(c, MAC_A, a.snapshot(1, List.of(limit(1, 10)), 1500)).result());
        assertEquals(AckResult.APPLIED, one(c, MAC_B, b.snapshot(7, List.of(limit(2, 20)), 1500)).result());
        assertEquals(Optional.of(new ControllerId(12, EPOCH_B)), c.controllerInCharge());
        return c;
    }

    @Test
    void aNewerControllersSnapshotTakesCharge() {
        AdjustorControl c = failedOver();
        assertEquals(Set.of(limit(2, 20)), shaper.current());
    }

    @Test
    void theOldControllersSnapshotIsStaleEvenWithAHigherSequence() {
        AdjustorControl c = failedOver();
        for (int i = 0; i < 5; i++) {
            a.heartbeat(1);
        }
        AckStatus ack = one(c, MAC_A, a.snapshot(2, List.of(limit(3, 30)), 1500));
        assertEquals(AckResult.STALE, ack.result());
        assertEquals(11, ack.ackedSenderId());
        assertEquals(7, ack.ackedSequence(), "above every sequence of A's and B's so far");
        // The applied fields name the state in force, B's, so A can tell it is superseded.
        assertEquals(7, ack.lastAppliedSnapshotId());
        assertEquals(1, ack.lastAppliedSequence());
        assertEquals(1, ack.flowsLimited());
        assertEquals(Set.of(limit(2, 20)), shaper.current());
        assertEquals(2, shaper.applied().size(), "nothing was handed to tc");
        assertEquals(Optional.of(new ControllerId(12, EPOCH_B)), c.controllerInCharge());
    }

    @Test
    void theOldControllersClearAllIsStale() {
        AdjustorControl c = failedOver();
        AckStatus ack = one(c, MAC_A, a.clearAll(2));
        assertEquals(MessageType.CLEAR_ALL, ack.ackedType());
        assertEquals(AckResult.STALE, ack.result());
        assertEquals(Set.of(limit(2, 20)), shaper.current());
        assertEquals(7, c.appliedSnapshotId());
    }

    @Test
    void theOldControllersDeltaIsStaleNotABaseMismatch() {
        // BASE_MISMATCH would ask A for a snapshot; STALE tells it to stop.
        AdjustorControl c = failedOver();
        AckStatus ack = one(c, MAC_A, a.delta(1, List.of(LimitEntry.add(limit(1, 5))), 1500));
        assertEquals(AckResult.STALE, ack.result());
        assertEquals(Set.of(limit(2, 20)), shaper.current());
    }

    @Test
    void anotherSenderWithTheSameEpochIsStale() {
        AdjustorControl c = failedOver();
        FrameEncoder twin = new FrameEncoder(KEYS, 13, EPOCH_B, 0, clock);
        assertEquals(AckResult.STALE, one(c, MAC_A, twin.snapshot(8, List.of(), 1500)).result());
        assertEquals(Set.of(limit(2, 20)), shaper.current());
    }

    @Test
    void theControllerInChargeKeepsTheSameSenderRules() {
        AdjustorControl c = failedOver();
        assertEquals(AckResult.APPLIED,
                one(c, MAC_B, b.delta(7, List.of(LimitEntry.add(limit(4, 40))), 1500)).result());
        assertEquals(AckResult.APPLIED, one(c, MAC_B, b.clearAll(8)).result());
        // The same controller restarted (a new, larger epoch) still commands.
        FrameEncoder restarted = new FrameEncoder(KEYS, 12, EPOCH_B + 1, 0, clock);
        assertEquals(AckResult.APPLIED, one(c, MAC_B, restarted.snapshot(1, List.of(limit(5, 50)), 1500)).result());
        assertEquals(Optional.of(new ControllerId(12, EPOCH_B + 1)), c.controllerInCharge());
    }

    @Test
    void aNewerControllersHeartbeatDoesNotTakeCharge() {
        AdjustorControl c = control();
        one(c, MAC_A, a.snapshot(1, List.of(limit(1, 10)), 1500));
        assertEquals(List.of(), feed(c, MAC_B, List.of(b.heartbeat(0))));
        assertEquals(Optional.of(new ControllerId(11, EPOCH_A)), c.controllerInCharge());
        assertArrayEquals(MAC_A, c.replyMac().orElseThrow(), "replies stay with A");
        assertEquals(AckResult.APPLIED, one(c, MAC_A, a.snapshot(2, List.of(limit(3, 30)), 1500)).result());
        assertEquals(Set.of(limit(3, 30)), shaper.current());
    }

    @Test
    void aNewerControllersDeltaAsksForASnapshotAndDoesNotTakeCharge() {
        AdjustorControl c = control();
        one(c, MAC_A, a.snapshot(1, List.of(limit(1, 10)), 1500));
        AckStatus ack = one(c, MAC_B, b.delta(1, List.of(LimitEntry.add(limit(1, 5))), 1500));
        assertEquals(AckResult.BASE_MISMATCH, ack.result());
        assertEquals(Optional.of(new ControllerId(11, EPOCH_A)), c.controllerInCharge());
    }

    @Test
    void beforeAnythingIsAppliedAnySenderTakesCharge() {
        AdjustorControl c = control();
        assertEquals(Optional.empty(), c.controllerInCharge());
        feed(c, MAC_B, List.of(b.heartbeat(0)));
        assertArrayEquals(MAC_B, c.replyMac().orElseThrow(), "before anyone is in charge, the last frame's source");
        // A's epoch is older than the B heartbeat just heard, but nothing was applied yet.
        assertEquals(AckResult.APPLIED, one(c, MAC_A, a.snapshot(1, List.of(limit(1, 10)), 1500)).result());
        assertEquals(Optional.of(new ControllerId(11, EPOCH_A)), c.controllerInCharge());
        assertArrayEquals(MAC_A, c.replyMac().orElseThrow());
    }

    @Test
    void aRestartedAgentHasNoControllerInCharge() {
        failedOver();
        // A restart: new control logic and verifier over the tree the last run left (shape.startup = adopt).
        verifier = new FrameVerifier(KEYS, 9000, 0, clock);
        AdjustorControl restarted = control();
        assertEquals(Optional.empty(), restarted.controllerInCharge());
        assertEquals(AckResult.APPLIED, one(restarted, MAC_A, a.snapshot(3, List.of(limit(1, 10)), 1500)).result());
        // B learns of the restart from the agent's new epoch and resends; its newer epoch wins again.
        assertEquals(AckResult.APPLIED, one(restarted, MAC_B, b.snapshot(9, List.of(limit(2, 20)), 1500)).result());
        assertEquals(AckResult.STALE, one(restarted, MAC_A, a.snapshot(4, List.of(), 1500)).result());
    }

    @Test
    void repliesKeepGoingToTheControllerInChargesMac() {
        AdjustorControl c = control();
        one(c, MAC_A, a.snapshot(1, List.of(limit(1, 10)), 1500));
        assertArrayEquals(MAC_A, c.replyMac().orElseThrow());
        feed(c, MAC_B, List.of(b.heartbeat(0)));
        assertArrayEquals(MAC_A, c.replyMac().orElseThrow(), "a newer controller's heartbeat does not move them");
        one(c, MAC_B, b.snapshot(7, List.of(limit(2, 20)), 1500));
        assertArrayEquals(MAC_B, c.replyMac().orElseThrow(), "the snapshot that put B in charge is ACKed to B");
        feed(c, MAC_A, List.of(a.heartbeat(1)));
        assertArrayEquals(MAC_B, c.replyMac().orElseThrow(), "the old controller's heartbeat does not move them");
        one(c, MAC_A, a.snapshot(2, List.of(), 1500));
        assertArrayEquals(MAC_B, c.replyMac().orElseThrow(), "nor does its STALE snapshot");
        byte[] macB2 = EthernetFrame.parseMac("02:00:00:00:00:0c");
        feed(c, macB2, List.of(b.heartbeat(7)));
        assertArrayEquals(macB2, c.replyMac().orElseThrow(), "the controller in charge's frames still move them");
    }

    @Test
    void theOldControllersHeartbeatsDoNotPostponeTheFailSafe() {
        AdjustorControl c = failedOver();
        for (int i = 1; i < SILENCE / 1000; i++) {
            clock.advance(1000);
            feed(c, MAC_A, List.of(a.heartbeat(1)));
            assertEquals(Optional.empty(), c.onTick());
        }
        clock.advance(1001);
        feed(c, MAC_A, List.of(a.heartbeat(1)));
        assertEquals(AckResult.STATUS, c.onTick().orElseThrow().result(), "B has been silent for the whole period");
        assertTrue(c.failSafeActive());
        feed(c, MAC_A, List.of(a.heartbeat(1)));
        assertTrue(c.failSafeActive(), "the old controller does not end it either");
        feed(c, MAC_B, List.of(b.heartbeat(7)));
        assertFalse(c.failSafeActive());
    }

    @Test
    void aNewerControllersHeartbeatsHoldOffTheFailSafeUntilItsSnapshot() {
        // The safe choice (section 3.1): the controller about to take over is alive, so the limits
        // are looked after; firing now would, with failsafe.action = clear, lift them for nothing.
        AdjustorControl c = control();
        one(c, MAC_A, a.snapshot(1, List.of(limit(1, 10)), 1500));
        clock.advance(3000);
        for (int i = 0; i < 12; i++) {
            feed(c, MAC_B, List.of(b.heartbeat(0)));
            clock.advance(1000);
            assertEquals(Optional.empty(), c.onTick(), "at " + i + " s of B's heartbeats");
        }
        assertEquals(AckResult.APPLIED, one(c, MAC_B, b.snapshot(1, List.of(limit(2, 20)), 1500)).result());
        assertFalse(c.failSafeActive());
    }

    @Test
    void failSafeDoesNotFireAcrossAFailoverWithAThreeSecondGapAtDefaultSettings() {
        long silence = Long.parseLong(AgentConfig.KEYS.get("heartbeat.period-ms")[0])
                * Long.parseLong(AgentConfig.KEYS.get("failsafe.silent-periods")[0]);
        AdjustorControl c = control(silence);
        long t0 = clock.millis();
        one(c, MAC_A, a.snapshot(1, List.of(limit(1, 10)), 1500));
        List<AckStatus> statuses = new ArrayList<>();
        for (long t = 100; t <= 60_000; t += 100) {
            clock.set(t0 + t);
            if (t < 20_000 && t % 1000 == 0) {
                feed(c, MAC_A, List.of(a.heartbeat(1)));
            }
            // A's last frame at 19 s; mastership moves; B's snapshot 3 s later, then its heartbeats.
            if (t == 22_000) {
                assertEquals(AckResult.APPLIED, one(c, MAC_B, b.snapshot(1, List.of(limit(2, 20)), 1500)).result());
            } else if (t > 22_000 && t % 1000 == 0) {
                feed(c, MAC_B, List.of(b.heartbeat(1)));
            }
            c.onTick().ifPresent(statuses::add);
        }
        assertEquals(List.of(), statuses);
        assertFalse(c.failSafeActive());
        assertEquals(Optional.of(new ControllerId(12, EPOCH_B)), c.controllerInCharge());
    }
}
