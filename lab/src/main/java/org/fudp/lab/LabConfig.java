// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import static org.fudp.lab.ConfigValues.bool;
import static org.fudp.lab.ConfigValues.fraction;
import static org.fudp.lab.ConfigValues.idleTimeout;
import static org.fudp.lab.ConfigValues.mac;
import static org.fudp.lab.ConfigValues.nonNegative;
import static org.fudp.lab.ConfigValues.port;
import static org.fudp.lab.ConfigValues.positive;
import static org.fudp.lab.ConfigValues.positiveInt;
import static org.fudp.lab.ConfigValues.required;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.fudp.algorithm.FudpaConfig;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.network.BottleneckTable;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.settings.PrincipalRule;
import org.fudp.loop.api.settings.ResponsiveTest;
import org.fudp.loop.api.settings.TrafficClass;

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
    private final PrincipalRule principal;
    private final int tcpFloorPrincipals;
    private final boolean closingRules;
    private final boolean metered;
    private final Facility.WhenAdjustorDown whenAdjustorDown;
    private final boolean meterDropsCounted;
    private final boolean enabled;
    private final boolean dryRun;
    private final ResponsiveTest responsive;
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
        hostPorts = ConfigLists.hosts(required(p, "hosts"));
        bottlenecks = ConfigLists.bottlenecks(required(p, "bottlenecks"), bridge, hostPorts);
        periodMillis = Math.round(positive(p, "periodSeconds", "1") * 1000);
        alpha = fraction(p, "alpha", "0.875");
        beta = fraction(p, "beta", "0.25");
        settle = bool(p, "settle", "true");
        try {
            principal = PrincipalRule.parse(p.getProperty("udpPrincipal", "host"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("config: 'udpPrincipal' " + e.getMessage(), e);
        }
        double k = nonNegative(p, "tcpFloorPrincipals", "4");
        if (k != Math.rint(k) || k > FudpaConfig.MAX_TCP_FLOOR_PRINCIPALS) {
            throw new IllegalArgumentException("config: 'tcpFloorPrincipals' must be a whole number 0.."
                    + FudpaConfig.MAX_TCP_FLOOR_PRINCIPALS + " (0: no floor), got " + k);
        }
        tcpFloorPrincipals = (int) k;
        closingRules = bool(p, "closingRules", "true");
        String enforcement = p.getProperty("enforcement", "adjustor").trim();
        if (!enforcement.equals("adjustor") && !enforcement.equals("meter")) {
            throw new IllegalArgumentException("config: 'enforcement' must be adjustor or meter, got '" + enforcement
                    + "'");
        }
        metered = enforcement.equals("meter");
        String down = p.getProperty("whenAdjustorDown", "meters").trim();
        whenAdjustorDown = Facility.WhenAdjustorDown.ofConfigName(down).orElseThrow(() -> new IllegalArgumentException(
                "config: 'whenAdjustorDown' must be meters, open or hold, got '" + down + "'"));
        meterDropsCounted = bool(p, "meterDropsCounted", "true");
        enabled = bool(p, "enabled", "true");
        dryRun = bool(p, "dryRun", "false");
        counterPollMillis = Math.round(positive(p, "counterPollSeconds", "0.1") * 1000);
        responsive = ConfigValues.responsive(p);
        classes = ConfigLists.classes(p.getProperty("classes", "").trim());
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
     * Returns whom unresponsive UDP counts for (docs/algorithm.md, "Principals").
     *
     * @return the rule; host by default
     */
    public PrincipalRule principal() {
        return principal;
    }

    /**
     * Returns K of the TCP floor.
     *
     * @return K, 0 for none
     */
    public int tcpFloorPrincipals() {
        return tcpFloorPrincipals;
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
     * Returns what the facility does while its adjustor agent cannot hold its limits (the app's facility field).
     *
     * @return the policy, meters unless {@code whenAdjustorDown} says otherwise
     */
    public Facility.WhenAdjustorDown whenAdjustorDown() {
        return whenAdjustorDown;
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
     * Returns how the loop tests UDP flows for responsiveness (the app's {@code responsive*} properties).
     *
     * @return the test; the product's defaults unless {@code responsiveCandidates} and the others say otherwise
     */
    public ResponsiveTest responsive() {
        return responsive;
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
