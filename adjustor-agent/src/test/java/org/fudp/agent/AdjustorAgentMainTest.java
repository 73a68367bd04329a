// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.agent.metrics.MetricsServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The command line: clear messages and exit codes, no stack traces for an operator's mistakes.
 */
class AdjustorAgentMainTest {

    private static final String NL = System.lineSeparator();

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = AdjustorAgentMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private Path config(String text) throws IOException {
        Path keys = dir.resolve("keys");
        Files.writeString(keys, "1 = 000102030405060708090a0b0c0d0e0f\n");
        Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rw-------"));
        Path cfg = dir.resolve("agent.properties");
        Files.writeString(cfg, text + "keys.file = keys\n");
        return cfg;
    }

    @Test
    void checkConfigSyntaxOnlyAcceptsAGoodFileWithoutLookingAtTheMachine() throws Exception {
        Path cfg = config("control.interface = fudpnone1\nshape.interface = fudpnone2\n");
        assertEquals(0, run("check-config", "--syntax-only", "-c", cfg.toString()));
        assertTrue(out.toString().contains("OK (control fudpnone1, shaping fudpnone2"), out.toString());
    }

    @Test
    void checkConfigNamesAnInterfaceThatDoesNotExist() throws Exception {
        Path cfg = config("control.interface = fudpnone1\nshape.interface = fudpnone2\n");
        assertEquals(2, run("check-config", "-c", cfg.toString()));
        String o = out.toString();
        assertTrue(o.contains("FAIL control.interface: fudpnone1 does not exist (interfaces here: "), o);
        assertTrue(o.contains("FAIL shape.interface: fudpnone2 does not exist"), o);
        assertTrue(o.contains(cfg + ": FAILED (2 configuration problems"), o);
    }

    @Test
    void runRefusesAMissingInterfaceAsAConfigurationError() throws Exception {
        Path cfg = config("control.interface = fudpnone1\nshape.interface = fudpnone2\n");
        assertEquals(2, run("run", "-c", cfg.toString()));
        assertTrue(err.toString().contains("control.interface: fudpnone1 does not exist"), err.toString());
    }

    @Test
    void checkConfigNamesEveryBadKey() throws Exception {
        Path cfg = dir.resolve("agent.properties");
        Files.writeString(cfg, "control.interface = eth1\nfailsafe.action = drop\n");
        assertEquals(2, run("check-config", "-c", cfg.toString()));
        String o = out.toString();
        assertTrue(o.contains("FAIL failsafe.action: 'drop' is not one of keep, clear"), o);
        assertTrue(o.contains("FAIL shape.interface: is required"), o);
        assertEquals(2, run("check-config", "--syntax-only", "-c", cfg.toString()));
        String e = err.toString();
        assertTrue(e.contains("failsafe.action: 'drop' is not one of keep, clear"), e);
        assertTrue(e.contains("shape.interface: is required"), e);
        assertFalse(e.contains("\tat org.fudp") || o.contains("\tat org.fudp"), "no stack trace: " + e + o);
    }

    @Test
    void sendWithAMissingKeyFileFailsInOneLine() {
        int code = run("send", "heartbeat", "-i", "nonexistent0", "-k", dir.resolve("nokeys").toString());
        assertEquals(1, code);
        assertTrue(err.toString().startsWith("fudp-adjustor-agent send: "), err.toString());
        assertFalse(err.toString().contains("\tat "), err.toString());
    }

    @Test
    void statusWithNoAgentSaysSoInOneLineAndExits3() {
        assertEquals(3, run("status", "--url", "http://127.0.0.1:1/metrics"));
        assertEquals("no agent running: nothing listens on http://127.0.0.1:1/metrics (--url)" + NL, err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void statusNamesTheConfigurationAndNeedsNoKeys() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path cfg = config("control.interface = eth1\nshape.interface = eth2\nmetrics.port = " + port + "\n");
        // A key file others may read makes the configuration unusable for run, but status does not read it.
        Files.setPosixFilePermissions(dir.resolve("keys"), PosixFilePermissions.fromString("rw-r--r--"));
        assertEquals(3, run("status", "-c", cfg.toString()));
        assertEquals("no agent running: nothing listens on http://127.0.0.1:" + port + "/metrics "
                + "(metrics.address/metrics.port in " + cfg + ")" + NL, err.toString());
    }

    @Test
    void statusSummarisesARunningAgent() throws Exception {
        try (MetricsServer server = new MetricsServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                new AgentMetrics())) {
            assertEquals(0, run("status", "--url", "http://127.0.0.1:" + server.address().getPort() + "/metrics"));
        }
        assertTrue(out.toString().startsWith("frames:      0 received"), out.toString());
        assertEquals("", err.toString());
    }

    @Test
    void statusReachesAnAgentListeningOnEveryAddressOnLoopback() throws Exception {
        try (MetricsServer server = new MetricsServer(new InetSocketAddress(0), new AgentMetrics())) {
            Path cfg = config("control.interface = eth1\nshape.interface = eth2\nmetrics.address = 0.0.0.0\n"
                    + "metrics.port = " + server.address().getPort() + "\n");
            assertEquals(0, run("status", "-c", cfg.toString()), err.toString());
        }
        assertTrue(out.toString().startsWith("frames:"), out.toString());
    }

    @Test
    void statusTellsAnotherProgramFromAnAgent() throws Exception {
        HttpServer other = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
        other.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        other.start();
        try {
            String url = "http://127.0.0.1:" + other.getAddress().getPort() + "/metrics";
            assertEquals(1, run("status", "--url", url));
            assertEquals(url + " answers HTTP 404: not an adjustor agent (--url)" + NL, err.toString());
        } finally {
            other.stop(0);
        }
    }
}
