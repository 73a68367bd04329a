// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.fudp.agent.config.AgentConfig;
import org.fudp.agent.config.LimitsOnStop;
import org.fudp.agent.config.StopAction;
import org.fudp.agent.config.ConfigException;
import org.fudp.agent.tc.Classifier;
import org.fudp.agent.tc.CommandRunner;
import org.fudp.agent.tc.FeatureProbe;
import org.fudp.agent.tc.ProcessCommandRunner;

/**
 * What {@code check-config} checks beyond the file's syntax: everything {@code run} would trip over
 * at startup, each as one line (OK, WARN, SKIP or FAIL, a name, and a reason). A failure is either
 * the configuration's (a bad value, a missing interface, a key file that does not load or is open
 * to others: exit status 2, which the systemd unit does not restart on) or the machine's (missing
 * privileges, tools or kernel features: exit status 1). The machine is read through the injected
 * sysfs directory, /proc status file and command runner, so tests can stand in for it.
 */
final class Preflight {

    /** Exit status for a configuration that cannot work. */
    static final int CONFIG_ERROR = 2;
    /** Exit status for a machine the agent cannot work on. */
    static final int ENVIRONMENT_ERROR = 1;

    private static final int CAP_NET_ADMIN = 12;
    private static final int CAP_NET_RAW = 13;
    private static final int IFF_UP = 0x1;
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Interfaces listed when a configured one is missing; more would drown the line. */
    private static final int MAX_LISTED = 12;

    /** How a check came out. */
    enum Status { OK, WARN, SKIP, FAIL }

    /** Whose fault a failure is, which decides the exit status. */
    enum Cause { CONFIG, ENVIRONMENT }

    /** The outcome of one check. */
    static final class Check {
        private final Status status;
        private final Cause cause;
        private final String name;
        private final String reason;

        Check(Status status, Cause cause, String name, String reason) {
            this.status = status;
            this.cause = cause;
            this.name = name;
            this.reason = reason;
        }

        Status status() {
            return status;
        }

        String name() {
            return name;
        }

        /**
         * Returns the line printed for this check.
         *
         * @return for example {@code OK   shape.interface: eth2 exists and is up}
         */
        String line() {
            return String.format(Locale.ROOT, "%-4s %s: %s", status, name, reason);
        }
    }

    /** Every check of one run. */
    static final class Report {
        private final List<Check> checks;

        Report(List<Check> checks) {
            this.checks = List.copyOf(checks);
        }

        List<Check> checks() {
            return checks;
        }

        /**
         * Returns the exit status: 2 if the configuration failed a check, else 1 if the machine
         * did, else 0 (warnings and skipped checks do not fail).
         *
         * @return 0, 1 or 2
         */
        int exitStatus() {
            if (failed(Cause.CONFIG) > 0) {
                return CONFIG_ERROR;
            }
            return failed(Cause.ENVIRONMENT) > 0 ? ENVIRONMENT_ERROR : 0;
        }

        /**
         * Returns the closing line.
         *
         * @param file the configuration file
         * @return for example {@code /etc/fudp/adjustor-agent.properties: OK (8 checks, 1 skipped)}
         */
        String summary(Path file) {
            long warned = count(Status.WARN);
            long skipped = count(Status.SKIP);
            String notes = (warned > 0 ? ", " + warned + " warning" + (warned == 1 ? "" : "s") : "")
                    + (skipped > 0 ? ", " + skipped + " skipped" : "");
            if (exitStatus() == 0) {
                return file + ": OK (" + checks.size() + " checks" + notes + ")";
            }
            return file + ": FAILED (" + problems(failed(Cause.CONFIG), "configuration")
                    + (failed(Cause.CONFIG) > 0 && failed(Cause.ENVIRONMENT) > 0 ? ", " : "")
                    + problems(failed(Cause.ENVIRONMENT), "environment") + notes + ")";
        }

        private static String problems(long n, String kind) {
            return n == 0 ? "" : n + " " + kind + " problem" + (n == 1 ? "" : "s");
        }

        private long count(Status s) {
            return checks.stream().filter(c -> c.status == s).count();
        }

        private long failed(Cause cause) {
            return checks.stream().filter(c -> c.status == Status.FAIL && c.cause == cause).count();
        }
    }

    private final Path sysClassNet;
    private final Path procStatus;
    private final CommandRunner runner;

    /**
     * Creates a preflight against a machine.
     *
     * @param sysClassNet the directory of network interfaces, /sys/class/net
     * @param procStatus the process status file, /proc/self/status
     * @param runner how to run ip, tc and bridge
     */
    Preflight(Path sysClassNet, Path procStatus, CommandRunner runner) {
        this.sysClassNet = sysClassNet;
        this.procStatus = procStatus;
        this.runner = runner;
    }

