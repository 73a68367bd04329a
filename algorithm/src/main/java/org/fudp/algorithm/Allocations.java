// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The rate limits in force for a CFS's UDP flows: flow id to allocation B_f in bit/s.
 *
 * <p>Immutable, and compact (two arrays) because a controller keeps one per CFS and reuses it
 * unchanged for every period that needs no reallocation. Iterate with {@link #size()},
 * {@link #flowId(int)} and {@link #rateBps(int)}, or use the map view.
 */
public final class Allocations {

    private static final Allocations EMPTY = new Allocations(new String[0], new double[0]);

    private final String[] flowIds;
    private final double[] ratesBps;
    private volatile Map<String, Double> map;

    // Takes ownership of the arrays: callers in this package never change them afterwards.
    Allocations(String[] flowIds, double[] ratesBps) {
        this.flowIds = flowIds;
        this.ratesBps = ratesBps;
    }

    /**
     * Returns the empty allocation set: no UDP flow is limited.
     *
     * @return empty allocations
     */
    public static Allocations empty() {
        return EMPTY;
    }

    /**
     * Returns allocations holding the given limits, in the map's iteration order.
     *
     * @param ratesBps flow id to rate in bit/s, each finite and at least 0
     * @return allocations
     * @throws IllegalArgumentException if a rate is negative or not finite
     */
    public static Allocations of(Map<String, Double> ratesBps) {
        String[] ids = new String[ratesBps.size()];
        double[] rates = new double[ids.length];
        int i = 0;
        for (Map.Entry<String, Double> e : ratesBps.entrySet()) {
            double r = e.getValue();
            if (!(r >= 0 && r < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("allocation of '" + e.getKey()
                        + "': must be a finite number >= 0, was " + r);
            }
            ids[i] = Objects.requireNonNull(e.getKey(), "flow id");
            rates[i++] = r;
        }
        return new Allocations(ids, rates);
    }

    /**
     * Returns the number of limited flows.
     *
     * @return count
     */
    public int size() {
        return flowIds.length;
    }

    /**
     * Tells whether no flow is limited.
     *
     * @return true if empty
     */
    public boolean isEmpty() {
        return flowIds.length == 0;
    }

    /**
     * Returns the id of the i-th limited flow.
     *
     * @param i index in [0, size())
     * @return flow id
     */
    public String flowId(int i) {
        return flowIds[i];
    }

    /**
     * Returns the allocation of the i-th limited flow.
     *
     * @param i index in [0, size())
     * @return rate in bit/s
     */
    public double rateBps(int i) {
        return ratesBps[i];
    }

    /**
     * Returns a flow's allocation.
     *
     * @param flowId flow id
     * @return rate in bit/s, empty when the flow is not limited
     */
    public OptionalDouble rateOf(String flowId) {
        Double r = asMap().get(flowId);
        return r == null ? OptionalDouble.empty() : OptionalDouble.of(r);
    }

    /**
     * Returns the sum of all allocations.
     *
     * @return bit/s
     */
    public double totalBps() {
        double sum = 0;
        for (double r : ratesBps) {
            sum += r;
        }
        return sum;
    }

    /**
     * Returns an unmodifiable map view, flow id to bit/s, in this object's order.
     *
     * @return map
     */
    public Map<String, Double> asMap() {
        Map<String, Double> m = map;
        if (m == null) {
            LinkedHashMap<String, Double> built = new LinkedHashMap<>(flowIds.length * 2);
            for (int i = 0; i < flowIds.length; i++) {
                built.put(flowIds[i], ratesBps[i]);
            }
            m = Collections.unmodifiableMap(built);
            map = m;
        }
        return m;
    }

    /**
     * Returns the allocations of those flows whose id is in {@code members}.
     *
     * @param members ids of the flows still in the CFS
     * @return this object if nothing is dropped, else a filtered copy
     */
    Allocations retainOnly(Set<String> members) {
        int kept = 0;
        for (String id : flowIds) {
            if (members.contains(id)) {
                kept++;
            }
        }
        if (kept == flowIds.length) {
            return this;
        }
        String[] ids = new String[kept];
        double[] rates = new double[kept];
        int j = 0;
        for (int i = 0; i < flowIds.length; i++) {
            if (members.contains(flowIds[i])) {
                ids[j] = flowIds[i];
                rates[j++] = ratesBps[i];
            }
        }
        return new Allocations(ids, rates);
    }

    /**
     * Tells whether a flow limited at a rate is held there: it measures at most 10 % above its limit,
     * the noise of a rate over a short window with counters up to 100 ms stale.
     *
     * @param limitBps the flow's limit
     * @param measuredBps its measured rate
     * @return true if the limit holds it
     */
    public static boolean holds(double limitBps, double measuredBps) {
        return measuredBps <= limitBps * 1.1;
    }

    /**
     * Tells whether other limits the same flows to rates within a margin of these.
     *
     * @param other the other allocations
     * @param marginBps how far a rate may differ, bit/s
     * @return false if either limits a flow the other does not, or a rate differs by more
     */
    boolean within(Allocations other, double marginBps) {
        if (flowIds.length != other.flowIds.length || flowIds.length == 0) {
            return false;
        }
        Map<String, Double> mine = asMap();
        for (int i = 0; i < other.flowIds.length; i++) {
            Double r = mine.get(other.flowIds[i]);
            if (r == null || Math.abs(r - other.ratesBps[i]) > marginBps) {
                return false;
            }
        }
        return true;
    }

    // Equal when the same flows are limited to the same rates, in any order.
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Allocations)) {
            return false;
        }
        Allocations that = (Allocations) o;
        return flowIds.length == that.flowIds.length && asMap().equals(that.asMap());
    }

    @Override
    public int hashCode() {
        return asMap().hashCode();
    }

    @Override
    public String toString() {
        return asMap().toString();
    }
}
