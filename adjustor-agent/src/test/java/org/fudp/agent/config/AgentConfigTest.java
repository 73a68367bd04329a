// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import org.fudp.agent.tc.StartupPolicy;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The configuration file: defaults, and a clear message for each bad key.
 */
class AgentConfigTest {

    @TempDir
    Path dir;

    @BeforeEach
    void keys() throws IOException {
        Path keys = dir.resolve("keys");
        Files.writeString(keys, "1 = 000102030405060708090a0b0c0d0e0f\n");
        Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rw-------"));
    }

    private Properties minimal() {
        Properties p = new Properties();
        p.setProperty("control.interface", "eth1");
        p.setProperty("shape.interface", "eth2");
        p.setProperty("keys.file", "keys");
        return p;
    }

    private String problems(Properties p) {
        return assertThrows(ConfigException.class, () -> AgentConfig.parse(p, "agent.properties", dir)).getMessage();
    }

    @Test
    void minimalFileGetsTheDocumentedDefaults() throws ConfigException {
        AgentConfig c = AgentConfig.parse(minimal(), "agent.properties", dir);
        assertEquals(0x88B5, c.etherType());
        assertEquals(StartupPolicy.ADOPT, c.startup());
        assertEquals(FailSafeAction.KEEP, c.failSafeAction());
        assertEquals(10, c.silentPeriods());
        assertEquals(1000, c.heartbeatMillis());
        assertEquals("fudpbr0", c.bridgeName());
        assertEquals(9472, c.metricsPort());
        assertTrue(c.metricsAddress().isLoopbackAddress());
        assertNull(c.classifier(), "auto");
        assertEquals(1, c.keys().activeKeyId());
        // Issue 15: the skew window is how long a recorded frame is worth against a restarted agent.
        assertEquals(30_000, c.maxClockSkewMillis());
        // Off until every controller accepts the from-agent flag (protocol.md section 2.1).
        assertFalse(c.markDirection());
        // Issue 33: a clean stop must not cut off the UDP the switch still steers into the adjustor.
        assertEquals(StopAction.PASSTHROUGH, c.onStop());
        // A clean stop keeps the limits: lifted, a flood crossed the bridge unshaped until the controller found the
        // agent silent, and TCP starved for that long and its backoff.
        assertEquals(LimitsOnStop.KEEP, c.limitsOnStop());
    }

    @Test
    void aCleanStopLiftsTheLimitsOnlyIfTheOperatorSaysSo() throws ConfigException {
        Properties p = minimal();
        p.setProperty("shape.on-stop", "clear");
        assertEquals(LimitsOnStop.CLEAR, AgentConfig.parse(p, "agent.properties", dir).limitsOnStop());
        p.setProperty("shape.on-stop", "remove");
        String m = problems(p);
        assertTrue(m.contains("shape.on-stop: 'remove' is not one of keep, clear"), m);
    }

    @Test
    void aCleanStopMayDeleteTheBridgeIfTheOperatorSaysSo() throws ConfigException {
        Properties p = minimal();
        p.setProperty("bridge.on-stop", "remove");
        assertEquals(StopAction.REMOVE, AgentConfig.parse(p, "agent.properties", dir).onStop());
        p.setProperty("bridge.on-stop", "keep");
        String m = problems(p);
        assertTrue(m.contains("bridge.on-stop: 'keep' is not one of passthrough, remove"), m);
    }

    @Test
    void everyBadKeyIsNamedAtOnce() {
        Properties p = minimal();
        p.setProperty("control.ethertype", "0x0800x");
        p.setProperty("heartbeat.period-ms", "5");
        p.setProperty("failsafe.action", "explode");
        p.setProperty("shape.interface", "this-name-is-too-long");
        p.setProperty("control.peer-mac", "02:00");
        p.setProperty("metrics.port", "-1");
        String m = problems(p);
        assertTrue(m.contains("6 problems"), m);
        assertTrue(m.contains("control.ethertype: '0x0800x' is not a whole number"), m);
        assertTrue(m.contains("heartbeat.period-ms: 5 is out of range 10..3600000"), m);
        assertTrue(m.contains("failsafe.action: 'explode' is not one of keep, clear"), m);
        assertTrue(m.contains("shape.interface: 'this-name-is-too-long' is not an interface name"), m);
        assertTrue(m.contains("control.peer-mac: '02:00' is not a MAC address"), m);
        assertTrue(m.contains("metrics.port: -1 is out of range 0..65535"), m);
    }

