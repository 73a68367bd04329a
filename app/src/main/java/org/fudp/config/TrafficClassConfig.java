// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.settings.PrincipalRule;
import org.fudp.loop.api.settings.TrafficClass;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.fudp.config.FudpConfig.CAP_BPS;
import static org.fudp.config.FudpConfig.DSCP;
import static org.fudp.config.FudpConfig.DST_PORTS;
import static org.fudp.config.FudpConfig.DST_PREFIX;
import static org.fudp.config.FudpConfig.EXEMPT;
import static org.fudp.config.FudpConfig.MIN_BPS;
import static org.fudp.config.FudpConfig.NAME;
import static org.fudp.config.FudpConfig.PRINCIPAL;
import static org.fudp.config.FudpConfig.PROTOCOL;
import static org.fudp.config.FudpConfig.SRC_PORTS;
import static org.fudp.config.FudpConfig.SRC_PREFIX;
import static org.fudp.config.FudpConfig.WEIGHT;

/**
 * The {@code classes} of the FUDP network config: each traffic class read from its JSON, field by field,
 * and written back.
 */
final class TrafficClassConfig {

    private static final Pattern PORTS_PATTERN = Pattern.compile("([0-9]{1,5})(?:-([0-9]{1,5}))?");

    private TrafficClassConfig() {
    }

    // A traffic class: what it matches (a switch can match each field) and its policy.
    static TrafficClass parse(ConfigFields p, JsonNode n, String path) {
        if (!n.isObject()) {
            p.errors.add(path + ": must be an object");
            return null;
        }
        int before = p.errors.size();
        p.checkOnly(n, path, NAME, SRC_PREFIX, DST_PREFIX, PROTOCOL, SRC_PORTS, DST_PORTS, DSCP, WEIGHT, MIN_BPS,
                CAP_BPS, EXEMPT, PRINCIPAL);
        String name = p.name(n.get(NAME), path + "." + NAME);
        AddressPrefix src = n.has(SRC_PREFIX) ? p.prefix(n.get(SRC_PREFIX), path + "." + SRC_PREFIX) : null;
        AddressPrefix dst = n.has(DST_PREFIX) ? p.prefix(n.get(DST_PREFIX), path + "." + DST_PREFIX) : null;
        int protocol = TrafficClass.ANY_PROTOCOL;
        JsonNode proto = n.get(PROTOCOL);
        if (proto != null) {
            String t = proto.isTextual() ? proto.asText().toLowerCase(Locale.ROOT) : "";
            protocol = t.equals("tcp") ? 6 : t.equals("udp") ? 17 : -1;
            if (protocol < 0) {
                p.errors.add(path + "." + PROTOCOL + ": must be \"tcp\" or \"udp\", was " + proto);
            }
        }
        int[] srcPorts = n.has(SRC_PORTS) ? ports(p, n.get(SRC_PORTS), path + "." + SRC_PORTS) : null;
        int[] dstPorts = n.has(DST_PORTS) ? ports(p, n.get(DST_PORTS), path + "." + DST_PORTS) : null;
        int[] dscp = n.has(DSCP) ? dscp(p, n.get(DSCP), path + "." + DSCP) : null;
        double weight = n.has(WEIGHT) ? p.number(n.get(WEIGHT), path + "." + WEIGHT) : 1;
        double min = n.has(MIN_BPS) ? p.number(n.get(MIN_BPS), path + "." + MIN_BPS) : 0;
        double cap = n.has(CAP_BPS) ? p.number(n.get(CAP_BPS), path + "." + CAP_BPS) : Double.POSITIVE_INFINITY;
        boolean exempt = false;
        if (n.has(EXEMPT)) {
            if (n.get(EXEMPT).isBoolean()) {
                exempt = n.get(EXEMPT).booleanValue();
            } else {
                p.errors.add(path + "." + EXEMPT + ": must be true or false, was " + n.get(EXEMPT));
            }
        }
        PrincipalRule principal = null;
        if (n.has(PRINCIPAL)) {
            JsonNode v = n.get(PRINCIPAL);
            try {
                principal = PrincipalRule.parse(v.isTextual() ? v.asText() : v.toString());
            } catch (IllegalArgumentException e) {
                p.errors.add(path + "." + PRINCIPAL + ": " + e.getMessage());
            }
        }
        if (p.errors.size() > before) {
            return null;
        }
        try {
            return new TrafficClass(src, dst, protocol, srcPorts, dstPorts, dscp,
                    FlowPolicy.of(name, weight, min, cap, exempt)).withPrincipal(principal);
        } catch (IllegalArgumentException e) {
            // FlowPolicy names the field first: "weight: must be ..."
            p.errors.add(path + "." + e.getMessage());
            return null;
        }
    }

