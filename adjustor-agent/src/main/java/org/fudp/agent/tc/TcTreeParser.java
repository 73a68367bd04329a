// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads back a u32 tree that an earlier shaper built, from the text of {@code tc qdisc show},
 * {@code tc class show} and {@code tc filter show}, so that a restarted agent can adopt it.
 *
 * <p>It accepts only a tree that is exactly of the shape {@link TcLayout} describes, built with the
 * same hash key: all 256 groups, and for every flow class its root filter and its group filter,
 * nothing else. Anything else yields
 * empty, and the caller clears the interface instead of guessing. Rates read back are those tc
 * prints, which may be rounded (e.g. {@code 12345Kbit}); the next apply then changes such a class to
 * the exact rate, which is cheap.
 */
final class TcTreeParser {

    private static final Pattern QDISC = Pattern.compile("(?m)^qdisc htb 1: root .*\\bdefault 0\\b");
    private static final Pattern GROUP_QDISC = Pattern.compile(
            "^qdisc htb ([0-9a-f]+): parent 1:([0-9a-f]+) .*\\bdefault 0\\b");
    private static final Pattern GROUP_CLASS = Pattern.compile("^class htb 1:([0-9a-f]+) root leaf ([0-9a-f]+): ");
    private static final Pattern CLASS = Pattern.compile(
            "^class htb ([0-9a-f]+):([0-9a-f]+) root .*?\\brate (\\S+) ceil \\S+ burst (\\S+) ");
    private static final Pattern INNER = Pattern.compile("\\bfh 800::([0-9a-f]+) .*?\\bflowid ([0-9a-f]+):([0-9a-f]+)");
    private static final Pattern FILTER = Pattern.compile(
            "^filter parent 1: protocol (\\S+) pref (\\d+) (\\S+)");
    private static final Pattern FH = Pattern.compile("\\bfh (\\S+)");
    private static final Pattern FLOWID = Pattern.compile("\\*?flowid 1:([0-9a-f]+)\\b");
    private static final Pattern LINK = Pattern.compile("\\blink ([0-9a-f]+):");
    private static final Pattern DIVISOR = Pattern.compile("\\bht divisor (\\d+)");
    private static final Pattern MATCH = Pattern.compile("^\\s*match ([0-9a-f]+)/([0-9a-f]+) at (\\d+)");
    private static final Pattern HASH = Pattern.compile("^\\s*hash mask ([0-9a-f]+) at (\\d+)");
    private static final Pattern RATE = Pattern.compile("^(\\d+(?:\\.\\d+)?)([KMGT]?)bit$");
    private static final Pattern SIZE = Pattern.compile("^(\\d+(?:\\.\\d+)?)([KMG]?)b$");

    private final HashKey hashKey;
    private String reason = "";

    TcTreeParser(HashKey hashKey) {
        this.hashKey = hashKey;
    }

    /**
     * Tells why the last {@link #parse} returned empty.
     *
     * @return reason, empty if it did not
     */
    String reason() {
        return reason;
    }

