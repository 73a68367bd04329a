// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Remembers each member flow's last usable sample for one period, so that a sample missing this
 * period can be replaced by the last one for up to {@code maxMissingPeriods} periods, and tells
 * whether the membership changed since the previous period.
 *
 * <p>It keeps a reference to the previous period's (immutable) sample list plus, in the same
 * order, the resolved rates in primitive arrays split in two halves (this period, last period)
 * that swap by index. Nothing per flow is copied by reference and a period stores one reference:
 * at a million flows, reference stores into long-lived objects cost more in GC write barriers and
 * card scanning than the whole algorithm. A flow is looked up by position first and by id only
 * when the order changed.
 */
final class SampleMemory {

    private final int maxMissingPeriods;

    private List<FlowSample> prevSamples = List.of();
    private Map<String, Integer> prevIndex;
    // [cur, prev] halves: rate and demand resolved (NaN = unusable), and missed periods in a row.
    private double[] rate = new double[0];
    private double[] demand = new double[0];
    private int[] missed = new int[0];
    private int capacity;
    private int cur;
    private int prev;

    private double resolvedRate;
    private double resolvedDemand;

    SampleMemory(int maxMissingPeriods) {
        this.maxMissingPeriods = maxMissingPeriods;
    }

    /**
     * Starts a period.
     *
     * @param size number of samples this period
     */
    void begin(int size) {
        if (capacity < size) {
            int cap = Math.max(size, capacity * 2);
            double[] r = new double[2 * cap];
            double[] d = new double[2 * cap];
            int[] m = new int[2 * cap];
            int n = prevSamples.size();
            System.arraycopy(rate, prev, r, cap, n);
            System.arraycopy(demand, prev, d, cap, n);
            System.arraycopy(missed, prev, m, cap, n);
            rate = r;
            demand = d;
            missed = m;
            capacity = cap;
            cur = 0;
            prev = cap;
        }
        prevIndex = null;
    }

    /**
     * Records the i-th sample and resolves its rate and demand: the sample's own when measured,
     * else the flow's last usable ones if it has been missing for fewer than the allowed periods,
     * else NaN. Read the result with {@link #rate()} and {@link #demand()}.
     *
     * @param i position in this period's samples
     * @param sample the sample
     */
    void record(int i, FlowSample sample) {
        int missedNow = 0;
        if (sample.hasRate()) {
            resolvedRate = sample.rateBps();
            resolvedDemand = sample.demandBps();
        } else {
            int j = previousIndexOf(i, sample.flowId());
            int missedBefore = j < 0 ? 0 : missed[prev + j];
            if (j >= 0 && missedBefore < maxMissingPeriods && !Double.isNaN(rate[prev + j])) {
                resolvedRate = rate[prev + j];
                resolvedDemand = demand[prev + j];
            } else {
                resolvedRate = Double.NaN;
                resolvedDemand = Double.NaN;
            }
            missedNow = missedBefore + 1;
        }
        rate[cur + i] = resolvedRate;
        demand[cur + i] = resolvedDemand;
        missed[cur + i] = missedNow;
    }

    private int previousIndexOf(int i, String id) {
        if (i < prevSamples.size() && id.equals(prevSamples.get(i).flowId())) {
            return i;
        }
        if (prevIndex == null) {
            prevIndex = new HashMap<>(prevSamples.size() * 2);
            for (int k = 0; k < prevSamples.size(); k++) {
                prevIndex.put(prevSamples.get(k).flowId(), k);
            }
        }
        Integer j = prevIndex.get(id);
        return j == null ? -1 : j;
    }

    /**
     * Returns the rate resolved by the last {@link #record} call.
     *
     * @return bit/s, NaN when unusable
     */
    double rate() {
        return resolvedRate;
    }

    /**
     * Returns the demand resolved by the last {@link #record} call.
     *
     * @return bit/s, NaN when unknown
     */
    double demand() {
        return resolvedDemand;
    }

    /**
     * Tells whether this period's members are the previous period's, in the same order.
     *
     * @param samples this period's samples
     * @return true if the flow ids are the same, position by position
     */
    boolean sameMembers(List<FlowSample> samples) {
        if (samples == prevSamples) {
            return true;
        }
        int size = samples.size();
        if (size != prevSamples.size()) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (!samples.get(i).flowId().equals(prevSamples.get(i).flowId())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Ends the period: this period becomes the previous one.
     *
     * @param samples this period's samples
     */
    void end(List<FlowSample> samples) {
        prevSamples = samples;
        int t = cur;
        cur = prev;
        prev = t;
        prevIndex = null;
    }
}
