// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.network.BottleneckTable;
import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.FudpLoop;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * Flow churn driven straight into a {@link FudpLoop} on a hand-moved clock, as its host would:
 * new flows arrive as packet-ins at a steady rate, each sends for a uniformly drawn life, and its
 * rules idle out the loop's flow idle timeout after its last packet, which the host reports with
 * {@link FudpLoop#ruleRemoved}. Counters of every rule on the switch are read each period; ticks
 * run every second. Not thread-safe; one soak per loop.
 *
 * <p>The network: one facility switch; every destination is reachable on port 5; half the flows
 * are TCP, half UDP; about three flows in four go to one of {@link #SETS} configured bottlenecks of
 * 1 Gbit/s (UDP ones then go through the adjustor), the rest to a destination behind none. TCP
 * flows send 1 Mbit/s, UDP flows 2 Mbit/s, so every set is over capacity and reallocates.
 * There is no adjustor agent: limits are computed and kept but never acknowledged.
 */
final class ChurnSoak {

    /** The facility switch. */
    static final String SWITCH = "of:0000000000000001";
    /** Configured bottlenecks. */
    static final int SETS = 20;

    private static final long HOST_PORT = 1;
    private static final long ONWARD = 5;
    private static final int DESTINATIONS = SETS + 7;
    private static final int PORTS_PER_SOURCE = 60_000;
    private static final long TICK_MS = 1000;

    /** One simulated flow: its rules on the switch, when it sends, how fast. */
    private static final class SimFlow {
        final FiveTuple tuple;
        final long startMs;
        final long stopMs;
        final long bytesPerS;
        long[] keys;

        SimFlow(FiveTuple tuple, long startMs, long stopMs, long bytesPerS) {
            this.tuple = tuple;
            this.startMs = startMs;
            this.stopMs = stopMs;
            this.bytesPerS = bytesPerS;
        }

        long idleOutMs(long idleMs) {
            return stopMs + idleMs;
        }

        long bytesAt(long nowMs) {
            return bytesPerS * (Math.min(nowMs, stopMs) - startMs) / 1000;
        }
    }

    /** What a stretch of the soak cost and counted; reset by {@link #takeStats()}. */
    static final class Stats {
        long arrivals;
        long forgotten;
        long packetInCpuNs;
        long removalCpuNs;
        long tickCpuNs;
        final List<Long> periodCpuNs = new ArrayList<>();
        final List<Integer> periodFlows = new ArrayList<>();
    }

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final FudpLoop loop;
    private final LoopSettings settings;
    private final long idleMs;
    private final double flowsPerS;
    private final long minLifeMs;
    private final long maxLifeMs;
    private final SplittableRandom random;
    private final InetAddress[] destinations = new InetAddress[DESTINATIONS];
    private final List<InetAddress> sources = new ArrayList<>();
    private final Map<Long, SimFlow> onSwitch = new HashMap<>();
    private final PriorityQueue<SimFlow> idling =
            new PriorityQueue<>((a, b) -> Long.compare(a.stopMs, b.stopMs));
    private Stats stats = new Stats();
    private int lastPeriodViews;
    private long now;
    private long offered;
    private long arrived;
    private long forgotten;
    private long mismatches;
    private String firstMismatch = "";

    /**
     * Creates a soak and its loop.
     *
     * @param settings the loop's settings (period and idle timeout are the soak's too)
     * @param flowsPerS new flows per second, 0 for none
     * @param minLifeMs shortest life of a flow
     * @param maxLifeMs longest life of a flow
     * @param seed random seed
     */
    ChurnSoak(LoopSettings settings, double flowsPerS, long minLifeMs, long maxLifeMs, long seed) {
        this.settings = settings;
        this.idleMs = settings.flowIdleTimeoutS() * 1000L;
        this.flowsPerS = flowsPerS;
        this.minLifeMs = minLifeMs;
        this.maxLifeMs = maxLifeMs;
        this.random = new SplittableRandom(seed);
        List<BottleneckTable.Entry> sets = new ArrayList<>();
        for (int d = 0; d < DESTINATIONS; d++) {
            destinations[d] = address(10, d < SETS ? 1 : 2, d, 1);
            if (d < SETS) {
                sets.add(new BottleneckTable.Entry("set" + d, 1_000_000_000L, SWITCH + "/5", null,
                        List.of(new AddressPrefix(destinations[d], 32))));
            }
        }
        BottleneckTable table = new BottleneckTable(sets);
        NetworkView network = new NetworkView() {
            @Override
            public OptionalLong onwardPort(String facilityId, InetAddress dst, long dstMac) {
                return OptionalLong.of(ONWARD);
            }

            @Override
            public Optional<CfsAssignment> cfsOf(String facilityId, InetAddress dst) {
                return table.lookup(dst);
            }
        };
        loop = new FudpLoop(settings, network, "7 = 00112233445566778899aabbccddeeff\n", 0);
        loop.setFacilities(0, List.of(new Facility(SWITCH, 3, 4, new byte[] {2, 0, 0, 0, 0, (byte) 0xad}, 7)));
        // The soak measures the loop's own cost at any churn: no switch budget stops it.
        loop.setBudget(0, SWITCH, new FlowBudget(Integer.MAX_VALUE, Integer.MAX_VALUE));
    }

    private static InetAddress address(int a, int b, int c, int d) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private FiveTuple tuple(long n) {
        int s = (int) (n / PORTS_PER_SOURCE);
        while (sources.size() <= s) {
            int i = sources.size();
            sources.add(address(172, 16 + (i >> 16 & 0x0f), i >> 8 & 0xff, i & 0xff));
        }
        int protocol = n % 2 == 0 ? FiveTuple.TCP : FiveTuple.UDP;
        int port = 1024 + (int) (n % PORTS_PER_SOURCE);
        return new FiveTuple(protocol, sources.get(s), destinations[(int) (n / 2 % DESTINATIONS)], port, 5201);
    }

    /**
     * Lets a new flow send its first packet: the host hands the packet-in to the loop and
     * installs the rules it returns.
     *
     * @param lifeMs how long the flow sends
     */
    private void arrive(long lifeMs) {
        FiveTuple t = tuple(offered++);
        SimFlow f = new SimFlow(t, now, now + lifeMs, t.protocol() == FiveTuple.TCP ? 125_000 : 250_000);
        Actions a = loop.packetIn(now, new PacketIn(SWITCH, HOST_PORT, t, PacketIn.NO_MAC, false));
        List<RuleSpec> rules = a.rulesToAdd();
        if (rules.isEmpty()) {
            mismatch("no rules for new flow " + t);
            return;
        }
        f.keys = new long[rules.size()];
        for (int i = 0; i < f.keys.length; i++) {
            f.keys[i] = rules.get(i).key();
        }
        arrived++;
        stats.arrivals++;
        onSwitch.put(f.keys[0], f);
        idling.add(f);
    }

    /**
     * Reports the rules of every flow that has been silent for the idle timeout as removed, each
     * of them, as the switch's flow-removed messages would.
     */
    private void idleOut() {
        while (!idling.isEmpty() && idling.peek().idleOutMs(idleMs) <= now) {
            SimFlow f = idling.poll();
            onSwitch.remove(f.keys[0]);
            int gone = 0;
            for (long key : f.keys) {
                Actions a = loop.ruleRemoved(now, key);
                gone += a.flowsGone().size();
                if (!a.flowsGone().isEmpty() && !a.flowsGone().contains(f.tuple)) {
                    mismatch("removing " + f.tuple + " forgot " + a.flowsGone());
                }
            }
            if (gone != 1) {
                mismatch(f.tuple + ": its rules' removal forgot " + gone + " flows, not 1");
            }
            forgotten += gone;
            stats.forgotten += gone;
        }
    }

    private List<RuleCounter> counters() {
        List<RuleCounter> out = new ArrayList<>(onSwitch.size() * 2);
        for (SimFlow f : onSwitch.values()) {
            long bytes = f.bytesAt(now);
            for (long key : f.keys) {
                out.add(new RuleCounter(key, now, bytes, now - f.startMs));
            }
        }
        return out;
    }

    private void mismatch(String what) {
        if (mismatches++ == 0) {
            firstMismatch = what;
        }
    }

    /**
     * Runs the soak up to a time: arrivals, idle-outs, ticks every second, periods every period.
     *
     * @param untilMs the simulated time to stop at
     */
    void runUntil(long untilMs) {
        double perMs = flowsPerS / 1000;
        while (now < untilMs) {
            now++;
            long t0 = threads.getCurrentThreadCpuTime();
            // Arrivals are spread evenly: flow n arrives at n / rate.
            long due = (long) Math.floor(now * perMs);
            while (flowsPerS > 0 && offered < due) {
                arrive(minLifeMs + random.nextLong(maxLifeMs - minLifeMs + 1));
            }
            long t1 = threads.getCurrentThreadCpuTime();
            idleOut();
            long t2 = threads.getCurrentThreadCpuTime();
            stats.packetInCpuNs += t1 - t0;
            stats.removalCpuNs += t2 - t1;
            if (now % TICK_MS == 0) {
                loop.tick(now);
                stats.tickCpuNs += threads.getCurrentThreadCpuTime() - t2;
            }
            if (now % settings.periodMs() == 0) {
                List<RuleCounter> read = counters();
                long p0 = threads.getCurrentThreadCpuTime();
                Actions a = loop.period(now, read);
                stats.periodCpuNs.add(threads.getCurrentThreadCpuTime() - p0);
                // A period publishes a view of every flow the loop tracks: that is its table.
                lastPeriodViews = a.flows().size();
                stats.periodFlows.add(onSwitch.size());
            }
        }
    }

    /**
     * Learns a number of flows at once, each sending for ever: for timing the packet-in path and
     * the period at a given number of live flows.
     *
     * @param n flows
     * @return CPU time of the packet-ins, ns
     */
    long learn(int n) {
        long t0 = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
            arrive(Long.MAX_VALUE / 4);
        }
        return threads.getCurrentThreadCpuTime() - t0;
    }

    /**
     * Returns the counts since the last call and starts new ones.
     *
     * @return stats
     */
    Stats takeStats() {
        Stats s = stats;
        stats = new Stats();
        return s;
    }

    /**
     * Returns the number of flows the loop tracked at the last period: the flows it published.
     *
     * @return flows in the loop's table
     */
    int loopFlows() {
        return lastPeriodViews;
    }

    /**
     * Takes the facility's checkpoint, as the app's host does after every period.
     *
     * @return CPU time, ns
     */
    long checkpointCpuNs() {
        long t0 = threads.getCurrentThreadCpuTime();
        int n = loop.checkpoint(SWITCH).map(c -> c.flows().size()).orElse(0);
        long cpu = threads.getCurrentThreadCpuTime() - t0;
        if (n != onSwitch.size()) {
            mismatch("checkpoint has " + n + " flows, the switch " + onSwitch.size());
        }
        return cpu;
    }

    /**
     * Returns the flows whose rules are still on the switch: sending, or silent for less than
     * the idle timeout.
     *
     * @return flows
     */
    int onSwitch() {
        return onSwitch.size();
    }

    long arrived() {
        return arrived;
    }

    long forgotten() {
        return forgotten;
    }

    long now() {
        return now;
    }

    /**
     * Returns how many times the loop did not do what the host expected: no rules for a new
     * flow, or a rule removal that forgot no flow, another flow or more than one.
     *
     * @return count, 0 when all held
     */
    long mismatches() {
        return mismatches;
    }

    String firstMismatch() {
        return firstMismatch;
    }
}
