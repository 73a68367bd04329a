// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.KeyFileStatus;
import org.fudp.protocol.KeyFileMode;
import org.fudp.protocol.KeyRing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The adjustors' key file as the host reads it: the keys in force, and what is wrong with the file.
 * <p>
 * Each read checks the whole file before anything changes: a file that is missing, unreadable or holds
 * a bad line leaves the keys in force as they are (a typo while rotating keys must not put every agent
 * into its fail-safe), and says why until a good file is read. A file that is missing is awaited: an
 * operator who installs the app before copying the key file expects it to be picked up. A file that
 * group or others may read is used, with a warning: the agent refuses such a file
 * ({@code AgentConfig}), and anyone who can read it can forge control frames.
 * </p>
 */
final class KeyFile {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private Path path = Paths.get("").toAbsolutePath();
    private Path awaited;
    private String inForce;
    private List<Long> keyIds = List.of();
    /** The keys in force before the last change, should the loop refuse the new ones. */
    private String before;
    private List<Long> idsBefore = List.of();
    private long takenBefore;
    private String problem;
    private String exposure;
    private long readMs;
    private long takenMs;

    /** What one read found. */
    static final class Reading {
        private final String newKeys;
        private final String failure;

        private Reading(String newKeys, String failure) {
            this.newKeys = newKeys;
            this.failure = failure;
        }

        /**
         * Returns the file's text when it holds other keys than those in force.
         *
         * @return the text to hand to the loop, empty when nothing changes
         */
        Optional<String> newKeys() {
            return Optional.ofNullable(newKeys);
        }

        /**
         * Returns why the read changed nothing, when it failed.
         *
         * @return the problem, naming the file; empty if the file was read and is usable
         */
        Optional<String> failure() {
            return Optional.ofNullable(failure);
        }
    }

    /**
     * Reads the file and checks it whole.
     *
     * @param keyFile its path; a relative one is taken from ONOS's working directory, as ONOS takes its own
     *                {@code ../config/*.json}
     * @param nowMs the time
     * @return what changes: new keys, or nothing and why
     */
    synchronized Reading read(String keyFile, long nowMs) {
        path = Paths.get(keyFile).toAbsolutePath().normalize();
        awaited = null;
        readMs = nowMs;
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            awaited = path;
            exposure = null;
            return failed("no key file at " + path + " (" + e.getClass().getSimpleName() + "): "
                    + (inForce == null ? "control frames can be neither sent nor verified"
                    : "the keys in force stay"));
        }
        exposure = exposure(path).orElse(null);
        if (exposure != null) {
            log.warn(exposure);
        }
        KeyRing ring;
        try {
            ring = KeyRing.parse(text);
        } catch (IllegalArgumentException e) {
            return failed("key file " + path + " is unusable: " + e.getMessage() + "; the keys in force stay");
        }
        problem = null;
        if (text.equals(inForce)) {
            return new Reading(null, null);
        }
        before = inForce;
        idsBefore = keyIds;
        takenBefore = takenMs;
        inForce = text;
        takenMs = nowMs;
        keyIds = ring.keyIds().stream().map(Integer::toUnsignedLong).sorted().collect(Collectors.toList());
        log.info("Keys read from {}: ids {}", path, keyIds);
        return new Reading(text, null);
    }

    private Reading failed(String why) {
        problem = why;
        log.warn(problem);
        return new Reading(null, problem);
    }

    /**
     * Says why a file that is readable or writable by group or others should not be: the agent's rule
     * ({@code AgentConfig}), which refuses such a file, as a warning here.
     *
     * @param file the key file
     * @return the warning, empty if only its owner may read it or the file system has no POSIX modes
     */
    static Optional<String> exposure(Path file) {
        try {
            Optional<KeyFileMode> exposed = KeyFileMode.of(file);
            if (exposed.isPresent()) {
                return Optional.of("key file " + file + " is " + exposed.get().what() + " ("
                        + PosixFilePermissions.toString(Files.getPosixFilePermissions(file)) + "); chmod 600 it: the"
                        + " adjustor agents refuse such a file, and " + exposed.get().risk());
            }
        } catch (IOException | UnsupportedOperationException e) {
            // A mode that cannot be read is no evidence of exposure; the read itself says what is wrong.
        }
        return Optional.empty();
    }

    /**
     * Notes that the loop refused the keys of the last read, which this file checked as good: those
     * before stay in force.
     *
     * @param why the loop's reason
     */
    synchronized void refused(String why) {
        inForce = before;
        keyIds = idsBefore;
        takenMs = takenBefore;
        problem = "key file " + path + " is unusable: " + why + "; the keys in force stay";
        log.warn(problem);
    }

    synchronized Optional<Path> awaited() {
        return Optional.ofNullable(awaited);
    }

    /**
     * Returns what is wrong with the file, for the operator's warnings.
     *
     * @return the problem reading it and the warning about its mode, each if any
     */
    synchronized List<String> warnings() {
        List<String> out = new ArrayList<>(2);
        Optional.ofNullable(problem).ifPresent(out::add);
        Optional.ofNullable(exposure).ifPresent(out::add);
        return out;
    }

    synchronized KeyFileStatus status() {
        return new KeyFileStatus(path.toString(), keyIds, readMs, takenMs, warnings());
    }
}
