// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Coverage-guided fuzzing of the control-frame path: {@link FrameCodec#decode}, {@link FrameVerifier#verify}
 * and, for accepted SNAPSHOT fragments, {@link SnapshotAssembler#offer}.
 *
 * <p>Each input is tried twice: as received, and re-signed with the key its header names (when the ring holds
 * it and the announced body fits), so the fuzzer reaches the checks behind the MAC that only a key holder can
 * reach. The key ring is the test vectors' and the clock is fixed at the vectors' timestamp, so the seeds in
 * {@code FrameFuzzTestInputs} (the vectors' frames) are accepted.
 *
 * <p>A plain test run replays the saved inputs only; {@code JAZZER_FUZZ=1} (see {@code tools/fuzz}) fuzzes.
 */
class FrameFuzzTest {

    /** The vectors' frames carry this timestamp (give or take a few ms). */
    static final long VECTOR_CLOCK_MILLIS = 1_700_000_000_123L;
    /** A skew wide enough for every vector frame, narrow enough that the check still rejects. */
    static final long SKEW_MILLIS = 60_000L;
    /** The agent's default largest payload. */
    static final int MAX_PAYLOAD = FrameEncoder.DEFAULT_MAX_PAYLOAD;

    static final KeyRing KEYS = TestVectors.keys(TestVectors.load());

    @FuzzTest(maxDuration = "30s")
    void decodeAndVerify(byte[] payload) {
        checkOne(payload);
        byte[] signed = resign(payload);
        if (signed != null) {
            checkOne(signed);
        }
    }

    /**
     * Decodes and verifies one payload; anything but a decoded message or a {@link FrameRejectedException} is a
     * finding, as is an accepted message that breaks the spec's bounds or does not round-trip.
     */
    private static void checkOne(byte[] payload) {
        byte[] copy = payload.clone();
        ControlMessage m;
        try {
            m = FrameCodec.decode(payload, KEYS, FrameCodec.MAX_PAYLOAD_BYTES);
        } catch (FrameRejectedException e) {
            assertNotNull(e.reason());
            m = null;
        }
        assertArrayEquals(copy, payload, "decode must not change its input");
        if (m != null) {
            checkBounds(m, payload);
            checkRoundTrip(m, payload);
        }
        MutableClock clock = new MutableClock(VECTOR_CLOCK_MILLIS);
        FrameVerifier verifier = new FrameVerifier(KEYS, MAX_PAYLOAD, SKEW_MILLIS, clock);
        ControlMessage v;
        try {
            v = verifier.verify(payload);
        } catch (FrameRejectedException e) {
            assertEquals(0, verifier.acceptedCount());
            assertEquals(1L, verifier.rejectCounts().get(e.reason()), "one rejection, counted once");
            return;
        }
        assertNotNull(m, "verify accepted what decode rejected");
        assertEquals(m, v);
        assertTrue(payload.length >= FrameCodec.OVERHEAD_BYTES);
        assertTrue(Math.abs(v.header().timestampMillis() - clock.millis()) <= SKEW_MILLIS);
        assertEquals(1, verifier.acceptedCount());
        try {
            verifier.verify(payload);
            fail("a replayed frame was accepted twice");
        } catch (FrameRejectedException e) {
            assertEquals(RejectReason.REPLAY_SEQUENCE, e.reason());
        }
        if (v.type() == MessageType.SNAPSHOT) {
            SnapshotAssembler assembler = new SnapshotAssembler(4, 1000, 5000, clock);
            boolean complete = assembler.offer(v).isPresent();
            assertEquals(v.header().fragmentCount() == 1, complete, "a lone fragment completes only a 1-of-1");
            assertTrue(assembler.heldEntries() <= 1000);
        }
    }

    /** The bounds docs/protocol.md sets on every field of a valid frame. */
    private static void checkBounds(ControlMessage m, byte[] payload) {
        FrameHeader h = m.header();
        assertTrue(KEYS.contains(h.keyId()));
        assertTrue(h.sequence() >= 1, "sequence 1..2^63-1");
        assertTrue(h.epoch() >= 0 && h.timestampMillis() >= 0 && h.snapshotId() >= 0 && h.senderId() >= 0);
        assertTrue(h.fragmentCount() >= 1 && h.fragmentCount() <= 0xFFFF);
        assertTrue(h.fragmentIndex() >= 0 && h.fragmentIndex() < h.fragmentCount());
        assertTrue(h.type() == MessageType.SNAPSHOT || h.fragmentCount() == 1);
        int body = ByteBuffer.wrap(payload).getShort(58) & 0xFFFF;
        assertTrue(FrameCodec.OVERHEAD_BYTES + body <= payload.length);
        if (m.type() == MessageType.ACK) {
            assertTrue(m.ack().isPresent() && m.entries().isEmpty());
            return;
        }
        if (m.type() == MessageType.CLEAR_ALL || m.type() == MessageType.HEARTBEAT) {
            assertTrue(m.entries().isEmpty() && body == 0);
        }
        Set<FiveTuple> flows = new HashSet<>();
        int bytes = 0;
        for (LimitEntry e : m.entries()) {
            assertTrue(flows.add(e.flow()), "a flow twice in one frame");
            bytes += FrameCodec.entryBytes(e.flow());
            FiveTuple f = e.flow();
            assertTrue(f.protocol() >= 0 && f.protocol() <= 255);
            assertTrue(f.srcPort() >= 0 && f.srcPort() <= 0xFFFF && f.dstPort() >= 0 && f.dstPort() <= 0xFFFF);
            assertEquals(f.src().getAddress().length, f.dst().getAddress().length, "one family per flow");
            if (e.op() == EntryOp.ADD) {
                assertTrue(e.rateBps() >= 1 && e.burstBytes() >= 1, "ADD rate and burst 1..2^63-1");
            } else {
                assertEquals(MessageType.DELTA, m.type(), "REMOVE only in a DELTA");
                assertEquals(0, e.rateBps());
                assertEquals(0, e.burstBytes());
            }
        }
        assertEquals(body, bytes, "the entries fill the body exactly");
    }

    /** encode(decode(p)) decodes to the same message; for non-ACK frames it is p itself, padding cut. */
    private static void checkRoundTrip(ControlMessage m, byte[] payload) {
        byte[] again = FrameCodec.encode(m, KEYS);
        try {
            assertEquals(m, FrameCodec.decode(again, KEYS, FrameCodec.MAX_PAYLOAD_BYTES));
        } catch (FrameRejectedException e) {
            fail("re-encoded frame rejected: " + e.getMessage());
        }
        if (m.type() != MessageType.ACK) {
            assertArrayEquals(Arrays.copyOf(payload, again.length), again, "encode(decode(p)) is p");
        }
    }

    /**
     * Returns a copy of the payload with the MAC a holder of the named key would compute, or null when the frame
     * cannot carry one (too short, unknown key, or body past the payload's end).
     */
    static byte[] resign(byte[] payload) {
        if (payload.length < FrameCodec.OVERHEAD_BYTES) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(payload);
        byte[] key = KEYS.key(b.getInt(8));
        int signedLength = FrameCodec.HEADER_BYTES + (b.getShort(58) & 0xFFFF);
        if (key == null || signedLength + FrameCodec.MAC_BYTES > payload.length) {
            return null;
        }
        byte[] out = payload.clone();
        System.arraycopy(FrameCodec.mac(key, out, signedLength), 0, out, signedLength, FrameCodec.MAC_BYTES);
        return out;
    }
}
