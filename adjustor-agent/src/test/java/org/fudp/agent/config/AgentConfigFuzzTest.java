// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.config;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.fudp.protocol.FrameCodec;

/**
 * Coverage-guided fuzzing of the agent's configuration parser: the input is the bytes of
 * {@code agent.properties}, read by {@link AgentConfig#load(Path, boolean)} as the agent reads it at startup, but
 * without reading the key file ({@code KeyRingFuzzTest} fuzzes that parser; checking the key file's mode reads
 * the mount table on every call).
 *
 * <p>{@code keys.file = keys} is appended (a valid mode-600 key file beside it), so the fuzzer spends its time on
 * the properties rather than on paths. Every input must give either a configuration whose values are within the
 * documented ranges or a {@link ConfigException} naming at least one problem; any other exception is a finding.
 */
class AgentConfigFuzzTest {

    private static final Path DIR = directory();

    @FuzzTest(maxDuration = "30s")
    void parse(byte[] text) throws IOException {
        Path file = DIR.resolve("agent.properties");
        byte[] tail = "\n\nkeys.file = keys\n".getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[text.length + tail.length];
        System.arraycopy(text, 0, all, 0, text.length);
        System.arraycopy(tail, 0, all, text.length, tail.length);
        Files.write(file, all);
        AgentConfig c;
        try {
            c = AgentConfig.load(file, false);
        } catch (ConfigException e) {
            assertFalse(e.problems().isEmpty(), "a rejection names its problems");
            assertNotNull(e.getMessage());
            return;
        }
        assertNotNull(c.controlInterface());
        assertNotNull(c.shapeInterface());
        assertTrue(c.etherType() >= 0x0600 && c.etherType() <= 0xFFFF);
        assertTrue(c.maxPayload() >= FrameCodec.OVERHEAD_BYTES && c.maxPayload() <= FrameCodec.MAX_PAYLOAD_BYTES);
        assertTrue(c.minBurstBytes() >= 1);
        assertTrue(c.agentId() == null || c.agentId() >= 0);
        assertTrue(c.heartbeatMillis() >= 10 && c.heartbeatMillis() <= 3_600_000);
        assertTrue(c.silentPeriods() >= 1);
        assertTrue(c.maxClockSkewMillis() >= 0);
        assertTrue(c.snapshotTimeoutMillis() >= 1 && c.snapshotMaxPending() >= 1 && c.snapshotMaxEntries() >= 1);
        assertTrue(c.metricsPort() >= 0 && c.metricsPort() <= 65535);
        assertTrue(c.peerMac() == null || c.peerMac().length == 6);
        assertNotNull(c.metricsAddress());
    }

    private static Path directory() {
        try {
            // tmpfs where there is one: on this disk a file write and read cost 10 times as much.
            Path shm = Path.of("/dev/shm");
            Path dir = Files.isDirectory(shm) && Files.isWritable(shm)
                    ? Files.createTempDirectory(shm, "fudp-agent-config-fuzz")
                    : Files.createTempDirectory("fudp-agent-config-fuzz");
            Path keys = dir.resolve("keys");
            Files.writeString(keys, "1 = 000102030405060708090a0b0c0d0e0f\n");
            Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rw-------"));
            dir.toFile().deleteOnExit();
            keys.toFile().deleteOnExit();
            dir.resolve("agent.properties").toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
