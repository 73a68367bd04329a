// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import org.fudp.loop.api.settings.LoopSettings;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The loop's churn soak (issue 15): new flows at a steady rate living 1-30 s, for some simulated
 * minutes, with the default period (5 s) and idle timeout (10 s); prints first the period's CPU
 * time and the packet-in path's rate at 10^3, 10^4 and 10^5 live flows, then one row per
 * simulated minute, then what must hold. Exits 1 if something did not hold.
 *
 * <p>Arguments: {@code [minutes [flowsPerSecond]]}, 10 and 10000 by default; {@code sizes} for the
 * first table only. Give the JVM room:
 * at 10^4 flows/s about 255,000 flows are live ({@code -Xmx2g} is plenty).
 */
public final class ChurnSoakMain {

    private static final long MINUTE_MS = 60_000;
    private static final long MIN_LIFE_MS = 1_000;
    private static final long MAX_LIFE_MS = 30_000;
    private static final double MS_PER_NS = 1e-6;

    private ChurnSoakMain() {
    }

    /**
     * Entry point.
     *
     * @param args optional minutes and flows per second
     */
    public static void main(String[] args) {
        LoopSettings settings = LoopSettings.defaults();
        System.out.println(sizes(settings));
        if (args.length > 0 && args[0].equals("sizes")) {
            return;
        }
        int minutes = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        double rate = args.length > 1 ? Double.parseDouble(args[1]) : 10_000;
        boolean ok = soak(settings, minutes, rate);
        System.exit(ok ? 0 : 1);
    }

    /**
     * Times, on fresh loops, learning 10^3, 10^4 and 10^5 flows from packet-ins and then the
     * periods over them (every flow sending), after one unreported round to warm the JIT up.
     *
     * @param settings the loop's settings
     * @return a Markdown table
     */
    static String sizes(LoopSettings settings) {
        StringBuilder s = new StringBuilder();
        s.append("| live flows | packet-ins (new flows) per CPU-second | period CPU ms, median of 5 | max "
                + "| checkpoint CPU ms |\n");
        s.append("|---:|---:|---:|---:|---:|\n");
        int[] sizes = {10_000, 1_000, 10_000, 100_000};
        for (int i = 0; i < sizes.length; i++) {
            int n = sizes[i];
            ChurnSoak soak = new ChurnSoak(settings, 0, MIN_LIFE_MS, MAX_LIFE_MS, 7);
            long learnNs = soak.learn(n);
            soak.takeStats();
            // Three periods bring the rate estimates and sets up; the next five are timed.
            soak.runUntil(3 * settings.periodMs());
            soak.takeStats();
            soak.runUntil(8 * settings.periodMs());
            List<Long> cpu = soak.takeStats().periodCpuNs;
            long checkpointNs = soak.checkpointCpuNs();
            if (i == 0) {
                continue;
            }
            s.append(String.format(Locale.ROOT, "| %d | %.0f | %.1f | %.1f | %.1f |%n", n, n / (learnNs * 1e-9),
                    median(cpu) * MS_PER_NS, Collections.max(cpu) * MS_PER_NS, checkpointNs * MS_PER_NS));
        }
        return s.toString();
    }

    private static boolean soak(LoopSettings settings, int minutes, double rate) {
        double expected = rate * ((MIN_LIFE_MS + MAX_LIFE_MS) / 2000.0 + settings.flowIdleTimeoutS());
        System.out.printf(Locale.ROOT, "Churn: %.0f new flows/s, life %d-%d s, idle timeout %d s, period %d ms: "
                + "expected live flows %.0f%n%n", rate, MIN_LIFE_MS / 1000, MAX_LIFE_MS / 1000,
                settings.flowIdleTimeoutS(), settings.periodMs(), expected);
        System.out.println("| minute | arrived | forgotten | loop's flows at end | on switch | min..max per period "
                + "| period CPU ms median | max | CPU µs per new flow | heap after GC MB |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        ChurnSoak soak = new ChurnSoak(settings, rate, MIN_LIFE_MS, MAX_LIFE_MS, 42);
        List<int[]> tables = new ArrayList<>();
        List<Double> periodMs = new ArrayList<>();
        List<Double> heapMb = new ArrayList<>();
        boolean accounted = true;
        for (int m = 1; m <= minutes; m++) {
            soak.runUntil(m * MINUTE_MS);
            ChurnSoak.Stats st = soak.takeStats();
            int table = soak.loopFlows();
            accounted &= table == soak.onSwitch() && soak.arrived() == table + soak.forgotten();
            System.gc();
            double heap = memory.getHeapMemoryUsage().getUsed() / 1e6;
            int min = Collections.min(st.periodFlows);
            int max = Collections.max(st.periodFlows);
            tables.add(new int[] {table, min, max});
            periodMs.add(median(st.periodCpuNs) * MS_PER_NS);
            heapMb.add(heap);
            System.out.printf(Locale.ROOT, "| %d | %d | %d | %d | %d | %d..%d | %.1f | %.1f | %.2f | %.0f |%n", m,
                    st.arrivals, st.forgotten, table, soak.onSwitch(), min, max, periodMs.get(m - 1),
                    Collections.max(st.periodCpuNs) * MS_PER_NS, st.packetInCpuNs * 1e-3 / st.arrivals, heap);
        }
        System.out.println();
        int last = minutes - 1;
        boolean holds = true;
        holds &= check(accounted && soak.mismatches() == 0, String.format(Locale.ROOT,
                "accounting: %d arrived = %d in the loop's table + %d forgotten by rule removal; mismatches %d %s",
                soak.arrived(), soak.loopFlows(), soak.forgotten(), soak.mismatches(), soak.firstMismatch()));
        if (minutes >= 2) {
            holds &= check(tables.get(last)[2] <= 1.1 * tables.get(0)[2], String.format(Locale.ROOT,
                    "flow table: last minute's largest %d <= 1.1 x first minute's %d (expected %.0f)",
                    tables.get(last)[2], tables.get(0)[2], expected));
            holds &= check(Math.abs(tables.get(last)[0] - expected) <= 0.1 * expected, String.format(Locale.ROOT,
                    "flow table at the end %d within 10%% of rate x (mean life + idle timeout) = %.0f",
                    tables.get(last)[0], expected));
            // The first minute fills the table (40 s to steady state) and warms the JIT up: the
            // second is the first steady one.
            int steady = minutes >= 3 ? 1 : 0;
            holds &= check(periodMs.get(last) <= 2 * periodMs.get(steady), String.format(Locale.ROOT,
                    "period CPU: last minute's median %.1f ms <= 2 x minute %d's %.1f ms",
                    periodMs.get(last), steady + 1, periodMs.get(steady)));
            holds &= check(heapMb.get(last) <= 1.25 * heapMb.get(steady), String.format(Locale.ROOT,
                    "heap after GC: last minute %.0f MB <= 1.25 x minute %d's %.0f MB",
                    heapMb.get(last), steady + 1, heapMb.get(steady)));
        }
        return holds;
    }

    private static boolean check(boolean holds, String what) {
        System.out.println((holds ? "HOLDS " : "FAILED ") + what);
        return holds;
    }

    private static double median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
