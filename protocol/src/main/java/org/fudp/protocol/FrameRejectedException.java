// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

/**
 * A received frame that must not be used, with the reason why.
 */
public class FrameRejectedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final RejectReason reason;

    /**
     * Creates the exception.
     *
     * @param reason why the frame was rejected
     * @param detail what was expected and what was seen
     */
    public FrameRejectedException(RejectReason reason, String detail) {
        super(reason + ": " + detail);
        this.reason = reason;
    }

    /**
     * Returns why the frame was rejected.
     *
     * @return the reason
     */
    public RejectReason reason() {
        return reason;
    }
}