    /**
     * Returns a preflight against this machine and network namespace.
     *
     * @return the preflight
     */
    static Preflight local() {
        return new Preflight(Path.of("/sys/class/net"), Path.of("/proc/self/status"), new ProcessCommandRunner());
    }

    /**
     * Runs every check.
     *
     * @param file the configuration file
     * @return the checks; if the file itself has problems, only those (nothing else can be checked)
     */
    Report check(Path file) {
        List<Check> checks = new ArrayList<>();
        AgentConfig cfg;
        try {
            cfg = AgentConfig.load(file);
        } catch (ConfigException e) {
            for (String problem : e.problems()) {
                checks.add(configProblem(file, problem));
            }
            return new Report(checks);
        }
        checks.add(ok("config", file + " parses (fail-safe " + cfg.failSafeAction().name().toLowerCase(Locale.ROOT)
                + " after " + cfg.silentPeriods() + " x " + cfg.heartbeatMillis() + " ms)"));
        checks.add(keys(cfg));
        checks.add(iface("control.interface", cfg.controlInterface(), cfg));
        checks.add(iface("shape.interface", cfg.shapeInterface(), cfg));
        checks.add(bridge(cfg));
        checks.add(privileges());
        String missingTool = missingTool(cfg);
        checks.add(missingTool == null ? ok("tools", tools(cfg) + " (" + iprouteVersion() + ")")
                : fail(Cause.ENVIRONMENT, "tools", missingTool + " not found (install iproute2)"));
        checks.add(missingTool == null ? kernel(cfg) : skip("kernel", "not probed: " + missingTool + " is missing"));
        checks.add(metrics(cfg));
        return new Report(checks);
    }

    /**
     * Checks that both configured interfaces exist, for {@code run}: a misspelt interface is a
     * configuration error, which the unit must not restart on.
     *
     * @param cfg the configuration
     * @return one problem per missing interface, in {@link ConfigException}'s form
     */
    List<String> missingInterfaces(AgentConfig cfg) {
        List<String> problems = new ArrayList<>();
        for (String[] key : new String[][] {{"control.interface", cfg.controlInterface()},
            {"shape.interface", cfg.shapeInterface()}}) {
            if (!Files.isDirectory(sysClassNet.resolve(key[1]))) {
                problems.add(key[0] + ": " + notFound(key[1]));
            }
        }
        return problems;
    }

    private static Check configProblem(Path file, String problem) {
        int colon = problem.indexOf(": ");
        String key = colon < 0 ? "" : problem.substring(0, colon);
        // ConfigException names the key first; a problem with the file itself has none.
        if (key.matches("[A-Za-z0-9_.-]+")) {
            return fail(Cause.CONFIG, key, problem.substring(colon + 2));
        }
        return fail(Cause.CONFIG, "config", file + ": " + problem);
    }

    private static Check keys(AgentConfig cfg) {
        Path f = cfg.keysFile();
        String mode;
        String owner;
        try {
            mode = octal(Files.getPosixFilePermissions(f));
            owner = Files.getOwner(f).getName();
        } catch (IOException | UnsupportedOperationException e) {
            mode = "?";
            owner = "?";
        }
        int n = cfg.keys().keyIds().size();
        return ok("keys.file", f + ": " + n + " key" + (n == 1 ? "" : "s") + ", active id "
                + Integer.toUnsignedString(cfg.keys().activeKeyId()) + ", mode " + mode + ", owner " + owner);
    }

    private Check iface(String key, String name, AgentConfig cfg) {
        Path dir = sysClassNet.resolve(name);
        if (!Files.isDirectory(dir)) {
            return fail(Cause.CONFIG, key, notFound(name));
        }
        String same = key.equals("shape.interface") && name.equals(cfg.controlInterface())
                ? " (also control.interface, as bridge.name = none allows)" : "";
        String operstate = read(dir.resolve("operstate"), "unknown");
        boolean adminUp = (flags(dir) & IFF_UP) != 0;
        if (!adminUp) {
            return warn(key, name + " exists but is down" + same + (cfg.bridgeName() != null
                    ? " (the agent sets it up when it builds " + cfg.bridgeName() + ")"
                    : "; set it up: ip link set dev " + name + " up"));
        }
        if (!operstate.equals("up") && !operstate.equals("unknown")) {
            return warn(key, name + " is up but has no link (operstate " + operstate + ")" + same
                    + ": no frames pass until it has");
        }
        return ok(key, name + " exists and is up" + same);
    }

