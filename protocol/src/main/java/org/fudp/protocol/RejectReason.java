// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

/**
 * Why a received frame was rejected. Each reason has a stable wire code, used in ACK bodies, and a
 * stable lower-case metric label.
 */
public enum RejectReason {
    /** Shorter than its header, or than the body length and MAC its header announces. */
    TRUNCATED(1),
    /** Longer than the receiver accepts. */
    OVERSIZED(2),
    /** The first four bytes are not the FUDP magic. */
    BAD_MAGIC(3),
    /** A protocol version this receiver does not speak. */
    UNKNOWN_VERSION(4),
    /** A message type this receiver does not know. */
    UNKNOWN_TYPE(5),
    /** The key id names no key this receiver holds. */
    UNKNOWN_KEY(6),
    /** The HMAC does not match the frame. */
    BAD_MAC(7),
    /** Authenticated, but the fields contradict each other or the specification. */
    MALFORMED(8),
    /** An epoch older than the newest seen from the same sender. */
    REPLAY_EPOCH(9),
    /** A sequence number not above the highest seen in the sender's current epoch. */
    REPLAY_SEQUENCE(10),
    /** A timestamp further from the receiver's clock than it allows. */
    STALE_TIMESTAMP(11);

    private final int code;

    RejectReason(int code) {
        this.code = code;
    }

    /**
     * Returns the wire code.
     *
     * @return the code used in ACK reject counters
     */
    public int code() {
        return code;
    }

    /**
     * Returns the metric label.
     *
     * @return the name in lower case, for example {@code bad_mac}
     */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Looks a reason up by its wire code.
     *
     * @param code wire code
     * @return the reason, or null if unknown
     */
    public static RejectReason fromCode(int code) {
        for (RejectReason r : values()) {
            if (r.code == code) {
                return r;
            }
        }
        return null;
    }
}
