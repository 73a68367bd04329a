// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

/**
 * What an entry does to its flow's limit.
 */
public enum EntryOp {
    /** Limit the flow to the entry's rate and burst, replacing any earlier limit. */
    ADD(1),
    /** Lift the flow's limit. */
    REMOVE(2);

    private final int code;

    EntryOp(int code) {
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
     * Looks an operation up by its wire code.
     *
     * @param code wire code
     * @return the operation, or null if unknown
     */
    public static EntryOp fromCode(int code) {
        for (EntryOp op : values()) {
            if (op.code == code) {
                return op;
            }
        }
        return null;
    }
}
