// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.api;

import com.google.common.base.MoreObjects;

import java.util.List;

/**
 * The control loop's mode and progress, as the REST API's control resource shows it.
 */
public final class ControlStatus {

    private final boolean enabled;
    private final boolean dryRun;
    private final long periodMs;
    private final double alpha;
    private final double beta;
    private final long periodsRun;
    private final long lastPeriodMs;
    private final List<String> warnings;

    /**
     * Creates a status.
     *
     * @param enabled whether the loop computes allocations
     * @param dryRun whether allocations are computed but not sent
     * @param periodMs control period in milliseconds
     * @param alpha alpha of Eq. (1)
     * @param beta beta of Eq. (2)
     * @param periodsRun periods run since activation
     * @param lastPeriodMs when the last period ran, epoch milliseconds, 0 if none
     * @param warnings what an operator should fix for the loop to work as intended, e.g. a period
     *                 shorter than two polls of the flow statistics
     */
    public ControlStatus(boolean enabled, boolean dryRun, long periodMs, double alpha, double beta,
                         long periodsRun, long lastPeriodMs, List<String> warnings) {
        this.enabled = enabled;
        this.dryRun = dryRun;
        this.periodMs = periodMs;
        this.alpha = alpha;
        this.beta = beta;
        this.periodsRun = periodsRun;
        this.lastPeriodMs = lastPeriodMs;
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Creates a status without warnings.
     *
     * @param enabled whether the loop runs
     * @param dryRun whether allocations are only reported
     * @param periodMs the control period
     * @param alpha the weight of Eq. (1)
     * @param beta the weight of Eq. (2)
     * @param periodsRun periods since activation
     * @param lastPeriodMs when the last period ran
     */
    public ControlStatus(boolean enabled, boolean dryRun, long periodMs, double alpha, double beta,
                         long periodsRun, long lastPeriodMs) {
        this(enabled, dryRun, periodMs, alpha, beta, periodsRun, lastPeriodMs, List.of());
    }

    /**
     * Returns what an operator should fix for the loop to work as intended.
     *
     * @return warnings, empty when all is well
     */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * Tells whether the loop computes allocations.
     *
     * @return true if enabled
     */
    public boolean enabled() {
        return enabled;
    }

    /**
     * Tells whether allocations are computed and reported but not sent.
     *
     * @return true in dry-run
     */
    public boolean dryRun() {
        return dryRun;
    }

    /**
     * Returns the control period.
     *
     * @return milliseconds
     */
    public long periodMs() {
        return periodMs;
    }

    /**
     * Returns alpha of Eq. (1).
     *
     * @return alpha
     */
    public double alpha() {
        return alpha;
    }

    /**
     * Returns beta of Eq. (2).
     *
     * @return beta
     */
    public double beta() {
        return beta;
    }

    /**
     * Returns how many periods ran since activation.
     *
     * @return count
     */
    public long periodsRun() {
        return periodsRun;
    }

    /**
     * Returns when the last period ran.
     *
     * @return epoch milliseconds, 0 if none
     */
    public long lastPeriodMs() {
        return lastPeriodMs;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("enabled", enabled).add("dryRun", dryRun)
                .add("periodMs", periodMs).add("periodsRun", periodsRun).toString();
    }
}
