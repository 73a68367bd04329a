// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The key file as the host reads it, on real files: the agent's rule on who may read it
 * (adjustor-agent's {@code AgentConfig}: not group, not others), and only a change is handed on.
 */
class KeyFileTest {

    private static final String KEYS = "7 = 00112233445566778899aabbccddeeff\n";

    @TempDir
    Path tmp;

    private Path file(String mode) throws Exception {
        Path f = Files.writeString(tmp.resolve("fudp-" + mode + ".keys"), KEYS);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    @Test
    void aFileGroupOrOthersMayReadIsSaidByItsMode() throws Exception {
        for (String mode : new String[] {"rw-r-----", "rw----r--", "rw-rw-rw-", "r--r--r--"}) {
            Path f = file(mode);
            assertEquals("key file " + f + " is readable by group or others (" + mode + "); chmod 600 it: the adjustor"
                    + " agents refuse such a file, and whoever reads it can sign control frames",
                    KeyFile.exposure(f).orElse("nothing said"), mode);
        }
        for (String mode : new String[] {"rw--w----", "rw-----w-"}) {
            Path f = file(mode);
            assertEquals("key file " + f + " is writable by group or others (" + mode + "); chmod 600 it: the adjustor"
                    + " agents refuse such a file, and whoever writes it chooses the keys",
                    KeyFile.exposure(f).orElse("nothing said"), mode);
        }
        for (String mode : new String[] {"rw-------", "r--------"}) {
            assertTrue(KeyFile.exposure(file(mode)).isEmpty(), mode);
        }
    }

    @Test
    void onlyKeysThatDifferFromThoseInForceAreHandedOn() throws Exception {
        KeyFile keys = new KeyFile();
        Path f = file("rw-------");
        assertTrue(keys.read(f.toString(), 1).newKeys().isPresent(), "the first read");
        assertFalse(keys.read(f.toString(), 2).newKeys().isPresent(), "the same keys: nothing to do");
        Files.writeString(f, KEYS + "8 = ffeeddccbbaa99887766554433221100\n");
        assertEquals(KEYS + "8 = ffeeddccbbaa99887766554433221100\n", keys.read(f.toString(), 3).newKeys().get());
        assertEquals(3, keys.status().keysTakenMs());
        assertEquals(3, keys.status().readMs());
    }
}
