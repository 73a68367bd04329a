// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.send;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

/**
 * Parses flows and limits written on a command line or in a flows file:
 * {@code PROTO,SRC,SPORT,DST,DPORT[,RATE[,BURST]]}, for example
 * {@code udp,10.0.0.1,5001,10.0.1.2,5201,10M,15000}. PROTO is udp, tcp or a number; RATE is
 * bit/s with an optional k, M or G suffix (powers of 1000, tc's "mbit" style also accepted);
 * BURST is bytes (default: 1.5 ms of the rate, at least 3000).
 */
public final class FlowSpecs {

    private FlowSpecs() {
    }

    /**
     * Parses a flow without a limit.
     *
     * @param spec {@code PROTO,SRC,SPORT,DST,DPORT}
     * @return the flow
     * @throws IllegalArgumentException naming the bad field
     */
    public static FiveTuple flow(String spec) {
        String[] f = fields(spec);
        if (f.length != 5) {
            throw new IllegalArgumentException("'" + spec + "': expected PROTO,SRC,SPORT,DST,DPORT");
        }
        return tuple(spec, f);
    }

    /**
     * Parses a flow with its limit.
     *
     * @param spec {@code PROTO,SRC,SPORT,DST,DPORT,RATE[,BURST]}
     * @return the limit
     * @throws IllegalArgumentException naming the bad field
     */
    public static FlowLimit limit(String spec) {
        String[] f = fields(spec);
        if (f.length != 6 && f.length != 7) {
            throw new IllegalArgumentException("'" + spec + "': expected PROTO,SRC,SPORT,DST,DPORT,RATE[,BURST]");
        }
        FiveTuple t = tuple(spec, f);
        long rate = rate(spec, f[5]);
        long burst = f.length == 7 ? number(spec, "burst", f[6], 1, Long.MAX_VALUE)
                : Math.max(3000, rate / 8 * 15 / 10_000);
        return new FlowLimit(t, rate, burst);
    }

    private static String[] fields(String spec) {
        String[] f = spec.trim().split("\\s*,\\s*", -1);
        return f;
    }

    private static FiveTuple tuple(String spec, String[] f) {
        int proto;
        switch (f[0].toLowerCase(Locale.ROOT)) {
            case "udp":
                proto = FiveTuple.UDP;
                break;
            case "tcp":
                proto = FiveTuple.TCP;
                break;
            default:
                proto = (int) number(spec, "protocol", f[0], 0, 255);
        }
        InetAddress src = address(spec, "source address", f[1]);
        InetAddress dst = address(spec, "destination address", f[3]);
        int sport = (int) number(spec, "source port", f[2], 0, 65535);
        int dport = (int) number(spec, "destination port", f[4], 0, 65535);
        try {
            return new FiveTuple(proto, src, dst, sport, dport);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + spec + "': " + e.getMessage(), e);
        }
    }

    private static InetAddress address(String spec, String what, String text) {
        if (text.isEmpty() || !(Character.isDigit(text.charAt(0)) || text.indexOf(':') >= 0)) {
            throw new IllegalArgumentException("'" + spec + "': " + what + " '" + text + "' is not an IP address");
        }
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + spec + "': " + what + " '" + text + "' is not an IP address", e);
        }
    }

    /**
     * Parses a rate.
     *
     * @param spec the whole spec, for messages
     * @param text for example {@code 10M}, {@code 2.5mbit}, {@code 800k}, {@code 1000000}
     * @return bit/s
     */
    static long rate(String spec, String text) {
        String t = text.toLowerCase(Locale.ROOT).replace("bit", "").replace("bps", "");
        double mult = 1;
        if (t.endsWith("k")) {
            mult = 1e3;
        } else if (t.endsWith("m")) {
            mult = 1e6;
        } else if (t.endsWith("g")) {
            mult = 1e9;
        }
        if (mult > 1) {
            t = t.substring(0, t.length() - 1);
        }
        try {
            long v = Math.round(Double.parseDouble(t) * mult);
            if (v < 1) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + spec + "': rate '" + text
                    + "' is not a positive bit rate like 10M or 2.5mbit", e);
        }
    }

    private static long number(String spec, String what, String text, long min, long max) {
        try {
            long v = Long.parseLong(text);
            if (v < min || v > max) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + spec + "': " + what + " '" + text + "' is not a number in "
                    + min + ".." + max, e);
        }
    }
}
