// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.fudp.agent.config.AgentConfig;
import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.agent.metrics.MetricsServer;
import org.fudp.agent.tc.CommandResult;
import org.fudp.agent.tc.CommandRunner;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check-config}'s preflight against a stand-in machine: a sysfs directory, a /proc status
 * file and a command runner that answers as ip and tc would.
 */
class PreflightTest {

    /** CapEff/CapAmb with CAP_NET_ADMIN (12) and CAP_NET_RAW (13). */
    private static final String NET_CAPS = "0000000000003000";

    @TempDir
    Path dir;

    private Path net;
    private Path status;
    private final Map<String, String> props = new TreeMap<>();
    private final Set<String> missingTools = new HashSet<>();
    private final List<String> calls = new ArrayList<>();
    private boolean netnsAllowed = true;
    private boolean flower;

    @BeforeEach
    void machine() throws IOException {
        net = Files.createDirectories(dir.resolve("sys/class/net"));
        link("lo", "unknown", "0x9");
        link("eth1", "up", "0x1003");
        link("eth2", "up", "0x1003");
        process(0, "000001ffffffffff", "0000000000000000");
        Path keys = dir.resolve("keys");
        Files.writeString(keys, "1 = 000102030405060708090a0b0c0d0e0f\n");
        Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rw-------"));
        props.put("control.interface", "eth1");
        props.put("shape.interface", "eth2");
        props.put("keys.file", "keys");
        props.put("metrics.port", Integer.toString(freePort()));
    }

    private void link(String name, String operstate, String flags) throws IOException {
        Path d = Files.createDirectories(net.resolve(name));
        Files.writeString(d.resolve("operstate"), operstate + "\n");
        Files.writeString(d.resolve("flags"), flags + "\n");
    }

