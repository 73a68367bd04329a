// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.Objects;

/**
 * The tunables of FUDPA, validated when built so that a bad value is refused with its name.
 *
 * <p>{@link #defaults()} is the paper's setting (alpha 0.875, beta 0.25, section 5.1.3) plus the
 * choices of {@code docs/algorithm.md} where the paper is silent; {@link #paper()} turns those
 * extras off so the band test is exactly the paper's.
 */
public final class FudpaConfig {

    /** Paper value of alpha, eq. 1. */
    public static final double DEFAULT_ALPHA = 0.875;
    /** Paper value of beta, eq. 2. */
    public static final double DEFAULT_BETA = 0.25;
    /** Margin beyond the band, as a fraction of the TCP per-flow average, before a fair CFS is reallocated. */
    public static final double DEFAULT_HYSTERESIS = 0.05;
    /** Rate differences below this many bit/s are measurement noise; no limit is set below it. */
    public static final double DEFAULT_NOISE_FLOOR_BPS = 10_000;
    /** How many consecutive periods a missing sample is replaced by the flow's last one. */
    public static final int DEFAULT_MAX_MISSING_PERIODS = 3;
    /**
     * K of the TCP floor (docs/algorithm.md, "Principals"): a set's TCP flows keep at least what they would get
     * if its unresponsive UDP were this many principals, however many sources it comes from.
     */
    public static final int DEFAULT_TCP_FLOOR_PRINCIPALS = 4;
    /** The largest K accepted: beyond it the floor is nothing a TCP flow would notice. */
    public static final int MAX_TCP_FLOOR_PRINCIPALS = 1_000_000;

    private static final FudpaConfig DEFAULTS = builder().build();

    private final double alpha;
    private final double beta;
    private final double hysteresis;
    private final double noiseFloorBps;
    private final int maxMissingPeriods;
    private final boolean settle;
    private final int tcpFloorPrincipals;
    private final boolean principals;

    private FudpaConfig(Builder b) {
        this.principals = b.principals;
        this.tcpFloorPrincipals = b.tcpFloorPrincipals;
        this.settle = b.settle;
        this.alpha = b.alpha;
        this.beta = b.beta;
        this.hysteresis = b.hysteresis;
        this.noiseFloorBps = b.noiseFloorBps;
        this.maxMissingPeriods = b.maxMissingPeriods;
    }

    /**
     * Returns the default configuration.
     *
     * @return defaults
     */
    public static FudpaConfig defaults() {
        return DEFAULTS;
    }

    /**
     * Returns the paper's configuration: alpha 0.875, beta 0.25, no hysteresis margin, no noise
     * floor, no settling, every UDP flow a principal of its own whatever its samples say, and no TCP
     * floor, so the band test and Algorithm 1 are exactly section 4.2.
     *
     * @return the paper's configuration
     */
    public static FudpaConfig paper() {
        return builder().hysteresis(0).noiseFloorBps(0).settle(false).principals(false).tcpFloorPrincipals(0).build();
    }

    /**
     * Returns a builder preset with the defaults.
     *
     * @return builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns a builder preset with this configuration's values.
     *
     * @return builder
     */
    public Builder toBuilder() {
        return new Builder().alpha(alpha).beta(beta).hysteresis(hysteresis)
                .noiseFloorBps(noiseFloorBps).maxMissingPeriods(maxMissingPeriods).settle(settle)
                .tcpFloorPrincipals(tcpFloorPrincipals).principals(principals);
    }

    /**
     * Returns alpha, the weight of the new TCP measurement in eq. 1.
     *
     * @return alpha in (0, 1)
     */
    public double alpha() {
        return alpha;
    }

    /**
     * Returns beta, the weight of the new deviation in eq. 2.
     *
     * @return beta in (0, 1)
     */
    public double beta() {
        return beta;
    }

    /**
     * Returns the hysteresis margin: how far outside the band, as a fraction of the predicted TCP
     * per-flow average W_{k+1}/n, the UDP average may stray before a fair CFS is reallocated.
     *
     * @return margin in [0, 1)
     */
    public double hysteresis() {
        return hysteresis;
    }

    /**
     * Returns the noise floor: band excursions smaller than this are ignored and no allocation is
     * set below it.
     *
     * @return floor in bit/s, at least 0
     */
    public double noiseFloorBps() {
        return noiseFloorBps;
    }

    /**
     * Returns how many consecutive periods a missing sample is replaced by the flow's last one.
     *
     * @return count, at least 0
     */
    public int maxMissingPeriods() {
        return maxMissingPeriods;
    }

    /**
     * Tells whether a set at its max-min allocation settles (docs/algorithm.md, "Settling"): the band
     * test leaves out the UDP flows whose demand is below the band's lower bound, which no limit can
     * bring into the band, and Algorithm 1 limits every UDP flow at the water level L rather than a
     * flow that wants less at its measured demand. Off in the paper's configuration.
     *
     * @return true to settle
     */
    public boolean settle() {
        return settle;
    }

    /**
     * Returns K of the TCP floor: however many principals a set's unresponsive UDP counts, its TCP flows
     * (and the UDP flows counted with them) together keep at least n / (n + K) of the bandwidth FUDPA
     * distributes, what they would get if that UDP were K principals. 0: no floor (the paper).
     *
     * @return K, 0 for none
     */
    public int tcpFloorPrincipals() {
        return tcpFloorPrincipals;
    }

