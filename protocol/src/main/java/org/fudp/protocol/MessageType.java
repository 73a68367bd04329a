// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

/**
 * Message types of the FUDP control protocol, with their wire codes.
 */
public enum MessageType {
    /** Controller to agent: one fragment of the full desired state of an adjustor. */
    SNAPSHOT(1),
    /** Controller to agent: changes on top of the last applied snapshot. */
    DELTA(2),
    /** Controller to agent: remove every limit. */
    CLEAR_ALL(3),
    /** Agent to controller: acknowledgement and status. */
    ACK(4),
    /** Either direction: liveness. */
    HEARTBEAT(5);

    private final int code;

    MessageType(int code) {
        this.code = code;
    }

    /**
     * Returns the wire code of this type.
     *
     * @return the one-byte code
     */
    public int code() {
        return code;
    }

    /**
     * Looks a type up by its wire code.
     *
     * @param code wire code
     * @return the type, or null if the code is unknown
     */
    public static MessageType fromCode(int code) {
        for (MessageType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return null;
    }

    /**
     * Tells whether a controller sends this type to change an adjustor's limits.
     *
     * @return true for SNAPSHOT, DELTA and CLEAR_ALL
     */
    public boolean changesState() {
        return this == SNAPSHOT || this == DELTA || this == CLEAR_ALL;
    }
}
