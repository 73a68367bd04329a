// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import java.util.Objects;

/**
 * What one {@link FlowShaper#apply} did: how many flows it created, changed and deleted, how long
 * it took, and the tc batch it ran.
 */
public final class ApplyReport {

    private final int created;
    private final int changed;
    private final int deleted;
    private final long elapsedNanos;
    private final String batch;

    /**
     * Creates a report.
     *
     * @param created flows newly limited
     * @param changed flows whose rate or burst changed
     * @param deleted flows no longer limited
     * @param elapsedNanos wall time of planning and running the batch
     * @param batch the tc batch text that ran, empty if nothing ran
     */
    public ApplyReport(int created, int changed, int deleted, long elapsedNanos, String batch) {
        this.created = created;
        this.changed = changed;
        this.deleted = deleted;
        this.elapsedNanos = elapsedNanos;
        this.batch = Objects.requireNonNull(batch, "batch");
    }

    /**
     * Returns the number of flows newly limited.
     *
     * @return count
     */
    public int created() {
        return created;
    }

    /**
     * Returns the number of flows whose rate or burst changed.
     *
     * @return count
     */
    public int changed() {
        return changed;
    }

    /**
     * Returns the number of flows no longer limited.
     *
     * @return count
     */
    public int deleted() {
        return deleted;
    }

    /**
     * Returns the wall time of planning and running the batch.
     *
     * @return nanoseconds
     */
    public long elapsedNanos() {
        return elapsedNanos;
    }

    /**
     * Returns the tc batch text that ran.
     *
     * @return batch text, empty if nothing needed to change
     */
    public String batch() {
        return batch;
    }

    /**
     * Tells whether the apply changed nothing.
     *
     * @return true if no flow was created, changed or deleted
     */
    public boolean isNoop() {
        return created == 0 && changed == 0 && deleted == 0;
    }

    @Override
    public String toString() {
        return "created " + created + ", changed " + changed + ", deleted " + deleted + " in "
                + String.format("%.3f ms", elapsedNanos / 1e6);
    }
}
