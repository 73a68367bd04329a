// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

/**
 * Jain's fairness index, the paper's Eq. (4): (Σx)² / (n·Σx²) over the flows' throughputs.
 * 1 when every flow gets the same, 1/n when one flow gets everything. The one implementation:
 * the app's CFS views use it, and the lab's Python analysis is checked against it on a shared
 * fixture ({@code algorithm/src/test/resources/org/fudp/algorithm/jain-fixture.json}).
 */
public final class JainIndex {

    private double sum;
    private double sumOfSquares;
    private int n;

    /**
     * Adds one flow's throughput.
     *
     * @param value throughput, any unit, &gt;= 0
     * @return this
     */
    public JainIndex add(double value) {
        sum += value;
        sumOfSquares += value * value;
        n++;
        return this;
    }

    /**
     * Returns the index over the values added.
     *
     * @return in [1/n, 1]; NaN when no value was added or all were 0 (nothing to share)
     */
    public double value() {
        return n == 0 || sumOfSquares == 0 ? Double.NaN : sum * sum / (n * sumOfSquares);
    }

    /**
     * Returns the index of some values.
     *
     * @param values throughputs
     * @return the index, NaN for no values or all zero
     */
    public static double of(double... values) {
        JainIndex j = new JainIndex();
        for (double v : values) {
            j.add(v);
        }
        return j.value();
    }
}
