// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sampling;

import org.fudp.protocol.FiveTuple;

import java.net.InetAddress;
import java.util.Arrays;
import java.util.Objects;

/**
 * One packet an sFlow agent sampled, reduced to what finding heavy flows needs: whose flow it was
 * and how much traffic it stands for. The sFlow fields keep their datagram meaning (unsigned 32-bit
 * values as non-negative longs) so a sample can be traced back to the agent's counters.
 */
public final class PacketSample {

    /**
     * The longest frame a sample may report: far above any frame or offloaded segment (64 KiB), yet
     * small enough that {@link #estimatedBytes()} cannot overflow whatever the sampling rate.
     */
    public static final int MAX_FRAME_LENGTH = 1 << 24;

    /** How many bytes of a UDP packet's payload a sample keeps: enough for a QUIC header's first fields. */
    public static final int PAYLOAD_HEAD = 16;

    private static final long U32_MAX = 0xFFFF_FFFFL;
    private static final byte[] NO_PAYLOAD = new byte[0];

    private final InetAddress agent;
    private final long subAgentId;
    private final long sequenceNumber;
    private final long sourceIdType;
    private final long sourceIdIndex;
    private final long samplingRate;
    private final long samplePool;
    private final long drops;
    private final int input;
    private final int output;
    private final int frameLength;
    private final long dstMac;
    private final FiveTuple flow;
    private final int dscp;
    private final int tcpFlags;
    // Set only by withPayload, on a copy no one else holds yet.
    private byte[] payloadHead = NO_PAYLOAD;

    /**
     * Creates a sample.
     *
     * @param agent address of the agent that sent the datagram
     * @param subAgentId sub-agent within that agent, unsigned 32-bit
     * @param sequenceNumber the sample's sequence number within its data source, unsigned 32-bit
     * @param sourceIdType data source type (0 ifIndex, 1 VLAN, 2 physical entity), unsigned 32-bit
     * @param sourceIdIndex data source index, unsigned 32-bit
     * @param samplingRate N of 1-in-N sampling, 1 to 2^32-1
     * @param samplePool packets that could have been sampled so far, unsigned 32-bit
     * @param drops samples the agent lost for want of resources, unsigned 32-bit
     * @param input input interface in the compact sFlow form (format in the top two bits)
     * @param output output interface in the compact sFlow form
     * @param frameLength bytes of the frame on the wire, 0 to {@link #MAX_FRAME_LENGTH}
     * @param dstMac the frame's destination MAC as 48 bits
     * @param flow the sampled packet's 5-tuple
     * @param dscp the packet's DSCP, 0..63
     * @param tcpFlags the TCP flags byte (CWR to FIN), 0..255; 0 for UDP
     * @throws IllegalArgumentException for a value out of its range
     */
    public PacketSample(InetAddress agent, long subAgentId, long sequenceNumber, long sourceIdType,
                      long sourceIdIndex, long samplingRate, long samplePool, long drops, int input,
                      int output, int frameLength, long dstMac, FiveTuple flow, int dscp, int tcpFlags) {
        this.agent = Objects.requireNonNull(agent, "agent");
        this.flow = Objects.requireNonNull(flow, "flow");
        this.subAgentId = u32("subAgentId", subAgentId);
        this.sequenceNumber = u32("sequenceNumber", sequenceNumber);
        this.sourceIdType = u32("sourceIdType", sourceIdType);
        this.sourceIdIndex = u32("sourceIdIndex", sourceIdIndex);
        if (samplingRate < 1 || samplingRate > U32_MAX) {
            throw new IllegalArgumentException("samplingRate must be 1..2^32-1, was " + samplingRate);
        }
        this.samplingRate = samplingRate;
        this.samplePool = u32("samplePool", samplePool);
        this.drops = u32("drops", drops);
        if (frameLength < 0 || frameLength > MAX_FRAME_LENGTH) {
            throw new IllegalArgumentException("frameLength must be 0.." + MAX_FRAME_LENGTH + ", was " + frameLength);
        }
        if (dstMac < 0 || dstMac > 0xFFFF_FFFF_FFFFL) {
            throw new IllegalArgumentException("dstMac must be 48 bits, was " + dstMac);
        }
        if (dscp < 0 || dscp > 63) {
            throw new IllegalArgumentException("dscp must be 0..63, was " + dscp);
        }
        if (tcpFlags < 0 || tcpFlags > 255) {
            throw new IllegalArgumentException("tcpFlags must be 0..255, was " + tcpFlags);
        }
        this.input = input;
        this.output = output;
        this.frameLength = frameLength;
        this.dstMac = dstMac;
        this.dscp = dscp;
        this.tcpFlags = tcpFlags;
    }

    private static long u32(String name, long value) {
        if (value < 0 || value > U32_MAX) {
            throw new IllegalArgumentException(name + " must be 0..2^32-1, was " + value);
        }
        return value;
    }

    /**
     * Returns the agent's address, which with the sub-agent tells the switch the sample came from.
     *
     * @return agent address, IPv4 or IPv6
     */
    public InetAddress agent() {
        return agent;
    }

    /**
     * Returns the sub-agent id, which tells apart the agents sharing one address.
     *
     * @return sub-agent id, 0..2^32-1
     */
    public long subAgentId() {
        return subAgentId;
    }

    /**
     * Returns the sample's sequence number; a gap within one data source means samples were lost.
     *
     * @return sequence number, 0..2^32-1
     */
    public long sequenceNumber() {
        return sequenceNumber;
    }

