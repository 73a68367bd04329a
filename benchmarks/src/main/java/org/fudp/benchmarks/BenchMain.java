// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the control-cycle and sort benchmarks in one go and prints, per size, the cycle time
 * against the sort time as a Markdown table (the one in docs/performance.md).
 *
 * <p>Arguments: none for the standard run (a few minutes on 2 cores), {@code quick} for a smoke
 * run with fewer and shorter iterations.
 */
public final class BenchMain {

    private static final String[] FLOWS = {"1000", "10000", "100000", "1000000"};

    private BenchMain() {
    }

    /**
     * Entry point.
     *
     * @param args optional {@code quick}
     * @throws RunnerException if JMH fails
     */
    public static void main(String[] args) throws RunnerException {
        boolean quick = args.length > 0 && args[0].equals("quick");
        List<RunResult> results = new ArrayList<>();
        // Size by size, the sort right before the cycles it is compared with: the machine's load
        // drifts, and measurements close in time share it.
        for (String flows : FLOWS) {
            results.addAll(run(quick, SortBaselineBenchmark.class.getSimpleName(), Map.of("flows", flows), 1));
            results.addAll(run(quick, ControlCycleBenchmark.class.getSimpleName(),
                    Map.of("flows", flows, "mode", "reallocate"), 1));
            results.addAll(run(quick, ControlCycleBenchmark.class.getSimpleName(),
                    Map.of("flows", flows, "mode", "steady", "cfsSize", "mixed"), 1));
        }
        System.out.println();
        System.out.println(table(results));
        System.out.println(cpuTable(quick));
    }

    /**
     * Runs one benchmark class in one fork with the GC profiler: 3 warm-up and 5 measured
     * iterations ({@code quick}: 1 and 2).
     *
     * @param quick a smoke run
     * @param benchmark the benchmark class's simple name
     * @param params JMH parameters, the class's own for the others
     * @param seconds length of an iteration
     * @return results
     * @throws RunnerException if JMH fails
     */
    static Collection<RunResult> run(boolean quick, String benchmark, Map<String, String> params, int seconds)
            throws RunnerException {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("\\." + benchmark + "\\.")
                .forks(1)
                .jvmArgs("-Xms3g", "-Xmx3g")
                .warmupIterations(quick ? 1 : 3)
                .warmupTime(TimeValue.seconds(seconds))
                .measurementIterations(quick ? 2 : 5)
                .measurementTime(TimeValue.seconds(seconds))
                .addProfiler(GCProfiler.class);
        for (Map.Entry<String, String> p : params.entrySet()) {
            b.param(p.getKey(), p.getValue());
        }
        return new Runner(b.build()).run();
    }

    private static String table(List<RunResult> results) {
        Map<String, double[]> sort = new HashMap<>();
        for (RunResult r : results) {
            if (r.getParams().getBenchmark().contains("SortBaseline")) {
                sort.put(r.getParams().getParam("flows"), score(r));
            }
        }
        StringBuilder s = new StringBuilder();
        s.append("| flows | flows per CFS | CFSs reallocating | cycle (ms) | sort (ms) | cycle / sort "
                + "| allocated per flow (B) |\n");
        s.append("|---:|---|---|---:|---:|---:|---:|\n");
        for (RunResult r : results) {
            if (!r.getParams().getBenchmark().contains("ControlCycle")) {
                continue;
            }
            String flows = r.getParams().getParam("flows");
            double[] cycle = score(r);
            double[] base = sort.get(flows);
            Result<?> alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
            double bytesPerFlow = alloc == null ? Double.NaN : alloc.getScore() / Integer.parseInt(flows);
            s.append(String.format(Locale.ROOT, "| %s | %s | %s | %.3f ± %.3f | %.3f ± %.3f | %.2f | %.0f |%n",
                    flows, r.getParams().getParam("cfsSize"),
                    r.getParams().getParam("mode").equals("reallocate") ? "all" : "none",
                    cycle[0], cycle[1], base[0], base[1], cycle[0] / base[0], bytesPerFlow));
        }
        return s.toString();
    }

    private static String cpuTable(boolean quick) {
        StringBuilder s = new StringBuilder();
        s.append("| flows | flows per CFS | CFSs reallocating | median CPU-time ratio cycle / sort |\n");
        s.append("|---:|---|---|---:|\n");
        for (String flows : quick ? new String[] {"1000000"} : FLOWS) {
            for (String size : new String[] {"3", "mixed", "1000"}) {
                double r = PairedCpuCheck.medianRatio(Integer.parseInt(flows), size, true);
                s.append(String.format(Locale.ROOT, "| %s | %s | all | %.2f |%n", flows, size, r));
            }
            double steady = PairedCpuCheck.medianRatio(Integer.parseInt(flows), "mixed", false);
            s.append(String.format(Locale.ROOT, "| %s | mixed | none | %.2f |%n", flows, steady));
        }
        return s.toString();
    }

    private static double[] score(RunResult r) {
        double error = r.getPrimaryResult().getScoreError();
        return new double[] {r.getPrimaryResult().getScore(), Double.isNaN(error) ? 0 : error};
    }
}
