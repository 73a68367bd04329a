// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import org.fudp.algorithm.CfsController;
import org.fudp.algorithm.CfsInput;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FlowSample;
import org.fudp.algorithm.FudpaConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A population of CFSs and two periods of samples for them, built once per benchmark trial.
 *
 * <p>Each CFS has a third of its flows UDP (at least one) and the rest TCP (at least two). TCP
 * flows steadily send 50 Mbit/s, so the fairness band is [50, 50] Mbit/s; in period A the UDP
 * flows send 150-250 Mbit/s, in period B 0.5-1.5 Mbit/s. Alternating A and B puts every CFS
 * outside its band every period, so every step runs Algorithm 1: the worst case. In steady mode
 * both periods are A-like inside the band, so no step reallocates: the common case. UDP demands
 * are random (1-1000 Mbit/s) so sorting them is real work. Ids in A and B are equal but distinct
 * String objects, as when a caller builds fresh ids every period.
 */
final class Workload {

    private static final double M = 1e6;

    final CfsController[] controllers;
    final CfsInput[][] periods;

    private Workload(CfsController[] controllers, CfsInput[][] periods) {
        this.controllers = controllers;
        this.periods = periods;
    }

    /**
     * Builds a workload.
     *
     * @param flows total number of flows
     * @param cfsSize "3", "1000" or "mixed" (log-uniform between 3 and 1000 flows per CFS)
     * @param reallocate true for the worst case, false for the steady case
     * @param seed random seed
     * @return the workload, already stepped through two periods and checked
     */
    static Workload build(int flows, String cfsSize, boolean reallocate, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Integer> sizes = sizes(flows, cfsSize, random);
        CfsController[] controllers = new CfsController[sizes.size()];
        CfsInput[][] periods = new CfsInput[2][sizes.size()];
        int next = 0;
        for (int c = 0; c < sizes.size(); c++) {
            int size = sizes.get(c);
            int udp = Math.max(1, size / 3);
            String cfsId = "cfs-" + c;
            controllers[c] = new CfsController(cfsId, FudpaConfig.defaults());
            List<FlowSample> a = new ArrayList<>(size);
            List<FlowSample> b = new ArrayList<>(size);
            for (int f = 0; f < size; f++) {
                String id = "flow-" + (next++);
                if (f < size - udp) {
                    a.add(FlowSample.tcp(id, 50 * M));
                    b.add(FlowSample.tcp(new String(id), 50 * M));
                } else {
                    double demand = (1 + 999 * random.nextDouble()) * M;
                    double high = (150 + 100 * random.nextDouble()) * M;
                    double low = (0.5 + random.nextDouble()) * M;
                    double steady = (49 + 2 * random.nextDouble()) * M;
                    a.add(FlowSample.udp(id, reallocate ? high : steady, demand));
                    b.add(FlowSample.udp(new String(id), reallocate ? low : steady, demand));
                }
            }
            periods[0][c] = CfsInput.of(cfsId, size * 60 * M, a);
            periods[1][c] = CfsInput.of(cfsId, size * 60 * M, b);
        }
        Workload w = new Workload(controllers, periods);
        // Bring every controller past its first period, then check the workload does what it says.
        w.cycle(0);
        w.cycle(1);
        for (int p = 0; p < 2; p++) {
            for (int c = 0; c < controllers.length; c++) {
                Decision d = controllers[c].step(periods[p][c]);
                if (d.fair() == reallocate) {
                    throw new IllegalStateException("workload broken: CFS " + c + " " + d.explanation());
                }
            }
        }
        return w;
    }

    /**
     * Runs one control cycle: one step of every CFS.
     *
     * @param period 0 or 1
     * @return a value depending on every decision, so the work cannot be optimised away
     */
    long cycle(int period) {
        CfsInput[] in = periods[period];
        long sum = 0;
        for (int c = 0; c < controllers.length; c++) {
            Decision d = controllers[c].step(in[c]);
            sum += d.allocations().size() + d.period();
        }
        return sum;
    }

    private static List<Integer> sizes(int flows, String cfsSize, SplittableRandom random) {
        List<Integer> sizes = new ArrayList<>();
        int left = flows;
        while (left > 0) {
            int size;
            if (cfsSize.equals("mixed")) {
                size = (int) Math.round(Math.exp(Math.log(3) + random.nextDouble() * (Math.log(1000) - Math.log(3))));
            } else {
                size = Integer.parseInt(cfsSize);
            }
            size = Math.min(size, left);
            if (left - size < 3 && left - size > 0) {
                size = left;
            }
            sizes.add(size);
            left -= size;
        }
        return sizes;
    }
}
