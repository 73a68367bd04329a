// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.KeyFileStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.Hex;
import org.fudp.protocol.KeyRing;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import static org.fudp.impl.ManagerFixture.S1;
import static org.fudp.impl.ManagerFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 33, keys: the key-rotation steps of docs/configuration.md, run on the manager with a real key
 * file. Adding a key to the file in place and setting {@code keyFile} again (the same path) must put
 * it in force; before, the manager reread the file only when the path changed, so the facility moved to
 * the new key id ended with "key id 8 is not in the key file" and its agent in fail-safe. A reload
 * that fails keeps the keys in force and says why; a file others may read is used with a warning.
 */
class KeyReloadTest {

    private static final String K7 = "00112233445566778899aabbccddeeff";
    private static final String K8 = "ffeeddccbbaa99887766554433221100";
    private static final String CONFIG = "{\"facilities\": [{\"deviceId\": \"" + S1 + "\", \"adjustorPort\": 3,"
            + " \"returnPort\": 4, \"adjustorMac\": \"" + ManagerFixture.ADJUSTOR_MAC + "\", \"keyId\": %d}]}";
    /** The agent after rotation holds both keys. */
    private static final KeyRing AGENT = KeyRing.of(Map.of(7, Hex.decode(K7), 8, Hex.decode(K8)), 8);

    @TempDir
    Path tmp;

    private Path keyFile;
    private Map<String, String> props;
    private ManagerFixture f;

    @BeforeEach
    void activate() throws Exception {
        keyFile = ManagerFixture.privateFile(tmp.resolve("fudp.keys"), "7 = " + K7 + "\n");
        props = Map.of(OsgiPropertyConstants.KEY_FILE, keyFile.toString());
        f = new ManagerFixture(String.format(CONFIG, 7), props);
    }

    @AfterEach
    void deactivate() {
        f.deactivate();
    }

    // The controller heartbeats an adjustor it has sent nothing else for a second: the frame it sends now.
    private ControlMessage nextFrame() throws FrameRejectedException {
        f.controlMessages(AGENT);
        f.clock.set(f.clock.millis() + 1_000);
        f.mgr.host().tick();
        List<ControlMessage> sent = f.controlMessages(AGENT);
        assertFalse(sent.isEmpty(), "a frame goes out to the adjustor");
        return sent.get(sent.size() - 1);
    }

    @Test
    void settingKeyFileAgainToTheSamePathPutsAKeyAddedInPlaceInForce() throws Exception {
        assertEquals(7, nextFrame().header().keyId());
        // configuration.md, "Rotating a key": add the new key to the file, reread it, move the facility.
        ManagerFixture.privateFile(keyFile, "7 = " + K7 + "\n8 = " + K8 + "\n");
        f.modified(props);
        f.netcfg.applyConfig(TestServices.TestCoreService.APP_ID, org.fudp.config.FudpConfig.class,
                f.netcfg.mapper.readTree(String.format(CONFIG, 8)));

        String reason = f.mgr.getAgent(S1).get().reason();
        assertFalse(reason.contains("is not in the key file"), reason);
        assertEquals(8, nextFrame().header().keyId(), "the adjustor is served under the new key");
        assertEquals(List.of(7L, 8L), f.mgr.getKeyFileStatus().keyIds());
        assertEquals(List.of(), f.mgr.getControlStatus().warnings());
    }

    @Test
    void aReloadPutsTheFilesKeysInForceAndOnlyAChangeStartsANewEpoch() throws Exception {
        long epoch = nextFrame().header().epoch();
        f.modified(Map.of(OsgiPropertyConstants.KEY_FILE, keyFile.toString(), OsgiPropertyConstants.ALPHA, "0.5"));
        assertEquals(epoch, nextFrame().header().epoch(), "another property changed: the same keys stay, quietly");

        ManagerFixture.privateFile(keyFile, "7 = " + K7 + "\n8 = " + K8 + "\n");
        f.clock.set(T0 + 60_000);
        KeyFileStatus s = f.mgr.reloadKeys();
        assertEquals(List.of(7L, 8L), s.keyIds());
        assertEquals(keyFile.toString(), s.path());
        assertEquals(T0 + 60_000, s.keysTakenMs());
        assertNotEquals(epoch, nextFrame().header().epoch(), "new keys: a new epoch");
    }

    @Test
    void aReloadThatFailsKeepsTheKeysInForceAndSaysWhy() throws Exception {
        Files.writeString(keyFile, "7 = " + K7 + "\n8 = 0011\n");
        IllegalStateException bad = assertThrows(IllegalStateException.class, f.mgr::reloadKeys);
        assertEquals("key file " + keyFile + " is unusable: line 2: key 8 has 2 bytes, at least 16 are needed;"
                + " the keys in force stay", bad.getMessage());
        assertEquals(List.of(bad.getMessage()), f.mgr.getControlStatus().warnings(), "fudp-control, REST, GUI");
        assertEquals(List.of(7L), f.mgr.getKeyFileStatus().keyIds());
        assertEquals(7, nextFrame().header().keyId(), "the adjustor is still served");

        Files.delete(keyFile);
        IllegalStateException gone = assertThrows(IllegalStateException.class, f.mgr::reloadKeys);
        assertEquals("no key file at " + keyFile + " (NoSuchFileException): the keys in force stay",
                gone.getMessage());
        assertEquals(7, nextFrame().header().keyId());

        ManagerFixture.privateFile(keyFile, "7 = " + K7 + "\n");
        f.mgr.host().tick();
        assertEquals(List.of(), f.mgr.getControlStatus().warnings(), "a file that appears again is read");
    }

    @Test
    void aKeyFileOthersMayReadIsUsedWithAWarning() throws Exception {
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-r--r--"));
        KeyFileStatus s = f.mgr.reloadKeys();
        String warning = "key file " + keyFile + " is readable by group or others (rw-r--r--); chmod 600 it: the"
                + " adjustor agents refuse such a file, and whoever reads it can sign control frames";
        assertEquals(List.of(warning), s.warnings());
        assertEquals(List.of(warning), f.mgr.getControlStatus().warnings(), "fudp-control, REST, GUI");
        assertEquals(List.of(7L), s.keyIds(), "used all the same");

        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
        assertTrue(f.mgr.reloadKeys().warnings().isEmpty());
        assertEquals(List.of(), f.mgr.getControlStatus().warnings());
    }
}
