// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each way a frame can be bad is rejected with its own reason and counted; good frames pass.
 */
class FrameVerifierTest {

    private static final long NOW = 1_700_000_000_000L;
    private final Clock clock = Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC);
    private final FrameVerifier verifier = new FrameVerifier(Messages.KEYS, 1500, 60_000, clock);

    private FrameEncoder controller(long epoch) {
        return new FrameEncoder(Messages.KEYS, 7, epoch, 0, clock);
    }

    private RejectReason rejection(byte[] payload) {
        return assertThrows(FrameRejectedException.class, () -> verifier.verify(payload)).reason();
    }

    private static byte[] resign(byte[] p) {
        byte[] mac = FrameCodec.mac(Messages.KEYS.key(1), p, p.length - FrameCodec.MAC_BYTES);
        System.arraycopy(mac, 0, p, p.length - FrameCodec.MAC_BYTES, FrameCodec.MAC_BYTES);
        return p;
    }

    @Test
    void acceptsFreshFramesInSequence() throws FrameRejectedException {
        FrameEncoder c = controller(5);
        List<byte[]> snap = c.snapshot(1, List.of(Messages.limit(1, 10_000_000)), 1500);
        ControlMessage m = verifier.verify(snap.get(0));
        assertEquals(MessageType.SNAPSHOT, m.type());
        verifier.verify(c.heartbeat(1));
        assertEquals(2, verifier.acceptedCount());
        assertTrue(verifier.rejectCounts().isEmpty());
    }

    @Test
    void replayedFrameIsRejected() throws FrameRejectedException {
        byte[] hb = controller(5).heartbeat(1);
        verifier.verify(hb);
        assertEquals(RejectReason.REPLAY_SEQUENCE, rejection(hb));
    }

    @Test
    void olderSequenceIsRejectedAfterANewerOne() throws FrameRejectedException {
        FrameEncoder c = controller(5);
        byte[] first = c.heartbeat(1);
        byte[] second = c.heartbeat(1);
        verifier.verify(second);
        assertEquals(RejectReason.REPLAY_SEQUENCE, rejection(first));
    }

    @Test
    void oldEpochIsRejectedAndNewEpochRestartsSequences() throws FrameRejectedException {
        FrameEncoder old = controller(5);
        byte[] oldFrame = old.heartbeat(1);
        old.heartbeat(1);
        FrameEncoder restarted = controller(6);
        verifier.verify(old.heartbeat(1));
        verifier.verify(restarted.heartbeat(1));
        assertEquals(RejectReason.REPLAY_EPOCH, rejection(oldFrame));
        assertEquals(RejectReason.REPLAY_EPOCH, rejection(old.heartbeat(1)));
    }

    @Test
    void sendersHaveSeparateSequences() throws FrameRejectedException {
        FrameEncoder a = new FrameEncoder(Messages.KEYS, 1, 1, 0, clock);
        FrameEncoder b = new FrameEncoder(Messages.KEYS, 2, 1, 0, clock);
        a.heartbeat(0);
        verifier.verify(a.heartbeat(0));
        verifier.verify(b.heartbeat(0));
        assertEquals(2, verifier.acceptedCount());
    }

    @Test
    void forgedFramesDoNotAdvanceReplayState() throws FrameRejectedException {
        FrameEncoder c = controller(5);
        byte[] genuine = c.heartbeat(1);
        // A forger signs a far-future sequence number with the wrong key.
        FrameEncoder forger = new FrameEncoder(KeyRing.of(1, Messages.bytes(32, 99)), 7, 5, 1_000_000, clock);
        assertEquals(RejectReason.BAD_MAC, rejection(forger.heartbeat(1)));
        verifier.verify(genuine);
    }

    @Test
    void unknownKeyIsRejected() {
        FrameEncoder other = new FrameEncoder(KeyRing.of(9, Messages.bytes(32, 5)), 7, 5, 0, clock);
        assertEquals(RejectReason.UNKNOWN_KEY, rejection(other.heartbeat(1)));
    }

    @Test
    void rotatedKeyIsAcceptedOnceAdded() throws FrameRejectedException {
        byte[] k2 = Messages.bytes(32, 50);
        FrameEncoder c = new FrameEncoder(KeyRing.of(Map.of(1, Messages.bytes(32, 1), 2, k2), 2), 7, 5, 0, clock);
        byte[] signedWith2 = c.heartbeat(1);
        assertEquals(RejectReason.UNKNOWN_KEY, rejection(signedWith2));
        verifier.setKeys(KeyRing.of(Map.of(1, Messages.bytes(32, 1), 2, k2), 1));
        verifier.verify(signedWith2);
    }

    @Test
    void truncatedAndOversizedAreRejected() {
        FrameEncoder c = controller(5);
        byte[] big = c.snapshot(1, List.of(Messages.limit(1, 1), Messages.limit(2, 1)), 1500).get(0);
        assertEquals(RejectReason.TRUNCATED, rejection(java.util.Arrays.copyOf(big, 50)));
        assertEquals(RejectReason.TRUNCATED, rejection(java.util.Arrays.copyOf(big, big.length - 1)));
        FrameVerifier small = new FrameVerifier(Messages.KEYS, 120, 0, clock);
        assertEquals(RejectReason.OVERSIZED,
                assertThrows(FrameRejectedException.class, () -> small.verify(big)).reason());
        assertEquals(Map.of(RejectReason.OVERSIZED, 1L), small.rejectCounts());
    }

    @Test
    void unknownVersionAndTypeAreRejected() {
        byte[] v2 = controller(5).heartbeat(1);
        v2[4] = 2;
        assertEquals(RejectReason.UNKNOWN_VERSION, rejection(resign(v2)));
        byte[] t9 = controller(5).heartbeat(1);
        t9[5] = 9;
        assertEquals(RejectReason.UNKNOWN_TYPE, rejection(resign(t9)));
    }

    @Test
    void contradictoryFieldsAreMalformed() {
        FrameEncoder c = controller(5);
        byte[] flags = c.heartbeat(1);
        flags[7] = 2;
        assertEquals(RejectReason.MALFORMED, rejection(resign(flags)));

        byte[] count = c.snapshot(1, List.of(Messages.limit(1, 5)), 1500).get(0);
        ByteBuffer.wrap(count).putShort(56, (short) 2);
        assertEquals(RejectReason.MALFORMED, rejection(resign(count)));

        byte[] fragment = c.snapshot(1, List.of(Messages.limit(1, 5)), 1500).get(0);
        ByteBuffer.wrap(fragment).putShort(52, (short) 1);
        assertEquals(RejectReason.MALFORMED, rejection(resign(fragment)));

        byte[] zeroSeq = c.heartbeat(1);
        ByteBuffer.wrap(zeroSeq).putLong(28, 0);
        assertEquals(RejectReason.MALFORMED, rejection(resign(zeroSeq)));

        byte[] twice = c.snapshot(1, List.of(Messages.limit(1, 5), Messages.limit(2, 5)), 1500).get(0);
        // Make entry 2's source port equal entry 1's: one flow twice.
        ByteBuffer.wrap(twice).putShort(60 + 32 + 4, (short) 1001);
        assertEquals(RejectReason.MALFORMED, rejection(resign(twice)));
        assertEquals(Map.of(RejectReason.MALFORMED, 5L), verifier.rejectCounts());
    }

    /** Spec section 2.3: the malformed cases a clean-room implementer found unlisted (issue 15). */
    @Test
    void removeInASnapshotIpv4MappedIpv6AndBadAckBodiesAreMalformed() throws Exception {
        FrameEncoder c = controller(5);
        byte[] remove = c.snapshot(1, List.of(Messages.limit(1, 5)), 1500).get(0);
        ByteBuffer.wrap(remove).put(60, (byte) 2).putLong(60 + 16, 0).putLong(60 + 24, 0);
        assertEquals(RejectReason.MALFORMED, rejection(resign(remove)));

        FiveTuple v6 = new FiveTuple(17, java.net.InetAddress.getByName("2001:db8::1"),
                java.net.InetAddress.getByName("2001:db8::2"), 1000, 2000);
        byte[] mapped = c.snapshot(2, List.of(new FlowLimit(v6, 1000, 1000)), 1500).get(0);
        // Source address ::ffff:10.0.0.1.
        System.arraycopy(new byte[16], 0, mapped, 60 + 8, 16);
        ByteBuffer.wrap(mapped).putShort(60 + 8 + 10, (short) 0xffff).putInt(60 + 8 + 12, 0x0a000001);
        assertEquals(RejectReason.MALFORMED, rejection(resign(mapped)));

        FrameEncoder agent = new FrameEncoder(Messages.KEYS, 1001, 5, 0, clock);
        AckStatus ok = new AckStatus(MessageType.SNAPSHOT, AckResult.APPLIED, 7, 5, 3, 1, 3, 1, 3,
                Map.of(RejectReason.BAD_MAC, 2L));
        byte[] result = agent.ack(ok);
        result[60 + 1] = 99;
        assertEquals(RejectReason.MALFORMED, rejection(resign(result)));
        byte[] type = agent.ack(ok);
        type[60] = 9;
        assertEquals(RejectReason.MALFORMED, rejection(resign(type)));
        byte[] counters = agent.ack(ok);
        ByteBuffer.wrap(counters).putShort(60 + 2, (short) 2);
        assertEquals(RejectReason.MALFORMED, rejection(resign(counters)));
        byte[] zero = agent.ack(ok);
        ByteBuffer.wrap(zero).putLong(60 + 56 + 2, 0);
        assertEquals(RejectReason.MALFORMED, rejection(resign(zero)));
        assertEquals(Map.of(RejectReason.MALFORMED, 6L), verifier.rejectCounts());
    }

    @Test
    void theFromAgentFlagRoundTripsOnAckAndHeartbeatOnlyAndNoOtherFlagExists() throws FrameRejectedException {
        FrameEncoder agent = new FrameEncoder(Messages.KEYS, 1001, 5, 0, clock);
        agent.markFromAgent(true);
        ControlMessage hb = verifier.verify(agent.heartbeat(3));
        assertTrue(hb.header().fromAgent());
        AckStatus ok = new AckStatus(MessageType.SNAPSHOT, AckResult.APPLIED, 7, 5, 3, 1, 3, 1, 3, Map.of());
        byte[] ack = agent.ack(ok);
        assertEquals(FrameCodec.FLAG_FROM_AGENT, ByteBuffer.wrap(ack).getShort(6));
        assertTrue(verifier.verify(ack).header().fromAgent());
        // An agent's encoder never marks state-changing frames; a marked one is MALFORMED.
        byte[] clear = agent.clearAll(1);
        assertEquals(0, ByteBuffer.wrap(clear).getShort(6));
        ByteBuffer.wrap(clear).putShort(6, (short) FrameCodec.FLAG_FROM_AGENT);
        assertEquals(RejectReason.MALFORMED, rejection(resign(clear)));
        byte[] other = controller(5).heartbeat(1);
        ByteBuffer.wrap(other).putShort(6, (short) 0x8001);
        assertEquals(RejectReason.MALFORMED, rejection(resign(other)));
        assertFalse(verifier.verify(controller(6).heartbeat(1)).header().fromAgent());
    }

    @Test
    void timestampFarFromTheClockIsRejected() {
        Clock late = Clock.fixed(Instant.ofEpochMilli(NOW - 120_000), ZoneOffset.UTC);
        FrameEncoder c = new FrameEncoder(Messages.KEYS, 7, 5, 0, late);
        assertEquals(RejectReason.STALE_TIMESTAMP, rejection(c.heartbeat(1)));
    }

    @Test
    void everyRejectionIsCountedByReason() {
        FrameEncoder c = controller(5);
        byte[] hb = c.heartbeat(1);
        byte[] bad = hb.clone();
        bad[bad.length - 1] ^= 1;
        rejection(bad);
        rejection(bad);
        rejection(new byte[10]);
        assertEquals(Map.of(RejectReason.BAD_MAC, 2L, RejectReason.TRUNCATED, 1L), verifier.rejectCounts());
        assertEquals(0, verifier.acceptedCount());
    }
}
