package org.fudp.lab;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.loop.api.AddressPrefix;
import org.fudp.loop.api.BottleneckTable;
import org.fudp.loop.api.FlowBudget;
import org.fudp.loop.api.TrafficClass;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FlowIds;

/**
 * What the lab tells its controller about the network, never about the traffic: the switch, which
 * port each host hangs off (ONOS would know this from its host service), the adjustor's two ports, and
 * the bottlenecks as destination prefix and capacity (the app's netcfg). Flows are learnt from packet-ins.
 */
public final class LabConfig {

    private final String bridge;
    private final String ovsRundir;
    private final int adjustorSwitchPort;
    private final int adjustorOnwardPort;
    private final String adjustorMac;
    private final Map<AddressPrefix, Integer> hostPorts;
    private final BottleneckTable bottlenecks;
    private final long periodMillis;
    private final double alpha;
    private final double beta;
    private final boolean settle;
    private final boolean closingRules;
    private final boolean metered;
    private final boolean meterDropsCounted;
    private final boolean enabled;
    private final boolean dryRun;
    private final long counterPollMillis;
    private final List<TrafficClass> classes;
    private final int idleTimeoutSeconds;
    private final FlowBudget budget;
    private final int sflowPort;
    private final Path keyFile;
    private final Path log;

    private LabConfig(Properties p) {
        bridge = required(p, "bridge");
        ovsRundir = required(p, "ovsRundir");
        adjustorSwitchPort = port(p, "adjustorSwitchPort");
        adjustorOnwardPort = port(p, "adjustorOnwardPort");
        adjustorMac = mac(p, "adjustorMac");
        hostPorts = hosts(required(p, "hosts"));
        bottlenecks = bottlenecks(required(p, "bottlenecks"), bridge, hostPorts);
        periodMillis = Math.round(positive(p, "periodSeconds", "1") * 1000);
        alpha = fraction(p, "alpha", "0.875");
        beta = fraction(p, "beta", "0.25");
        settle = bool(p, "settle", "true");
        closingRules = bool(p, "closingRules", "true");
        String enforcement = p.getProperty("enforcement", "adjustor").trim();
        if (!enforcement.equals("adjustor") && !enforcement.equals("meter")) {
            throw new IllegalArgumentException("config: 'enforcement' must be adjustor or meter, got '" + enforcement
                    + "'");
        }
        metered = enforcement.equals("meter");
        meterDropsCounted = bool(p, "meterDropsCounted", "true");
        enabled = bool(p, "enabled", "true");
        dryRun = bool(p, "dryRun", "false");
        counterPollMillis = Math.round(positive(p, "counterPollSeconds", "0.1") * 1000);
        classes = classes(p.getProperty("classes", "").trim());
        idleTimeoutSeconds = idleTimeout(p, "idleTimeoutSeconds", "10");
        long heavyBps = Math.round(nonNegative(p, "heavyBps", "0"));
        budget = new FlowBudget(positiveInt(p, "ruleBudget", Integer.toString(FlowBudget.DEFAULT_RULES)),
                positiveInt(p, "packetInBudget", Integer.toString(FlowBudget.DEFAULT_PACKET_INS)), heavyBps);
        sflowPort = budget.sampled() ? port("sflowPort", p.getProperty("sflowPort", "6343").trim()) : 0;
        keyFile = Path.of(required(p, "keyFile"));
        log = Path.of(required(p, "log"));
    }

    /**
     * Reads a config file (Java properties; see docs/lab.md).
     *
     * @param path file
     * @return the config
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the bad key
     */
    public static LabConfig load(Path path) throws IOException {
        try (Reader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return parse(r);
        }
    }

    /**
     * Parses a config.
     *
     * @param reader properties text
     * @return the config
     * @throws IOException if reading fails
     * @throws IllegalArgumentException naming the bad key
     */
    public static LabConfig parse(Reader reader) throws IOException {
        Properties p = new Properties();
        p.load(reader);
        return new LabConfig(p);
    }

