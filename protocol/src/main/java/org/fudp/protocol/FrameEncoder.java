// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Builds signed frames for one sender: numbers them (strictly increasing sequence within the
 * sender's epoch), stamps them, and splits snapshots and deltas over as many frames as the
 * payload limit needs. Thread-safe.
 *
 * <p>Send frames in the order they were built: a receiver rejects a sequence number below one it
 * has already seen (docs/protocol.md, section 3). If several threads build and send (for example
 * ACKs on one, heartbeats on a timer), hold one lock across building and sending each frame.
 * One encoder per destination is fine: receivers keep sequences per sender id, and each
 * destination sees an increasing sequence.
 */
public final class FrameEncoder {

    /** Payload limit that fits a standard 1500-byte Ethernet MTU. */
    public static final int DEFAULT_MAX_PAYLOAD = 1500;

    private final long senderId;
    private final long epoch;
    private final Clock clock;
    private volatile KeyRing keys;
    private long sequence;
    private boolean fromAgent;

    /**
     * Creates an encoder.
     *
     * @param keys keys; frames are signed with the active one
     * @param senderId this sender's id
     * @param epoch this sender's epoch; must grow every time the sender restarts (for example its start
     *              time in milliseconds)
     * @param lastSequence the sequence number already used, 0 for a fresh epoch
     * @param clock source of the timestamp field
     */
    public FrameEncoder(KeyRing keys, long senderId, long epoch, long lastSequence, Clock clock) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.senderId = senderId;
        this.epoch = epoch;
        this.sequence = lastSequence;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Replaces the key ring, for example to sign with a rotated key.
     *
     * @param newKeys the new ring
     */
    public void setKeys(KeyRing newKeys) {
        this.keys = Objects.requireNonNull(newKeys, "newKeys");
    }

    /**
     * Returns the sequence number of the last frame built.
     *
     * @return sequence, 0 before the first frame
     */
    public synchronized long lastSequence() {
        return sequence;
    }

    /**
     * Returns the sender id.
     *
     * @return sender id
     */
    public long senderId() {
        return senderId;
    }

    /**
     * Returns the epoch.
     *
     * @return epoch
     */
    public long epoch() {
        return epoch;
    }

    private FrameHeader.Builder next(MessageType type, long snapshotId) {
        sequence++;
        return FrameHeader.builder(type).keyId(keys.activeKeyId()).senderId(senderId).epoch(epoch)
                .sequence(sequence).timestampMillis(clock.millis()).snapshotId(snapshotId)
                .fromAgent(fromAgent && (type == MessageType.ACK || type == MessageType.HEARTBEAT));
    }

    /**
     * Makes this encoder mark its ACKs and HEARTBEATs with the from-agent flag
     * ({@link FrameCodec#FLAG_FROM_AGENT}), as an agent's encoder should once every controller it
     * talks to accepts the flag.
     *
     * @param value true to mark
     */
    public synchronized void markFromAgent(boolean value) {
        this.fromAgent = value;
    }

    /**
     * Encodes the full desired state as a snapshot, fragmented to fit the payload limit. An empty
     * collection yields one fragment with no entries.
     *
     * @param snapshotId the snapshot's id; should grow with every snapshot of this epoch
     * @param limits every limit the adjustor should hold, one per flow
     * @param maxPayloadBytes payload limit of one frame, at least 148 (header, MAC, one IPv6 entry)
     * @return the frames' payloads, fragment 0 first
     * @throws IllegalArgumentException if a flow appears twice or more than 65535 fragments are needed
     */
    public synchronized List<byte[]> snapshot(long snapshotId, Collection<FlowLimit> limits, int maxPayloadBytes) {
        List<LimitEntry> entries = new ArrayList<>(limits.size());
        for (FlowLimit l : limits) {
            entries.add(LimitEntry.add(l));
        }
        List<List<LimitEntry>> chunks = split(entries, maxPayloadBytes);
        if (chunks.size() > 0xFFFF) {
            throw new IllegalArgumentException(limits.size() + " limits need " + chunks.size()
                    + " fragments, at most 65535 are possible; raise maxPayloadBytes");
        }
        List<byte[]> frames = new ArrayList<>(chunks.size());
        for (int i = 0; i < chunks.size(); i++) {
            FrameHeader h = next(MessageType.SNAPSHOT, snapshotId).fragment(i, chunks.size()).build();
            frames.add(FrameCodec.encode(ControlMessage.of(h, chunks.get(i)), keys));
        }
        return frames;
    }