    private String notFound(String name) {
        List<String> here;
        try (Stream<Path> s = Files.list(sysClassNet)) {
            here = s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            here = List.of();
        }
        String listed = here.size() > MAX_LISTED
                ? String.join(", ", here.subList(0, MAX_LISTED)) + ", ..." : String.join(", ", here);
        return name + " does not exist (interfaces here: " + (here.isEmpty() ? "none" : listed) + ")";
    }

    private Check bridge(AgentConfig cfg) {
        String br = cfg.bridgeName();
        if (br == null) {
            return ok("bridge.name", "none: you forward traffic and keep control frames off the path yourself");
        }
        Path dir = sysClassNet.resolve(br);
        if (!Files.isDirectory(dir)) {
            return ok("bridge.name", br + " will be created (and " + (cfg.onStop() == StopAction.REMOVE
                    ? "deleted" : cfg.limitsOnStop() == LimitsOnStop.KEEP ? "left up with its limits,"
                    : "left up, unshaped,") + " when the agent stops)");
        }
        if (!Files.isDirectory(dir.resolve("bridge"))) {
            return fail(Cause.CONFIG, "bridge.name", br + " exists and is not a bridge: choose another name");
        }
        return ok("bridge.name", br + " exists and will be adopted (and kept when the agent stops)");
    }