    private static String required(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException("config: missing key '" + key + "'");
        }
        return v.trim();
    }

    private static int port(Properties p, String key) {
        return port(key, required(p, key));
    }

    private static int port(String key, String v) {
        try {
            int port = Integer.parseInt(v);
            if (port < 1 || port > 0xFF00) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("config: '" + key + "' must be an OpenFlow port number, got '"
                    + v + "'", e);
        }
    }

    private static String mac(Properties p, String key) {
        String v = required(p, key);
        try {
            EthernetFrame.parseMac(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("config: '" + key + "' must be a MAC address, got '" + v + "'", e);
        }
        return v.toLowerCase(Locale.ROOT);
    }

    private static double number(String key, String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("config: '" + key + "' must be a number, got '" + v + "'", e);
        }
    }

    private static double positive(Properties p, String key, String dflt) {
        double d = number(key, p.getProperty(key, dflt).trim());
        if (!(d > 0)) {
            throw new IllegalArgumentException("config: '" + key + "' must be > 0, got " + d);
        }
        return d;
    }

    private static double fraction(Properties p, String key, String dflt) {
        double d = number(key, p.getProperty(key, dflt).trim());
        if (!(d > 0 && d < 1)) {
            throw new IllegalArgumentException("config: '" + key + "' must be in (0, 1), got " + d);
        }
        return d;
    }

    /**
     * Parses {@code name key=value ...; name key=value ...}: keys {@code proto} (tcp, udp),
     * {@code src}, {@code dst} (prefixes), {@code sport}, {@code dport} (port or low-high), {@code dscp}
     * (values, comma-separated),
     * {@code weight}, {@code min}, {@code cap} (bit/s) and {@code exempt} (true, false).
     */
    private static List<TrafficClass> classes(String text) {
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

    private static boolean bool(Properties p, String key, String dflt) {
        String v = p.getProperty(key, dflt).trim();
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException("config: '" + key + "' must be true or false, got '" + v + "'");
        }
        return v.equals("true");
    }

    private static int idleTimeout(Properties p, String key, String dflt) {
        double d = number(key, p.getProperty(key, dflt).trim());
        if (d != Math.rint(d) || d < 1 || d > 65535) {
            throw new IllegalArgumentException("config: '" + key + "' must be a whole number of seconds in "
                    + "1..65535 (an OpenFlow idle timeout), got " + d);
        }
        return (int) d;
    }

    private static double nonNegative(Properties p, String key, String dflt) {
        double d = number(key, p.getProperty(key, dflt).trim());
        if (!(d >= 0) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("config: '" + key + "' must be a number >= 0, got " + d);
        }
        return d;
    }

    private static int positiveInt(Properties p, String key, String dflt) {
        double d = number(key, p.getProperty(key, dflt).trim());
        if (d != Math.rint(d) || d < 1 || d > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("config: '" + key + "' must be a whole number >= 1, got " + d);
        }
        return (int) d;
    }

    private static InetAddress address(String key, String text) {
        return FlowIds.address("config: '" + key + "'", text);
    }

    /** Parses {@code <ip>[/<len>]@<port>,...}: a host's address, or a prefix of destinations behind it. */
    private static Map<AddressPrefix, Integer> hosts(String text) {
        Map<AddressPrefix, Integer> out = new LinkedHashMap<>();
        for (String item : text.split(",")) {
            String[] kv = item.trim().split("@");
            if (kv.length != 2) {
                throw new IllegalArgumentException("config: 'hosts' items are <ip>[/<len>]@<port>, got '" + item + "'");
            }
            out.put(AddressPrefix.parse("config: 'hosts'", kv[0].trim()), port("hosts", kv[1].trim()));
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * Parses {@code <cfs>:<prefix>:<bit/s>,...}. An IPv6 prefix has colons of its own, so the name ends at
     * the first colon and the capacity starts after the last. A bottleneck's egress is the bridge port of the
     * hosts behind it when they all hang off one (the lab shapes that port's link), as the app's netcfg says.
     */
    private static BottleneckTable bottlenecks(String text, String bridge, Map<AddressPrefix, Integer> hostPorts) {
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
            double cap = number("bottlenecks", item.substring(last + 1));
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
     * Returns the switch port a destination is behind: its host's, the longest configured prefix first.
     *
     * @param host address
     * @return port, empty for an unknown host
     */
    public Optional<Integer> portOf(InetAddress host) {
        AddressPrefix best = null;
        for (AddressPrefix p : hostPorts.keySet()) {
            if (p.contains(host) && (best == null || p.length() > best.length())) {
                best = p;
            }
        }
        return Optional.ofNullable(best == null ? null : hostPorts.get(best));
    }

    /**
     * Returns the attached hosts and the destination prefixes behind them.
     *
     * @return address or prefix to port
     */
    public Map<AddressPrefix, Integer> hostPorts() {
        return hostPorts;
    }

    /**
     * Returns the bottlenecks; their CFS ids are {@code bottleneck:<cfs>}.
     *
     * @return the bottleneck table, in config order
     */
    public BottleneckTable bottlenecks() {
        return bottlenecks;
    }

    /**
     * Returns the bridge name, which is also the facility id.
     *
     * @return bridge
     */
    public String bridge() {
        return bridge;
    }

    /**
     * Returns the OVS run directory (where the bridge's management socket lives).
     *
     * @return directory
     */
    public String ovsRundir() {
        return ovsRundir;
    }

    /**
     * Returns the switch port facing the adjustor's capture side, where UDP enters it.
     *
     * @return port
     */
    public int adjustorSwitchPort() {
        return adjustorSwitchPort;
    }

    /**
     * Returns the switch port where shaped UDP comes back from the adjustor.
     *
     * @return port
     */
    public int adjustorOnwardPort() {
        return adjustorOnwardPort;
    }

    /**
     * Returns the adjustor's MAC, the destination of control frames.
     *
     * @return MAC text, lower case
     */
    public String adjustorMac() {
        return adjustorMac;
    }

    /**
     * Returns the control period.
     *
     * @return milliseconds
     */
    public long periodMillis() {
        return periodMillis;
    }

    /**
     * Returns alpha of eq. (1).
     *
     * @return alpha
     */
    public double alpha() {
        return alpha;
    }

    /**
     * Returns beta of eq. (2).
     *
     * @return beta
     */
    public double beta() {
        return beta;
    }

    /**
     * Tells whether a set at its max-min allocation settles (docs/algorithm.md); false: the paper's test.
     *
     * @return settle
     */
    public boolean settle() {
        return settle;
    }

    /**
     * Tells whether TCP connections leave their set at their FIN or RST; false runs as the ONOS app
     * does (ONOS 2.7 cannot match TCP flags), on idle periods alone.
     *
     * @return closing rules on
     */
    public boolean closingRules() {
        return closingRules;
    }

    /**
     * Tells whether the bridge enforces limits with its own meters instead of the adjustor.
     *
     * @return true for {@code enforcement = meter}
     */
    public boolean metered() {
        return metered;
    }

    /**
     * Tells whether the loop reads what a meter's band dropped. False hands it the meter's input
     * counters only, as ONOS 2.7 keeps them, so the lab measures the ONOS app's estimate.
     *
     * @return true unless {@code meterDropsCounted = false}
     */
    public boolean meterDropsCounted() {
        return meterDropsCounted;
    }

    /**
     * Returns how often the host reads the switch's counters between periods: 100 ms (OVS refreshes them that
     * often) by default; 1 s or more is ONOS's cadence (its flowPollFrequency, whole seconds), at which the host
     * reads counters only at its polls.
     *
     * @return milliseconds
     */
    public long counterPollMillis() {
        return counterPollMillis;
    }

    /**
     * Tells whether the loop runs (the app's {@code enabled}); false learns and measures flows and
     * enforces nothing. Read at start: the lab controller cannot switch it at run time.
     *
     * @return true unless {@code enabled = false}
     */
    public boolean enabled() {
        return enabled;
    }

    /**
     * Tells whether the loop computes its limits without sending them (the app's {@code dryRun}).
     * Read at start.
     *
     * @return true for {@code dryRun = true}
     */
    public boolean dryRun() {
        return dryRun;
    }

    /**
     * Returns the traffic classes, in order.
     *
     * @return classes
     */
    public List<TrafficClass> classes() {
        return classes;
    }

    /**
     * Returns the facility's budget: {@code ruleBudget} and {@code packetInBudget}, FUDP's defaults when
     * absent.
     *
     * @return the budget
     */
    public FlowBudget budget() {
        return budget;
    }

    /**
     * Returns the UDP port on 127.0.0.1 where the controller collects the switch's sFlow datagrams.
     *
     * @return the port, 0 where the facility is not sampled ({@code heavyBps} 0)
     */
    public int sflowPort() {
        return sflowPort;
    }

    /**
     * Returns the idle timeout of the per-flow rules.
     *
     * @return seconds
     */
    public int idleTimeoutSeconds() {
        return idleTimeoutSeconds;
    }

    /**
     * Returns the key file shared with the agent.
     *
     * @return path
     */
    public Path keyFile() {
        return keyFile;
    }

    /**
     * Returns the per-period CSV log.
     *
     * @return path
     */
    public Path log() {
        return log;
    }
}
