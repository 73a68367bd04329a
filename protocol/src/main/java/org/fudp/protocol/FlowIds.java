// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one text form of a flow: {@code PROTO-SRC-SRCPORT-DST-DSTPORT}, e.g.
 * {@code udp-10.0.0.1-5001-10.0.0.4-5201}. REST paths, CLI arguments, event subjects, the
 * algorithm's sample ids, logs and the lab's CSV all use it.
 * <p>
 * A 5-tuple's usual form has spaces, colons and an arrow, which a URL path or a shell argument
 * would have to quote. Neither IPv4 nor IPv6 literals contain '-', so the dash splits the id
 * unambiguously; addresses are in their canonical text form (RFC 5952 for IPv6), so one flow
 * has one id.
 * </p>
 */
public final class FlowIds {

    private static final String EXAMPLE = "udp-10.0.0.1-5001-10.0.0.4-5201";
    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
            + "(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");
    private static final Pattern IPV6_CHARS = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    private FlowIds() {
    }

    /**
     * Returns a flow's id.
     *
     * @param flow the 5-tuple
     * @return flow id
     */
    public static String id(FiveTuple flow) {
        return protocolName(flow.protocol()) + "-" + address(flow.src()) + "-" + flow.srcPort() + "-"
                + address(flow.dst()) + "-" + flow.dstPort();
    }

    /**
     * Returns the canonical text of an address: dotted quad for IPv4, RFC 5952 for IPv6 (lower
     * case, no leading zeros, the longest run of two or more zero groups as "::").
     *
     * @param a the address
     * @return its text
     */
    public static String address(InetAddress a) {
        if (!(a instanceof Inet6Address)) {
            return a.getHostAddress();
        }
        byte[] b = a.getAddress();
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = (b[2 * i] & 0xff) << 8 | (b[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLen = 1;
        for (int i = 0; i < 8;) {
            if (groups[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                s.append("::");
                i += bestLen - 1;
                continue;
            }
            if (s.length() > 0 && s.charAt(s.length() - 1) != ':') {
                s.append(':');
            }
            s.append(Integer.toHexString(groups[i]));
        }
        return s.toString();
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
        // Only literals reach InetAddress: a dotted quad, or text of hex digits, dots and at least
        // one colon, which InetAddress parses as IPv6 without a name lookup.
        if (text != null && (IPV4.matcher(text).matches() || IPV6_CHARS.matcher(text).matches())) {
            try {
                return InetAddress.getByName(text);
            } catch (UnknownHostException e) {
                // not a valid literal: reported below
            }
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
