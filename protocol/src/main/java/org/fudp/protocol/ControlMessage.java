// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One decoded (or to-be-encoded) frame: its header and its body, either limit entries (SNAPSHOT,
 * DELTA) or an ACK body. Immutable.
 */
public final class ControlMessage {

    private final FrameHeader header;
    private final List<LimitEntry> entries;
    private final AckStatus ack;

    private ControlMessage(FrameHeader header, List<LimitEntry> entries, AckStatus ack) {
        this.header = Objects.requireNonNull(header, "header");
        this.entries = Collections.unmodifiableList(List.copyOf(entries));
        this.ack = ack;
    }

    /**
     * Creates a message with entries; for CLEAR_ALL and HEARTBEAT pass an empty list.
     *
     * @param header header; its type must not be ACK
     * @param entries entries, ADD only for SNAPSHOT, none for CLEAR_ALL and HEARTBEAT
     * @return the message
     * @throws IllegalArgumentException if the entries do not suit the type
     */
    public static ControlMessage of(FrameHeader header, List<LimitEntry> entries) {
        MessageType t = header.type();
        if (t == MessageType.ACK) {
            throw new IllegalArgumentException("an ACK needs an AckStatus body, use ofAck");
        }
        if ((t == MessageType.CLEAR_ALL || t == MessageType.HEARTBEAT) && !entries.isEmpty()) {
            throw new IllegalArgumentException(t + " carries no entries, got " + entries.size());
        }
        if (t == MessageType.SNAPSHOT) {
            for (LimitEntry e : entries) {
                if (e.op() != EntryOp.ADD) {
                    throw new IllegalArgumentException("a SNAPSHOT holds ADD entries only, got " + e);
                }
            }
        }
        return new ControlMessage(header, entries, null);
    }

    /**
     * Creates an ACK.
     *
     * @param header header of type ACK
     * @param ack the body
     * @return the message
     */
    public static ControlMessage ofAck(FrameHeader header, AckStatus ack) {
        if (header.type() != MessageType.ACK) {
            throw new IllegalArgumentException("ofAck needs an ACK header, got " + header.type());
        }
        return new ControlMessage(header, List.of(), Objects.requireNonNull(ack, "ack"));
    }

    /**
     * Returns the header.
     *
     * @return header
     */
    public FrameHeader header() {
        return header;
    }

    /**
     * Returns the type, a shortcut for {@code header().type()}.
     *
     * @return type
     */
    public MessageType type() {
        return header.type();
    }

    /**
     * Returns the entries.
     *
     * @return unmodifiable list, empty for types without entries
     */
    public List<LimitEntry> entries() {
        return entries;
    }

    /**
     * Returns the ACK body.
     *
     * @return the body of an ACK, empty for other types
     */
    public Optional<AckStatus> ack() {
        return Optional.ofNullable(ack);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ControlMessage)) {
            return false;
        }
        ControlMessage m = (ControlMessage) o;
        return header.equals(m.header) && entries.equals(m.entries) && Objects.equals(ack, m.ack);
    }

    @Override
    public int hashCode() {
        return Objects.hash(header, entries, ack);
    }

    @Override
    public String toString() {
        return header + (ack != null ? " " + ack : " " + entries.size() + " entries");
    }
}
