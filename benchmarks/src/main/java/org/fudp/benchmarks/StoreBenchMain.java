// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import org.fudp.api.FudpStore;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.RunnerException;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs {@link StorePublishBenchmark} for both stores at 10^4 and 10^5 flows and prints a Markdown
 * table (the one in docs/performance.md): time and allocation per period from JMH, and the bytes
 * the distributed store's writes encode per period, counted here outside JMH (it is the same
 * every period once the histories are full).
 *
 * <p>Arguments: none for the standard run (about 3 minutes on 2 cores), {@code quick} for a smoke
 * run.
 */
public final class StoreBenchMain {

    private StoreBenchMain() {
    }

    /**
     * Entry point.
     *
     * @param args optional {@code quick}
     * @throws RunnerException if JMH fails
     * @throws java.net.UnknownHostException never: the workloads' addresses are literal
     */
    public static void main(String[] args) throws RunnerException, java.net.UnknownHostException {
        boolean quick = args.length > 0 && args[0].equals("quick");
        Collection<RunResult> results = BenchMain.run(quick, StorePublishBenchmark.class.getSimpleName(), Map.of(), 2);
        StringBuilder s = new StringBuilder();
        s.append("| flows | store | period (ms) | allocated per period (MB) | encoded per period (MB) "
                + "| encoded per flow (B) |\n");
        s.append("|---:|---|---:|---:|---:|---:|\n");
        for (RunResult r : results) {
            int flows = Integer.parseInt(r.getParams().getParam("flows"));
            String store = r.getParams().getParam("store");
            double error = r.getPrimaryResult().getScoreError();
            Result<?> alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
            long bytes = store.equals("distributed") ? bytesPerPeriod(flows).values().stream()
                    .mapToLong(Long::longValue).sum() : 0;
            s.append(String.format(Locale.ROOT, "| %d | %s | %.1f ± %.1f | %.1f | %s | %s |%n", flows, store,
                    r.getPrimaryResult().getScore(), Double.isNaN(error) ? 0 : error,
                    alloc == null ? Double.NaN : alloc.getScore() / 1e6,
                    bytes == 0 ? "–" : String.format(Locale.ROOT, "%.2f", bytes / 1e6),
                    bytes == 0 ? "–" : String.format(Locale.ROOT, "%.0f", (double) bytes / flows)));
        }
        s.append("\n| flows | map | encoded per period (kB) |\n|---:|---|---:|\n");
        for (int flows : new int[] {10_000, 100_000}) {
            bytesPerPeriod(flows).forEach((map, b) -> s.append(String.format(Locale.ROOT, "| %d | %s | %.1f |%n",
                    flows, map, b / 1e3)));
        }
        Collection<RunResult> checkpoints = BenchMain.run(quick, CheckpointBenchmark.class.getSimpleName(), Map.of(),
                2);
        s.append("\n| flows | checkpoint change | period (ms) | encoded per period (kB) |\n|---:|---|---:|---:|\n");
        for (RunResult r : checkpoints) {
            int flows = Integer.parseInt(r.getParams().getParam("flows"));
            String change = r.getParams().getParam("change");
            double error = r.getPrimaryResult().getScoreError();
            s.append(String.format(Locale.ROOT, "| %d | %s | %.1f ± %.1f | %.1f |%n", flows, change,
                    r.getPrimaryResult().getScore(), Double.isNaN(error) ? 0 : error,
                    CheckpointBenchmark.bytesPerPeriod(flows, change.equals("limits")) / 1e3));
        }
        System.out.println();
        System.out.println(s);
    }

    /**
     * Counts the bytes one period encodes per map, once the histories are full.
     *
     * @param flows number of flows
     * @return map name to bytes, the mean of the two alternating periods
     */
    static Map<String, Long> bytesPerPeriod(int flows) {
        StoreWorkload w = StoreWorkload.build(flows, 42);
        CountingStorageService storage = new CountingStorageService();
        FudpStore store = StoreWorkload.store("distributed", storage);
        for (int p = 0; p <= StoreWorkload.HISTORY; p++) {
            w.publish(store, p & 1);
        }
        storage.flush();
        Map<String, Long> before = storage.bytesByMap();
        w.publish(store, 1);
        w.publish(store, 0);
        storage.flush();
        Map<String, Long> out = new TreeMap<>();
        storage.bytesByMap().forEach((map, b) -> out.put(map, (b - before.get(map)) / 2));
        return out;
    }
}
