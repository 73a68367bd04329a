// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

/**
 * What an agent did with the message an ACK answers.
 */
public enum AckResult {
    /** Applied; the agent's state now includes it. */
    APPLIED(0),
    /** Authenticated and understood, but applying it to the data plane failed; state is unchanged. */
    APPLY_FAILED(1),
    /** A DELTA whose base snapshot is not the agent's last applied snapshot: send a SNAPSHOT. */
    BASE_MISMATCH(2),
    /** Older than the last applied state-changing message; ignored. */
    STALE(3),
    /** Not an answer to one message, but a status report (for example after a fail-safe clear). */
    STATUS(4),
    /**
     * Authentic and in order, but refused for breaking a sender rule: a SNAPSHOT whose id its
     * sender already used in the epoch, or one that names a flow twice across its fragments. State
     * is unchanged; send a new SNAPSHOT with a new id. Added after 1.0 of the spec: a receiver
     * built before it treats the ACK as MALFORMED, which leaves it where it was (no ACK at all).
     */
    REFUSED(5);

    private final int code;

    AckResult(int code) {
        this.code = code;
    }

    /**
     * Returns the wire code.
     *
     * @return the one-byte code
     */
    public int code() {
        return code;
    }

    /**
     * Looks a result up by its wire code.
     *
     * @param code wire code
     * @return the result, or null if unknown
     */
    public static AckResult fromCode(int code) {
        for (AckResult r : values()) {
            if (r.code == code) {
                return r;
            }
        }
        return null;
    }
}
