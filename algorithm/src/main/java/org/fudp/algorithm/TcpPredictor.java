// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

/**
 * Predicts a CFS's TCP aggregate W and its deviation D, paper section 4.2.1.
 *
 * <p>Each call to {@link #update} takes the period's measured TCP total W(f_T) and applies
 * eq. 1 and eq. 2 to turn (W_k, D_k) into (W_{k+1}, D_{k+1}). The first update after
 * construction or {@link #reset()} starts the recurrences with W_0 = W(f_T) and D_0 = 0, so it
 * yields W_1 = W(f_T) and D_1 = 0. Not thread-safe.
 */
public final class TcpPredictor {

    private final double alpha;
    private final double beta;
    private boolean started;
    private double predictedBps;
    private double deviationBps;

    /**
     * Creates a predictor that has seen nothing yet.
     *
     * @param alpha weight of the new measurement in eq. 1, in (0, 1)
     * @param beta weight of the new deviation in eq. 2, in (0, 1)
     * @throws IllegalArgumentException if alpha or beta is out of range
     */
    public TcpPredictor(double alpha, double beta) {
        FudpaConfig.builder().alpha(alpha).beta(beta).build();
        this.alpha = alpha;
        this.beta = beta;
    }

    /**
     * Feeds one period's measured TCP total.
     *
     * @param measuredTcpBps W(f_T), the sum of the TCP flows' measured rates, bit/s
     */
    public void update(double measuredTcpBps) {
        if (!started) {
            predictedBps = measuredTcpBps;
            deviationBps = 0;
            started = true;
        }
        double previous = predictedBps;
        // Eq. 2 uses W_k, the prediction before this period's update.
        deviationBps = (1 - beta) * deviationBps + beta * Math.abs(measuredTcpBps - previous);
        // Eq. 1.
        predictedBps = (1 - alpha) * previous + alpha * measuredTcpBps;
    }

    /**
     * Takes up a prediction made elsewhere (another controller instance), as if this predictor
     * had made it.
     *
     * @param predicted W, bit/s
     * @param deviation D, bit/s
     */
    void resume(double predicted, double deviation) {
        predictedBps = predicted;
        deviationBps = deviation;
        started = true;
    }

    /**
     * Forgets everything; the next update starts afresh as for a new CFS.
     */
    public void reset() {
        started = false;
        predictedBps = 0;
        deviationBps = 0;
    }

    /**
     * Tells whether an update has been made since construction or the last reset.
     *
     * @return true once W and D hold predictions
     */
    public boolean isStarted() {
        return started;
    }

    /**
     * Returns the latest prediction W_{k+1}.
     *
     * @return bit/s, 0 before the first update
     */
    public double predictedBps() {
        return predictedBps;
    }

    /**
     * Returns the latest deviation D_{k+1}.
     *
     * @return bit/s, 0 before the first update
     */
    public double deviationBps() {
        return deviationBps;
    }
}