    @Test
    void theMetricsAddressIsAnIpAddressOrAResolvableName() throws ConfigException {
        Properties p = minimal();
        p.setProperty("metrics.address", "localhost");
        assertTrue(AgentConfig.parse(p, "agent.properties", dir).metricsAddress().isLoopbackAddress());
        // .invalid never resolves (RFC 2606).
        p.setProperty("metrics.address", "no-such-host.invalid");
        assertTrue(problems(p).contains("metrics.address: 'no-such-host.invalid' is neither an IP address nor a "
                + "host name this machine resolves"), problems(p));
    }

    @Test
    void unknownKeyIsAnErrorWithASuggestion() {
        Properties p = minimal();
        p.setProperty("failsafe.silent-period", "3");
        assertTrue(problems(p).contains("failsafe.silent-period: is not a known key (did you mean "
                + "failsafe.silent-periods?)"));
    }

    @Test
    void requiredKeysAreReported() {
        String m = problems(new Properties());
        assertTrue(m.contains("control.interface: is required"), m);
        assertTrue(m.contains("shape.interface: is required"), m);
        assertTrue(m.contains("keys.file: is required"), m);
    }

    @Test
    void keyFileMustExistParseAndBePrivate() throws IOException {
        Properties p = minimal();
        p.setProperty("keys.file", "missing");
        assertTrue(problems(p).contains("keys.file: " + dir.resolve("missing") + " does not exist"));
        Path open = dir.resolve("open");
        Files.writeString(open, "1 = 000102030405060708090a0b0c0d0e0f\n");
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        p.setProperty("keys.file", "open");
        assertTrue(problems(p).contains("is readable by group or others; chmod 600 it"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw--w----"));
        assertTrue(problems(p).contains("is writable by group or others; chmod 600 it"),
                "whoever writes it picks the keys");
        Path bad = dir.resolve("bad");
        Files.writeString(bad, "1 = 0102\n");
        Files.setPosixFilePermissions(bad, PosixFilePermissions.fromString("rw-------"));
        p.setProperty("keys.file", "bad");
        assertTrue(problems(p).contains("line 1: key 1 has 2 bytes, at least 16 are needed"));
    }

    @Test
    void oneInterfaceCannotBeBridgedToItself() {
        Properties p = minimal();
        p.setProperty("shape.interface", "eth1");
        assertTrue(problems(p).contains("bridge.name: a bridge needs two interfaces"));
        p.setProperty("bridge.name", "none");
        assertThrows(AssertionError.class, () -> problems(p));
    }

    @Test
    void operatorDocsDescribeEveryKey() throws IOException {
        String doc = Files.readString(Path.of("../docs/adjustor-agent.md"));
        for (String key : AgentConfig.KEYS.keySet()) {
            assertTrue(doc.contains("| `" + key + "` | `" + AgentConfig.KEYS.get(key)[0] + "` |")
                    || doc.contains("| `" + key + "` | (required) |") || doc.contains("| `" + key + "` | empty |"),
                    "docs/adjustor-agent.md has a table row with the default of " + key);
        }
    }

    @Test
    void shippedExampleConfigIsValid() throws Exception {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(Path.of("src/main/dist/adjustor-agent.properties"))) {
            p.load(in);
        }
        p.setProperty("keys.file", "keys");
        AgentConfig c = AgentConfig.parse(p, "example", dir);
        assertEquals(FailSafeAction.KEEP, c.failSafeAction());
        for (String key : AgentConfig.KEYS.keySet()) {
            String text = Files.readString(Path.of("src/main/dist/adjustor-agent.properties"));
            assertTrue(text.contains(key), "example file documents " + key);
        }
    }
}