    /**
     * Parses a device's tree.
     *
     * @param qdiscs output of {@code tc qdisc show dev D}
     * @param classes output of {@code tc class show dev D}
     * @param filters output of {@code tc filter show dev D} (the root's filters)
     * @param groupFilters output of {@code tc filter show dev D parent 1BB:} for every group
     * @return the installed state, or empty if the tree is not one this shaper built
     */
    Optional<ShaperState> parse(String qdiscs, String classes, String filters, String groupFilters) {
        reason = "";
        if (!QDISC.matcher(qdiscs).find()) {
            return fail("no root qdisc \"htb 1: default 0\"");
        }
        Set<Integer> groups = new HashSet<>();
        for (String line : qdiscs.split("\n")) {
            Matcher g = GROUP_QDISC.matcher(line);
            if (g.find() && g.group(1).equals(g.group(2))) {
                groups.add(Integer.parseInt(g.group(1), 16));
            } else if (!line.isBlank() && !QDISC.matcher(line).find() && !line.contains("parent ffff:fff1")) {
                // (An ingress or clsact qdisc, such as BridgeSetup's control-frame guard, is no obstacle.)
                return fail("foreign qdisc: " + line.strip());
            }
        }
        for (int b = 0; b < TcLayout.BUCKETS; b++) {
            if (!groups.contains(TcLayout.group(b))) {
                return fail("group qdisc " + Integer.toHexString(TcLayout.group(b)) + ": missing");
            }
        }
        Map<Integer, long[]> classRates = new HashMap<>();
        for (String line : classes.split("\n")) {
            if (line.isBlank() || GROUP_CLASS.matcher(line).find()) {
                continue;
            }
            Matcher m = CLASS.matcher(line);
            int bucket = m.find() ? TcLayout.bucketOfGroup(Integer.parseInt(m.group(1), 16)) : -1;
            if (bucket < 0) {
                return fail("foreign class: " + line.strip());
            }
            Long rate = scaled(RATE, m.group(3), 1000);
            Long burst = scaled(SIZE, m.group(4), 1024);
            if (rate == null || burst == null) {
                return fail("unreadable class: " + line.strip());
            }
            classRates.put(bucket << 12 | Integer.parseInt(m.group(2), 16),
                    new long[] {rate, burst});
        }
        Set<Integer> inner = new HashSet<>();
        for (String line : groupFilters.split("\n")) {
            Matcher m = INNER.matcher(line);
            int bucket = m.find() && m.group(1).equals(m.group(3))
                    ? TcLayout.bucketOfGroup(Integer.parseInt(m.group(2), 16)) : -1;
            if (bucket >= 0) {
                inner.add(bucket << 12 | Integer.parseInt(m.group(1), 16));
            }
        }

        List<Block> blocks = blocks(filters);
        if (blocks == null) {
            return Optional.empty();
        }
        Map<Integer, Integer> links = new HashMap<>();
        Set<Integer> tables = new HashSet<>();
        List<FlowEntry> entries = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        for (Block b : blocks) {
            boolean v6 = "ipv6".equals(b.protocol);
            if (!"u32".equals(b.kind) || b.prio != TcLayout.prio(Classifier.U32, v6)
                    || !(v6 || "ip".equals(b.protocol))) {
                return fail("foreign filter: " + b.header);
            }
            int table = TcLayout.hashTable(v6);
            Matcher fh = FH.matcher(b.header);
            if (!fh.find()) {
                continue;
            }
            String[] parts = fh.group(1).split(":", -1);
            Matcher div = DIVISOR.matcher(b.header);
            Matcher link = LINK.matcher(b.header);
            Matcher flowid = FLOWID.matcher(b.header);
            if (div.find()) {
                if (Integer.parseInt(parts[0], 16) == table && !"256".equals(div.group(1))) {
                    return fail("hash table of another size: " + b.header);
                }
                tables.add(Integer.parseInt(parts[0], 16));
            } else if (link.find()) {
                if (Integer.parseInt(link.group(1), 16) != table || b.hashMask != hashKey.mask()
                        || b.hashAt != hashKey.offset(v6)) {
                    return fail("link filter of another hash key or table: " + b.header);
                }
                links.merge(table, 1, Integer::sum);
            } else if (flowid.find() && parts.length == 3) {
                int bucket = Integer.parseInt(parts[1], 16);
                int node = Integer.parseInt(parts[2], 16);
                int key = bucket << 12 | node;
                long[] rate = classRates.get(key);
                FiveTuple flow = decode(v6, b.matches);
                if (rate == null || flow == null || Integer.parseInt(parts[0], 16) != table
                        || Integer.parseInt(flowid.group(1), 16) != TcLayout.group(bucket)
                        || hashKey.bucket(flow) != bucket
                        || !inner.contains(key) || !seen.add(key)) {
                    return fail("filter without its class or group filter, of an unknown form or in the wrong"
                            + " bucket: " + b.header);
                }
                entries.add(new FlowEntry(flow, bucket, node, rate[0], rate[1], true, true));
            } else {
                return fail("foreign filter: " + b.header);
            }
        }
        for (boolean v6 : new boolean[] {false, true}) {
            int table = TcLayout.hashTable(v6);
            if (!tables.contains(table) || links.getOrDefault(table, 0) != 2) {
                return fail("hash table " + Integer.toHexString(table) + ": or its two link filters missing");
            }
        }
        if (!seen.equals(classRates.keySet())) {
            return fail("classes without a root filter");
        }
        Map<FiveTuple, FlowEntry> byFlow = new HashMap<>();
        for (FlowEntry e : entries) {
            if (byFlow.put(e.flow(), e) != null) {
                return fail("two filters for " + e.flow());
            }
        }
        return Optional.of(ShaperState.of(entries));
    }

