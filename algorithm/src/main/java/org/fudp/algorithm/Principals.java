// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One period's usable UDP samples of a CFS grouped by principal (docs/algorithm.md, "Principals"): the
 * units among which FUDPA judges and shares a set's bandwidth, and the split of a principal's allocation
 * among its flows.
 *
 * <p>A flow without a principal key is a principal of its own, the paper's rule. Flows of one principal
 * share its traffic class, so a key is qualified by the class name. Reused from period to period by one
 * controller.
 */
final class Principals {

    int count;
    /** Per principal: the sum of its flows' effective demands (positive infinity if any is unknown). */
    double[] demand = new double[0];
    /** Per principal: the sum of its flows' measured rates. */
    double[] rate = new double[0];
    /** Per principal: its flows' policy, minimums and caps summed over its flows. */
    FlowPolicy[] policy = new FlowPolicy[0];
    /** Per principal: how many of its flows were measured. */
    int[] size = new int[0];
    /** Per usable UDP sample j (PeriodTally's order): its principal. */
    int[] of = new int[0];
    private double[] minSum = new double[0];
    private double[] capSum = new double[0];
    private final Map<String, Integer> index = new HashMap<>();

    /**
     * Groups the usable UDP samples of a tally.
     *
     * @param samples the period's samples
     * @param t their tally
     * @param byPrincipal false: every flow a principal of its own, whatever its sample names (the paper)
     */
    void group(List<FlowSample> samples, PeriodTally t, boolean byPrincipal) {
        int m = t.udpFlows;
        if (of.length < m) {
            int cap = Math.max(m, of.length * 2);
            of = new int[cap];
            demand = new double[cap];
            rate = new double[cap];
            policy = new FlowPolicy[cap];
            size = new int[cap];
            minSum = new double[cap];
            capSum = new double[cap];
        }
        index.clear();
        count = 0;
        boolean merged = false;
        for (int j = 0; j < m; j++) {
            FlowSample s = samples.get(t.udpPosition[j]);
            int p = -1;
            if (byPrincipal && !s.ownPrincipal()) {
                Integer at = index.putIfAbsent(s.policy().className() + '\n' + s.principal(), count);
                if (at != null) {
                    p = at;
                    merged = true;
                }
            }
            if (p < 0) {
                p = count++;
                demand[p] = 0;
                rate[p] = 0;
                size[p] = 0;
                minSum[p] = 0;
                capSum[p] = 0;
                policy[p] = t.udpPolicy[j];
            }
            of[j] = p;
            demand[p] += t.udpDemand[j];
            rate[p] += t.udpRate[j];
            size[p]++;
            minSum[p] += t.udpPolicy[j].minBps();
            capSum[p] += t.udpPolicy[j].capBps();
        }
        if (merged && t.anyPolicy) {
            for (int p = 0; p < count; p++) {
                FlowPolicy f = policy[p];
                if (size[p] > 1 && !f.isPlain()) {
                    policy[p] = FlowPolicy.of(f.className(), f.weight(), minSum[p], capSum[p], false);
                }
            }
        }
    }

    /**
     * Returns W_a(f_U) over principals: the mean rate of a principal, each in TCP shares.
     *
     * @return bit/s, NaN when there is none
     */
    double average() {
        return averageDemandingAtLeast(Double.NEGATIVE_INFINITY);
    }

    /**
     * Returns the mean rate, in TCP shares, of the principals whose demand in TCP shares is at least
     * {@code minDemand}.
     *
     * @param minDemand bit/s
     * @return bit/s, NaN when there is none
     */
    double averageDemandingAtLeast(double minDemand) {
        double sum = 0;
        int c = 0;
        for (int p = 0; p < count; p++) {
            double w = policy[p].weight();
            if (demand[p] / w >= minDemand) {
                sum += rate[p] / w;
                c++;
            }
        }
        return c > 0 ? sum / c : Double.NaN;
    }

    /**
     * Returns the sum of the principals' demands.
     *
     * @return bit/s, positive infinity if any is unknown
     */
    double demandSum() {
        double sum = 0;
        for (int p = 0; p < count; p++) {
            sum += demand[p];
        }
        return sum;
    }

    /**
     * Splits each principal's allocation among its flows, max-min by their demands (Algorithm 1 within the
     * principal, no TCP counted), each limit then held within its flow's minimum and cap. With settling,
     * every flow is limited at the principal's level, and when all its flows' demands fit, each gets its
     * demand and an equal part of what is left, so a burst up to the principal's share is not clipped.
     *
     * @param t the tally
     * @param allocation per principal, bit/s
     * @param settle whether the set settles
     * @param rates filled with each usable UDP sample's limit, in the tally's order
     */
    void split(PeriodTally t, double[] allocation, boolean settle, double[] rates) {
        int m = t.udpFlows;
        if (count == m) {
            // Every principal one flow, as under the paper's rule: each takes its allocation as it is.
            for (int j = 0; j < m; j++) {
                rates[j] = allocation[of[j]];
            }
            return;
        }
        int[] start = new int[count + 1];
        for (int j = 0; j < m; j++) {
            start[of[j] + 1]++;
        }
        for (int p = 0; p < count; p++) {
            start[p + 1] += start[p];
        }
        int[] next = Arrays.copyOf(start, count);
        double[] sorted = new double[m];
        for (int j = 0; j < m; j++) {
            sorted[next[of[j]]++] = Math.min(t.udpDemand[j], t.udpPolicy[j].capBps());
        }
        double[] level = new double[count];
        double[] extra = new double[count];
        for (int p = 0; p < count; p++) {
            int n = start[p + 1] - start[p];
            if (n == 1) {
                continue;
            }
            Arrays.sort(sorted, start[p], start[p + 1]);
            double[] segment = Arrays.copyOfRange(sorted, start[p], start[p + 1]);
            level[p] = MaxMinAllocator.level(allocation[p], 0, segment, n);
            if (level[p] == Double.POSITIVE_INFINITY) {
                double used = 0;
                for (double d : segment) {
                    used += d;
                }
                extra[p] = Math.max(0, allocation[p] - used) / n;
            }
        }
        for (int j = 0; j < m; j++) {
            int p = of[j];
            if (size[p] == 1) {
                // A principal of one flow takes its allocation as it is.
                rates[j] = allocation[p];
                continue;
            }
            FlowPolicy f = t.udpPolicy[j];
            double d = Math.min(t.udpDemand[j], f.capBps());
            double limit;
            if (level[p] == Double.POSITIVE_INFINITY) {
                limit = settle ? d + extra[p] : d;
            } else {
                limit = settle ? level[p] : Math.min(d, level[p]);
            }
            rates[j] = Math.min(Math.max(limit, f.minBps()), f.capBps());
        }
    }
}
