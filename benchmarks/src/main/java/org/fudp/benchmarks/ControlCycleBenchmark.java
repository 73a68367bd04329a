// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * One FUDPA control cycle: one {@code CfsController.step} for every CFS, over all flows.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ControlCycleBenchmark {

    /** Total number of flows. */
    @Param({"1000", "10000", "100000", "1000000"})
    public int flows;

    /** Flows per CFS: "3", "1000" or "mixed" (log-uniform between 3 and 1000). */
    @Param({"3", "mixed", "1000"})
    public String cfsSize;

    /** "reallocate": every CFS runs Algorithm 1 every cycle; "steady": every CFS is in its band. */
    @Param({"reallocate"})
    public String mode;

    private Workload workload;
    private int period;

    /**
     * Builds the CFSs and their samples.
     */
    @Setup(Level.Trial)
    public void setUp() {
        workload = Workload.build(flows, cfsSize, mode.equals("reallocate"), 42);
    }

    /**
     * Steps every CFS once, alternating the two recorded periods.
     *
     * @return a value depending on every decision
     */
    @Benchmark
    public long cycle() {
        period ^= 1;
        return workload.cycle(period);
    }
}
