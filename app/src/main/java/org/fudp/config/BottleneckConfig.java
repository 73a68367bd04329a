// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.api.Bottleneck;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.HostId;

import java.util.ArrayList;
import java.util.List;

import static org.fudp.config.FudpConfig.CAPACITY_BPS;
import static org.fudp.config.FudpConfig.DESTINATIONS;
import static org.fudp.config.FudpConfig.DST;
import static org.fudp.config.FudpConfig.EGRESS;
import static org.fudp.config.FudpConfig.LINK;
import static org.fudp.config.FudpConfig.NAME;
import static org.fudp.config.FudpConfig.SRC;

/**
 * The {@code bottlenecks} of the FUDP network config: each bottleneck read from its JSON, field by field,
 * and written back.
 */
final class BottleneckConfig {

    private BottleneckConfig() {
    }

    static Bottleneck parse(ConfigFields p, JsonNode n, String path) {
        if (!n.isObject()) {
            p.errors.add(path + ": must be an object");
            return null;
        }
        int before = p.errors.size();
        p.checkOnly(n, path, NAME, LINK, EGRESS, CAPACITY_BPS, DESTINATIONS);
        String name = p.name(n.get(NAME), path + "." + NAME);
        ConnectPoint egress = null;
        ConnectPoint linkDst = null;
        JsonNode link = n.get(LINK);
        JsonNode eg = n.get(EGRESS);
        if (link != null && eg != null) {
            p.errors.add(path + ": give either link or egress, not both");
        } else if (link == null && eg == null) {
            p.errors.add(path + "." + LINK + ": a link or an egress connect point is required");
        } else if (link != null) {
            if (!link.isObject()) {
                p.errors.add(path + "." + LINK + ": must be an object with src and dst");
            } else {
                p.checkOnly(link, path + "." + LINK, SRC, DST);
                egress = p.connectPoint(link.get(SRC), path + "." + LINK + "." + SRC);
                linkDst = p.connectPoint(link.get(DST), path + "." + LINK + "." + DST);
            }
        } else {
            egress = p.connectPoint(eg, path + "." + EGRESS);
        }
        Long capacity = p.integer(n.get(CAPACITY_BPS), path + "." + CAPACITY_BPS, 1, Long.MAX_VALUE,
                "a positive capacity in bit/s");
        List<IpPrefix> prefixes = new ArrayList<>();
        List<HostId> hosts = new ArrayList<>();
        JsonNode dsts = n.get(DESTINATIONS);
        String dpath = path + "." + DESTINATIONS;
        if (dsts == null) {
            p.errors.add(dpath + ": is required (the hosts or prefixes behind the bottleneck)");
        } else if (!dsts.isArray() || dsts.size() == 0) {
            p.errors.add(dpath + ": must be a non-empty array of IP prefixes, IP addresses or host ids");
        } else {
            for (int i = 0; i < dsts.size(); i++) {
                destination(p, dsts.get(i), dpath + "[" + i + "]", prefixes, hosts);
            }
        }
        if (p.errors.size() > before) {
            return null;
        }
        return new Bottleneck(name, egress, linkDst, capacity, prefixes, hosts);
    }

    private static void destination(ConfigFields p, JsonNode n, String path, List<IpPrefix> prefixes,
                                    List<HostId> hosts) {
        String text = n.isTextual() ? n.asText().trim() : null;
        if (text != null && !text.isEmpty()) {
            try {
                prefixes.add(text.contains("/") ? IpPrefix.valueOf(text)
                        : IpAddress.valueOf(text).toIpPrefix());
                return;
            } catch (IllegalArgumentException e) {
                // not an address or prefix; try a host id below
            }
            int slash = text.indexOf('/');
            if (slash == 17 && ConfigFields.MAC_PATTERN.matcher(text.substring(0, slash)).matches()) {
                try {
                    hosts.add(HostId.hostId(text));
                    return;
                } catch (IllegalArgumentException e) {
                    // fall through to the error
                }
            }
        }
        p.errors.add(path + ": must be an IP prefix (10.0.0.0/24), an IP address or a host id "
                + "(00:00:00:00:00:04/None), was " + n);
    }

    static void write(ArrayNode array, List<Bottleneck> bottlenecks) {
        for (Bottleneck b : bottlenecks) {
            ObjectNode n = array.addObject();
            n.put(NAME, b.name());
            if (b.linkDst().isPresent()) {
                ObjectNode link = n.putObject(LINK);
                link.put(SRC, cp(b.egress()));
                link.put(DST, cp(b.linkDst().get()));
            } else {
                n.put(EGRESS, cp(b.egress()));
            }
            n.put(CAPACITY_BPS, b.capacityBps());
            ArrayNode dsts = n.putArray(DESTINATIONS);
            b.prefixes().forEach(p -> dsts.add(p.toString()));
            b.hosts().forEach(h -> dsts.add(h.toString()));
        }
    }

    private static String cp(ConnectPoint c) {
        return c.deviceId() + "/" + c.port().toLong();
    }
}