    private static int[] ports(ConfigFields p, JsonNode n, String path) {
        Matcher m = PORTS_PATTERN.matcher(n.isIntegralNumber() ? n.asText()
                : n.isTextual() ? n.asText().trim() : "");
        if (m.matches()) {
            int low = Integer.parseInt(m.group(1));
            int high = m.group(2) == null ? low : Integer.parseInt(m.group(2));
            if (low <= high && high <= 65535) {
                return new int[] {low, high};
            }
        }
        p.errors.add(path + ": must be a port (5004) or a range (\"5000-5100\") within 0..65535, was " + n);
        return null;
    }

    // One DSCP value or a non-empty list of them: an operator's class is often several (AF41, AF42, AF43).
    private static int[] dscp(ConfigFields p, JsonNode n, String path) {
        List<JsonNode> values = new ArrayList<>();
        if (n.isArray()) {
            n.forEach(values::add);
        } else {
            values.add(n);
        }
        int[] out = new int[values.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode v = values.get(i);
            if (!v.isIntegralNumber() || v.asInt() < 0 || v.asInt() > TrafficClass.MAX_DSCP) {
                p.errors.add(path + ": must be a DSCP value 0.." + TrafficClass.MAX_DSCP
                        + " or a non-empty list of them, was " + n);
                return null;
            }
            out[i] = v.asInt();
        }
        if (out.length == 0) {
            p.errors.add(path + ": must be a DSCP value 0.." + TrafficClass.MAX_DSCP
                    + " or a non-empty list of them, was " + n);
            return null;
        }
        return out;
    }

    static void write(ArrayNode array, List<TrafficClass> classes) {
        for (TrafficClass c : classes) {
            ObjectNode n = array.addObject();
            n.put(NAME, c.name());
            if (c.src() != null) {
                n.put(SRC_PREFIX, c.src().toString());
            }
            if (c.dst() != null) {
                n.put(DST_PREFIX, c.dst().toString());
            }
            if (c.protocol() != TrafficClass.ANY_PROTOCOL) {
                n.put(PROTOCOL, c.protocol() == 6 ? "tcp" : "udp");
            }
            ports(n, SRC_PORTS, c.srcPorts());
            ports(n, DST_PORTS, c.dstPorts());
            if (c.dscp().length > 0) {
                ArrayNode d = n.putArray(DSCP);
                for (int v : c.dscp()) {
                    d.add(v);
                }
            }
            FlowPolicy p = c.policy();
            n.put(WEIGHT, p.weight());
            if (p.minBps() > 0) {
                n.put(MIN_BPS, p.minBps());
            }
            if (p.capBps() < Double.POSITIVE_INFINITY) {
                n.put(CAP_BPS, p.capBps());
            }
            n.put(EXEMPT, p.exempt());
            if (c.principal() != null) {
                n.put(PRINCIPAL, c.principal().toString());
            }
        }
    }

    private static void ports(ObjectNode n, String field, int[] range) {
        if (range[0] == range[1]) {
            n.put(field, range[0]);
        } else if (range[0] != 0 || range[1] != 65535) {
            n.put(field, range[0] + "-" + range[1]);
        }
    }
}
