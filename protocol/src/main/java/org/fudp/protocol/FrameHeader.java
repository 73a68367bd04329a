// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.util.Objects;

/**
 * The fields of a frame header a sender chooses. The entry count and body length are derived from
 * the body when encoding, so they are not part of this value. See docs/protocol.md.
 */
public final class FrameHeader {

    private final MessageType type;
    private final int keyId;
    private final long senderId;
    private final long epoch;
    private final long sequence;
    private final long timestampMillis;
    private final long snapshotId;
    private final int fragmentIndex;
    private final int fragmentCount;
    private final boolean fromAgent;

    private FrameHeader(Builder b) {
        this.type = Objects.requireNonNull(b.type, "type");
        this.keyId = b.keyId;
        this.senderId = nonNegative("senderId", b.senderId);
        this.epoch = nonNegative("epoch", b.epoch);
        if (b.sequence < 1) {
            throw new IllegalArgumentException("sequence must be 1..2^63-1, was " + b.sequence);
        }
        this.sequence = b.sequence;
        this.timestampMillis = nonNegative("timestampMillis", b.timestampMillis);
        this.snapshotId = nonNegative("snapshotId", b.snapshotId);
        if (b.fragmentCount < 1 || b.fragmentCount > 0xFFFF) {
            throw new IllegalArgumentException("fragmentCount must be 1..65535, was " + b.fragmentCount);
        }
        if (b.fragmentIndex < 0 || b.fragmentIndex >= b.fragmentCount) {
            throw new IllegalArgumentException("fragmentIndex must be 0.." + (b.fragmentCount - 1)
                    + ", was " + b.fragmentIndex);
        }
        if (type != MessageType.SNAPSHOT && b.fragmentCount != 1) {
            throw new IllegalArgumentException("only SNAPSHOT may have fragmentCount > 1, " + type
                    + " had " + b.fragmentCount);
        }
        this.fragmentIndex = b.fragmentIndex;
        this.fragmentCount = b.fragmentCount;
        if (b.fromAgent && type != MessageType.ACK && type != MessageType.HEARTBEAT) {
            throw new IllegalArgumentException("only ACK and HEARTBEAT may carry the from-agent flag, " + type
                    + " did");
        }
        this.fromAgent = b.fromAgent;
    }

    private static long nonNegative(String name, long v) {
        if (v < 0) {
            throw new IllegalArgumentException(name + " must be 0..2^63-1, was " + Long.toUnsignedString(v));
        }
        return v;
    }

    /**
     * Starts a header.
     *
     * @param type message type
     * @return a builder with fragment 0 of 1
     */
    public static Builder builder(MessageType type) {
        return new Builder().type(type);
    }

    /**
     * Returns a builder holding this header's fields.
     *
     * @return a builder
     */
    public Builder toBuilder() {
        return new Builder().type(type).keyId(keyId).senderId(senderId).epoch(epoch).sequence(sequence)
                .timestampMillis(timestampMillis).snapshotId(snapshotId)
                .fragment(fragmentIndex, fragmentCount).fromAgent(fromAgent);
    }

    /**
     * Tells whether the frame carries the from-agent flag (flags bit 0x0001): an agent sent it.
     *
     * @return true for a frame an agent marked as its own
     */
    public boolean fromAgent() {
        return fromAgent;
    }

    /**
     * Returns the message type.
     *
     * @return type
     */
    public MessageType type() {
        return type;
    }

    /**
     * Returns the id of the key the MAC is computed with.
     *
     * @return key id, an unsigned 32-bit value held in an int
     */
    public int keyId() {
        return keyId;
    }

    /**
     * Returns the sender: the controller id for controller frames, the agent id for agent frames.
     *
     * @return sender id
     */
    public long senderId() {
        return senderId;
    }

    /**
     * Returns the sender's epoch, which grows each time the sender restarts.
     *
     * @return epoch
     */
    public long epoch() {
        return epoch;
    }

    /**
     * Returns the per-sender, per-epoch frame sequence number.
     *
     * @return sequence, at least 1
     */
    public long sequence() {
        return sequence;
    }

