// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.network.BottleneckTable;
import org.fudp.loop.api.settings.TrafficClass;

/**
 * The lab controller's config keys that hold a list (hosts, bottlenecks, traffic classes), parsed item by item;
 * a bad item throws naming its key and the item.
 */
final class ConfigLists {

    private ConfigLists() {
    }

    /**
     * Parses {@code <ip>[/<len>]@<port>,...}: a host's address, or a prefix of destinations behind it.
     *
     * @param text the value of {@code hosts}
     * @return address or prefix to switch port, in config order
     */
    static Map<AddressPrefix, Integer> hosts(String text) {
        Map<AddressPrefix, Integer> out = new LinkedHashMap<>();
        for (String item : text.split(",")) {
            String[] kv = item.trim().split("@");
            if (kv.length != 2) {
                throw new IllegalArgumentException("config: 'hosts' items are <ip>[/<len>]@<port>, got '" + item + "'");
            }
            out.put(AddressPrefix.parse("config: 'hosts'", kv[0].trim()), ConfigValues.port("hosts", kv[1].trim()));
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * Parses {@code <cfs>:<prefix>:<bit/s>,...}. An IPv6 prefix has colons of its own, so the name ends at
     * the first colon and the capacity starts after the last. A bottleneck's egress is the bridge port of the
     * hosts behind it when they all hang off one (the lab shapes that port's link), as the app's netcfg says.
     *
     * @param text the value of {@code bottlenecks}
     * @param bridge the switch, whose port a bottleneck's egress names
     * @param hostPorts the parsed {@code hosts}
     * @return the bottlenecks, in config order
     */
    static BottleneckTable bottlenecks(String text, String bridge, Map<AddressPrefix, Integer> hostPorts) {
        List<BottleneckTable.Entry> out = new ArrayList<>();
        for (String raw : text.split(",")) {
            String item = raw.trim();
            int first = item.indexOf(':');
            int last = item.lastIndexOf(':');
            if (first <= 0 || last <= first + 1 || last == item.length() - 1) {
                throw new IllegalArgumentException(
                        "config: 'bottlenecks' items are <cfs>:<ip>/<len>:<bit/s>, got '" + item + "'");
            }
            String name = item.substring(0, first);
            String prefix = item.substring(first + 1, last);
            if (!prefix.contains("/")) {
                throw new IllegalArgumentException("config: 'bottlenecks' needs a prefix <ip>/<len>, got '"
                        + prefix + "' in '" + item + "'");
            }
            AddressPrefix behind = AddressPrefix.parse("config: 'bottlenecks' " + name, prefix);
            double cap = ConfigValues.number("bottlenecks", item.substring(last + 1));
            if (!(cap > 0)) {
                throw new IllegalArgumentException("config: 'bottlenecks' capacity must be > 0, got " + cap);
            }
            Set<Integer> ports = new HashSet<>();
            hostPorts.forEach((host, port) -> {
                if (behind.overlaps(host)) {
                    ports.add(port);
                }
            });
            String egress = ports.size() == 1 ? bridge + "/" + ports.iterator().next() : null;
            out.add(new BottleneckTable.Entry(name, Math.round(cap), egress, null, List.of(behind)));
        }
        return new BottleneckTable(out);
    }

    /**
     * Parses {@code name key=value ...; name key=value ...}: keys {@code proto} (tcp, udp),
     * {@code src}, {@code dst} (prefixes), {@code sport}, {@code dport} (port or low-high), {@code dscp}
     * (values, comma-separated),
     * {@code weight}, {@code min}, {@code cap} (bit/s) and {@code exempt} (true, false).
     *
     * @param text the value of {@code classes}, trimmed; empty for none
     * @return the classes, in config order
     */
    static List<TrafficClass> classes(String text) {
        List<TrafficClass> out = new ArrayList<>();
        if (text.isEmpty()) {
            return out;
        }
        for (String item : text.split(";")) {
            String[] tokens = item.trim().split("\\s+");
            String name = tokens[0];
            Map<String, String> kv = new HashMap<>();
            for (int i = 1; i < tokens.length; i++) {
                int eq = tokens[i].indexOf('=');
                if (eq < 1) {
                    throw new IllegalArgumentException("config: 'classes' " + name + ": expected key=value, got '"
                            + tokens[i] + "'");
                }
                kv.put(tokens[i].substring(0, eq), tokens[i].substring(eq + 1));
            }
            try {
                String proto = kv.getOrDefault("proto", "");
                int protocol = proto.isEmpty() ? TrafficClass.ANY_PROTOCOL : proto.equals("tcp") ? 6
                        : proto.equals("udp") ? 17 : -1;
                FlowPolicy policy = FlowPolicy.of(name, Double.parseDouble(kv.getOrDefault("weight", "1")),
                        Double.parseDouble(kv.getOrDefault("min", "0")),
                        kv.containsKey("cap") ? Double.parseDouble(kv.get("cap")) : Double.POSITIVE_INFINITY,
                        Boolean.parseBoolean(kv.getOrDefault("exempt", "false")));
                out.add(new TrafficClass(kv.containsKey("src") ? AddressPrefix.parse("src", kv.get("src")) : null,
                        kv.containsKey("dst") ? AddressPrefix.parse("dst", kv.get("dst")) : null, protocol,
                        ports(kv.get("sport")), ports(kv.get("dport")), dscp(kv.get("dscp")), policy));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("config: 'classes' " + name + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    private static int[] dscp(String text) {
        return text == null ? null : Arrays.stream(text.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    private static int[] ports(String text) {
        if (text == null) {
            return null;
        }
        int dash = text.indexOf('-');
        return dash < 0 ? new int[] {Integer.parseInt(text), Integer.parseInt(text)}
                : new int[] {Integer.parseInt(text.substring(0, dash)), Integer.parseInt(text.substring(dash + 1))};
    }
}
