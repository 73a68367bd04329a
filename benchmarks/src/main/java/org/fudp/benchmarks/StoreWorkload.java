// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import org.fudp.api.FudpStore;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.protocol.FiveTuple;
import org.fudp.store.DistributedFudpStore;

import java.lang.reflect.Constructor;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Two periods of what the loop publishes for N flows, built once per trial, and the stores that
 * receive them.
 *
 * <p>Flows are in CFSs of {@value #CFS_SIZE} at {@value #FACILITIES} facilities, a third of them
 * UDP, each with an allocation. A period is what {@code FudpLoop} publishes every control period
 * and {@code StatePublisher} writes, in its order: every flow's view and sample, every allocation,
 * every agent, every CFS's decision record, view and sample. The two periods differ in every rate
 * and time, as consecutive periods do, and not in membership.
 */
final class StoreWorkload {

    /** Flows per CFS. */
    static final int CFS_SIZE = 100;
    /** Facilities (agents). */
    static final int FACILITIES = 4;
    /** History length of the stores: a period's writes do not depend on it once it is full. */
    static final int HISTORY = 10;

    private final List<Period> periods = new ArrayList<>();

    /** One period's values. */
    private static final class Period {
        final List<FlowRecord> flows = new ArrayList<>();
        final List<FlowHistorySample> flowSamples = new ArrayList<>();
        final List<AllocationState> allocations = new ArrayList<>();
        final List<AgentState> agents = new ArrayList<>();
        final List<DecisionRecord> decisions = new ArrayList<>();
        final List<CorrelationFlowSet> cfss = new ArrayList<>();
        final List<CfsSample> cfsSamples = new ArrayList<>();
    }

    private StoreWorkload() {
    }

    /**
     * Builds the two periods.
     *
     * @param n number of flows
     * @param seed random seed
     * @return the workload
     */
    static StoreWorkload build(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<FiveTuple> tuples = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            tuples.add(tuple(i, i % 3 == 0 ? FiveTuple.UDP : FiveTuple.TCP));
        }
        StoreWorkload w = new StoreWorkload();
        for (int p = 0; p < 2; p++) {
            long now = 1_800_000_000_000L + p * 5000L;
            Period period = new Period();
            for (int c = 0; c * CFS_SIZE < n; c++) {
                String cfsId = "cfs-" + c;
                String facility = "of:000000000000000" + (1 + c % FACILITIES);
                Set<FiveTuple> tcp = new LinkedHashSet<>();
                Set<FiveTuple> udp = new LinkedHashSet<>();
                Map<FiveTuple, Long> told = new LinkedHashMap<>();
                long tcpBps = 0;
                long udpBps = 0;
                for (FiveTuple t : tuples.subList(c * CFS_SIZE, Math.min(n, (c + 1) * CFS_SIZE))) {
                    long rate = 1_000_000 + random.nextLong(100_000_000);
                    boolean isUdp = t.protocol() == FiveTuple.UDP;
                    long limit = isUdp ? rate / 2 : -1;
                    period.flows.add(FlowRecord.builder(t, facility).cfsId(cfsId).rates(rate, rate - 1000, true)
                            .allocationBps(limit).sinceMs(now - 60_000).updatedMs(now).build());
                    period.flowSamples.add(new FlowHistorySample(now, rate, rate - 1000, limit));
                    if (isUdp) {
                        udp.add(t);
                        told.put(t, limit);
                        udpBps += rate;
                        period.allocations.add(new AllocationState(t, facility, cfsId, limit, 100 + p, now,
                                p == 1, false));
                    } else {
                        tcp.add(t);
                        tcpBps += rate;
                    }
                }
                period.decisions.add(new DecisionRecord(cfsId, 100 + p, now, true, false, tcp.size(), udp.size(),
                        tcpBps, tcpBps + 1000, -1000, tcpBps - 5000, tcpBps + 5000, udpBps / Math.max(1, udp.size()),
                        udpBps / 2, false, told, "OUT_OF_BAND: UDP above the band"));
                CorrelationFlowSet cfs = CorrelationFlowSet.builder(cfsId, CfsKind.PATH_LINK)
                        .egress(facility + "/5", "of:00000000000000ff/1").capacityBps(10_000_000_000L)
                        .flows(tcp, udp).totals(tcpBps, udpBps, udpBps, 0.9).state(CfsState.ADJUSTING).build();
                period.cfss.add(cfs);
                period.cfsSamples.add(new CfsSample(now, tcpBps, udpBps, udpBps, 0.9, CfsState.ADJUSTING));
            }
            for (int f = 0; f < FACILITIES; f++) {
                period.agents.add(new AgentState("of:000000000000000" + (1 + f), AgentStatus.UP, now, 100 + p,
                        100 + p, now, 1000 + p, 3, Map.of(), ""));
            }
            w.periods.add(period);
        }
        return w;
    }

    private static FiveTuple tuple(int i, int protocol) {
        try {
            InetAddress src = InetAddress.getByAddress(new byte[] {10, (byte) (i >> 16), (byte) (i >> 8), (byte) i});
            InetAddress dst = InetAddress.getByAddress(new byte[] {10, (byte) 200, (byte) (i >> 8), 1});
            return new FiveTuple(protocol, src, dst, 1024 + i % 60000, protocol == FiveTuple.UDP ? 5004 : 443);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes one period into a store, as {@code StatePublisher} does.
     *
     * @param store the store
     * @param p 0 or 1
     */
    void publish(FudpStore store, int p) {
        Period period = periods.get(p);
        for (FlowRecord f : period.flows) {
            store.putFlow(f);
        }
        for (int i = 0; i < period.flows.size(); i++) {
            store.addFlowSample(period.flows.get(i).flow(), period.flowSamples.get(i));
        }
        period.allocations.forEach(store::putAllocation);
        period.agents.forEach(store::putAgent);
        period.decisions.forEach(store::addDecision);
        period.cfss.forEach(store::putCfs);
        for (int i = 0; i < period.cfss.size(); i++) {
            store.addCfsSample(period.cfss.get(i).id(), period.cfsSamples.get(i));
        }
    }

    /**
     * Creates a store.
     *
     * @param kind "simple" (the in-memory store) or "distributed" (over {@link CountingStorageService})
     * @param storage the storage of a distributed store
     * @return the store, with a delegate that drops the events
     */
    static FudpStore store(String kind, CountingStorageService storage) {
        FudpStore s;
        if (kind.equals("simple")) {
            // Package-private in org.fudp.impl, which this module does not change: by reflection.
            try {
                Constructor<?> c = Class.forName("org.fudp.impl.SimpleFudpStore").getDeclaredConstructor(int.class);
                c.setAccessible(true);
                s = (FudpStore) c.newInstance(HISTORY);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        } else {
            s = new DistributedFudpStore(storage, HISTORY);
        }
        s.setDelegate(event -> { });
        return s;
    }
}
