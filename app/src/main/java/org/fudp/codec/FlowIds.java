package org.fudp.codec;

import com.google.common.net.InetAddresses;
import org.fudp.protocol.FiveTuple;

import java.net.InetAddress;
import java.util.Locale;

/**
 * Stable, URL-safe flow ids: {@code PROTO-SRC-SRCPORT-DST-DSTPORT}, e.g.
 * {@code udp-10.0.0.1-5001-10.0.0.4-5201}.
 * <p>
 * A 5-tuple's own text form has spaces and an arrow, which a URL path or a shell argument
 * would have to quote. Neither IPv4 nor IPv6 literals contain '-', so the dash splits the id
 * unambiguously; addresses are in their canonical text form so one flow has one id.
 * </p>
 */
public final class FlowIds {

    private static final String EXAMPLE = "udp-10.0.0.1-5001-10.0.0.4-5201";

    private FlowIds() {
    }

    /**
     * Returns a flow's id.
     *
     * @param flow the 5-tuple
     * @return flow id
     */
    public static String id(FiveTuple flow) {
        return protocolName(flow.protocol()) + "-" + InetAddresses.toAddrString(flow.src()) + "-"
                + flow.srcPort() + "-" + InetAddresses.toAddrString(flow.dst()) + "-" + flow.dstPort();
    }

    /**
     * Returns the name of an IP protocol as ids and JSON show it.
     *
     * @param protocol IP protocol number
     * @return "tcp", "udp" or the number
     */
    public static String protocolName(int protocol) {
        if (protocol == FiveTuple.TCP) {
            return "tcp";
        }
        return protocol == FiveTuple.UDP ? "udp" : Integer.toString(protocol);
    }

    /**
     * Parses an IP protocol given by name ("tcp", "udp", any case) or number.
     *
     * @param field the field's name for the error message
     * @param text the protocol
     * @return protocol number
     * @throws IllegalArgumentException naming the field if the text is neither
     */
    public static int parseProtocol(String field, String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if ("tcp".equals(t)) {
            return FiveTuple.TCP;
        }
        if ("udp".equals(t)) {
            return FiveTuple.UDP;
        }
        if (t.matches("[0-9]{1,3}") && Integer.parseInt(t) <= 255) {
            return Integer.parseInt(t);
        }
        throw new IllegalArgumentException(field + ": must be tcp, udp or an IP protocol number "
                + "(0..255), was \"" + text + "\"");
    }

    /**
     * Parses a flow id.
     *
     * @param field the field's name for the error message, e.g. {@code flowId}
     * @param id the id
     * @return the 5-tuple
     * @throws IllegalArgumentException naming the field and the part that is wrong
     */
    public static FiveTuple parse(String field, String id) {
        String[] parts = id == null ? new String[0] : id.split("-", -1);
        if (parts.length != 5) {
            throw new IllegalArgumentException(field + ": must be PROTO-SRC-SRCPORT-DST-DSTPORT such as "
                    + EXAMPLE + ", was \"" + id + "\"");
        }
        int protocol = parseProtocol(field + " (protocol)", parts[0]);
        InetAddress src = address(field + " (source address)", parts[1]);
        int srcPort = port(field + " (source port)", parts[2]);
        InetAddress dst = address(field + " (destination address)", parts[3]);
        int dstPort = port(field + " (destination port)", parts[4]);
        try {
            return new FiveTuple(protocol, src, dst, srcPort, dstPort);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses an IP address literal; never resolves a host name.
     *
     * @param field the field's name for the error message
     * @param text the literal
     * @return the address
     * @throws IllegalArgumentException naming the field if the text is not an IP literal
     */
    public static InetAddress address(String field, String text) {
        if (text != null && InetAddresses.isInetAddress(text)) {
            return InetAddresses.forString(text);
        }
        throw new IllegalArgumentException(field + ": must be an IPv4 or IPv6 address, was \"" + text + "\"");
    }

    private static int port(String field, String text) {
        if (text.matches("[0-9]{1,5}") && Integer.parseInt(text) <= 65535) {
            return Integer.parseInt(text);
        }
        throw new IllegalArgumentException(field + ": must be a port number (0..65535), was \"" + text + "\"");
    }
}