    private void process(int uid, String capEff, String capAmb) throws IOException {
        status = dir.resolve("status");
        Files.writeString(status, "Name:\tjava\nUid:\t" + uid + "\t" + uid + "\t" + uid + "\t" + uid + "\n"
                + "CapInh:\t0000000000000000\nCapPrm:\t" + capEff + "\nCapEff:\t" + capEff + "\nCapBnd:\t"
                + "000001ffffffffff\nCapAmb:\t" + capAmb + "\n");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private final CommandRunner runner = (argv, stdin, timeout) -> {
        String line = String.join(" ", argv);
        calls.add(line);
        if (missingTools.contains(argv.get(0))) {
            throw new IOException("Cannot run program \"" + argv.get(0) + "\": error=2, No such file or directory");
        }
        if (line.endsWith(" -V")) {
            return new CommandResult(0, argv.get(0) + " utility, iproute2-6.1.0, libbpf 1.1.0\n", "");
        }
        if (line.startsWith("ip netns add")) {
            return netnsAllowed ? new CommandResult(0, "", "")
                    : new CommandResult(1, "", "mount --make-shared /run/netns failed: Operation not permitted\n");
        }
        if (line.contains(" flower ") && !flower) {
            return new CommandResult(2, "", "Error: TC classifier not found.\n");
        }
        return new CommandResult(0, "", "");
    };

    private Path writeConfig() throws IOException {
        Path cfg = dir.resolve("agent.properties");
        Files.writeString(cfg, props.entrySet().stream().map(e -> e.getKey() + " = " + e.getValue() + "\n")
                .collect(Collectors.joining()));
        return cfg;
    }

    private Preflight.Report check() throws IOException {
        return new Preflight(net, status, runner).check(writeConfig());
    }

    private static String line(Preflight.Report r, String name) {
        return r.checks().stream().filter(c -> c.name().equals(name)).map(Preflight.Check::line).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + name + " in " + text(r)));
    }

    private static String text(Preflight.Report r) {
        return r.checks().stream().map(Preflight.Check::line).collect(Collectors.joining("\n"));
    }

    @Test
    void aGoodMachineAsRootPassesEveryCheck() throws IOException {
        Preflight.Report r = check();
        assertEquals(0, r.exitStatus(), text(r));
        assertEquals(List.of("config", "keys.file", "control.interface", "shape.interface", "bridge.name",
                "privileges", "tools", "kernel", "metrics.address"),
                r.checks().stream().map(Preflight.Check::name).collect(Collectors.toList()));
        assertTrue(r.checks().stream().allMatch(c -> c.status() == Preflight.Status.OK), text(r));
        assertTrue(line(r, "keys.file").endsWith("keys: 1 key, active id 1, mode 600, owner "
                + System.getProperty("user.name")), text(r));
        assertEquals("OK   control.interface: eth1 exists and is up", line(r, "control.interface"));
        assertEquals("OK   tools: ip, tc and bridge (iproute2-6.1.0)", line(r, "tools"));
        assertEquals("OK   kernel: HTB, u32, no flower, bridge port flags (probed in a scratch namespace); shaping "
                + "uses u32 (shape.classifier = auto)", line(r, "kernel"));
        assertTrue(calls.stream().anyMatch(c -> c.startsWith("ip netns del fudp-probe-")), calls.toString());
        assertTrue(r.summary(Path.of("a.properties")).equals("a.properties: OK (9 checks)"),
                r.summary(Path.of("a.properties")));
    }

    @Test
    void aMissingInterfaceIsAConfigurationErrorListingTheInterfacesThere() throws IOException {
        props.put("control.interface", "eth9");
        Preflight.Report r = check();
        assertEquals(2, r.exitStatus());
        assertEquals("FAIL control.interface: eth9 does not exist (interfaces here: eth1, eth2, lo)",
                line(r, "control.interface"));
    }

    @Test
    void aDownInterfaceOnlyWarns() throws IOException {
        link("eth2", "down", "0x1002");
        link("eth1", "lowerlayerdown", "0x1003");
        Preflight.Report r = check();
        assertEquals(0, r.exitStatus(), text(r));
        assertEquals("WARN shape.interface: eth2 exists but is down (the agent sets it up when it builds fudpbr0)",
                line(r, "shape.interface"));
        assertTrue(line(r, "control.interface").startsWith("WARN control.interface: eth1 is up but has no link "
                + "(operstate lowerlayerdown)"), text(r));
        assertTrue(r.summary(Path.of("a")).endsWith("OK (9 checks, 2 warnings)"), r.summary(Path.of("a")));
    }

    @Test
    void aBridgeNameTakenByAnotherInterfaceIsAConfigurationError() throws IOException {
        props.put("bridge.name", "eth1");
        assertEquals("FAIL bridge.name: eth1 exists and is not a bridge: choose another name",
                line(check(), "bridge.name"));
        Files.createDirectories(net.resolve("br7/bridge"));
        props.put("bridge.name", "br7");
        assertTrue(line(check(), "bridge.name").startsWith("OK   bridge.name: br7 exists and will be adopted"));
    }

    @Test
    void aBridgeToBeCreatedIsSaidToOutliveAStopUnlessTheConfigRemovesIt() throws IOException {
        // It said "deleted when the agent stops" whatever bridge.on-stop said; passthrough (the default) keeps it.
        props.put("bridge.name", "br9");
        assertEquals("OK   bridge.name: br9 will be created (and left up with its limits, when the agent stops)",
                line(check(), "bridge.name"));
        props.put("shape.on-stop", "clear");
        assertEquals("OK   bridge.name: br9 will be created (and left up, unshaped, when the agent stops)",
                line(check(), "bridge.name"));
        props.put("bridge.on-stop", "remove");
        assertEquals("OK   bridge.name: br9 will be created (and deleted when the agent stops)",
                line(check(), "bridge.name"));
    }

    @Test
    void aKeyFileOthersMayReadIsAConfigurationErrorNamingTheFile() throws IOException {
        Files.setPosixFilePermissions(dir.resolve("keys"), PosixFilePermissions.fromString("rw-r--r--"));
        Preflight.Report r = check();
        assertEquals(2, r.exitStatus());
        assertEquals("FAIL keys.file: " + dir.resolve("keys") + " is readable by group or others; chmod 600 it",
                text(r));
    }

    @Test
    void aKeyFileWithABadLineNamesFileAndLine() throws IOException {
        Files.writeString(dir.resolve("keys"), "# keys\n1 = 00zz\n");
        Preflight.Report r = check();
        assertEquals(2, r.exitStatus());
        assertTrue(line(r, "keys.file").startsWith("FAIL keys.file: " + dir.resolve("keys") + ": line 2: key 1 "
                + "is not hex"), text(r));
    }

    @Test
    void aMissingFileIsOneConfigurationLine() {
        Preflight.Report r = new Preflight(net, status, runner).check(dir.resolve("none.properties"));
        assertEquals(2, r.exitStatus());
        assertEquals("FAIL config: " + dir.resolve("none.properties") + ": file does not exist", text(r));
    }

    @Test
    void aUserWithAmbientCapabilitiesPassesButTheKernelIsNotProbed() throws IOException {
        process(998, NET_CAPS, NET_CAPS);
        netnsAllowed = false;
        Preflight.Report r = check();
        assertEquals(0, r.exitStatus(), text(r));
        assertEquals("OK   privileges: uid 998 with CAP_NET_ADMIN and CAP_NET_RAW effective and ambient",
                line(r, "privileges"));
        assertEquals("SKIP kernel: not probed: needs root for a scratch namespace (ip netns add: mount "
                + "--make-shared /run/netns failed: Operation not permitted); auto will use u32; "
                + "run finds out when it sets up HTB", line(r, "kernel"));
        assertTrue(r.summary(Path.of("a")).endsWith("OK (9 checks, 1 skipped)"), r.summary(Path.of("a")));
    }

    @Test
    void capabilitiesThatChildProcessesWouldNotGetAreAnEnvironmentError() throws IOException {
        process(998, NET_CAPS, "0000000000000000");
        Preflight.Report r = check();
        assertEquals(1, r.exitStatus());
        assertEquals("FAIL privileges: uid 998 has CAP_NET_ADMIN and CAP_NET_RAW but not CAP_NET_ADMIN and "
                + "CAP_NET_RAW ambient: tc and ip, which the agent runs, would not get it", line(r, "privileges"));
    }

    @Test
    void anUnprivilegedUserIsAnEnvironmentError() throws IOException {
        process(1000, "0000000000002000", "0000000000000000");
        Preflight.Report r = check();
        assertEquals(1, r.exitStatus());
        assertTrue(line(r, "privileges").startsWith("FAIL privileges: uid 1000 lacks CAP_NET_ADMIN (effective)"),
                text(r));
    }

    @Test
    void configurationErrorsOutrankEnvironmentErrors() throws IOException {
        process(1000, "0000000000000000", "0000000000000000");
        props.put("shape.interface", "eth9");
        Preflight.Report r = check();
        assertEquals(2, r.exitStatus());
        assertEquals("a: FAILED (1 configuration problem, 1 environment problem)", r.summary(Path.of("a")));
        props.put("shape.interface", "eth2");
        process(1000, "0000000000000000", "0000000000000000");
        missingTools.add("tc");
        assertEquals("a: FAILED (2 environment problems, 1 skipped)", check().summary(Path.of("a")));
    }

    @Test
    void flowerConfiguredOnAKernelWithoutItIsAnEnvironmentError() throws IOException {
        props.put("shape.classifier", "flower");
        Preflight.Report r = check();
        assertEquals(1, r.exitStatus());
        assertEquals("FAIL kernel: no flower classifier (shape.classifier)", line(r, "kernel"));
        flower = true;
        assertTrue(line(check(), "kernel").startsWith("OK   kernel: HTB, u32, flower"));
    }

    @Test
    void missingTcIsAnEnvironmentErrorAndTheKernelIsNotProbed() throws IOException {
        missingTools.add("tc");
        Preflight.Report r = check();
        assertEquals(1, r.exitStatus());
        assertEquals("FAIL tools: tc not found (install iproute2)", line(r, "tools"));
        assertEquals("SKIP kernel: not probed: tc is missing", line(r, "kernel"));
        assertTrue(calls.stream().noneMatch(c -> c.startsWith("ip netns add")), calls.toString());
    }

    @Test
    void withoutABridgeTheBridgeToolIsNotNeeded() throws IOException {
        missingTools.add("bridge");
        props.put("bridge.name", "none");
        Preflight.Report r = check();
        assertEquals(0, r.exitStatus(), text(r));
        assertEquals("OK   tools: ip and tc (iproute2-6.1.0)", line(r, "tools"));
    }

    @Test
    void aMetricsPortHeldByAnotherProgramIsAnEnvironmentError() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
            props.put("metrics.port", Integer.toString(taken.getLocalPort()));
            // Something accepts connections there but never answers HTTP: the check must not hang on it.
            Preflight.Report r = check();
            assertEquals(1, r.exitStatus());
            assertEquals("FAIL metrics.address: 127.0.0.1:" + taken.getLocalPort() + " is in use by another program "
                    + "(ss -ltnp 'sport = " + taken.getLocalPort() + "' names it)", line(r, "metrics.address"));
        }
    }

    @Test
    void aMetricsPortHeldByARunningAgentOnlyWarns() throws IOException {
        try (MetricsServer agent = new MetricsServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new AgentMetrics())) {
            int port = agent.address().getPort();
            props.put("metrics.port", Integer.toString(port));
            Preflight.Report r = check();
            assertEquals(0, r.exitStatus(), text(r));
            assertEquals("WARN metrics.address: 127.0.0.1:" + port + " is in use by a running agent: free once it "
                    + "stops", line(r, "metrics.address"));
        }
    }

    @Test
    void aWildcardMetricsAddressIsScrapedOnAnyAddress() throws IOException {
        props.put("metrics.address", "0.0.0.0");
        String port = props.get("metrics.port");
        assertEquals("OK   metrics.address: 0.0.0.0:" + port + " is free (Prometheus scrapes http://<any address of "
                + "this host>:" + port + "/metrics)", line(check(), "metrics.address"));
    }

    @Test
    void aMetricsAddressNotOnThisHostIsAConfigurationError() throws IOException {
        props.put("metrics.address", "192.0.2.1");
        Preflight.Report r = check();
        assertEquals(2, r.exitStatus());
        assertEquals("FAIL metrics.address: 192.0.2.1 is not an address of this host (or network namespace)",
                line(r, "metrics.address"));
    }

    @Test
    void runIsToldWhichConfiguredInterfacesAreMissing() throws Exception {
        props.put("shape.interface", "eth9");
        assertEquals(List.of("shape.interface: eth9 does not exist (interfaces here: eth1, eth2, lo)"),
                new Preflight(net, status, runner).missingInterfaces(AgentConfig.load(writeConfig())));
    }
}
