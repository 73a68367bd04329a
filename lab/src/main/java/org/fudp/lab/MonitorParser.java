// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;

/**
 * Reads {@code ovs-ofctl -m monitor} output line by line. Each packet-in is a header line
 * ({@code NXT_PACKET_IN2 (OF1.3) (xid=0x0): cookie=0x0 total_len=114 in_port=11 (via action)
 * data_len=114 (unbuffered)}), a one-line summary of the packet's fields, and a hex dump of the packet
 * ({@code 00000000  02 fd 00 00 00 01 02 fa-00 00 00 a1 88 b5 00 01}). TCP and UDP packets are read from
 * the summary, which carries everything the loop needs; control frames from the hex, since the loop
 * verifies their bytes. Not thread-safe: one reader thread feeds it.
 */
final class MonitorParser {

    private static final Pattern IN_PORT = Pattern.compile("\\bin_port=(\\d+)");
    private static final Pattern DATA_LEN = Pattern.compile("\\bdata_len=(\\d+)");
    private static final Pattern TOTAL_LEN = Pattern.compile("\\btotal_len=(\\d+)");
    private static final Pattern HEX_LINE = Pattern.compile("^[0-9a-f]{8}  (.*)$");
    private static final Pattern HEX_BYTE = Pattern.compile("[0-9a-f]{2}");

    private enum State { HEADER, SUMMARY, FRAME, PAYLOAD }

    // Enough of a UDP packet for the loop's look at its payload: Ethernet, the longest IPv4 header, UDP, and
    // the payload head the loop keeps.
    private static final int UDP_HEAD_BYTES = 14 + 60 + 8 + PacketIn.PAYLOAD_HEAD;

    private final String facilityId;
    private final String controlType;
    private State state = State.HEADER;
    private long inPort;
    private int frameLength;
    private final ByteArrayOutputStream frame = new ByteArrayOutputStream();
    private PacketIn pending;

    /**
     * Creates a parser.
     *
     * @param facilityId the bridge's facility id, for the packet-ins
     * @param controlEtherType the EtherType of control frames
     */
    MonitorParser(String facilityId, int controlEtherType) {
        this.facilityId = facilityId;
        this.controlType = String.format(Locale.ROOT, "dl_type=0x%04x", controlEtherType);
    }

    /**
     * Takes the next line of monitor output.
     *
     * @param line the line, without its end
     * @param nowMs when it was read
     * @return the event the line completed, if any
     */
    Optional<MonitorEvent> line(String line, long nowMs) {
        Matcher hex = HEX_LINE.matcher(line);
        if (hex.matches()) {
            if (state == State.FRAME) {
                return frameBytes(hex.group(1), nowMs);
            }
            if (state == State.PAYLOAD) {
                return payloadBytes(hex.group(1), nowMs);
            }
            return Optional.empty();
        }
        if (state == State.SUMMARY) {
            return summary(line, nowMs);
        }
        // A header, or a line of some other message: an unfinished frame is lost either way; a UDP packet-in
        // whose dump ended before its payload goes without it.
        Optional<MonitorEvent> unfinished = state == State.PAYLOAD ? Optional.of(udpPacketIn(nowMs))
                : Optional.empty();
        state = State.HEADER;
        header(line);
        return unfinished;
    }

    private void header(String line) {
        if (!line.contains("PACKET_IN")) {
            return;
        }
        Matcher port = IN_PORT.matcher(line);
        if (!port.find()) {
            return;
        }
        inPort = Long.parseLong(port.group(1));
        Matcher len = DATA_LEN.matcher(line);
        if (!len.find()) {
            len = TOTAL_LEN.matcher(line);
            if (!len.find()) {
                return;
            }
        }
        frameLength = Integer.parseInt(len.group(1));
        state = State.SUMMARY;
    }

    private Optional<MonitorEvent> summary(String line, long nowMs) {
        String fields = line.split(" ", 2)[0];
        if (fields.contains(controlType)) {
            frame.reset();
            state = State.FRAME;
            return Optional.empty();
        }
        state = State.HEADER;
        Optional<PacketIn> p = packetIn(fields);
        if (p.isPresent() && p.get().flow().protocol() == FiveTuple.UDP) {
            // Its payload's first bytes come in the hex dump: the loop looks there for a QUIC header.
            pending = p.get();
            frame.reset();
            state = State.PAYLOAD;
            return Optional.empty();
        }
        return p.map(in -> MonitorEvent.packetIn(nowMs, in));
    }

