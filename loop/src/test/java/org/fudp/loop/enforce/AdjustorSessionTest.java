// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.LoopHarness;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.commands.FrameOut;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.protocol.Hex;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.MutableClock;
import org.fudp.protocol.SnapshotAssembler;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.fudp.loop.LoopHarness.FACILITY;
import static org.fudp.loop.LoopHarness.KEY_HEX;
import static org.fudp.loop.LoopHarness.KEY_ID;
import static org.fudp.loop.LoopHarness.UDP1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AdjustorSessionTest {

    private final MutableClock clock = new MutableClock(0);
    private final AdjustorChannel channel = new AdjustorChannel(KEY_ID + " = " + KEY_HEX, 1, 1, 0x88b5, clock);
    private final LoopSettings settings = LoopSettings.defaults();
    private final AdjustorSession s = new AdjustorSession(FACILITY);

    /** What the agent's reassembly makes of the snapshots sent: a reused id would be refused. */
    private final SnapshotAssembler agentSide = new SnapshotAssembler(4, 1000, 5000, clock);
    private final List<SnapshotAssembler.OutcomeKind> agentOutcomes = new ArrayList<>();

    private int send(long now) {
        Actions out = new Actions();
        s.tick(now, settings, channel, out);
        int snapshots = 0;
        for (FrameOut f : out.frames()) {
            try {
                ControlMessage m = FrameCodec.decode(EthernetFrame.parse(f.frame()).payload(),
                        KeyRing.of(KEY_ID, Hex.decode(KEY_HEX)), FrameCodec.MAX_PAYLOAD_BYTES);
                if (m.type() == MessageType.SNAPSHOT) {
                    snapshots++;
                    agentOutcomes.add(agentSide.offerFragment(m).kind());
                }
            } catch (FrameRejectedException e) {
                throw new AssertionError(e);
            }
        }
        return snapshots;
    }

    @Test
    void aLostAckMeansTheSameLimitsAgainUnderANewSnapshotIdAfterTheAckTimeout() {
        s.heard(0, 1, 0, false);
        s.setDesired(List.of(new FlowLimit(UDP1, 1_000_000, 3028)));
        assertEquals(1, send(0));
        long id = s.desiredId();
        assertEquals(0, send(settings.ackTimeoutMs() - 1));
        assertEquals(1, send(settings.ackTimeoutMs()), "the ACK never came: resend");
        // The agent applied the first copy and only its ACK was lost: the same id again would be
        // REFUSED (protocol 2.3.2), for ever, however often it is resent.
        assertEquals(List.of(SnapshotAssembler.OutcomeKind.COMPLETE, SnapshotAssembler.OutcomeKind.COMPLETE),
                agentOutcomes);
        assertEquals(id + 1, s.sentId());
        assertEquals(1, s.view(null, settings.heartbeatTimeoutMs()).resends());
        assertFalse(s.acknowledged(settings.ackTimeoutMs() + 5, id, "APPLIED", Map.of()),
                "the late ACK of the first copy is not the one awaited");
        assertTrue(s.acknowledged(settings.ackTimeoutMs() + 6, id + 1, "APPLIED", Map.of()));
        assertTrue(s.isAcknowledged(id), "what the first copy carried is in force");
        assertEquals(0, send(10 * settings.ackTimeoutMs()));
    }

    @Test
    void aResyncedAgentNeverSeesAnIdTwiceEither() {
        s.heard(0, 1, 0, false);
        s.setDesired(List.of(new FlowLimit(UDP1, 1_000_000, 3028)));
        send(0);
        assertTrue(s.acknowledged(1, s.desiredId(), "APPLIED", Map.of()));
        // It heartbeats that it holds less than it acknowledged (its fail-safe cleared the limits).
        s.heard(2, 1, 0, false);
        assertEquals(1, send(3));
        assertEquals(List.of(SnapshotAssembler.OutcomeKind.COMPLETE, SnapshotAssembler.OutcomeKind.COMPLETE),
                agentOutcomes);
    }

    @Test
    void onlyAnAppliedAckOfTheSnapshotSentCounts() {
        s.heard(0, 1, 0, false);
        s.setDesired(List.of(new FlowLimit(UDP1, 1_000_000, 3028)));
        send(0);
        long id = s.desiredId();
        assertFalse(s.acknowledged(1, 0, "APPLY_FAILED", Map.of("BAD_MAC", 2L)));
        assertFalse(s.isAcknowledged(id));
        assertEquals(Long.valueOf(1), s.view(null, settings.heartbeatTimeoutMs()).rejectedFrames()
                .get("agent:APPLY_FAILED"));
        assertEquals(Long.valueOf(2), s.view(null, settings.heartbeatTimeoutMs()).rejectedFrames()
                .get("agent:BAD_MAC"));
        assertEquals("snapshot " + id + " not applied: APPLY_FAILED (the agent holds snapshot 0)",
                s.view(null, settings.heartbeatTimeoutMs()).reason(), "the agent is up, but says why not applied");
        assertFalse(s.acknowledged(1, id - 1, "APPLIED", Map.of()), "an older snapshot's ACK");
        assertFalse(s.isAcknowledged(id));
    }

    @Test
    void anAgentThatHoldsLessThanItAcknowledgedGetsEverythingAgain() {
        s.heard(0, 1, 0, false);
        s.setDesired(List.of(new FlowLimit(UDP1, 1_000_000, 3028)));
        send(0);
        s.acknowledged(1, s.desiredId(), "APPLIED", Map.of());
        s.heard(2, 1, 0, false);
        assertFalse(s.isAcknowledged(s.desiredId()));
        assertEquals(1, send(2));
    }

    @Test
    void theSameLimitsInAnotherOrderAreNoNewState() {
        FlowLimit a = new FlowLimit(UDP1, 1_000_000, 3028);
        FlowLimit b = new FlowLimit(LoopHarness.tuple("udp-10.0.0.2-1-10.0.0.4-2"), 2_000_000, 3028);
        assertTrue(s.setDesired(List.of(a, b)));
        assertFalse(s.setDesired(List.of(b, a)));
        assertTrue(s.setDesired(List.of(a)));
    }
}
