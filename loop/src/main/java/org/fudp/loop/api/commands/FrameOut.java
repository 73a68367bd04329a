// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.commands;

import java.util.Objects;

/**
 * A control frame to emit out of a facility switch's port (an OpenFlow Packet-Out).
 */
public final class FrameOut {

    private final String facilityId;
    private final long port;
    private final byte[] frame;

    /**
     * Returns a frame to emit; hosts use it to send on a packet the loop placed.
     *
     * @param facilityId the switch
     * @param port its output port
     * @param frame the whole Ethernet frame
     * @return the frame out
     */
    public static FrameOut of(String facilityId, long port, byte[] frame) {
        return new FrameOut(facilityId, port, frame);
    }

    public FrameOut(String facilityId, long port, byte[] frame) {
        this.facilityId = Objects.requireNonNull(facilityId, "facilityId");
        this.port = port;
        this.frame = frame.clone();
    }

    public String facilityId() {
        return facilityId;
    }

    public long port() {
        return port;
    }

    /**
     * Returns the whole Ethernet frame.
     *
     * @return a copy of the bytes
     */
    public byte[] frame() {
        return frame.clone();
    }

    @Override
    public String toString() {
        return frame.length + " B out of " + facilityId + "/" + port;
    }
}
