// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import org.fudp.api.FudpStore;
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
 * Publishing one control period's views and history records into a store: the in-memory
 * {@code SimpleFudpStore}, or {@code DistributedFudpStore} over maps that do the local work of
 * ONOS's eventually consistent maps and encode every update once (no network).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class StorePublishBenchmark {

    /** Number of flows. */
    @Param({"10000", "100000"})
    public int flows;

    /** "simple" or "distributed". */
    @Param({"simple", "distributed"})
    public String store;

    private StoreWorkload workload;
    private CountingStorageService storage;
    private FudpStore target;
    private int period;

    /**
     * Builds the periods and the store, and fills the histories so every period evicts.
     */
    @Setup(Level.Trial)
    public void setUp() {
        workload = StoreWorkload.build(flows, 42);
        storage = new CountingStorageService();
        target = StoreWorkload.store(store, storage);
        for (int p = 0; p <= StoreWorkload.HISTORY; p++) {
            workload.publish(target, p & 1);
        }
    }

    /**
     * Publishes the next period (the two built periods alternate) and encodes what is left of
     * its updates.
     *
     * @return the period published
     */
    @Benchmark
    public int publish() {
        period ^= 1;
        workload.publish(target, period);
        storage.flush();
        return period;
    }
}