    private Optional<ShaperState> fail(String why) {
        reason = why;
        return Optional.empty();
    }

    /** One filter as tc prints it: a header line and its match and hash lines. */
    private static final class Block {
        String header;
        String protocol;
        int prio;
        String kind;
        final Map<Integer, long[]> matches = new HashMap<>();
        int hashMask = -1;
        int hashAt = -1;
    }

    private List<Block> blocks(String filters) {
        List<Block> out = new ArrayList<>();
        Block cur = null;
        for (String line : filters.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            Matcher f = FILTER.matcher(line);
            if (f.find()) {
                cur = new Block();
                cur.header = line.strip();
                cur.protocol = f.group(1);
                cur.prio = Integer.parseInt(f.group(2));
                cur.kind = f.group(3);
                out.add(cur);
                continue;
            }
            Matcher m = MATCH.matcher(line);
            Matcher h = HASH.matcher(line);
            if (cur != null && m.find()) {
                cur.matches.put(Integer.parseInt(m.group(3)),
                        new long[] {Long.parseLong(m.group(1), 16), Long.parseLong(m.group(2), 16)});
            } else if (cur != null && h.find()) {
                cur.hashMask = (int) Long.parseLong(h.group(1), 16);
                cur.hashAt = Integer.parseInt(h.group(2));
            } else if (cur == null || !line.startsWith(" ")) {
                reason = "unreadable filter line: " + line.strip();
                return null;
            }
        }
        return out;
    }

    private static FiveTuple decode(boolean v6, Map<Integer, long[]> matches) {
        int addrLen = v6 ? 16 : 4;
        int srcAt = v6 ? 8 : 12;
        int dstAt = srcAt + addrLen;
        int portsAt = v6 ? 40 : 20;
        int protoAt = v6 ? 4 : 8;
        long protoMask = v6 ? 0x0000ff00L : 0x00ff0000L;
        ByteBuffer src = ByteBuffer.allocate(addrLen);
        ByteBuffer dst = ByteBuffer.allocate(addrLen);
        for (int i = 0; i < addrLen; i += 4) {
            long[] s = matches.get(srcAt + i);
            long[] d = matches.get(dstAt + i);
            if (s == null || d == null || s[1] != 0xffffffffL || d[1] != 0xffffffffL) {
                return null;
            }
            src.putInt((int) s[0]);
            dst.putInt((int) d[0]);
        }
        long[] proto = matches.get(protoAt);
        long[] ports = matches.get(portsAt);
        if (proto == null || proto[1] != protoMask || ports == null || ports[1] != 0xffffffffL
                || matches.size() != addrLen / 2 + 2) {
            return null;
        }
        try {
            return new FiveTuple((int) (proto[0] >>> (v6 ? 8 : 16)) & 0xff,
                    InetAddress.getByAddress(src.array()), InetAddress.getByAddress(dst.array()),
                    (int) (ports[0] >>> 16), (int) (ports[0] & 0xffff));
        } catch (UnknownHostException e) {
            return null;
        }
    }

    private static Long scaled(Pattern p, String text, int base) {
        Matcher m = p.matcher(text);
        if (!m.matches()) {
            return null;
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2).toUpperCase(Locale.ROOT);
        int exp = unit.isEmpty() ? 0 : "KMGT".indexOf(unit) + 1;
        return Math.round(v * Math.pow(base, exp));
    }
}
