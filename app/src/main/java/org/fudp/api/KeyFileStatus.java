// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.api;

import com.google.common.base.MoreObjects;

import java.util.List;
import java.util.Objects;

/**
 * The controller's key file as this instance last read it: which file, the ids of the keys in force
 * (never the keys), when it was read and when the keys in force were taken, and what is wrong with it.
 */
public final class KeyFileStatus {

    private final String path;
    private final List<Long> keyIds;
    private final long readMs;
    private final long keysTakenMs;
    private final List<String> warnings;

    /**
     * Creates a status.
     *
     * @param path the absolute path read last
     * @param keyIds the ids of the keys in force, ascending; empty if none
     * @param readMs when the file was last read, epoch milliseconds, 0 if never
     * @param keysTakenMs when the keys in force were read, epoch milliseconds, 0 if none are
     * @param warnings what is wrong: a file that is missing or unusable (the keys in force stay), or
     *                 readable by others
     */
    public KeyFileStatus(String path, List<Long> keyIds, long readMs, long keysTakenMs, List<String> warnings) {
        this.path = Objects.requireNonNull(path, "path");
        this.keyIds = List.copyOf(keyIds);
        this.readMs = readMs;
        this.keysTakenMs = keysTakenMs;
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Returns the file read last.
     *
     * @return absolute path
     */
    public String path() {
        return path;
    }

    /**
     * Returns the ids of the keys in force.
     *
     * @return key ids, ascending (unsigned), empty if none
     */
    public List<Long> keyIds() {
        return keyIds;
    }

    /**
     * Returns when the file was last read.
     *
     * @return epoch milliseconds, 0 if never
     */
    public long readMs() {
        return readMs;
    }

    /**
     * Returns when the keys in force were read from the file.
     *
     * @return epoch milliseconds, 0 if no keys are in force
     */
    public long keysTakenMs() {
        return keysTakenMs;
    }

    /**
     * Returns what is wrong with the file.
     *
     * @return warnings, empty when all is well
     */
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof KeyFileStatus)) {
            return false;
        }
        KeyFileStatus that = (KeyFileStatus) o;
        return readMs == that.readMs && keysTakenMs == that.keysTakenMs && path.equals(that.path)
                && keyIds.equals(that.keyIds) && warnings.equals(that.warnings);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, keyIds, readMs, keysTakenMs, warnings);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("path", path).add("keyIds", keyIds).add("readMs", readMs)
                .add("keysTakenMs", keysTakenMs).add("warnings", warnings).toString();
    }
}
