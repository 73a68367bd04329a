// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Flow churn on the loop, short (the 10-minute soak at 10^4 flows/s is
 * {@code org.fudp.benchmarks.ChurnSoakMain}): 400 new flows a second living 1-30 s for 150
 * simulated seconds, the default period (5 s) and idle timeout (10 s), ticks every second. A
 * flow's rules idle out 10 s after its last packet and the host reports each as removed. The
 * loop's flow table must follow the flows whose rules are on the switch exactly, settle at
 * rate x (mean life + idle timeout) and not grow after. The bottlenecks have room for the churn (100
 * Gbit/s), as a carrier's provisioned links do: a TCP flow that stops has ended, and no UDP flood
 * keeps it as starved ({@code UdpPressure}). Whether a period costs more later than
 * earlier is a CPU-time question, and unit tests assert none: {@code ChurnSoakMain} measures it.
 */
class ChurnSoakTest {

    private static final int FLOWS_PER_S = 400;
    private static final long MIN_LIFE_MS = 1_000;
    private static final long MAX_LIFE_MS = 30_000;
    private static final long END_MS = 150_000;
    /** Steady from 40 s (longest life + idle timeout); the two halves after it are compared. */
    private static final long STEADY_MS = 40_000;
    private static final long SPLIT_MS = 95_000;

    private final LoopHarness h = new LoopHarness();
    private final LoopSettings settings = h.loop.settings();
    /** Live rules' keys by flow, and each flow's first key, start, stop. */
    private final Map<FiveTuple, long[]> onSwitch = new HashMap<>();
    /** Flows by the second their rules idle out. */
    private final Map<Long, ArrayDeque<FiveTuple>> idleOutAt = new HashMap<>();
    private long arrived;
    private long forgotten;

    @Test
    void churnKeepsTheTableBoundedAndEveryFlowAccountedFor() {
        h.capacity(100_000_000_000L);
        // The churn is the table's own measure here, not the switch's: no budget stops it.
        h.loop.setBudget(0, LoopHarness.S1, new FlowBudget(Integer.MAX_VALUE, Integer.MAX_VALUE));
        SplittableRandom random = new SplittableRandom(15);
        long idleMs = settings.flowIdleTimeoutS() * 1000L;
        List<long[]> periods = new ArrayList<>();
        long end = h.now + END_MS;
        for (long ms = h.now + 1; ms <= end; ms++) {
            long t = ms - LoopHarness.T0;
            h.now = ms;
            while (arrived * 1000 < t * FLOWS_PER_S) {
                arrive(random.nextLong(MIN_LIFE_MS, MAX_LIFE_MS + 1), idleMs);
            }
            idleOut(ms);
            if (t % 1000 == 0) {
                h.loop.tick(ms);
            }
            if (t % settings.periodMs() == 0) {
                List<RuleCounter> read = counters(ms);
                Actions a = h.loop.period(ms, read);
                // A period publishes a view of every flow the loop tracks: that is its table.
                int table = a.flows().size();
                assertEquals(onSwitch.size(), table, "the loop's flows against the switch's at " + t);
                assertEquals(arrived, table + forgotten, "arrived = tracked + forgotten at " + t);
                periods.add(new long[] {t, table});
            }
        }
        double expected = FLOWS_PER_S * ((MIN_LIFE_MS + MAX_LIFE_MS) / 2000.0 + settings.flowIdleTimeoutS());
        List<long[]> first = new ArrayList<>();
        List<long[]> second = new ArrayList<>();
        for (long[] p : periods) {
            if (p[0] >= STEADY_MS) {
                (p[0] < SPLIT_MS ? first : second).add(p);
            }
        }
        long firstMax = first.stream().mapToLong(p -> p[1]).max().orElseThrow();
        long secondMax = second.stream().mapToLong(p -> p[1]).max().orElseThrow();
        double secondMean = second.stream().mapToLong(p -> p[1]).average().orElseThrow();
        assertTrue(secondMax <= 1.1 * firstMax, "the table grew: " + firstMax + " then " + secondMax);
        assertTrue(Math.abs(secondMean - expected) <= 0.1 * expected,
                "the table holds " + secondMean + " flows, not about " + expected);
        assertTrue(forgotten > arrived / 2, "few flows idled out: " + forgotten + " of " + arrived);
    }

    private void arrive(long lifeMs, long idleMs) {
        long n = arrived;
        // Sources 172.16.x.y with 50,000 ports each; destinations 10.0.0.3 and 10.0.0.4 (the two
        // sets) and 10.0.0.2 (none).
        InetAddress src = LoopHarness.address("172.16." + (n / 50_000 / 256) + "." + (n / 50_000 % 256));
        InetAddress dst = LoopHarness.address("10.0.0." + new int[] {2, 3, 4}[(int) (n / 2 % 3)]);
        FiveTuple tuple = new FiveTuple(n % 2 == 0 ? FiveTuple.TCP : FiveTuple.UDP, src, dst,
                (int) (1024 + n % 50_000), 5201);
        Actions a = h.loop.packetIn(h.now, new PacketIn(LoopHarness.S1, LoopHarness.H1, tuple, PacketIn.NO_MAC,
                false));
        List<RuleSpec> rules = a.rulesToAdd();
        assertTrue(!rules.isEmpty(), "no rules for new flow " + tuple);
        long[] flow = new long[rules.size() + 2];
        flow[0] = h.now;
        flow[1] = h.now + lifeMs;
        for (int i = 0; i < rules.size(); i++) {
            flow[i + 2] = rules.get(i).key();
        }
        arrived++;
        onSwitch.put(tuple, flow);
        long second = (flow[1] + idleMs + 999) / 1000;
        idleOutAt.computeIfAbsent(second, k -> new ArrayDeque<>()).add(tuple);
    }

    /** At each full second, every rule of the flows silent for the idle timeout is reported removed. */
    private void idleOut(long ms) {
        if (ms % 1000 != 0) {
            return;
        }
        ArrayDeque<FiveTuple> due = idleOutAt.remove(ms / 1000);
        if (due == null) {
            return;
        }
        for (FiveTuple t : due) {
            long[] flow = onSwitch.remove(t);
            for (int i = 2; i < flow.length; i++) {
                Actions a = h.loop.ruleRemoved(ms, flow[i]);
                // The first removal forgets the flow; the rest find nothing.
                assertEquals(i == 2 ? Collections.singleton(t) : Collections.emptySet(), a.flowsGone(),
                        "rule " + flow[i] + " of " + t);
                forgotten += a.flowsGone().size();
            }
        }
    }

    private List<RuleCounter> counters(long ms) {
        List<RuleCounter> out = new ArrayList<>();
        for (Map.Entry<FiveTuple, long[]> e : onSwitch.entrySet()) {
            long[] flow = e.getValue();
            long bytesPerS = e.getKey().protocol() == FiveTuple.TCP ? 125_000 : 250_000;
            long bytes = bytesPerS * (Math.min(ms, flow[1]) - flow[0]) / 1000;
            for (int i = 2; i < flow.length; i++) {
                out.add(new RuleCounter(flow[i], ms, bytes, ms - flow[0]));
            }
        }
        return out;
    }
}
