// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.Map;
import java.util.Objects;

/**
 * What a {@link CfsController} needs to go on where it was on another controller instance: the
 * period number, the TCP predictor (W and D of eq. 1 and 2), the hysteresis of the fairness test
 * and the allocations in force. The memory of recent samples is not carried: it only bridges a
 * flow's missing samples, and a resumed controller sees fresh samples within a period.
 */
public final class ControllerState {

    private final long period;
    private final boolean predictorStarted;
    private final double predictedBps;
    private final double deviationBps;
    private final boolean wasFair;
    private final Map<String, Double> allocations;

    /**
     * Creates the state.
     *
     * @param period the next period's number
     * @param predictorStarted whether the predictor has a prediction
     * @param predictedBps W, bit/s
     * @param deviationBps D, bit/s
     * @param wasFair whether the last judged period was fair
     * @param allocations flow id to allocated rate, bit/s
     */
    public ControllerState(long period, boolean predictorStarted, double predictedBps, double deviationBps,
                           boolean wasFair, Map<String, Double> allocations) {
        this.period = period;
        this.predictorStarted = predictorStarted;
        this.predictedBps = predictedBps;
        this.deviationBps = deviationBps;
        this.wasFair = wasFair;
        this.allocations = Map.copyOf(Objects.requireNonNull(allocations, "allocations"));
    }

    /**
     * Returns the next period's number.
     *
     * @return period number
     */
    public long period() {
        return period;
    }

    /**
     * Tells whether the predictor has a prediction.
     *
     * @return true once a TCP total was measured
     */
    public boolean predictorStarted() {
        return predictorStarted;
    }

    /**
     * Returns W, the predicted TCP total.
     *
     * @return bit/s
     */
    public double predictedBps() {
        return predictedBps;
    }

    /**
     * Returns D, the predicted deviation.
     *
     * @return bit/s
     */
    public double deviationBps() {
        return deviationBps;
    }

    /**
     * Tells whether the last judged period was fair (the band test's hysteresis).
     *
     * @return true if fair
     */
    public boolean wasFair() {
        return wasFair;
    }

    /**
     * Returns the allocations in force.
     *
     * @return flow id to bit/s
     */
    public Map<String, Double> allocations() {
        return allocations;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ControllerState)) {
            return false;
        }
        ControllerState s = (ControllerState) o;
        return period == s.period && predictorStarted == s.predictorStarted
                && Double.compare(predictedBps, s.predictedBps) == 0
                && Double.compare(deviationBps, s.deviationBps) == 0 && wasFair == s.wasFair
                && allocations.equals(s.allocations);
    }

    @Override
    public int hashCode() {
        return Objects.hash(period, predictorStarted, predictedBps, deviationBps, wasFair, allocations);
    }

    @Override
    public String toString() {
        return "period " + period + ", W " + predictedBps + ", D " + deviationBps + (wasFair ? ", fair" : ", unfair")
                + ", " + allocations.size() + " allocations";
    }
}