    /**
     * Tells whether a set is shared among its UDP flows' principals first ({@link FlowSample#withPrincipal});
     * false: per 5-tuple, as the paper, whatever principal a sample names.
     *
     * @return true to share among principals
     */
    public boolean principals() {
        return principals;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FudpaConfig)) {
            return false;
        }
        FudpaConfig that = (FudpaConfig) o;
        return Double.compare(alpha, that.alpha) == 0 && Double.compare(beta, that.beta) == 0
                && Double.compare(hysteresis, that.hysteresis) == 0 && settle == that.settle
                && Double.compare(noiseFloorBps, that.noiseFloorBps) == 0
                && maxMissingPeriods == that.maxMissingPeriods && tcpFloorPrincipals == that.tcpFloorPrincipals
                && principals == that.principals;
    }

    @Override
    public int hashCode() {
        return Objects.hash(alpha, beta, hysteresis, noiseFloorBps, maxMissingPeriods, settle, tcpFloorPrincipals,
                principals);
    }

    @Override
    public String toString() {
        return "FudpaConfig{alpha=" + alpha + ", beta=" + beta + ", hysteresis=" + hysteresis
                + ", noiseFloorBps=" + noiseFloorBps + ", maxMissingPeriods=" + maxMissingPeriods + ", settle=" + settle
                + ", tcpFloorPrincipals=" + tcpFloorPrincipals + ", principals=" + principals + "}";
    }

    /**
     * Builds a {@link FudpaConfig}; {@link #build()} refuses a bad value and names its field.
     */
    public static final class Builder {
        private double alpha = DEFAULT_ALPHA;
        private double beta = DEFAULT_BETA;
        private double hysteresis = DEFAULT_HYSTERESIS;
        private double noiseFloorBps = DEFAULT_NOISE_FLOOR_BPS;
        private int maxMissingPeriods = DEFAULT_MAX_MISSING_PERIODS;
        private boolean settle = true;
        private int tcpFloorPrincipals = DEFAULT_TCP_FLOOR_PRINCIPALS;
        private boolean principals = true;

        private Builder() {
        }

        /**
         * Sets whether a set is shared among principals first.
         *
         * @param value false for the paper's per-5-tuple sharing
         * @return this builder
         */
        public Builder principals(boolean value) {
            this.principals = value;
            return this;
        }

        /**
         * Sets K of the TCP floor.
         *
         * @param value 0 for no floor, else 1..{@value #MAX_TCP_FLOOR_PRINCIPALS}
         * @return this builder
         */
        public Builder tcpFloorPrincipals(int value) {
            this.tcpFloorPrincipals = value;
            return this;
        }

        /**
         * Sets whether a set at its max-min allocation settles.
         *
         * @param value false for the paper's band test and allocations
         * @return this builder
         */
        public Builder settle(boolean value) {
            this.settle = value;
            return this;
        }

        /**
         * Sets alpha (eq. 1).
         *
         * @param value in (0, 1)
         * @return this builder
         */
        public Builder alpha(double value) {
            this.alpha = value;
            return this;
        }

        /**
         * Sets beta (eq. 2).
         *
         * @param value in (0, 1)
         * @return this builder
         */
        public Builder beta(double value) {
            this.beta = value;
            return this;
        }

        /**
         * Sets the hysteresis margin.
         *
         * @param value in [0, 1)
         * @return this builder
         */
        public Builder hysteresis(double value) {
            this.hysteresis = value;
            return this;
        }

        /**
         * Sets the noise floor.
         *
         * @param value bit/s, finite and at least 0
         * @return this builder
         */
        public Builder noiseFloorBps(double value) {
            this.noiseFloorBps = value;
            return this;
        }

        /**
         * Sets how many periods a missing sample is carried forward.
         *
         * @param value at least 0
         * @return this builder
         */
        public Builder maxMissingPeriods(int value) {
            this.maxMissingPeriods = value;
            return this;
        }

        /**
         * Validates and builds.
         *
         * @return the configuration
         * @throws IllegalArgumentException naming the first bad field, e.g. {@code alpha: must be > 0 and < 1}
         */
        public FudpaConfig build() {
            if (!(alpha > 0 && alpha < 1)) {
                throw new IllegalArgumentException("alpha: must be > 0 and < 1 (paper eq. 1), was " + alpha);
            }
            if (!(beta > 0 && beta < 1)) {
                throw new IllegalArgumentException("beta: must be > 0 and < 1 (paper eq. 2), was " + beta);
            }
            if (!(hysteresis >= 0 && hysteresis < 1)) {
                throw new IllegalArgumentException("hysteresis: must be >= 0 and < 1, was " + hysteresis);
            }
            if (!(noiseFloorBps >= 0 && noiseFloorBps < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("noiseFloorBps: must be a finite number >= 0, was "
                        + noiseFloorBps);
            }
            if (maxMissingPeriods < 0) {
                throw new IllegalArgumentException("maxMissingPeriods: must be >= 0, was " + maxMissingPeriods);
            }
            if (tcpFloorPrincipals < 0 || tcpFloorPrincipals > MAX_TCP_FLOOR_PRINCIPALS) {
                throw new IllegalArgumentException("tcpFloorPrincipals: must be 0 (no floor) to "
                        + MAX_TCP_FLOOR_PRINCIPALS + ", was " + tcpFloorPrincipals);
            }
            return new FudpaConfig(this);
        }
    }
}
