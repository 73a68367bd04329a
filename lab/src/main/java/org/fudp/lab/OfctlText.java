package org.fudp.lab;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fudp.protocol.FiveTuple;

/**
 * Reads what ovs-ofctl prints: the packet-ins of {@code ovs-ofctl monitor} and the counters of
 * {@code ovs-ofctl dump-flows}. Both are line formats that OVS has kept stable for years.
 */
final class OfctlText {

    private static final Pattern IN_PORT = Pattern.compile("\\bin_port=(\\d+)");
    private static final Pattern TOTAL_LEN = Pattern.compile("\\btotal_len=(\\d+)");
    /** A heartbeat is an Ethernet header and a 92-byte FUDP frame; an ACK is longer (docs/protocol.md 2.3.2). */
    private static final int HEARTBEAT_FRAME_BYTES = 14 + 92;
    private static final Pattern COOKIE = Pattern.compile("\\bcookie=0x([0-9a-f]+)");
    private static final Pattern BYTES = Pattern.compile("\\bn_bytes=(\\d+)");

    private OfctlText() {
    }

    /** A new flow seen by the switch: where it came in and its 5-tuple. */
    static final class PacketIn {
        private final int inPort;
        private final FiveTuple flow;
        private final boolean fin;

        PacketIn(int inPort, FiveTuple flow) {
            this(inPort, flow, false);
        }

        PacketIn(int inPort, FiveTuple flow, boolean fin) {
            this.inPort = inPort;
            this.flow = flow;
            this.fin = fin;
        }

        // Whether this is a TCP FIN or RST, sent to the controller by the flow's closing rules.
        boolean fin() {
            return fin;
        }

        int inPort() {
            return inPort;
        }

        FiveTuple flow() {
            return flow;
        }
    }

    /**
     * Returns the in_port of a packet-in header line ("NXT_PACKET_IN2 ... in_port=1 (via action) ...").
     *
     * @param line a line of monitor output
     * @return the port, empty if the line is not a packet-in header
     */
    static Optional<Integer> packetInPort(String line) {
        if (!line.contains("PACKET_IN")) {
            return Optional.empty();
        }
        Matcher m = IN_PORT.matcher(line);
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    /**
     * Parses the packet summary line that follows a packet-in header, e.g.
     * "udp,vlan_tci=0x0000,dl_src=..,nw_src=10.0.0.1,nw_dst=10.0.0.4,...,tp_src=40003,tp_dst=5203 udp_csum:..".
     *
     * @param inPort the port from the header line
     * @param line the summary line
     * @return the TCP or UDP flow, empty for anything else
     */
    static Optional<PacketIn> packetIn(int inPort, String line) {
        int proto;
        if (line.startsWith("tcp,")) {
            proto = FiveTuple.TCP;
        } else if (line.startsWith("udp,")) {
            proto = FiveTuple.UDP;
        } else {
            return Optional.empty();
        }
        Map<String, String> f = fields(line.split(" ", 2)[0]);
        try {
            FiveTuple t = new FiveTuple(proto, InetAddress.getByName(f.get("nw_src")),
                    InetAddress.getByName(f.get("nw_dst")), Integer.parseInt(f.get("tp_src")),
                    Integer.parseInt(f.get("tp_dst")));
            String flags = f.get("tcp_flags");
            List<String> set = flags == null ? List.of() : Arrays.asList(flags.split("\\|"));
            boolean fin = proto == FiveTuple.TCP && (set.contains("fin") || set.contains("rst"));
            return Optional.of(new PacketIn(inPort, t, fin));
        } catch (UnknownHostException | NumberFormatException | NullPointerException e) {
            return Optional.empty();
        }
    }

    /**
     * Tells whether a packet summary line is a FUDP control frame (an ACK or heartbeat of the agent).
     *
     * @param line the summary line
     * @return true for EtherType 0x88b5
     */
    static boolean isControlFrame(String line) {
        return line.contains("dl_type=0x88b5");
    }

    /**
     * Tells whether a packet-in carries an agent ACK rather than a heartbeat, by its length.
     *
     * @param header the packet-in header line
     * @param summary the packet summary line after it
     * @return true for a control frame longer than a heartbeat
     */
    static boolean isAck(String header, String summary) {
        Matcher m = TOTAL_LEN.matcher(header);
        return isControlFrame(summary) && m.find() && Integer.parseInt(m.group(1)) > HEARTBEAT_FRAME_BYTES;
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

    /**
     * Reads the byte counter of every rule with a cookie from dump-flows output.
     *
     * @param dump the output of {@code ovs-ofctl dump-flows}
     * @return n_bytes by cookie
     */
    static Map<Long, Long> bytesByCookie(String dump) {
        Map<Long, Long> out = new HashMap<>();
        for (String line : dump.split("\n")) {
            Matcher c = COOKIE.matcher(line);
            Matcher b = BYTES.matcher(line);
            if (c.find() && b.find()) {
                out.put(Long.parseUnsignedLong(c.group(1), 16), Long.parseLong(b.group(1)));
            }
        }
        return out;
    }
}
