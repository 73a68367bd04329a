// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A second opinion beside JMH for a loaded machine: runs a control cycle and a sort of as many
 * doubles back to back on one thread, many times, and reports the median ratio of the thread's
 * CPU time. Wall-clock ratios swing with other processes' load; this ratio does not (GC and
 * JIT threads are not counted, which JMH's wall-clock figures do include).
 */
final class PairedCpuCheck {

    private static final int WARMUP = 6;
    private static final int REPS = 11;

    // Keeps the JIT from discarding the measured work.
    static volatile long consumed;

    private PairedCpuCheck() {
    }

    /**
     * Measures one workload.
     *
     * @param flows number of flows
     * @param cfsSize "3", "1000" or "mixed"
     * @param reallocate worst case (true) or steady case (false)
     * @return median CPU-time ratio cycle / sort
     */
    static double medianRatio(int flows, String cfsSize, boolean reallocate) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Workload w = Workload.build(flows, cfsSize, reallocate, 42);
        SplittableRandom random = new SplittableRandom(42);
        double[] data = new double[flows];
        for (int i = 0; i < flows; i++) {
            data[i] = random.nextDouble() * 1e9;
        }
        double[] ratios = new double[REPS];
        long sink = 0;
        for (int rep = -WARMUP; rep < REPS; rep++) {
            long t0 = mx.getCurrentThreadCpuTime();
            sink += w.cycle(rep & 1);
            long t1 = mx.getCurrentThreadCpuTime();
            double[] copy = data.clone();
            Arrays.sort(copy);
            sink += (long) copy[0];
            long t2 = mx.getCurrentThreadCpuTime();
            if (rep >= 0) {
                ratios[rep] = (double) (t1 - t0) / Math.max(1, t2 - t1);
            }
        }
        consumed = sink;
        Arrays.sort(ratios);
        return ratios[REPS / 2];
    }
}