    /**
     * Returns the sender's wall clock when it built the frame.
     *
     * @return milliseconds since 1970-01-01T00:00Z
     */
    public long timestampMillis() {
        return timestampMillis;
    }

    /**
     * Returns the snapshot id: of the snapshot (SNAPSHOT), of the base snapshot (DELTA), of the empty
     * state that results (CLEAR_ALL), or of the sender's current snapshot (ACK, HEARTBEAT).
     *
     * @return snapshot id
     */
    public long snapshotId() {
        return snapshotId;
    }

    /**
     * Returns this fragment's index within its snapshot.
     *
     * @return 0-based index
     */
    public int fragmentIndex() {
        return fragmentIndex;
    }

    /**
     * Returns how many fragments the snapshot has.
     *
     * @return count, 1 for every type but SNAPSHOT
     */
    public int fragmentCount() {
        return fragmentCount;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FrameHeader)) {
            return false;
        }
        FrameHeader h = (FrameHeader) o;
        return type == h.type && keyId == h.keyId && senderId == h.senderId && epoch == h.epoch
                && sequence == h.sequence && timestampMillis == h.timestampMillis && snapshotId == h.snapshotId
                && fragmentIndex == h.fragmentIndex && fragmentCount == h.fragmentCount && fromAgent == h.fromAgent;
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, keyId, senderId, epoch, sequence, timestampMillis, snapshotId,
                fragmentIndex, fragmentCount, fromAgent);
    }

    @Override
    public String toString() {
        return type + "{key=" + Integer.toUnsignedString(keyId) + ", sender=" + senderId + ", epoch=" + epoch
                + ", seq=" + sequence + ", ts=" + timestampMillis + ", snapshot=" + snapshotId
                + ", fragment=" + fragmentIndex + "/" + fragmentCount + (fromAgent ? ", from agent" : "") + "}";
    }

    /**
     * Builds a {@link FrameHeader}.
     */
    public static final class Builder {
        private MessageType type;
        private int keyId;
        private long senderId;
        private long epoch;
        private long sequence;
        private long timestampMillis;
        private long snapshotId;
        private int fragmentIndex;
        private int fragmentCount = 1;
        private boolean fromAgent;

        private Builder() {
        }

        /**
         * Sets the type.
         *
         * @param v type
         * @return this builder
         */
        public Builder type(MessageType v) {
            this.type = v;
            return this;
        }

        /**
         * Sets the key id.
         *
         * @param v key id
         * @return this builder
         */
        public Builder keyId(int v) {
            this.keyId = v;
            return this;
        }

        /**
         * Sets the sender id.
         *
         * @param v sender id
         * @return this builder
         */
        public Builder senderId(long v) {
            this.senderId = v;
            return this;
        }

        /**
         * Sets the epoch.
         *
         * @param v epoch
         * @return this builder
         */
        public Builder epoch(long v) {
            this.epoch = v;
            return this;
        }

        /**
         * Sets the sequence number.
         *
         * @param v sequence
         * @return this builder
         */
        public Builder sequence(long v) {
            this.sequence = v;
            return this;
        }

        /**
         * Sets the timestamp.
         *
         * @param v milliseconds since the Unix epoch
         * @return this builder
         */
        public Builder timestampMillis(long v) {
            this.timestampMillis = v;
            return this;
        }

        /**
         * Sets the snapshot id.
         *
         * @param v snapshot id
         * @return this builder
         */
        public Builder snapshotId(long v) {
            this.snapshotId = v;
            return this;
        }

        /**
         * Sets the fragment position.
         *
         * @param index 0-based index
         * @param count number of fragments
         * @return this builder
         */
        public Builder fragment(int index, int count) {
            this.fragmentIndex = index;
            this.fragmentCount = count;
            return this;
        }

        /**
         * Sets the from-agent flag (flags bit 0x0001), allowed on ACK and HEARTBEAT only.
         *
         * @param v true if an agent sends the frame
         * @return this builder
         */
        public Builder fromAgent(boolean v) {
            this.fromAgent = v;
            return this;
        }

        /**
         * Builds the header.
         *
         * @return the header
         * @throws IllegalArgumentException naming the field that is out of range
         */
        public FrameHeader build() {
            return new FrameHeader(this);
        }
    }
}
