// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.RejectReason;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adjustor host's files that tools/fudp-mininet writes (adjustor-agent.properties and
 * agent.keys), loaded as the agent loads them, against the controller's side of the same run
 * (controller.keys, and the facility's keyId in netcfg.json). Only --generate-only runs here.
 */
class GeneratedAgentConfigTest {

    /** Maven runs a module's tests in the module's directory. */
    private static final Path SCRIPT = Path.of("..", "tools", "fudp-mininet");

    @TempDir
    Path out;

    @BeforeEach
    void generate() throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(SCRIPT), "no " + SCRIPT.toAbsolutePath());
        Process p;
        try {
            p = new ProcessBuilder("python3", SCRIPT.toString(), "--generate-only", "--out", out.toString(),
                    "--key-id", "42").redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, "python3 is not installed: tools/fudp-mininet cannot run (" + e.getMessage() + ")");
            return;
        }
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "tools/fudp-mininet did not finish: " + text);
        assertEquals(0, p.exitValue(), text);
    }

    private int netcfgKeyId() throws IOException {
        JsonNode n = new ObjectMapper().readTree(out.resolve("netcfg.json").toFile());
        JsonNode facilities = n.path("apps").path("org.fudp.app").path("fudp").path("facilities");
        assertEquals(1, facilities.size(), n.toString());
        return facilities.get(0).path("keyId").asInt(-1);
    }

    @Test
    void agentConfigLoadsWithTheAdjustorHostsInterfacesAndTheControllersKeyIds() throws Exception {
        AgentConfig c = AgentConfig.load(out.resolve("adjustor-agent.properties"));
        assertEquals("adj-eth0", c.controlInterface());
        assertEquals("adj-eth1", c.shapeInterface());
        assertEquals(out.resolve("agent.keys").toAbsolutePath(), c.keysFile().toAbsolutePath());
        assertEquals(0x88B5, c.etherType(), "the app's default controlEtherType");

        KeyRing controller = KeyRing.parse(Files.readString(out.resolve("controller.keys")));
        assertEquals(Set.of(42), c.keys().keyIds());
        assertEquals(controller.keyIds(), c.keys().keyIds());
        assertEquals(42, netcfgKeyId());
        assertEquals(42, c.keys().activeKeyId());
    }

    @Test
    void framesSignedWithTheControllersKeyVerifyAtTheAgentAndBack() throws Exception {
        AgentConfig c = AgentConfig.load(out.resolve("adjustor-agent.properties"));
        String controllerKeys = Files.readString(out.resolve("controller.keys"));
        // As the loop's AdjustorChannel signs for a facility: the facility's key id is the active one.
        KeyRing controller = KeyRing.parse(controllerKeys + "\nactive = " + netcfgKeyId() + "\n");

        byte[] clear = new FrameEncoder(controller, 1, 1000, 0, Clock.systemUTC()).clearAll(1);
        ControlMessage m = FrameCodec.decode(clear, c.keys(), c.maxPayload());
        assertEquals(MessageType.CLEAR_ALL, m.type());
        assertEquals(42, m.header().keyId());

        byte[] heartbeat = new FrameEncoder(c.keys(), 2, 2000, 0, Clock.systemUTC()).heartbeat(0);
        assertEquals(MessageType.HEARTBEAT, FrameCodec.decode(heartbeat, controller, FrameCodec.MAX_PAYLOAD_BYTES)
                .type());
    }

    @Test
    void aDifferentKeyUnderTheSameIdIsRejectedSoTheCheckAboveCanFail() throws Exception {
        AgentConfig c = AgentConfig.load(out.resolve("adjustor-agent.properties"));
        KeyRing forged = KeyRing.parse("42 = " + "00".repeat(32) + "\n");
        byte[] clear = new FrameEncoder(forged, 1, 1000, 0, Clock.systemUTC()).clearAll(1);
        FrameRejectedException e = assertThrows(FrameRejectedException.class,
                () -> FrameCodec.decode(clear, c.keys(), c.maxPayload()));
        assertEquals(RejectReason.BAD_MAC, e.reason());
    }

    @Test
    void theAgentRefusesTheKeyFileOnceOthersCanReadItAsTheScriptPreventsByWritingMode600() throws Exception {
        Path keys = out.resolve("agent.keys");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keys)));
        Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rw-r--r--"));
        ConfigException e = assertThrows(ConfigException.class,
                () -> AgentConfig.load(out.resolve("adjustor-agent.properties")));
        assertTrue(e.getMessage().contains("readable by group or others"), e.getMessage());
    }
}
