// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sampling;

/**
 * A datagram that is not well-formed sFlow version 5. It is checked because datagrams arrive from
 * the network: a caller must decide what one bad datagram costs (dropping it, counting it), not let
 * it end the collector.
 */
public class SflowFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int offset;

    /**
     * Creates the exception.
     *
     * @param what what was wrong, e.g. "flow record length 4000 past the end of its sample at 196"
     * @param offset byte offset within the datagram of the field that was wrong
     */
    public SflowFormatException(String what, int offset) {
        super(what + " (at offset " + offset + ")");
        this.offset = offset;
    }

    /**
     * Returns where in the datagram the wrong field starts, to find it in a capture.
     *
     * @return byte offset from the start of the datagram
     */
    public int offset() {
        return offset;
    }
}
