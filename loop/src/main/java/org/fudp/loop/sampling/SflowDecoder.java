// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sampling;

import org.fudp.protocol.FiveTuple;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Decodes sFlow version 5 datagrams (sflow.org/sflow_version_5.txt) into the IPv4 TCP and UDP
 * packets they sampled.
 * <p>
 * Only what finding heavy flows needs is read: flow samples (compact and expanded) and, within each,
 * its first raw packet header record of an Ethernet frame, through any 802.1Q/802.1ad tags to IPv4
 * and TCP or UDP ports. Counter samples, other records and other enterprises' structures are
 * skipped by their length, so an agent that sends more than this reads does no harm. Samples that
 * give no 5-tuple yield nothing and are not errors, since they are normal traffic: non-IPv4 frames
 * (ARP, IPv6, which FUDP does not steer), other IP protocols, non-first fragments (no ports), and
 * headers the agent cut before the ports (its configured header size is a legal choice). An
 * expanded sample whose interface does not fit {@link PacketSample#input()}'s compact form is
 * skipped too.
 * </p>
 * <p>
 * The datagram's own structure is checked: the version, the agent address type, every count
 * against the bytes that could hold it, every length against its enclosing structure. Each
 * violation is a {@link SflowFormatException} naming the field and its offset, so bytes from the
 * network cannot raise anything else, loop for long, or make the decoder allocate by a length field.
 * </p>
 */
public final class SflowDecoder {

    /** The longest datagram: a UDP payload cannot be longer. */
    public static final int MAX_DATAGRAM_BYTES = 65_535;

    private static final long VERSION = 5;
    private static final long FLOW_SAMPLE = 1;
    private static final long EXPANDED_FLOW_SAMPLE = 3;
    private static final long RAW_PACKET_HEADER = 1;
    private static final long ETHERNET = 1;
    private static final int ETHERTYPE_IPV4 = 0x0800;
    // QinQ stacks two tags; four leaves room for odd carrier setups while bounding the walk.
    private static final int MAX_VLAN_TAGS = 4;
    private static final int COMPACT_VALUE_MASK = 0x3FFF_FFFF;

    private SflowDecoder() {
    }

    /**
     * Decodes a datagram as received, e.g. from a DatagramPacket's data and length.
     *
     * @param buf the datagram's bytes, from index 0
     * @param length how many bytes of buf are the datagram
     * @return the samples that gave an IPv4 TCP or UDP 5-tuple, in datagram order; unmodifiable
     * @throws SflowFormatException if the bytes are not a well-formed sFlow version 5 datagram
     * @throws IllegalArgumentException if length is negative or longer than buf
     */
    public static List<PacketSample> decode(byte[] buf, int length) throws SflowFormatException {
        Objects.requireNonNull(buf, "buf");
        if (length < 0 || length > buf.length) {
            throw new IllegalArgumentException("length " + length + " outside a buffer of " + buf.length);
        }
        if (length > MAX_DATAGRAM_BYTES) {
            throw new SflowFormatException("datagram of " + length + " bytes, longer than UDP carries", 0);
        }
        Reader in = new Reader(buf, 0, length, "datagram");
        long version = in.u32("version");
        if (version != VERSION) {
            throw new SflowFormatException("version " + version + ", not 5", 0);
        }
        int at = in.pos;
        long addressType = in.u32("agent address type");
        if (addressType != 1 && addressType != 2) {
            throw new SflowFormatException("agent address type " + addressType + ", neither 1 (IPv4) nor 2 (IPv6)",
                    at);
        }
        InetAddress agent = address(in.bytes(addressType == 1 ? 4 : 16, "agent address"));
        long subAgent = in.u32("sub-agent id");
        in.u32("datagram sequence number");
        in.u32("uptime");
        long samples = in.count(8, "sample");
        List<PacketSample> out = new ArrayList<>();
        for (long i = 0; i < samples; i++) {
            long format = in.u32("sample data format");
            Reader sample = in.opaque("sample");
            if (format == FLOW_SAMPLE || format == EXPANDED_FLOW_SAMPLE) {
                PacketSample s = flowSample(sample, format == EXPANDED_FLOW_SAMPLE, agent, subAgent);
                if (s != null) {
                    out.add(s);
                }
            }
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * Decodes the datagram between a buffer's position and limit, leaving the buffer as it was.
     *
     * @param datagram the datagram's bytes
     * @return the samples that gave an IPv4 TCP or UDP 5-tuple, in datagram order; unmodifiable
     * @throws SflowFormatException if the bytes are not a well-formed sFlow version 5 datagram
     */
    public static List<PacketSample> decode(ByteBuffer datagram) throws SflowFormatException {
        int length = datagram.remaining();
        if (length > MAX_DATAGRAM_BYTES) {
            throw new SflowFormatException("datagram of " + length + " bytes, longer than UDP carries", 0);
        }
        byte[] copy = new byte[length];
        datagram.duplicate().get(copy);
        return decode(copy, length);
    }

    private static PacketSample flowSample(Reader s, boolean expanded, InetAddress agent, long subAgent)
            throws SflowFormatException {
        long sequence = s.u32("flow sample sequence number");
        long sourceType;
        long sourceIndex;
        if (expanded) {
            sourceType = s.u32("source id type");
            sourceIndex = s.u32("source id index");
        } else {
            long sourceId = s.u32("source id");
            sourceType = sourceId >>> 24;
            sourceIndex = sourceId & 0xFF_FFFF;
        }
        int at = s.pos;
        long rate = s.u32("sampling rate");
        if (rate == 0) {
            throw new SflowFormatException("sampling rate 0, not 1-in-N", at);
        }
        long pool = s.u32("sample pool");
        long drops = s.u32("drops");
        long input = expanded ? compact(s.u32("input format"), s.u32("input value")) : s.u32("input");
        long output = expanded ? compact(s.u32("output format"), s.u32("output value")) : s.u32("output");
        long records = s.count(8, "flow record");
        Packet packet = null;
        boolean headerSeen = false;
        for (long i = 0; i < records; i++) {
            long format = s.u32("flow record data format");
            Reader record = s.opaque("flow record");
            if (format == RAW_PACKET_HEADER && !headerSeen) {
                headerSeen = true;
                packet = rawHeader(record);
            }
        }
        if (packet == null || input < 0 || output < 0) {
            return null;
        }
        return new PacketSample(agent, subAgent, sequence, sourceType, sourceIndex, rate, pool, drops,
                (int) input, (int) output, packet.frameLength, packet.dstMac, packet.flow, packet.dscp,
                packet.tcpFlags).withPayload(packet.payload);
    }

    /** Folds an expanded interface into the compact form, or -1 if it does not fit. */
    private static long compact(long format, long value) {
        if (format > 3 || value > COMPACT_VALUE_MASK) {
            return -1;
        }
        return format << 30 | value;
    }

    private static Packet rawHeader(Reader r) throws SflowFormatException {
        long protocol = r.u32("header protocol");
        int at = r.pos;
        long frameLength = r.u32("frame length");
        if (frameLength > PacketSample.MAX_FRAME_LENGTH) {
            throw new SflowFormatException("frame length " + frameLength + " beyond any frame", at);
        }
        r.u32("stripped");
        Reader header = r.opaque("sampled header");
        if (protocol != ETHERNET) {
            return null;
        }
        return ethernet(header.buf, header.pos, header.end, (int) frameLength);
    }

    /** Reads the 5-tuple of an Ethernet frame's first bytes, or null if they show none. */
    private static Packet ethernet(byte[] b, int start, int end, int frameLength) {
        int p = start + 14;
        if (p > end) {
            return null;
        }
        int type = u16(b, p - 2);
        for (int tags = 0; type == 0x8100 || type == 0x88A8 || type == 0x9100; tags++) {
            if (tags == MAX_VLAN_TAGS || end - p < 4) {
                return null;
            }
            type = u16(b, p + 2);
            p += 4;
        }
        if (type != ETHERTYPE_IPV4 || end - p < 20 || (b[p] & 0xF0) != 0x40) {
            return null;
        }
        int ihl = (b[p] & 0x0F) * 4;
        boolean laterFragment = (u16(b, p + 6) & 0x1FFF) != 0;
        if (ihl < 20 || end - p < ihl || laterFragment) {
            return null;
        }
        int dscp = (b[p + 1] & 0xFF) >>> 2;
        int protocol = b[p + 9] & 0xFF;
        InetAddress src = address(slice(b, p + 12));
        InetAddress dst = address(slice(b, p + 16));
        int l4 = p + ihl;
        int tcpFlags;
        if (protocol == FiveTuple.TCP && end - l4 >= 14) {
            tcpFlags = b[l4 + 13] & 0xFF;
        } else if (protocol == FiveTuple.UDP && end - l4 >= 4) {
            tcpFlags = 0;
        } else {
            return null;
        }
        FiveTuple flow = new FiveTuple(protocol, src, dst, u16(b, l4), u16(b, l4 + 2));
        long dstMac = (long) u16(b, start) << 32 | (long) u16(b, start + 2) << 16 | u16(b, start + 4);
        int payloadAt = l4 + 8;
        byte[] payload = protocol == FiveTuple.UDP && end > payloadAt
                ? Arrays.copyOfRange(b, payloadAt, Math.min(end, payloadAt + PacketSample.PAYLOAD_HEAD)) : new byte[0];
        return new Packet(flow, frameLength, dstMac, dscp, tcpFlags, payload);
    }

    private static int u16(byte[] b, int p) {
        return (b[p] & 0xFF) << 8 | (b[p + 1] & 0xFF);
    }

    private static byte[] slice(byte[] b, int p) {
        byte[] a = new byte[4];
        System.arraycopy(b, p, a, 0, 4);
        return a;
    }

    private static InetAddress address(byte[] raw) {
        try {
            return InetAddress.getByAddress(raw);
        } catch (UnknownHostException e) {
            // Only thrown for a length other than 4 or 16, which the callers never pass.
            throw new IllegalStateException(e);
        }
    }

    /** What a sampled header gave. */
    private static final class Packet {
        private final FiveTuple flow;
        private final int frameLength;
        private final long dstMac;
        private final int dscp;
        private final int tcpFlags;
        private final byte[] payload;

        Packet(FiveTuple flow, int frameLength, long dstMac, int dscp, int tcpFlags, byte[] payload) {
            this.flow = flow;
            this.frameLength = frameLength;
            this.dstMac = dstMac;
            this.dscp = dscp;
            this.tcpFlags = tcpFlags;
            this.payload = payload;
        }
    }

    /**
     * XDR fields of one structure, each read checked against the structure's end so that a length
     * or count from the wire can never lead outside it.
     */
    private static final class Reader {
        private final byte[] buf;
        private final int end;
        private final String name;
        private int pos;

        Reader(byte[] buf, int pos, int end, String name) {
            this.buf = buf;
            this.pos = pos;
            this.end = end;
            this.name = name;
        }

        long u32(String what) throws SflowFormatException {
            if (end - pos < 4) {
                throw new SflowFormatException(what + " runs past the end of its " + name + " at " + end, pos);
            }
            long v = (buf[pos] & 0xFFL) << 24 | (buf[pos + 1] & 0xFF) << 16 | (buf[pos + 2] & 0xFF) << 8
                    | (buf[pos + 3] & 0xFF);
            pos += 4;
            return v;
        }

        byte[] bytes(int n, String what) throws SflowFormatException {
            if (end - pos < n) {
                throw new SflowFormatException(what + " runs past the end of its " + name + " at " + end, pos);
            }
            byte[] a = new byte[n];
            System.arraycopy(buf, pos, a, 0, n);
            pos += n;
            return a;
        }

        /** Reads a count of items each at least minBytes long, rejecting one the rest cannot hold. */
        long count(int minBytes, String what) throws SflowFormatException {
            int at = pos;
            long n = u32(what + " count");
            if (n > (end - pos) / minBytes) {
                throw new SflowFormatException(n + " " + what + "s cannot fit in the " + (end - pos)
                        + " bytes left of its " + name, at);
            }
            return n;
        }

        /** Reads a variable-length opaque, padded to four bytes, and returns a reader of its content. */
        Reader opaque(String what) throws SflowFormatException {
            int at = pos;
            long length = u32(what + " length");
            long padded = (length + 3) & ~3L;
            if (padded > end - pos) {
                throw new SflowFormatException(what + " of " + length + " bytes runs past the end of its " + name
                        + " at " + end, at);
            }
            Reader content = new Reader(buf, pos, pos + (int) length, what);
            pos += (int) padded;
            return content;
        }
    }
}
