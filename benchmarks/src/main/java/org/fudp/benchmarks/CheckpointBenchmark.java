// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import org.fudp.algorithm.ControllerState;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.checkpoints.FlowCheckpoint;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FiveTuple;
import org.fudp.store.CheckpointStore;
import org.onosproject.store.service.TestStorageService;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The controlling instance's checkpoint of one facility per control period ({@link CheckpointStore},
 * in this package for its package-private API): the head every period, and the flow entries that
 * changed. Over ONOS's TestStorageService maps: serialization and map work, no Raft, no network.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CheckpointBenchmark {

    /** Number of flows at the facility; a third are limited UDP flows, in 100 sets. */
    @Param({"10000", "100000"})
    public int flows;

    /** "none": a steady period (no limit changes); "limits": every limit changes (a reallocation). */
    @Param({"none", "limits"})
    public String change;

    private FacilityCheckpoint[] periods;
    private CheckpointStore store;
    private int period;

    /**
     * Builds two alternating periods and writes the first once, as a controller that has run for
     * a while has.
     *
     * @throws UnknownHostException never
     */
    @Setup(Level.Trial)
    public void setUp() throws UnknownHostException {
        periods = new FacilityCheckpoint[]{build(flows, 0), build(flows, change.equals("limits") ? 1 : 0)};
        store = new CheckpointStore(new TestStorageService());
        store.write(periods[0]);
    }

    /**
     * Builds a facility's checkpoint.
     *
     * @param n flows
     * @param limitShift added to every limit, so two checkpoints differ in every limit
     * @return the checkpoint
     * @throws UnknownHostException never
     */
    static FacilityCheckpoint build(int n, int limitShift) throws UnknownHostException {
        List<FlowCheckpoint> fs = new ArrayList<>(n);
        Map<String, Map<String, Double>> alloc = new HashMap<>();
        for (int i = 0; i < n; i++) {
            boolean udp = i % 3 == 0;
            String cfs = "bottleneck:set" + (i % 100);
            FiveTuple t = new FiveTuple(udp ? FiveTuple.UDP : FiveTuple.TCP,
                    InetAddress.getByAddress(new byte[]{10, (byte) (i >> 16), (byte) (i >> 8), (byte) i}),
                    InetAddress.getByAddress(new byte[]{10, 100, 0, (byte) (i % 100)}), 1024 + i % 60000, 5201);
            long limit = udp ? 3_000_000 + limitShift : 0;
            fs.add(new FlowCheckpoint(t, 5, udp, 1_700_000_000_000L, limit, limit / 800, udp ? cfs : "", true,
                    TrafficClass.NO_DSCP, false));
            if (udp) {
                alloc.computeIfAbsent(cfs, k -> new HashMap<>()).put(t.toString(), (double) limit);
            }
        }
        Map<String, ControllerState> sets = new HashMap<>();
        alloc.forEach((id, a) -> sets.put(id, new ControllerState(42, true, 6.5e6, 4e5, false, a)));
        return new FacilityCheckpoint("of:0000000000000001", 1_700_000_000_001L, 1_700_000_005_000L + limitShift,
                fs, sets);
    }

    /**
     * Writes the next period's checkpoint.
     *
     * @return the period written
     */
    @Benchmark
    public int write() {
        period ^= 1;
        store.write(periods[period]);
        return period;
    }

    /**
     * Returns the bytes one period encodes: the head, and each flow entry that changed.
     *
     * @param n flows
     * @param limits whether every limit changed
     * @return bytes
     * @throws UnknownHostException never
     */
    public static long bytesPerPeriod(int n, boolean limits) throws UnknownHostException {
        FacilityCheckpoint a = build(n, 0);
        FacilityCheckpoint b = build(n, limits ? 1 : 0);
        long bytes = CheckpointStore.SERIALIZER.encode(CheckpointStore.head(b)).length;
        for (int i = 0; i < n; i++) {
            if (!a.flows().get(i).equals(b.flows().get(i))) {
                bytes += CheckpointStore.SERIALIZER.encode(
                        new CheckpointStore.StoredFlow(b.facilityId(), b.epoch(), b.flows().get(i))).length;
            }
        }
        return bytes;
    }
}
