// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.List;

/**
 * One period's samples of a CFS reduced to what FUDPA needs: the member counts, n and m, the TCP
 * and UDP sums and, for each usable UDP sample, its effective demand and position.
 *
 * <p>Reused from period to period by one controller, so that tallying allocates nothing.
 */
final class PeriodTally {

    int tcpMembers;
    int udpMembers;
    /** n: TCP flows with a usable sample. */
    int tcpFlows;
    /** m: UDP flows with a usable sample. */
    int udpFlows;
    int missing;
    /** W(f_T). */
    double tcpSum;
    /** The sum of W(f_Uj). */
    double udpSum;
    /** Effective demands B_d of the m usable UDP samples, in sample order. */
    double[] udpDemand = new double[0];
    /** Positions in the sample list of the m usable UDP samples, ascending. */
    int[] udpPosition = new int[0];
    /** Measured rates W(f_Uj) of the m usable UDP samples, in sample order. */
    double[] udpRate = new double[0];
    /** Policies of the m usable UDP samples, in sample order. */
    FlowPolicy[] udpPolicy = new FlowPolicy[0];
    /** Whether any usable UDP sample has a policy other than the paper's. */
    boolean anyPolicy;
    /** The measured rates of exempt UDP flows: never limited, but loading the bottleneck. */
    double exemptSum;
    /** Exempt UDP flows, measured or not. */
    int exemptMembers;

    /**
     * Tallies a period, resolving missing samples through the memory.
     *
     * @param samples this period's samples
     * @param memory the CFS's sample memory, already begun for this period
     */
    void collect(List<FlowSample> samples, SampleMemory memory) {
        int size = samples.size();
        if (udpDemand.length < size) {
            int cap = Math.max(size, udpDemand.length * 2);
            udpDemand = new double[cap];
            udpPosition = new int[cap];
            udpRate = new double[cap];
            udpPolicy = new FlowPolicy[cap];
        }
        tcpMembers = 0;
        udpMembers = 0;
        tcpFlows = 0;
        udpFlows = 0;
        missing = 0;
        tcpSum = 0;
        udpSum = 0;
        exemptSum = 0;
        exemptMembers = 0;
        anyPolicy = false;
        for (int i = 0; i < size; i++) {
            FlowSample s = samples.get(i);
            memory.record(i, s);
            if (!s.hasRate()) {
                missing++;
            }
            double rate = memory.rate();
            boolean usable = !Double.isNaN(rate);
            if (s.protocol() == Protocol.TCP) {
                tcpMembers++;
                if (usable) {
                    tcpFlows++;
                    tcpSum += rate;
                }
            } else if (s.policy().exempt()) {
                // Not a member FUDPA allocates to or judges: only its load counts.
                exemptMembers++;
                if (usable) {
                    exemptSum += rate;
                }
            } else {
                udpMembers++;
                if (usable) {
                    udpPolicy[udpFlows] = s.policy();
                    anyPolicy |= !s.policy().isPlain();
                    udpDemand[udpFlows] = effectiveDemand(rate, memory.demand());
                    udpPosition[udpFlows] = i;
                    udpRate[udpFlows] = rate;
                    udpFlows++;
                    udpSum += rate;
                }
            }
        }
    }

    // A UDP flow demonstrably offers at least its measured rate; an unknown demand is unbounded,
    // so such a flow is limited at the fair share and never below it.
    private static double effectiveDemand(double rate, double demand) {
        return Double.isNaN(demand) ? Double.POSITIVE_INFINITY : Math.max(demand, rate);
    }
}
