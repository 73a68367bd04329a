// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.time.Clock;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The receiving end of the protocol: decodes and authenticates frames with {@link FrameCodec},
 * then rejects replays, and counts every rejection by reason. Replay rule (docs/protocol.md):
 * per sender id, a frame is accepted only if its epoch is newer than the newest seen, or equal to
 * it with a sequence number above the highest seen. Only frames that pass every check update
 * this state, so forged frames cannot poison it. Thread-safe.
 */
public final class FrameVerifier {

    /** How many senders' replay state is kept; the least recently heard is forgotten first. */
    public static final int MAX_SENDERS = 1024;

    private final Clock clock;
    private final long maxClockSkewMillis;
    private final int maxPayloadBytes;
    private volatile KeyRing keys;
    private final Map<Long, long[]> senders = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, long[]> eldest) {
            return size() > MAX_SENDERS;
        }
    };
    private final EnumMap<RejectReason, Long> rejects = new EnumMap<>(RejectReason.class);
    private long accepted;

    /**
     * Creates a verifier.
     *
     * @param keys keys a frame may be signed with
     * @param maxPayloadBytes the largest frame payload accepted (at most {@link FrameCodec#MAX_PAYLOAD_BYTES})
     * @param maxClockSkewMillis how far a frame's timestamp may be from this clock; 0 turns the check off
     * @param clock this receiver's clock
     */
    public FrameVerifier(KeyRing keys, int maxPayloadBytes, long maxClockSkewMillis, Clock clock) {
        this.keys = Objects.requireNonNull(keys, "keys");
        if (maxPayloadBytes < FrameCodec.OVERHEAD_BYTES) {
            throw new IllegalArgumentException("maxPayloadBytes must be at least " + FrameCodec.OVERHEAD_BYTES
                    + ", was " + maxPayloadBytes);
        }
        if (maxClockSkewMillis < 0) {
            throw new IllegalArgumentException("maxClockSkewMillis must not be negative, was "
                    + maxClockSkewMillis);
        }
        this.maxPayloadBytes = maxPayloadBytes;
        this.maxClockSkewMillis = maxClockSkewMillis;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Replaces the key ring (key rotation); replay state is kept.
     *
     * @param newKeys the new ring
     */
    public void setKeys(KeyRing newKeys) {
        this.keys = Objects.requireNonNull(newKeys, "newKeys");
    }

    /**
     * Checks one frame payload and, if it is valid and new, records its sequence.
     *
     * @param payload the bytes after the Ethernet header
     * @return the immutable decoded message
     * @throws FrameRejectedException if any check fails; the rejection is counted
     */
    public ControlMessage verify(byte[] payload) throws FrameRejectedException {
        ControlMessage m;
        try {
            m = FrameCodec.decode(payload, keys, maxPayloadBytes);
        } catch (FrameRejectedException e) {
            count(e.reason());
            throw e;
        }
        FrameHeader h = m.header();
        if (maxClockSkewMillis > 0) {
            long skew = Math.abs(h.timestampMillis() - clock.millis());
            if (skew > maxClockSkewMillis) {
                count(RejectReason.STALE_TIMESTAMP);
                throw new FrameRejectedException(RejectReason.STALE_TIMESTAMP, "timestamp " + h.timestampMillis()
                        + " is " + skew + " ms from this clock, at most " + maxClockSkewMillis + " allowed");
            }
        }
        synchronized (this) {
            long[] state = senders.get(h.senderId());
            if (state != null) {
                if (h.epoch() < state[0]) {
                    count(RejectReason.REPLAY_EPOCH);
                    throw new FrameRejectedException(RejectReason.REPLAY_EPOCH, "sender " + h.senderId()
                            + " epoch " + h.epoch() + " is older than " + state[0]);
                }
                if (h.epoch() == state[0] && h.sequence() <= state[1]) {
                    count(RejectReason.REPLAY_SEQUENCE);
                    throw new FrameRejectedException(RejectReason.REPLAY_SEQUENCE, "sender " + h.senderId()
                            + " epoch " + h.epoch() + " sequence " + h.sequence() + " is not above " + state[1]);
                }
            }
            senders.put(h.senderId(), new long[] {h.epoch(), h.sequence()});
            accepted++;
        }
        return m;
    }

    private synchronized void count(RejectReason reason) {
        rejects.merge(reason, 1L, Long::sum);
    }

    /**
     * Returns the rejection counters.
     *
     * @return a snapshot of the non-zero counts by reason
     */
    public synchronized Map<RejectReason, Long> rejectCounts() {
        return new EnumMap<>(rejects);
    }

    /**
     * Returns how many frames were accepted.
     *
     * @return accepted frame count
     */
    public synchronized long acceptedCount() {
        return accepted;
    }

    /**
     * Forgets a sender's replay state (for example when an operator resets a controller's epoch on purpose).
     *
     * @param senderId the sender
     */
    public synchronized void forget(long senderId) {
        senders.remove(senderId);
    }
}