    /**
     * Returns the data source's type: 0 ifIndex, 1 VLAN, 2 physical entity (what Open vSwitch uses).
     *
     * @return source id type
     */
    public long sourceIdType() {
        return sourceIdType;
    }

    /**
     * Returns the data source's index within its type.
     *
     * @return source id index
     */
    public long sourceIdIndex() {
        return sourceIdIndex;
    }

    /**
     * Returns N of 1-in-N sampling: the packets this one sample stands for.
     *
     * @return sampling rate, at least 1
     */
    public long samplingRate() {
        return samplingRate;
    }

    /**
     * Returns the packets the data source could have sampled so far; its growth against the samples
     * seen gives the rate actually applied.
     *
     * @return sample pool, 0..2^32-1
     */
    public long samplePool() {
        return samplePool;
    }

    /**
     * Returns the samples the agent dropped for want of resources, which the estimates do not cover.
     *
     * @return drops, 0..2^32-1
     */
    public long drops() {
        return drops;
    }

    /**
     * Returns the input interface in the compact sFlow form: the top two bits say how to read the
     * low 30 (0 an ifIndex, 1 why the packet was dropped, 2 how many interfaces).
     *
     * @return input interface
     */
    public int input() {
        return input;
    }

    /**
     * Returns the output interface in the compact sFlow form; 0x3FFFFFFF with format 0 means unknown.
     *
     * @return output interface
     */
    public int output() {
        return output;
    }

    /**
     * Returns the frame's length as the header record reports it: the whole frame on the wire,
     * FCS included, not just the header bytes the agent copied.
     *
     * @return frame length in bytes
     */
    public int frameLength() {
        return frameLength;
    }

    /**
     * Returns the frame's destination MAC, which tells where the switch forwards it: the sample's
     * output interface is an ifIndex, which an OpenFlow controller cannot map to a port.
     *
     * @return destination MAC as 48 bits
     */
    public long dstMac() {
        return dstMac;
    }

    /**
     * Returns the sampled packet's 5-tuple.
     *
     * @return the flow
     */
    public FiveTuple flow() {
        return flow;
    }

    /**
     * Returns the packet's DSCP, so that a flow's marking can be seen without a rule on the switch.
     *
     * @return DSCP, 0..63
     */
    public int dscp() {
        return dscp;
    }

    /**
     * Returns the TCP flags byte; a SYN or FIN sample hints at a flow starting or ending.
     *
     * @return flags (0x02 SYN, 0x10 ACK, ...), 0 for UDP
     */
    public int tcpFlags() {
        return tcpFlags;
    }

    /**
     * Returns a copy carrying the first bytes of the sampled packet's UDP payload, as far as the agent's
     * header reaches: the loop looks there for a QUIC header (a hint, never a verdict: docs/algorithm.md,
     * "Responsive UDP").
     *
     * @param payload the payload as far as the sampled header holds it; only its first {@value #PAYLOAD_HEAD}
     *        bytes are kept
     * @return the copy
     */
    public PacketSample withPayload(byte[] payload) {
        PacketSample s = new PacketSample(agent, subAgentId, sequenceNumber, sourceIdType, sourceIdIndex,
                samplingRate, samplePool, drops, input, output, frameLength, dstMac, flow, dscp, tcpFlags);
        s.payloadHead = Arrays.copyOf(payload, Math.min(payload.length, PAYLOAD_HEAD));
        return s;
    }

    /**
     * Returns the first bytes of the sampled packet's UDP payload.
     *
     * @return a copy; empty for TCP, or when the sampled header ends before the payload
     */
    public byte[] payloadHead() {
        return payloadHead.clone();
    }

    /**
     * Returns the bytes this sample stands for: each sampled frame represents N frames of its size.
     *
     * @return sampling rate times frame length
     */
    public long estimatedBytes() {
        return samplingRate * frameLength;
    }

    /**
     * Returns the packets this sample stands for.
     *
     * @return the sampling rate
     */
    public long estimatedPackets() {
        return samplingRate;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PacketSample)) {
            return false;
        }
        PacketSample s = (PacketSample) o;
        return subAgentId == s.subAgentId && sequenceNumber == s.sequenceNumber && sourceIdType == s.sourceIdType
                && sourceIdIndex == s.sourceIdIndex && samplingRate == s.samplingRate
                && samplePool == s.samplePool && drops == s.drops && input == s.input && output == s.output
                && frameLength == s.frameLength && dstMac == s.dstMac && dscp == s.dscp
                && tcpFlags == s.tcpFlags && agent.equals(s.agent) && flow.equals(s.flow)
                && Arrays.equals(payloadHead, s.payloadHead);
    }

    @Override
    public int hashCode() {
        return Objects.hash(agent, subAgentId, sequenceNumber, sourceIdType, sourceIdIndex, samplingRate,
                samplePool, drops, input, output, frameLength, dstMac, flow, dscp, tcpFlags)
                + Arrays.hashCode(payloadHead);
    }

    @Override
    public String toString() {
        return flow + " 1-in-" + samplingRate + " " + frameLength + " B dscp " + dscp + " flags 0x"
                + Integer.toHexString(tcpFlags) + " from " + agent.getHostAddress() + "/" + subAgentId
                + " source " + sourceIdType + ":" + sourceIdIndex + " seq " + sequenceNumber + " pool " + samplePool
                + " drops " + drops + " in 0x" + Integer.toHexString(input) + " out 0x" + Integer.toHexString(output)
                + " to " + String.format("%012x", dstMac);
    }
}
