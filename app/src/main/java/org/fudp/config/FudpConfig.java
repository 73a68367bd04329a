package org.fudp.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.api.Bottleneck;
import org.fudp.api.Facility;
import org.fudp.loop.AddressPrefix;
import org.fudp.loop.FlowBudget;
import org.fudp.loop.TrafficClass;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.Config;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    private static final Pattern PORTS_PATTERN = Pattern.compile("([0-9]{1,5})(?:-([0-9]{1,5}))?");

    /** OpenFlow's largest physical port number (OFPP_MAX). */
    private static final long MAX_PORT = 0xFFFFFF00L;
    private static final long MAX_KEY_ID = 0xFFFFFFFFL;
    private static final Pattern NAME_PATTERN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,62}");
    private static final Pattern MAC_PATTERN = Pattern.compile("([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}");

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
    public List<Facility> facilities() {
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
    public FudpConfig facilities(List<Facility> facilities) {
        // A facility set anew keeps the budgets the config gave its switch.
        Map<String, JsonNode> before = new HashMap<>();
        object.path(FACILITIES).forEach(old -> before.put(old.path(DEVICE_ID).asText(), old));
        ArrayNode array = object.putArray(FACILITIES);
        for (Facility f : facilities) {
            ObjectNode n = array.addObject();
            n.put(DEVICE_ID, f.deviceId().toString());
            JsonNode old = before.get(f.deviceId().toString());
            for (String budget : List.of(RULE_BUDGET, PACKET_IN_BUDGET, SAMPLING)) {
                if (old != null && old.has(budget)) {
                    n.set(budget, old.get(budget));
                }
            }
            if (f.isMetered()) {
                n.put(ENFORCEMENT, METER);
                continue;
            }
            n.put(ADJUSTOR_PORT, f.adjustorPort().toLong());
            n.put(RETURN_PORT, f.returnPort().toLong());
            n.put(ADJUSTOR_MAC, f.adjustorMac().toString());
            n.put(KEY_ID, Integer.toUnsignedLong(f.keyId()));
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
        ArrayNode array = object.putArray(BOTTLENECKS);
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
        return this;
    }

    /**
     * Replaces the traffic classes in the backing JSON.
     *
     * @param classes the classes, in order
     * @return this config
     */
    public FudpConfig classes(List<TrafficClass> classes) {
        ArrayNode array = object.putArray(CLASSES);
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
        }
        return this;
    }

    private static void ports(ObjectNode n, String field, int[] range) {
        if (range[0] == range[1]) {
            n.put(field, range[0]);
        } else if (range[0] != 0 || range[1] != 65535) {
            n.put(field, range[0] + "-" + range[1]);
        }
    }

    private static String cp(ConnectPoint c) {
        return c.deviceId() + "/" + c.port().toLong();
    }

    private Parsed parse() {
        Parsed p = new Parsed();
        if (object == null) {
            p.errors.add("(root): must be a JSON object");
            return p;
        }
        checkOnly(p, object, "", FACILITIES, BOTTLENECKS, CLASSES);
        JsonNode fs = object.path(FACILITIES);
        if (!fs.isMissingNode() && !fs.isArray()) {
            p.errors.add(FACILITIES + ": must be an array");
        } else {
            Set<DeviceId> seen = new HashSet<>();
            for (int i = 0; i < fs.size(); i++) {
                Facility f = parseFacility(p, fs.get(i), FACILITIES + "[" + i + "]");
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
                Bottleneck b = parseBottleneck(p, bs.get(i), BOTTLENECKS + "[" + i + "]");
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
                TrafficClass c = parseClass(p, cs.get(i), CLASSES + "[" + i + "]");
                if (c != null && !names.add(c.name())) {
                    p.errors.add(CLASSES + "[" + i + "]." + NAME + ": name \"" + c.name() + "\" is used twice");
                } else if (c != null) {
                    p.classes.add(c);
                }
            }
        }
        return p;
    }

    // A traffic class: what it matches (a switch can match each field) and its policy.
    private static TrafficClass parseClass(Parsed p, JsonNode n, String path) {
        if (!n.isObject()) {
            p.errors.add(path + ": must be an object");
            return null;
        }
        int before = p.errors.size();
        checkOnly(p, n, path, NAME, SRC_PREFIX, DST_PREFIX, PROTOCOL, SRC_PORTS, DST_PORTS, DSCP, WEIGHT, MIN_BPS,
                CAP_BPS, EXEMPT);
        String name = name(p, n.get(NAME), path + "." + NAME);
        AddressPrefix src = n.has(SRC_PREFIX) ? prefix(p, n.get(SRC_PREFIX), path + "." + SRC_PREFIX) : null;
        AddressPrefix dst = n.has(DST_PREFIX) ? prefix(p, n.get(DST_PREFIX), path + "." + DST_PREFIX) : null;
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
        double weight = n.has(WEIGHT) ? number(p, n.get(WEIGHT), path + "." + WEIGHT) : 1;
        double min = n.has(MIN_BPS) ? number(p, n.get(MIN_BPS), path + "." + MIN_BPS) : 0;
        double cap = n.has(CAP_BPS) ? number(p, n.get(CAP_BPS), path + "." + CAP_BPS) : Double.POSITIVE_INFINITY;
        boolean exempt = false;
        if (n.has(EXEMPT)) {
            if (n.get(EXEMPT).isBoolean()) {
                exempt = n.get(EXEMPT).booleanValue();
            } else {
                p.errors.add(path + "." + EXEMPT + ": must be true or false, was " + n.get(EXEMPT));
            }
        }
        if (p.errors.size() > before) {
            return null;
        }
        try {
            return new TrafficClass(src, dst, protocol, srcPorts, dstPorts, dscp,
                    FlowPolicy.of(name, weight, min, cap, exempt));
        } catch (IllegalArgumentException e) {
            // FlowPolicy names the field first: "weight: must be ..."
            p.errors.add(path + "." + e.getMessage());
            return null;
        }
    }

    private static String name(Parsed p, JsonNode n, String path) {
        if (n == null) {
            p.errors.add(path + ": is required");
        } else if (!n.isTextual() || !NAME_PATTERN.matcher(n.asText()).matches()) {
            p.errors.add(path + ": must be 1-63 letters, digits, '.', '_' or '-', was " + n);
        } else {
            return n.asText();
        }
        return null;
    }

    private static AddressPrefix prefix(Parsed p, JsonNode n, String path) {
        try {
            IpPrefix ip = IpPrefix.valueOf(n.isTextual() ? n.asText().trim() : "");
            return new AddressPrefix(InetAddress.getByAddress(ip.address().toOctets()), ip.prefixLength());
        } catch (IllegalArgumentException | UnknownHostException e) {
            p.errors.add(path + ": must be an IP prefix such as 10.0.0.0/8, was " + n);
            return null;
        }
    }

    private static int[] ports(Parsed p, JsonNode n, String path) {
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
    private static int[] dscp(Parsed p, JsonNode n, String path) {
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

    private static double number(Parsed p, JsonNode n, String path) {
        if (n.isNumber() && Double.isFinite(n.asDouble())) {
            return n.asDouble();
        }
        p.errors.add(path + ": must be a number, was " + n);
        return Double.NaN;
    }

    private static void checkOnly(Parsed p, JsonNode node, String path, String... allowed) {
        Set<String> ok = Set.of(allowed);
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!ok.contains(name)) {
                p.errors.add((path.isEmpty() ? "" : path + ".") + name + ": unknown field, expected one of "
                        + String.join(", ", allowed));
            }
        }
    }

    private static Facility parseFacility(Parsed p, JsonNode n, String path) {
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
            for (String adjustorField : List.of(ADJUSTOR_PORT, RETURN_PORT, ADJUSTOR_MAC, KEY_ID)) {
                if (n.has(adjustorField)) {
                    p.errors.add(path + "." + adjustorField
                            + ": a facility with enforcement \"meter\" has no adjustor");
                }
            }
            checkOnly(p, n, path, DEVICE_ID, ENFORCEMENT, ADJUSTOR_PORT, RETURN_PORT, ADJUSTOR_MAC, KEY_ID,
                    RULE_BUDGET, PACKET_IN_BUDGET, SAMPLING);
            DeviceId device = deviceId(p, n.get(DEVICE_ID), path + "." + DEVICE_ID);
            FlowBudget budget = budget(p, n, path, device);
            if (p.errors.size() > before) {
                return null;
            }
            p.budgets.put(device, budget);
            return Facility.metered(device);
        }
        checkOnly(p, n, path, DEVICE_ID, ENFORCEMENT, ADJUSTOR_PORT, RETURN_PORT, ADJUSTOR_MAC, KEY_ID,
                RULE_BUDGET, PACKET_IN_BUDGET, SAMPLING);
        DeviceId device = deviceId(p, n.get(DEVICE_ID), path + "." + DEVICE_ID);
        FlowBudget budget = budget(p, n, path, device);
        PortNumber adjustor = port(p, n.get(ADJUSTOR_PORT), path + "." + ADJUSTOR_PORT);
        PortNumber back = port(p, n.get(RETURN_PORT), path + "." + RETURN_PORT);
        MacAddress mac = mac(p, n.get(ADJUSTOR_MAC), path + "." + ADJUSTOR_MAC);
        Long keyId = integer(p, n.get(KEY_ID), path + "." + KEY_ID, 0, MAX_KEY_ID, "a key id (0..4294967295)");
        if (adjustor != null && adjustor.equals(back)) {
            p.errors.add(path + "." + RETURN_PORT + ": must differ from adjustorPort, both are " + back);
        }
        if (p.errors.size() > before) {
            return null;
        }
        p.budgets.put(device, budget);
        return new Facility(device, adjustor, back, mac, keyId.intValue());
    }

    // A facility's budgets, each optional (the default when absent), and whether it is sampled.
    private static FlowBudget budget(Parsed p, JsonNode n, String path, DeviceId device) {
        Long rules = n.has(RULE_BUDGET) ? integer(p, n.get(RULE_BUDGET), path + "." + RULE_BUDGET, 1, MAX_BUDGET,
                "a number of rules") : Long.valueOf(FlowBudget.DEFAULT_RULES);
        Long packetIns = n.has(PACKET_IN_BUDGET) ? integer(p, n.get(PACKET_IN_BUDGET), path + "." + PACKET_IN_BUDGET,
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
        checkOnly(p, n, path, SAMPLING_AGENT, HEAVY_BPS);
        JsonNode a = n.get(SAMPLING_AGENT);
        IpAddress agent = null;
        try {
            agent = IpAddress.valueOf(a != null && a.isTextual() ? a.asText().trim() : "");
        } catch (IllegalArgumentException e) {
            p.errors.add(path + "." + SAMPLING_AGENT + ": must be the IP address the switch's sFlow datagrams name "
                    + "as their agent, got " + a);
        }
        Long heavy = n.has(HEAVY_BPS) ? integer(p, n.get(HEAVY_BPS), path + "." + HEAVY_BPS, 1, MAX_HEAVY_BPS,
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

    private static Bottleneck parseBottleneck(Parsed p, JsonNode n, String path) {
        if (!n.isObject()) {
            p.errors.add(path + ": must be an object");
            return null;
        }
        int before = p.errors.size();
        checkOnly(p, n, path, NAME, LINK, EGRESS, CAPACITY_BPS, DESTINATIONS);
        String name = name(p, n.get(NAME), path + "." + NAME);
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
                checkOnly(p, link, path + "." + LINK, SRC, DST);
                egress = connectPoint(p, link.get(SRC), path + "." + LINK + "." + SRC);
                linkDst = connectPoint(p, link.get(DST), path + "." + LINK + "." + DST);
            }
        } else {
            egress = connectPoint(p, eg, path + "." + EGRESS);
        }
        Long capacity = integer(p, n.get(CAPACITY_BPS), path + "." + CAPACITY_BPS, 1, Long.MAX_VALUE,
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

    private static void destination(Parsed p, JsonNode n, String path, List<IpPrefix> prefixes,
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
            if (slash == 17 && MAC_PATTERN.matcher(text.substring(0, slash)).matches()) {
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

    private static DeviceId deviceId(Parsed p, JsonNode n, String path) {
        if (n == null) {
            p.errors.add(path + ": is required");
            return null;
        }
        String text = n.isTextual() ? n.asText() : "";
        try {
            URI uri = new URI(text);
            if (uri.getScheme() != null && uri.getSchemeSpecificPart() != null
                    && !uri.getSchemeSpecificPart().isEmpty()) {
                return DeviceId.deviceId(uri);
            }
        } catch (java.net.URISyntaxException e) {
            // reported below
        }
        p.errors.add(path + ": must be a device id such as of:0000000000000001, was " + n);
        return null;
    }

    private static ConnectPoint connectPoint(Parsed p, JsonNode n, String path) {
        if (n == null) {
            p.errors.add(path + ": is required");
            return null;
        }
        String text = n.isTextual() ? n.asText() : "";
        int slash = text.lastIndexOf('/');
        if (slash > 0) {
            try {
                long port = Long.parseLong(text.substring(slash + 1));
                URI uri = new URI(text.substring(0, slash));
                if (port >= 1 && port <= MAX_PORT && uri.getScheme() != null) {
                    return new ConnectPoint(DeviceId.deviceId(uri), PortNumber.portNumber(port));
                }
            } catch (NumberFormatException | java.net.URISyntaxException e) {
                // reported below
            }
        }
        p.errors.add(path + ": must be a connect point such as of:0000000000000001/2, was " + n);
        return null;
    }

    private static PortNumber port(Parsed p, JsonNode n, String path) {
        Long v = integer(p, n, path, 1, MAX_PORT, "a port number");
        return v == null ? null : PortNumber.portNumber(v);
    }

    private static MacAddress mac(Parsed p, JsonNode n, String path) {
        if (n == null) {
            p.errors.add(path + ": is required");
            return null;
        }
        if (n.isTextual() && MAC_PATTERN.matcher(n.asText()).matches()) {
            MacAddress mac = MacAddress.valueOf(n.asText());
            if (!mac.isMulticast()) {
                return mac;
            }
            p.errors.add(path + ": must be a unicast MAC address, was " + n);
            return null;
        }
        p.errors.add(path + ": must be a MAC address such as 02:00:00:00:00:aa, was " + n);
        return null;
    }

    private static Long integer(Parsed p, JsonNode n, String path, long min, long max, String what) {
        if (n == null) {
            p.errors.add(path + ": is required");
            return null;
        }
        Long v = null;
        if (n.isIntegralNumber() && n.canConvertToLong()) {
            v = n.asLong();
        } else if (n.isTextual() && n.asText().matches("[0-9]{1,19}")) {
            try {
                v = Long.parseLong(n.asText());
            } catch (NumberFormatException e) {
                v = null;
            }
        }
        if (v == null || v < min || v > max) {
            p.errors.add(path + ": must be " + what + " (" + min + ".." + max + "), was " + n);
            return null;
        }
        return v;
    }

    /** The result of one parse: the values, and every error found. */
    private static final class Parsed {
        private final List<Facility> facilities = new ArrayList<>();
        private final Map<DeviceId, FlowBudget> budgets = new HashMap<>();
        private final Map<IpAddress, DeviceId> samplingAgents = new HashMap<>();
        private final List<Bottleneck> bottlenecks = new ArrayList<>();
        private final List<TrafficClass> classes = new ArrayList<>();
        private final List<String> errors = new ArrayList<>();
    }
}