    private Check privileges() {
        String status = read(procStatus, "");
        long uid = -1;
        long eff = 0;
        long amb = 0;
        for (String line : status.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[0].equals("Uid:")) {
                uid = Long.parseLong(f[2]);
            } else if (f.length >= 2 && f[0].equals("CapEff:")) {
                eff = Long.parseUnsignedLong(f[1], 16);
            } else if (f.length >= 2 && f[0].equals("CapAmb:")) {
                amb = Long.parseUnsignedLong(f[1], 16);
            }
        }
        if (uid < 0) {
            return skip("privileges", "cannot read " + procStatus);
        }
        String missing = missingCaps(eff);
        String who = uid == 0 ? "root" : "uid " + uid;
        if (!missing.isEmpty()) {
            return fail(Cause.ENVIRONMENT, "privileges", who + " lacks " + missing + " (effective): " + (uid == 0
                    ? "a container or capability bounding set takes it from root"
                    : "run as root or with CAP_NET_ADMIN and CAP_NET_RAW ambient, as the systemd unit does"));
        }
        if (uid == 0) {
            return ok("privileges", "root with CAP_NET_ADMIN and CAP_NET_RAW");
        }
        // tc and ip run as child processes; a non-root parent hands them capabilities only if ambient.
        String notAmbient = missingCaps(amb);
        if (!notAmbient.isEmpty()) {
            return fail(Cause.ENVIRONMENT, "privileges", who + " has CAP_NET_ADMIN and CAP_NET_RAW but not "
                    + notAmbient + " ambient: tc and ip, which the agent runs, would not get it");
        }
        return ok("privileges", who + " with CAP_NET_ADMIN and CAP_NET_RAW effective and ambient");
    }

    private static String missingCaps(long caps) {
        List<String> missing = new ArrayList<>();
        if ((caps & (1L << CAP_NET_ADMIN)) == 0) {
            missing.add("CAP_NET_ADMIN");
        }
        if ((caps & (1L << CAP_NET_RAW)) == 0) {
            missing.add("CAP_NET_RAW");
        }
        return String.join(" and ", missing);
    }

    private static String tools(AgentConfig cfg) {
        return cfg.bridgeName() != null ? "ip, tc and bridge" : "ip and tc";
    }

    private String missingTool(AgentConfig cfg) {
        List<String> needed = cfg.bridgeName() != null ? List.of("ip", "tc", "bridge") : List.of("ip", "tc");
        for (String tool : needed) {
            try {
                runner.run(List.of(tool, "-V"), "", TIMEOUT);
            } catch (IOException e) {
                return tool;
            }
        }
        return null;
    }

    private String iprouteVersion() {
        try {
            String v = runner.run(List.of("tc", "-V"), "", TIMEOUT).stdout().trim();
            int at = v.indexOf("iproute2-");
            return at < 0 ? v : v.substring(at).split("[ ,]")[0];
        } catch (IOException e) {
            return "version unknown";
        }
    }

    private Check kernel(AgentConfig cfg) {
        FeatureProbe.Features f = new FeatureProbe(runner).probe();
        if (f.notProbed() != null) {
            return skip("kernel", "not probed: needs root for a scratch namespace (" + f.notProbed() + "); "
                    + (cfg.classifier() == null ? "auto will use u32; " : "")
                    + "run finds out when it sets up HTB");
        }
        List<String> missing = new ArrayList<>();
        if (!f.htb()) {
            missing.add("HTB qdisc");
        }
        Classifier wanted = cfg.classifier() != null ? cfg.classifier()
                : f.flower() ? Classifier.FLOWER : Classifier.U32;
        boolean hasWanted = wanted == Classifier.FLOWER ? f.flower() : f.u32();
        if (!hasWanted) {
            missing.add(wanted.name().toLowerCase(Locale.ROOT) + " classifier"
                    + (cfg.classifier() != null ? " (shape.classifier)" : ""));
        }
        if (cfg.bridgeName() != null && !f.bridgePortFlags()) {
            missing.add("bridge port flags learning, bcast_flood, mcast_flood (bridge.name)");
        }
        if (!missing.isEmpty()) {
            return fail(Cause.ENVIRONMENT, "kernel", "no " + String.join(", no ", missing));
        }
        String have = "HTB, " + (f.u32() ? "u32" : "no u32") + ", " + (f.flower() ? "flower" : "no flower")
                + (cfg.bridgeName() != null ? ", bridge port flags" : "");
        return ok("kernel", have + " (probed in a scratch namespace); shaping uses "
                + wanted.name().toLowerCase(Locale.ROOT) + (cfg.classifier() == null ? " (shape.classifier = auto)"
                : ""));
    }

    private static Check metrics(AgentConfig cfg) {
        if (cfg.metricsPort() == 0) {
            return ok("metrics.address", "off (metrics.port = 0): no metrics, and status cannot work");
        }
        InetSocketAddress at = new InetSocketAddress(cfg.metricsAddress(), cfg.metricsPort());
        String where = cfg.metricsAddress().getHostAddress() + ":" + cfg.metricsPort();
        try (ServerSocket s = new ServerSocket()) {
            s.bind(at);
            return ok("metrics.address", where + " is free (Prometheus scrapes " + (cfg.metricsAddress()
                    .isAnyLocalAddress() ? "http://<any address of this host>:" + cfg.metricsPort() + "/metrics"
                    : AgentEndpoint.url(cfg.metricsAddress(), cfg.metricsPort()).toString()) + ")");
        } catch (BindException e) {
            String why = String.valueOf(e.getMessage());
            if (why.contains("Cannot assign requested address")) {
                return fail(Cause.CONFIG, "metrics.address", cfg.metricsAddress().getHostAddress()
                        + " is not an address of this host (or network namespace)");
            }
            if (why.contains("Address already in use")) {
                return inUse(cfg, where);
            }
            return fail(Cause.ENVIRONMENT, "metrics.address", "cannot bind " + where + ": " + why);
        } catch (IOException e) {
            return fail(Cause.ENVIRONMENT, "metrics.address", "cannot bind " + where + ": " + e.getMessage());
        }
    }

    private static Check inUse(AgentConfig cfg, String where) {
        // Checking a changed file while the agent runs is normal; only a stranger on the port is a problem.
        AgentEndpoint endpoint = new AgentEndpoint(AgentEndpoint.url(cfg.metricsAddress(), cfg.metricsPort()),
                "metrics.address/metrics.port", Duration.ofSeconds(2));
        try {
            endpoint.fetch();
            return warn("metrics.address", where + " is in use by a running agent: free once it stops");
        } catch (AgentEndpoint.Unreachable e) {
            return fail(Cause.ENVIRONMENT, "metrics.address", where + " is in use by another program (ss -ltnp "
                    + "'sport = " + cfg.metricsPort() + "' names it)");
        }
    }

    private static long flags(Path dir) {
        String f = read(dir.resolve("flags"), "0x1");
        try {
            return Long.decode(f);
        } catch (NumberFormatException e) {
            return IFF_UP;
        }
    }

    private static String read(Path p, String otherwise) {
        try {
            return new String(Files.readAllBytes(p), StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
            return otherwise;
        }
    }

    private static String octal(Set<PosixFilePermission> perms) {
        int mode = 0;
        for (PosixFilePermission p : perms) {
            mode |= 1 << (8 - p.ordinal());
        }
        return Integer.toOctalString(mode);
    }

    private static Check ok(String name, String reason) {
        return new Check(Status.OK, null, name, reason);
    }

    private static Check warn(String name, String reason) {
        return new Check(Status.WARN, null, name, reason);
    }

    private static Check skip(String name, String reason) {
        return new Check(Status.SKIP, null, name, reason);
    }

    private static Check fail(Cause cause, String name, String reason) {
        return new Check(Status.FAIL, cause, name, reason);
    }
}
