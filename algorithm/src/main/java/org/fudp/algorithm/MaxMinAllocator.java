// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.Arrays;

/**
 * Algorithm 1 of the paper: max-min fair distribution of a CFS's available bandwidth BW among
 * its UDP flows, with every TCP flow counted as a flow of unbounded demand.
 *
 * <p>The paper visits UDP flows in ascending order of demand B_d with y = n + m flows left and
 * gives each min(B_d, BW/y), then takes that from BW and decrements y. Once a flow's demand
 * exceeds BW/y, every later flow (whose demand is no smaller) gets the same BW/y: the share is
 * unchanged by taking BW/y from BW and one from y. So the result is min(B_d, L) for one level L,
 * which this class finds after one sort of the demands and then applies in the caller's order.
 * Flows with equal demands therefore get exactly equal allocations, whatever their order.
 */
public final class MaxMinAllocator {

    private MaxMinAllocator() {
    }

    /**
     * Distributes BW among UDP flows per Algorithm 1.
     *
     * @param availableBps BW in bit/s, finite and at least 0
     * @param tcpFlows n, the number of TCP flows sharing BW, at least 0
     * @param udpDemandsBps each UDP flow's demand B_d in bit/s, at least 0; positive infinity
     *        for a flow whose demand is unknown
     * @return each UDP flow's allocation B_f, in the order of {@code udpDemandsBps}
     * @throws IllegalArgumentException if an argument is out of range
     */
    public static double[] allocate(double availableBps, int tcpFlows, double[] udpDemandsBps) {
        if (!(availableBps >= 0 && availableBps < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("availableBps: must be a finite number >= 0, was " + availableBps);
        }
        if (tcpFlows < 0) {
            throw new IllegalArgumentException("tcpFlows: must be >= 0, was " + tcpFlows);
        }
        for (int i = 0; i < udpDemandsBps.length; i++) {
            if (!(udpDemandsBps[i] >= 0)) {
                throw new IllegalArgumentException("udpDemandsBps[" + i + "]: must be >= 0, was " + udpDemandsBps[i]);
            }
        }
        int m = udpDemandsBps.length;
        double[] sorted = Arrays.copyOf(udpDemandsBps, m);
        Arrays.sort(sorted);
        double level = level(availableBps, tcpFlows, sorted, m);
        double[] allocations = new double[m];
        for (int i = 0; i < m; i++) {
            allocations[i] = Math.min(udpDemandsBps[i], level);
        }
        return allocations;
    }

    /**
     * Returns the level L of Algorithm 1: each UDP flow gets min(B_d, L).
     *
     * @param availableBps BW in bit/s
     * @param tcpFlows n
     * @param sortedDemands the first {@code count} entries are the UDP demands, ascending
     * @param count m
     * @return L in bit/s; positive infinity when every UDP flow gets its demand
     */
    static double level(double availableBps, int tcpFlows, double[] sortedDemands, int count) {
        double remaining = availableBps;
        int y = tcpFlows + count;
        for (int i = 0; i < count; i++, y--) {
            double share = remaining / y;
            double demand = sortedDemands[i];
            if (demand > share) {
                return share;
            }
            remaining -= demand;
        }
        return Double.POSITIVE_INFINITY;
    }

    /**
     * Returns the level L of weighted max-min with minimums and caps (docs/algorithm.md,
     * "Policies"): each TCP flow gets L, and UDP flow j uses min(B_d, cap, max(min, w·L)); L is such
     * that together they use BW. Found by bisection, so flows with equal demand and policy get
     * exactly equal shares. When the minimums alone exceed BW, L is 0 (the minimums are honoured).
     *
     * @param availableBps BW in bit/s, finite and at least 0
     * @param tcpFlows n, at least 0 (0: the UDP flows share BW among themselves)
     * @param demands each UDP flow's demand B_d (positive infinity when unknown)
     * @param policies each UDP flow's policy, in the order of {@code demands}
     * @param count m
     * @return L in bit/s
     */
    static double weightedLevel(double availableBps, int tcpFlows, double[] demands, FlowPolicy[] policies,
                                int count) {
        double lo = 0;
        double hi = tcpFlows > 0 ? availableBps / tcpFlows : availableBps / smallestWeight(policies, count);
        for (int i = 0; i < 200 && lo < hi; i++) {
            double mid = lo + (hi - lo) / 2;
            if (mid <= lo || mid >= hi) {
                break;
            }
            double used = tcpFlows * mid;
            for (int j = 0; j < count; j++) {
                used += uses(demands[j], policies[j], mid);
            }
            if (used > availableBps) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return lo;
    }

    // At L = BW / (smallest weight) every flow's weighted share is at least BW: no higher L uses more.
    private static double smallestWeight(FlowPolicy[] policies, int count) {
        double w = Double.POSITIVE_INFINITY;
        for (int j = 0; j < count; j++) {
            w = Math.min(w, policies[j].weight());
        }
        return count == 0 ? 1 : w;
    }

    /**
     * Returns what a UDP flow uses at level L: its demand, or its weighted share held within its
     * minimum and cap, whichever is less.
     *
     * @param demand B_d
     * @param p the flow's policy
     * @param level L
     * @return bit/s
     */
    static double uses(double demand, FlowPolicy p, double level) {
        return Math.min(demand, limitAt(p, level));
    }

    /**
     * Returns a UDP flow's limit at level L: its weighted share, within its minimum and cap.
     *
     * @param p the flow's policy
     * @param level L
     * @return bit/s
     */
    static double limitAt(FlowPolicy p, double level) {
        return Math.min(p.capBps(), Math.max(p.minBps(), p.weight() * level));
    }

    /**
     * Returns what Algorithm 1 leaves for TCP: BW minus the sum of the UDP allocations.
     *
     * @param availableBps BW in bit/s
     * @param udpAllocationsBps the allocations B_f
     * @return bit/s, at least 0
     */
    public static double tcpRemainder(double availableBps, double[] udpAllocationsBps) {
        double used = 0;
        for (double a : udpAllocationsBps) {
            used += a;
        }
        return Math.max(0, availableBps - used);
    }
}
