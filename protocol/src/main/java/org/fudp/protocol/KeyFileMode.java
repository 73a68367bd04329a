// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a key file's mode lets others than its owner at the keys: who reads it can sign control frames, who
 * writes it chooses the keys its reader trusts. The agent refuses such a file; the controller warns of it.
 */
public enum KeyFileMode {
    /** Group or others may read it. */
    READABLE("readable by group or others", "whoever reads it can sign control frames"),
    /** Group or others may write it (and no one but its owner may read it). */
    WRITABLE("writable by group or others", "whoever writes it chooses the keys");

    private final String what;
    private final String risk;

    KeyFileMode(String what, String risk) {
        this.what = what;
        this.risk = risk;
    }

    /**
     * Says how the mode exposes the file.
     *
     * @return words, e.g. "readable by group or others"
     */
    public String what() {
        return what;
    }

    /**
     * Says what the exposure gives away.
     *
     * @return words
     */
    public String risk() {
        return risk;
    }

    /**
     * Reads how a key file's mode exposes it.
     *
     * @param file the key file
     * @return the exposure, empty if only its owner may read or write it, or the file system has no POSIX modes
     * @throws IOException if the file's mode cannot be read (it does not exist, say)
     */
    public static Optional<KeyFileMode> of(Path file) throws IOException {
        if (!Files.getFileStore(file).supportsFileAttributeView("posix")) {
            return Optional.empty();
        }
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
        if (perms.contains(PosixFilePermission.GROUP_READ) || perms.contains(PosixFilePermission.OTHERS_READ)) {
            return Optional.of(READABLE);
        }
        if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
            return Optional.of(WRITABLE);
        }
        return Optional.empty();
    }
}