    private Optional<MonitorEvent> payloadBytes(String columns, long nowMs) {
        int need = Math.min(frameLength, UDP_HEAD_BYTES);
        collect(columns, need);
        if (frame.size() < need) {
            return Optional.empty();
        }
        state = State.HEADER;
        return Optional.of(udpPacketIn(nowMs));
    }

    private MonitorEvent udpPacketIn(long nowMs) {
        byte[] b = frame.toByteArray();
        int at = udpPayloadAt(b);
        PacketIn p = at < 0 || at >= b.length ? pending : pending.withPayload(Arrays.copyOfRange(b, at, b.length));
        pending = null;
        return MonitorEvent.packetIn(nowMs, p);
    }

    // Where an untagged IPv4 or IPv6 UDP frame's payload starts; -1 if the bytes say otherwise.
    private static int udpPayloadAt(byte[] b) {
        if (b.length < 14) {
            return -1;
        }
        int type = (b[12] & 0xff) << 8 | b[13] & 0xff;
        if (type == 0x0800 && b.length > 14) {
            return 14 + (b[14] & 0x0f) * 4 + 8;
        }
        return type == 0x86dd ? 14 + 40 + 8 : -1;
    }

    private void collect(String columns, int need) {
        // The byte columns, with a '-' between the 8th and 9th byte; stop at anything else.
        for (String b : columns.replace('-', ' ').trim().split("\\s+")) {
            if (frame.size() >= need || !HEX_BYTE.matcher(b).matches()) {
                break;
            }
            frame.write(Integer.parseInt(b, 16));
        }
    }

    private Optional<MonitorEvent> frameBytes(String columns, long nowMs) {
        collect(columns, frameLength);
        if (frame.size() < frameLength) {
            return Optional.empty();
        }
        state = State.HEADER;
        return Optional.of(MonitorEvent.controlFrame(nowMs, frame.toByteArray()));
    }

    private Optional<PacketIn> packetIn(String fields) {
        int proto;
        boolean v6 = fields.startsWith("tcp6,") || fields.startsWith("udp6,");
        if (fields.startsWith("tcp,") || fields.startsWith("tcp6,")) {
            proto = FiveTuple.TCP;
        } else if (fields.startsWith("udp,") || fields.startsWith("udp6,")) {
            proto = FiveTuple.UDP;
        } else {
            return Optional.empty();
        }
        Map<String, String> f = fields(fields);
        try {
            InetAddress src = FlowIds.address("packet-in", f.get(v6 ? "ipv6_src" : "nw_src"));
            InetAddress dst = FlowIds.address("packet-in", f.get(v6 ? "ipv6_dst" : "nw_dst"));
            FiveTuple t = new FiveTuple(proto, src, dst, Integer.parseInt(f.get("tp_src")),
                    Integer.parseInt(f.get("tp_dst")));
            String flags = f.get("tcp_flags");
            List<String> set = flags == null ? List.of() : Arrays.asList(flags.split("\\|"));
            boolean closing = proto == FiveTuple.TCP && (set.contains("fin") || set.contains("rst"));
            // OVS prints the whole TOS byte (or IPv6 traffic class); the DSCP is its upper six bits.
            String tos = f.get("nw_tos");
            int dscp = tos == null ? TrafficClass.NO_DSCP : Integer.parseInt(tos) >> 2;
            return Optional.of(new PacketIn(facilityId, inPort, t, mac(f.get("dl_dst")), closing, dscp));
        } catch (IllegalArgumentException | NullPointerException e) {
            return Optional.empty();
        }
    }

    private static long mac(String text) {
        if (text == null) {
            return PacketIn.NO_MAC;
        }
        long m = 0;
        for (byte b : EthernetFrame.parseMac(text)) {
            m = m << 8 | (b & 0xff);
        }
        return m;
    }

    private static Map<String, String> fields(String csv) {
        Map<String, String> out = new HashMap<>();
        for (String kv : csv.split(",")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                out.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return out;
    }
}
