package org.fudp.lab;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * What the lab tells its controller about the network, never about the traffic: the switch, which
 * port each host hangs off (ONOS would know this from its host service), the adjustor's two ports, and
 * the bottlenecks as destination prefix and capacity (the app's netcfg). Flows are learnt from packet-ins.
 */
public final class LabConfig {

    /** A bottleneck: every flow to a destination inside the prefix belongs to this CFS. */
    public static final class Bottleneck {
        private final String cfsId;
        private final int network;
        private final int prefixLength;
        private final double capacityBps;

        Bottleneck(String cfsId, int network, int prefixLength, double capacityBps) {
            this.cfsId = cfsId;
            this.prefixLength = prefixLength;
            this.network = network & mask(prefixLength);
            this.capacityBps = capacityBps;
        }

        /**
         * Returns the CFS id.
         *
         * @return id
         */
        public String cfsId() {
            return cfsId;
        }

        /**
         * Returns the bottleneck capacity.
         *
         * @return bit/s
         */
        public double capacityBps() {
            return capacityBps;
        }

        boolean contains(InetAddress address) {
            byte[] b = address.getAddress();
            return b.length == 4 && (toInt(b) & mask(prefixLength)) == network;
        }

        private static int mask(int len) {
            return len == 0 ? 0 : -1 << (32 - len);
        }
    }

    private final String bridge;
    private final String ovsRundir;
    private final int adjustorSwitchPort;
    private final int adjustorOnwardPort;
    private final String adjustorMac;
    private final Map<InetAddress, Integer> hostPorts;
    private final List<Bottleneck> bottlenecks;
    private final long periodMillis;
    private final double alpha;
    private final double beta;
    private final int idleTimeoutSeconds;
    private final Path keyFile;
    private final Path log;

    private LabConfig(Properties p) {
        bridge = required(p, "bridge");
        ovsRundir = required(p, "ovsRundir");
        adjustorSwitchPort = port(p, "adjustorSwitchPort");
        adjustorOnwardPort = port(p, "adjustorOnwardPort");
        adjustorMac = required(p, "adjustorMac");
        hostPorts = hosts(required(p, "hosts"));
        bottlenecks = bottlenecks(required(p, "bottlenecks"));
        periodMillis = Math.round(positive(p, "periodSeconds", "1") * 1000);
        alpha = fraction(p, "alpha", "0.875");
        beta = fraction(p, "beta", "0.25");
        idleTimeoutSeconds = (int) positive(p, "idleTimeoutSeconds", "10");
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
        String v = required(p, key);
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

    private static InetAddress ipv4(String key, String text) {
        if (!text.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
            throw new IllegalArgumentException("config: '" + key + "' needs an IPv4 address, got '" + text + "'");
        }
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("config: '" + key + "' has a bad address '" + text + "'", e);
        }
    }

    private static Map<InetAddress, Integer> hosts(String text) {
        Map<InetAddress, Integer> out = new LinkedHashMap<>();
        for (String item : text.split(",")) {
            String[] kv = item.trim().split("@");
            if (kv.length != 2) {
                throw new IllegalArgumentException("config: 'hosts' items are <ipv4>@<port>, got '" + item + "'");
            }
            Properties one = new Properties();
            one.setProperty("hosts", kv[1]);
            out.put(ipv4("hosts", kv[0].trim()), port(one, "hosts"));
        }
        return Collections.unmodifiableMap(out);
    }

    private static List<Bottleneck> bottlenecks(String text) {
        List<Bottleneck> out = new ArrayList<>();
        for (String item : text.split(",")) {
            String[] parts = item.trim().split("[:/]");
            if (parts.length != 4) {
                throw new IllegalArgumentException(
                        "config: 'bottlenecks' items are <cfs>:<ipv4>/<len>:<bit/s>, got '" + item + "'");
            }
            int len = (int) number("bottlenecks", parts[2]);
            if (len < 0 || len > 32) {
                throw new IllegalArgumentException("config: 'bottlenecks' prefix length must be 0..32, got " + len);
            }
            double cap = number("bottlenecks", parts[3]);
            if (!(cap > 0)) {
                throw new IllegalArgumentException("config: 'bottlenecks' capacity must be > 0, got " + cap);
            }
            out.add(new Bottleneck(parts[0], toInt(ipv4("bottlenecks", parts[1]).getAddress()), len, cap));
        }
        return Collections.unmodifiableList(out);
    }

    static int toInt(byte[] b) {
        return (b[0] & 0xFF) << 24 | (b[1] & 0xFF) << 16 | (b[2] & 0xFF) << 8 | (b[3] & 0xFF);
    }

    /**
     * Finds the bottleneck (and so the CFS) in front of a destination.
     *
     * @param dst destination address
     * @return the bottleneck, empty when the destination is behind none
     */
    public Optional<Bottleneck> bottleneckFor(InetAddress dst) {
        for (Bottleneck b : bottlenecks) {
            if (b.contains(dst)) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }

    /**
     * Returns the switch port a host is attached to.
     *
     * @param host address
     * @return port, empty for an unknown host
     */
    public Optional<Integer> portOf(InetAddress host) {
        return Optional.ofNullable(hostPorts.get(host));
    }

    /**
     * Returns the attached hosts.
     *
     * @return address to port
     */
    public Map<InetAddress, Integer> hostPorts() {
        return hostPorts;
    }

    /**
     * Returns the bottlenecks.
     *
     * @return bottlenecks in config order
     */
    public List<Bottleneck> bottlenecks() {
        return bottlenecks;
    }

    /**
     * Returns the bridge name.
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
     * @return MAC text
     */
    public String adjustorMac() {
        return adjustorMac.toLowerCase(Locale.ROOT);
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