    /**
     * Encodes changes on top of a snapshot. Large deltas become several frames, each a complete
     * delta of its own, applied in sequence order.
     *
     * @param baseSnapshotId the snapshot the changes apply to
     * @param changes ADD and REMOVE entries, at most one per flow
     * @param maxPayloadBytes payload limit of one frame
     * @return the frames' payloads
     */
    public synchronized List<byte[]> delta(long baseSnapshotId, Collection<LimitEntry> changes,
                                           int maxPayloadBytes) {
        List<byte[]> frames = new ArrayList<>();
        for (List<LimitEntry> chunk : split(new ArrayList<>(changes), maxPayloadBytes)) {
            FrameHeader h = next(MessageType.DELTA, baseSnapshotId).build();
            frames.add(FrameCodec.encode(ControlMessage.of(h, chunk), keys));
        }
        return frames;
    }

    /**
     * Encodes a clear-all.
     *
     * @param snapshotId the id the resulting empty state gets
     * @return the frame's payload
     */
    public synchronized byte[] clearAll(long snapshotId) {
        return FrameCodec.encode(ControlMessage.of(next(MessageType.CLEAR_ALL, snapshotId).build(), List.of()),
                keys);
    }

    /**
     * Encodes a heartbeat.
     *
     * @param snapshotId the sender's current snapshot id
     * @return the frame's payload
     */
    public synchronized byte[] heartbeat(long snapshotId) {
        return FrameCodec.encode(ControlMessage.of(next(MessageType.HEARTBEAT, snapshotId).build(), List.of()),
                keys);
    }

    /**
     * Encodes an acknowledgement or status report.
     *
     * @param status the body
     * @return the frame's payload
     */
    public synchronized byte[] ack(AckStatus status) {
        FrameHeader h = next(MessageType.ACK, status.lastAppliedSnapshotId()).build();
        return FrameCodec.encode(ControlMessage.ofAck(h, status), keys);
    }

    private static List<List<LimitEntry>> split(List<LimitEntry> entries, int maxPayloadBytes) {
        if (maxPayloadBytes < FrameCodec.OVERHEAD_BYTES + FrameCodec.IPV6_ENTRY_BYTES) {
            throw new IllegalArgumentException("maxPayloadBytes must be at least "
                    + (FrameCodec.OVERHEAD_BYTES + FrameCodec.IPV6_ENTRY_BYTES) + ", was " + maxPayloadBytes);
        }
        int maxBody = Math.min(maxPayloadBytes - FrameCodec.OVERHEAD_BYTES, FrameCodec.MAX_BODY_BYTES);
        List<List<LimitEntry>> chunks = new ArrayList<>();
        List<LimitEntry> chunk = new ArrayList<>();
        int used = 0;
        Set<FiveTuple> seen = new HashSet<>();
        for (LimitEntry e : entries) {
            if (!seen.add(e.flow())) {
                throw new IllegalArgumentException("flow " + e.flow() + " appears twice");
            }
            int n = FrameCodec.entryBytes(e.flow());
            if (used + n > maxBody || chunk.size() == 0xFFFF) {
                chunks.add(chunk);
                chunk = new ArrayList<>();
                used = 0;
            }
            chunk.add(e);
            used += n;
        }
        chunks.add(chunk);
        return chunks;
    }
}
