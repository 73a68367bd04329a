// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.sampling.PacketSample;

import java.util.List;

/**
 * One packet-in read from {@code ovs-ofctl monitor} (a TCP or UDP packet for the loop's FIC, or a
 * control frame from the adjustor agent), or the packets one sFlow datagram sampled, with the time it
 * was read.
 */
final class MonitorEvent {

    private final long timeMs;
    private final PacketIn packetIn;
    private final byte[] frame;
    private final List<PacketSample> samples;

    private MonitorEvent(long timeMs, PacketIn packetIn, byte[] frame, List<PacketSample> samples) {
        this.timeMs = timeMs;
        this.packetIn = packetIn;
        this.frame = frame;
        this.samples = samples;
    }

    static MonitorEvent sampled(long timeMs, List<PacketSample> samples) {
        return new MonitorEvent(timeMs, null, null, List.copyOf(samples));
    }

    /**
     * Returns the packets an sFlow datagram carried.
     *
     * @return the samples, null for a packet-in
     */
    List<PacketSample> samples() {
        return samples;
    }

    static MonitorEvent packetIn(long timeMs, PacketIn p) {
        return new MonitorEvent(timeMs, p, null, null);
    }

    static MonitorEvent controlFrame(long timeMs, byte[] frame) {
        return new MonitorEvent(timeMs, null, frame.clone(), null);
    }

    long timeMs() {
        return timeMs;
    }

    boolean isControlFrame() {
        return frame != null;
    }

    /**
     * Returns the TCP or UDP packet.
     *
     * @return the packet-in, null for a control frame
     */
    PacketIn packetIn() {
        return packetIn;
    }

    /**
     * Returns the whole Ethernet frame of a control frame.
     *
     * @return a copy of the bytes, null for a TCP or UDP packet
     */
    byte[] frame() {
        return frame == null ? null : frame.clone();
    }

    @Override
    public String toString() {
        if (samples != null) {
            return samples.size() + " sampled packets";
        }
        return frame != null ? "control frame, " + frame.length + " B" : "packet-in " + packetIn;
    }
}
