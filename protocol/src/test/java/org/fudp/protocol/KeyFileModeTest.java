// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** One rule for a key file's mode, the agent's refusal and the controller's warning alike. */
class KeyFileModeTest {

    @TempDir
    Path dir;

    private Optional<KeyFileMode> withMode(String mode) throws IOException {
        Path f = dir.resolve("keys-" + mode);
        Files.writeString(f, "1 = 00112233445566778899aabbccddeeff\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return KeyFileMode.of(f);
    }

    @Test
    void onlyTheOwnerMayReadOrWriteAKeyFile() throws IOException {
        assertEquals(Optional.empty(), withMode("rw-------"));
        assertEquals(Optional.empty(), withMode("r--------"));
        assertEquals(Optional.of(KeyFileMode.READABLE), withMode("rw-r-----"));
        assertEquals(Optional.of(KeyFileMode.READABLE), withMode("rw----r--"));
        assertEquals(Optional.of(KeyFileMode.WRITABLE), withMode("rw--w----"));
        assertEquals(Optional.of(KeyFileMode.WRITABLE), withMode("rw-----w-"));
        assertEquals("whoever writes it chooses the keys", KeyFileMode.WRITABLE.risk());
        assertThrows(NoSuchFileException.class, () -> KeyFileMode.of(dir.resolve("absent")));
    }
}
