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

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The yardstick: sorting as many random doubles as there are flows, with {@link Arrays#sort(double[])}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SortBaselineBenchmark {

    /** Number of doubles, one per flow. */
    @Param({"1000", "10000", "100000", "1000000"})
    public int flows;

    private double[] data;

    /**
     * Draws the doubles.
     */
    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom random = new SplittableRandom(42);
        data = new double[flows];
        for (int i = 0; i < flows; i++) {
            data[i] = random.nextDouble() * 1e9;
        }
    }

    /**
     * Sorts a fresh copy of the doubles.
     *
     * @return the sorted copy
     */
    @Benchmark
    public double[] sort() {
        double[] copy = data.clone();
        Arrays.sort(copy);
        return copy;
    }
}
