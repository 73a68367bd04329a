// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.events;

import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FiveTuple;

import java.util.Arrays;
import java.util.Objects;

/**
 * A TCP or UDP packet a facility switch sent to the controller: the first packets of a flow, or
 * (with {@link LoopSettings#closingRules()}) a TCP FIN or RST copied by a flow's closing rule.
 */
public final class PacketIn {

    /** Marks an unknown destination MAC. */
    public static final long NO_MAC = -1;
    /** How many bytes of a packet's transport payload the loop keeps. */
    public static final int PAYLOAD_HEAD = 16;
    private static final byte[] NO_PAYLOAD = new byte[0];

    private final String facilityId;
    private final long inPort;
    private final FiveTuple flow;
    private final long dstMac;
    private final boolean closing;
    private final int dscp;
    private final byte[] payloadHead;

    /**
     * Creates a packet-in.
     *
     * @param facilityId the switch it came from
     * @param inPort the port it entered the switch by
     * @param flow its 5-tuple
     * @param dstMac its destination MAC as 48 bits, or {@link #NO_MAC}
     * @param closing true for a TCP segment with FIN or RST set
     */
    public PacketIn(String facilityId, long inPort, FiveTuple flow, long dstMac, boolean closing) {
        this(facilityId, inPort, flow, dstMac, closing, TrafficClass.NO_DSCP);
    }

    /**
     * Creates a packet-in that says its DSCP.
     *
     * @param facilityId the switch it came from
     * @param inPort the port it entered the switch by
     * @param flow its 5-tuple
     * @param dstMac its destination MAC as 48 bits, or {@link #NO_MAC}
     * @param closing true for a TCP segment with FIN or RST set
     * @param dscp its DSCP, 0..63 (IPv4 TOS or IPv6 traffic class, less the ECN bits), or {@link #TrafficClass.NO_DSCP}
     * @throws IllegalArgumentException if the DSCP is out of range
     */
    public PacketIn(String facilityId, long inPort, FiveTuple flow, long dstMac, boolean closing, int dscp) {
        this.facilityId = Objects.requireNonNull(facilityId, "facilityId");
        this.inPort = inPort;
        this.flow = Objects.requireNonNull(flow, "flow");
        this.dstMac = dstMac;
        this.closing = closing;
        if (dscp < TrafficClass.NO_DSCP || dscp > TrafficClass.MAX_DSCP) {
            throw new IllegalArgumentException("dscp: must be 0.." + TrafficClass.MAX_DSCP + ", was " + dscp);
        }
        this.dscp = dscp;
        this.payloadHead = NO_PAYLOAD;
    }

    private PacketIn(PacketIn p, byte[] payloadHead) {
        this.facilityId = p.facilityId;
        this.inPort = p.inPort;
        this.flow = p.flow;
        this.dstMac = p.dstMac;
        this.closing = p.closing;
        this.dscp = p.dscp;
        this.payloadHead = payloadHead;
    }

    /**
     * Returns a copy carrying the first bytes of the packet's transport payload (after the UDP header), by
     * which the loop may find a QUIC connection's first packet (a hint, never a verdict: docs/algorithm.md,
     * "Responsive UDP").
     *
     * @param payload the payload as far as the host has it; only its first {@value #PAYLOAD_HEAD} bytes are kept
     * @return the copy
     */
    public PacketIn withPayload(byte[] payload) {
        return new PacketIn(this, Arrays.copyOf(payload, Math.min(payload.length, PAYLOAD_HEAD)));
    }

    /**
     * Returns the first bytes of the packet's transport payload, as the host gave them.
     *
     * @return a copy; empty if the host gave none
     */
    public byte[] payloadHead() {
        return payloadHead.clone();
    }

    public String facilityId() {
        return facilityId;
    }

    public long inPort() {
        return inPort;
    }

    public FiveTuple flow() {
        return flow;
    }

    public long dstMac() {
        return dstMac;
    }

    public boolean closing() {
        return closing;
    }

    public int dscp() {
        return dscp;
    }

    @Override
    public String toString() {
        return flow + " at " + facilityId + "/" + inPort + (closing ? " (FIN/RST)" : "");
    }
}
