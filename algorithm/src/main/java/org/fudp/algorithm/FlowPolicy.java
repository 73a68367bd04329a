// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.Objects;

/**
 * What an operator's traffic class asks for a UDP flow (docs/algorithm.md, "Policies"): a weight
 * relative to a TCP flow's share, a guaranteed minimum, a cap, or exemption. A flow without a
 * class has {@link #NONE}: weight 1, no minimum, no cap, not exempt, which is the paper's FUDPA.
 */
public final class FlowPolicy {

    /** No class: the paper's treatment. */
    public static final FlowPolicy NONE = new FlowPolicy("", 1, 0, Double.POSITIVE_INFINITY, false);

    private final String className;
    private final double weight;
    private final double minBps;
    private final double capBps;
    private final boolean exempt;

    private FlowPolicy(String className, double weight, double minBps, double capBps, boolean exempt) {
        this.className = className;
        this.weight = weight;
        this.minBps = minBps;
        this.capBps = capBps;
        this.exempt = exempt;
    }

    /**
     * Returns a class's policy.
     *
     * @param className the class's name, for records and people
     * @param weight share relative to a TCP flow's, finite and &gt; 0
     * @param minBps guaranteed minimum limit in bit/s, finite and &gt;= 0 (0: none)
     * @param capBps the highest limit in bit/s, &gt; 0 and &gt;= minBps (positive infinity: none)
     * @param exempt never limited, but its traffic counts in the bottleneck's load
     * @return the policy
     * @throws IllegalArgumentException naming the first bad field
     */
    public static FlowPolicy of(String className, double weight, double minBps, double capBps, boolean exempt) {
        Objects.requireNonNull(className, "className");
        if (!(weight > 0 && weight < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("weight: must be a finite number > 0, was " + weight);
        }
        if (!(minBps >= 0 && minBps < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("minBps: must be a finite number >= 0, was " + minBps);
        }
        if (!(capBps > 0) || capBps < minBps) {
            throw new IllegalArgumentException("capBps: must be > 0 and at least minBps (" + minBps + "), was "
                    + capBps);
        }
        return new FlowPolicy(className, weight, minBps, capBps, exempt);
    }

    /**
     * Returns the class's name, empty for {@link #NONE}.
     *
     * @return name
     */
    public String className() {
        return className;
    }

    /**
     * Returns the weight: the flow's fair share is this many TCP flows' shares.
     *
     * @return weight
     */
    public double weight() {
        return weight;
    }

    /**
     * Returns the guaranteed minimum: no limit is set below it.
     *
     * @return bit/s, 0 for none
     */
    public double minBps() {
        return minBps;
    }

    /**
     * Returns the cap: no limit is set above it.
     *
     * @return bit/s, positive infinity for none
     */
    public double capBps() {
        return capBps;
    }

    /**
     * Tells whether flows of the class are never limited (their traffic still loads the bottleneck).
     *
     * @return exempt
     */
    public boolean exempt() {
        return exempt;
    }

    /**
     * Tells whether this is the paper's treatment, {@link #NONE} or its equal.
     *
     * @return true for weight 1, no minimum, no cap, not exempt
     */
    public boolean isPlain() {
        return weight == 1 && minBps == 0 && capBps == Double.POSITIVE_INFINITY && !exempt;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlowPolicy)) {
            return false;
        }
        FlowPolicy that = (FlowPolicy) o;
        return className.equals(that.className) && Double.compare(weight, that.weight) == 0
                && Double.compare(minBps, that.minBps) == 0 && Double.compare(capBps, that.capBps) == 0
                && exempt == that.exempt;
    }

    @Override
    public int hashCode() {
        return Objects.hash(className, weight, minBps, capBps, exempt);
    }

    @Override
    public String toString() {
        return "FlowPolicy{" + (className.isEmpty() ? "none" : className) + ", weight=" + weight + ", minBps=" + minBps
                + ", capBps=" + capBps + (exempt ? ", exempt" : "") + "}";
    }
}
