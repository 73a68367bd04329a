// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.fudp.api.Bottleneck;
import org.fudp.api.FacilityConfig;
import org.fudp.api.FacilitySampling;
import org.fudp.loop.api.settings.Facility.WhenAdjustorDown;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.settings.TrafficClass;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.Config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The FUDP network config (app subject, key {@value #CONFIG_KEY}).
 * <pre>
 * { "facilities": [ { "deviceId": "of:0000000000000001", "adjustorPort": 3, "returnPort": 4,
 *                     "adjustorMac": "02:00:00:00:00:aa", "keyId": 1 },
 *                   { "deviceId": "of:0000000000000003", "enforcement": "meter" } ],
 *   "bottlenecks": [ { "name": "set1",
 *                      "link": { "src": "of:0000000000000002/2", "dst": "of:0000000000000004/1" },
 *                      "capacityBps": 10000000, "destinations": [ "10.0.0.4/32" ] } ] }
 * </pre>
 * A bottleneck names either a {@code link} or an {@code egress} connect point. Destinations are
 * IP prefixes, IP addresses or host ids ({@code MAC/VLAN}). Validation is strict: unknown
 * fields are errors too, and every error names its field by path.
 */
public final class FudpConfig extends Config<ApplicationId> {

    /** The config key under the app subject. */
    public static final String CONFIG_KEY = "fudp";

    static final String FACILITIES = "facilities";
    static final String BOTTLENECKS = "bottlenecks";
    static final String DEVICE_ID = "deviceId";
    static final String ADJUSTOR_PORT = "adjustorPort";
    static final String RETURN_PORT = "returnPort";
    static final String ADJUSTOR_MAC = "adjustorMac";
    static final String KEY_ID = "keyId";
    static final String ENFORCEMENT = "enforcement";
    static final String RULE_BUDGET = "ruleBudget";
    static final String PACKET_IN_BUDGET = "packetInBudget";
    static final String SAMPLING = "sampling";
    static final String SAMPLING_AGENT = "agent";
    static final String HEAVY_BPS = "heavyBps";
    static final String WHEN_ADJUSTOR_DOWN = "whenAdjustorDown";
    /** The default heavy rate of a sampled facility: the paper's long flows carry more than 1 Mbit/s. */
    static final long HEAVY_BPS_DEFAULT = 1_000_000;
    /** Budgets above this are refused as typos: no switch table is bigger. */
    static final long MAX_BUDGET = 10_000_000;
    /** The highest heavy rate: 1 Tbit/s, above any link a facility has. */
    static final long MAX_HEAVY_BPS = 1_000_000_000_000L;
    static final String ADJUSTOR = "adjustor";
    static final String METER = "meter";
    static final String NAME = "name";
    static final String LINK = "link";
    static final String EGRESS = "egress";
    static final String SRC = "src";
    static final String DST = "dst";
    static final String CAPACITY_BPS = "capacityBps";
    static final String DESTINATIONS = "destinations";
    static final String CLASSES = "classes";
    static final String SRC_PREFIX = "srcPrefix";
    static final String DST_PREFIX = "dstPrefix";
    static final String PROTOCOL = "protocol";
    static final String SRC_PORTS = "srcPorts";
    static final String DST_PORTS = "dstPorts";
    static final String DSCP = "dscp";
    static final String WEIGHT = "weight";
    static final String MIN_BPS = "minBps";
    static final String CAP_BPS = "capBps";
    static final String EXEMPT = "exempt";
    static final String PRINCIPAL = "principal";
    private static final long MAX_KEY_ID = 0xFFFFFFFFL;

    @Override
    public boolean isValid() {
        valid();
        return true;
    }

    private Parsed valid() {
        Parsed p = parse();
        if (!p.errors.isEmpty()) {
            String first = p.errors.get(0);
            throw new FudpConfigException(first.substring(0, first.indexOf(':')), p.errors);
        }
        return p;
    }

    /**
     * Returns every validation error as {@code path: reason}.
     *
     * @return errors, empty if the config is valid
     */
    public List<String> errors() {
        return parse().errors;
    }

    /**
     * Returns the configured facilities.
     *
     * @return facilities
     * @throws FudpConfigException if the config is invalid
     */
    public List<FacilityConfig> facilities() {
        return ImmutableList.copyOf(valid().facilities);
    }

    /**
     * Returns each facility's budget: rules FUDP may hold in its switch's table and packet-ins a
     * second it acts on ({@link FlowBudget#DEFAULT} where the config says nothing).
     *
     * @return by facility switch
     * @throws FudpConfigException if the config is invalid
     */
    public Map<DeviceId, FlowBudget> budgets() {
        return ImmutableMap.copyOf(valid().budgets);
    }

    /**
     * Returns the sFlow agents of the sampled facilities: the address each switch's sFlow datagrams
     * name as their agent, and the switch.
     *
     * @return by agent address
     * @throws FudpConfigException if the config is invalid
     */
    public Map<IpAddress, DeviceId> samplingAgents() {
        return ImmutableMap.copyOf(valid().samplingAgents);
    }

    /**
     * Returns the configured bottlenecks.
     *
     * @return bottlenecks
     * @throws FudpConfigException if the config is invalid
     */
    public List<Bottleneck> bottlenecks() {
        return ImmutableList.copyOf(valid().bottlenecks);
    }

    /**
     * Returns the traffic classes, in order: a flow gets the policy of the first that matches it.
     *
     * @return classes
     * @throws FudpConfigException if the config is invalid
     */
    public List<TrafficClass> classes() {
        return ImmutableList.copyOf(valid().classes);
    }

    /**
     * Replaces the facilities in the backing JSON.
     *
     * @param facilities the facilities
     * @return this config
     */
    public FudpConfig facilities(List<FacilityConfig> facilities) {
        // Every field the facility carries, and only those: what the REST API reads back is what it wrote.
        ArrayNode array = object.putArray(FACILITIES);
        for (FacilityConfig f : facilities) {
            ObjectNode n = array.addObject();
            n.put(DEVICE_ID, f.deviceId().toString());
            if (f.isMetered()) {
                n.put(ENFORCEMENT, METER);
            } else {
                n.put(ADJUSTOR_PORT, f.adjustorPort().toLong());
                n.put(RETURN_PORT, f.returnPort().toLong());
                n.put(ADJUSTOR_MAC, f.adjustorMac().toString());
                n.put(KEY_ID, Integer.toUnsignedLong(f.keyId()));
            }
            f.ruleBudget().ifPresent(v -> n.put(RULE_BUDGET, v));
            f.packetInBudget().ifPresent(v -> n.put(PACKET_IN_BUDGET, v));
            f.sampling().ifPresent(s -> {
                ObjectNode sn = n.putObject(SAMPLING).put(SAMPLING_AGENT, s.agent().toString());
                s.heavyBps().ifPresent(v -> sn.put(HEAVY_BPS, v));
            });
            f.whenAdjustorDown().ifPresent(w -> n.put(WHEN_ADJUSTOR_DOWN, w.configName()));
        }
        return this;
    }

    /**
     * Replaces the bottlenecks in the backing JSON.
     *
     * @param bottlenecks the bottlenecks
     * @return this config
     */
    public FudpConfig bottlenecks(List<Bottleneck> bottlenecks) {
        BottleneckConfig.write(object.putArray(BOTTLENECKS), bottlenecks);
        return this;
    }

    /**
     * Replaces the traffic classes in the backing JSON.
     *
     * @param classes the classes, in order
     * @return this config
     */
    public FudpConfig classes(List<TrafficClass> classes) {
        TrafficClassConfig.write(object.putArray(CLASSES), classes);
        return this;
    }

    private Parsed parse() {
        Parsed p = new Parsed();
        if (object == null) {
            p.errors.add("(root): must be a JSON object");
            return p;
        }
        p.checkOnly(object, "", FACILITIES, BOTTLENECKS, CLASSES);
        JsonNode fs = object.path(FACILITIES);
        if (!fs.isMissingNode() && !fs.isArray()) {
            p.errors.add(FACILITIES + ": must be an array");
        } else {
            Set<DeviceId> seen = new HashSet<>();
            for (int i = 0; i < fs.size(); i++) {
                FacilityConfig f = parseFacility(p, fs.get(i), FACILITIES + "[" + i + "]");
                if (f != null && !seen.add(f.deviceId())) {
                    p.errors.add(FACILITIES + "[" + i + "]." + DEVICE_ID + ": device " + f.deviceId()
                            + " is already a facility");
                } else if (f != null) {
                    p.facilities.add(f);
                }
            }
        }
        JsonNode bs = object.path(BOTTLENECKS);
        if (!bs.isMissingNode() && !bs.isArray()) {
            p.errors.add(BOTTLENECKS + ": must be an array");
        } else {
            Set<String> names = new HashSet<>();
            for (int i = 0; i < bs.size(); i++) {
                Bottleneck b = BottleneckConfig.parse(p, bs.get(i), BOTTLENECKS + "[" + i + "]");
                if (b != null && !names.add(b.name())) {
                    p.errors.add(BOTTLENECKS + "[" + i + "]." + NAME + ": name \"" + b.name()
                            + "\" is used twice");
                } else if (b != null) {
                    p.bottlenecks.add(b);
                }
            }
        }
        JsonNode cs = object.path(CLASSES);
        if (!cs.isMissingNode() && !cs.isArray()) {
            p.errors.add(CLASSES + ": must be an array");
        } else {
            Set<String> names = new HashSet<>();
            for (int i = 0; i < cs.size(); i++) {
                TrafficClass c = TrafficClassConfig.parse(p, cs.get(i), CLASSES + "[" + i + "]");
                if (c != null && !names.add(c.name())) {
                    p.errors.add(CLASSES + "[" + i + "]." + NAME + ": name \"" + c.name() + "\" is used twice");
                } else if (c != null) {
                    p.classes.add(c);
                }
            }
        }
        return p;
    }

    private static FacilityConfig parseFacility(Parsed p, JsonNode n, String path) {
        if (!n.isObject()) {
            p.errors.add(path + ": must be an object");
            return null;
        }
        int before = p.errors.size();
        JsonNode kind = n.get(ENFORCEMENT);
        if (kind != null && !(kind.isTextual() && (kind.asText().equals(ADJUSTOR) || kind.asText().equals(METER)))) {
            p.errors.add(path + "." + ENFORCEMENT + ": must be \"" + ADJUSTOR + "\" or \"" + METER + "\", got " + kind);
            return null;
        }
        if (kind != null && kind.asText().equals(METER)) {
            // The switch's meters enforce: no adjustor, so nothing of one may be configured.
            for (String adjustorField : List.of(ADJUSTOR_PORT, RETURN_PORT, ADJUSTOR_MAC, KEY_ID, WHEN_ADJUSTOR_DOWN)) {
                if (n.has(adjustorField)) {
                    p.errors.add(path + "." + adjustorField
                            + ": a facility with enforcement \"meter\" has no adjustor");
                }
            }
            p.checkOnly(n, path, DEVICE_ID, ENFORCEMENT, ADJUSTOR_PORT, RETURN_PORT, ADJUSTOR_MAC, KEY_ID,
                    RULE_BUDGET, PACKET_IN_BUDGET, SAMPLING, WHEN_ADJUSTOR_DOWN);
            DeviceId device = p.deviceId(n.get(DEVICE_ID), path + "." + DEVICE_ID);
            FlowBudget budget = budget(p, n, path, device);
            if (p.errors.size() > before) {
                return null;
            }
            p.budgets.put(device, budget);
            return configured(FacilityConfig.metered(device), n, budget);
        }
        p.checkOnly(n, path, DEVICE_ID, ENFORCEMENT, ADJUSTOR_PORT, RETURN_PORT, ADJUSTOR_MAC, KEY_ID,
                RULE_BUDGET, PACKET_IN_BUDGET, SAMPLING, WHEN_ADJUSTOR_DOWN);
        DeviceId device = p.deviceId(n.get(DEVICE_ID), path + "." + DEVICE_ID);
        FlowBudget budget = budget(p, n, path, device);
        WhenAdjustorDown whenDown = whenAdjustorDown(p, n.get(WHEN_ADJUSTOR_DOWN), path + "." + WHEN_ADJUSTOR_DOWN);
        PortNumber adjustor = p.port(n.get(ADJUSTOR_PORT), path + "." + ADJUSTOR_PORT);
        PortNumber back = p.port(n.get(RETURN_PORT), path + "." + RETURN_PORT);
        MacAddress mac = p.mac(n.get(ADJUSTOR_MAC), path + "." + ADJUSTOR_MAC);
        Long keyId = p.integer(n.get(KEY_ID), path + "." + KEY_ID, 0, MAX_KEY_ID, "a key id (0..4294967295)");
        if (adjustor != null && adjustor.equals(back)) {
            p.errors.add(path + "." + RETURN_PORT + ": must differ from adjustorPort, both are " + back);
        }
        if (p.errors.size() > before) {
            return null;
        }
        p.budgets.put(device, budget);
        return configured(new FacilityConfig(device, adjustor, back, mac, keyId.intValue()), n, budget)
                .withWhenAdjustorDown(whenDown);
    }

    // The policy while the facility's agent cannot hold its limits: null when the config leaves it to the default.
    private static WhenAdjustorDown whenAdjustorDown(Parsed p, JsonNode n, String path) {
        if (n == null) {
            return null;
        }
        Optional<WhenAdjustorDown> w = n.isTextual() ? WhenAdjustorDown.ofConfigName(n.asText()) : Optional.empty();
        if (w.isPresent()) {
            return w.get();
        }
        p.errors.add(path + ": must be \"meters\", \"open\" or \"hold\", got " + n);
        return null;
    }

    // The budgets and the sampling the config gives a facility, valid by now, each only if given.
    private static FacilityConfig configured(FacilityConfig f, JsonNode n, FlowBudget budget) {
        FacilityConfig out = f;
        if (n.has(RULE_BUDGET)) {
            out = out.withRuleBudget(budget.rules());
        }
        if (n.has(PACKET_IN_BUDGET)) {
            out = out.withPacketInBudget(budget.packetInsPerS());
        }
        JsonNode s = n.get(SAMPLING);
        if (s != null) {
            out = out.withSampling(new FacilitySampling(IpAddress.valueOf(s.get(SAMPLING_AGENT).asText().trim()),
                    s.has(HEAVY_BPS) ? Long.valueOf(budget.heavyBps()) : null));
        }
        return out;
    }

    // A facility's budgets, each optional (the default when absent), and whether it is sampled.
    private static FlowBudget budget(Parsed p, JsonNode n, String path, DeviceId device) {
        Long rules = n.has(RULE_BUDGET) ? p.integer(n.get(RULE_BUDGET), path + "." + RULE_BUDGET, 1, MAX_BUDGET,
                "a number of rules") : Long.valueOf(FlowBudget.DEFAULT_RULES);
        Long packetIns = n.has(PACKET_IN_BUDGET) ? p.integer(n.get(PACKET_IN_BUDGET), path + "." + PACKET_IN_BUDGET,
                1, MAX_BUDGET, "packet-ins a second") : Long.valueOf(FlowBudget.DEFAULT_PACKET_INS);
        Long heavy = n.has(SAMPLING) ? sampling(p, n.get(SAMPLING), path + "." + SAMPLING, device) : Long.valueOf(0);
        return rules == null || packetIns == null || heavy == null ? FlowBudget.DEFAULT
                : new FlowBudget(rules.intValue(), packetIns.intValue(), heavy);
    }

    // {"agent": "<the switch's sFlow agent address>", "heavyBps": N}: the heavy rate, and the agent noted.
    private static Long sampling(Parsed p, JsonNode n, String path, DeviceId device) {
        if (!n.isObject()) {
            p.errors.add(path + ": must be an object {\"" + SAMPLING_AGENT + "\", \"" + HEAVY_BPS + "\"}");
            return null;
        }
        p.checkOnly(n, path, SAMPLING_AGENT, HEAVY_BPS);
        JsonNode a = n.get(SAMPLING_AGENT);
        IpAddress agent = null;
        try {
            agent = IpAddress.valueOf(a != null && a.isTextual() ? a.asText().trim() : "");
        } catch (IllegalArgumentException e) {
            p.errors.add(path + "." + SAMPLING_AGENT + ": must be the IP address the switch's sFlow datagrams name "
                    + "as their agent, got " + a);
        }
        Long heavy = n.has(HEAVY_BPS) ? p.integer(n.get(HEAVY_BPS), path + "." + HEAVY_BPS, 1, MAX_HEAVY_BPS,
                "bit/s") : Long.valueOf(HEAVY_BPS_DEFAULT);
        if (agent == null || heavy == null || device == null) {
            return null;
        }
        DeviceId other = p.samplingAgents.putIfAbsent(agent, device);
        if (other != null && !other.equals(device)) {
            p.errors.add(path + "." + SAMPLING_AGENT + ": " + agent + " is the agent of " + other + " already");
            return null;
        }
        return heavy;
    }

    /** The result of one parse: the values, and every error found. */
    private static final class Parsed extends ConfigFields {
        private final List<FacilityConfig> facilities = new ArrayList<>();
        private final Map<DeviceId, FlowBudget> budgets = new HashMap<>();
        private final Map<IpAddress, DeviceId> samplingAgents = new HashMap<>();
        private final List<Bottleneck> bottlenecks = new ArrayList<>();
        private final List<TrafficClass> classes = new ArrayList<>();
    }
}
