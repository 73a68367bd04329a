// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The controller, with its position-based memory and one-pass Algorithm 1, against a plain
 * reference written straight from docs/algorithm.md with maps and the paper's loop, over random
 * histories in which flows join, leave, change order and miss samples.
 */
class ReferenceModelTest {

    private static final String[] IDS = {"t1", "t2", "t3", "t4", "u1", "u2", "u3", "u4", "u5"};

    @Property(tries = 400)
    void controllerAgreesWithTheReference(@ForAll("histories") List<CfsInput> history,
                                          @ForAll boolean paperConfig, @ForAll boolean settle) {
        FudpaConfig config = paperConfig ? FudpaConfig.paper() : FudpaConfig.defaults().toBuilder()
                .maxMissingPeriods(2).settle(settle).build();
        CfsController controller = new CfsController("c", config);
        Reference reference = new Reference(config);
        for (int k = 0; k < history.size(); k++) {
            CfsInput in = history.get(k);
            Decision d = controller.step(in);
            reference.step(in);
            String at = "period " + k + ": " + d;
            assertEquals(reference.reason, d.reason(), at);
            assertEquals(reference.n, d.tcpFlows(), at);
            assertEquals(reference.m, d.udpFlows(), at);
            assertEquals(reference.predicted, d.predictedTcpBps(), 1e-6, at);
            assertEquals(reference.deviation, d.deviationBps(), 1e-6, at);
            assertEquals(reference.allocations.keySet(), d.allocations().asMap().keySet(), at);
            for (Map.Entry<String, Double> e : reference.allocations.entrySet()) {
                double actual = d.allocations().rateOf(e.getKey()).orElseThrow();
                assertEquals(e.getValue(), actual, Math.abs(e.getValue()) * 1e-9 + 1e-6, at);
            }
        }
    }

    @Provide
    Arbitrary<List<CfsInput>> histories() {
        Arbitrary<Double> rate = Arbitraries.oneOf(Arbitraries.just(0.0), Arbitraries.doubles().between(0, 1e9),
                Arbitraries.just(Double.NaN), Arbitraries.just(Double.NaN));
        Arbitrary<Double> demand = Arbitraries.oneOf(Arbitraries.doubles().between(0, 1e9),
                Arbitraries.just(Double.NaN), Arbitraries.just(5e8));
        Arbitrary<List<Boolean>> members = Arbitraries.of(true, true, false).list().ofSize(IDS.length);
        Arbitrary<List<Double>> rates = rate.list().ofSize(IDS.length);
        Arbitrary<List<Double>> demands = demand.list().ofSize(IDS.length);
        Arbitrary<Long> shuffle = Arbitraries.oneOf(Arbitraries.just(0L), Arbitraries.longs().between(1, 1000));
        Arbitrary<CfsInput> period = Combinators.combine(members, rates, demands, shuffle).as((in, r, dm, seed) -> {
            List<FlowSample> samples = new ArrayList<>();
            for (int i = 0; i < IDS.length; i++) {
                if (in.get(i)) {
                    Protocol p = IDS[i].startsWith("t") ? Protocol.TCP : Protocol.UDP;
                    samples.add(FlowSample.of(IDS[i], p, r.get(i), dm.get(i)));
                }
            }
            if (seed != 0) {
                Collections.shuffle(samples, new Random(seed));
            }
            return CfsInput.of("c", 2e9, samples);
        });
        return period.list().ofMinSize(1).ofMaxSize(15);
    }

    /** FUDPA as docs/algorithm.md states it, with maps and the paper's loop; slow and plain. */
    private static final class Reference {
        private final FudpaConfig config;
        private boolean started;
        private double w;
        private double dev;
        private boolean wasFair = true;
        private Map<String, double[]> last = new HashMap<>();

        Reason reason;
        int n;
        int m;
        double predicted;
        double deviation;
        Map<String, Double> allocations = new LinkedHashMap<>();

        Reference(FudpaConfig config) {
            this.config = config;
        }

        void step(CfsInput in) {
            Map<String, double[]> now = new HashMap<>();
            int tcpMembers = 0;
            int udpMembers = 0;
            n = 0;
            m = 0;
            double tcpSum = 0;
            double udpSum = 0;
            List<String> udpIds = new ArrayList<>();
            List<Double> udpDemands = new ArrayList<>();
            List<Double> udpRates = new ArrayList<>();
            List<String> udpAll = new ArrayList<>();
            for (FlowSample s : in.samples()) {
                double r;
                double d;
                double missed;
                if (s.hasRate()) {
                    r = s.rateBps();
                    d = s.demandBps();
                    missed = 0;
                } else {
                    double[] prev = last.get(s.flowId());
                    double before = prev == null ? 0 : prev[2];
                    boolean carry = prev != null && before < config.maxMissingPeriods() && !Double.isNaN(prev[0]);
                    r = carry ? prev[0] : Double.NaN;
                    d = carry ? prev[1] : Double.NaN;
                    missed = before + 1;
                }
                now.put(s.flowId(), new double[] {r, d, missed});
                if (s.protocol() == Protocol.TCP) {
                    tcpMembers++;
                    if (!Double.isNaN(r)) {
                        n++;
                        tcpSum += r;
                    }
                } else {
                    udpMembers++;
                    udpAll.add(s.flowId());
                    if (!Double.isNaN(r)) {
                        m++;
                        udpSum += r;
                        udpIds.add(s.flowId());
                        udpDemands.add(Double.isNaN(d) ? Double.POSITIVE_INFINITY : Math.max(d, r));
                        udpRates.add(r);
                    }
                }
            }
            last = now;
            allocations.keySet().retainAll(udpAll);
            if (tcpMembers == 0) {
                started = false;
                w = 0;
                dev = 0;
                wasFair = true;
                allocations.clear();
                reason = Reason.NO_TCP;
            } else if (n == 0) {
                reason = Reason.NO_TCP_SAMPLES;
            } else {
                if (!started) {
                    w = tcpSum;
                    dev = 0;
                    started = true;
                }
                dev = (1 - config.beta()) * dev + config.beta() * Math.abs(tcpSum - w);
                w = (1 - config.alpha()) * w + config.alpha() * tcpSum;
                if (udpMembers == 0) {
                    reason = Reason.NO_UDP;
                    wasFair = true;
                    allocations.clear();
                } else if (m == 0) {
                    reason = Reason.NO_UDP_SAMPLES;
                } else if (config.settle() && udpDemands.stream().allMatch(x -> x < (w - dev) / n)) {
                    reason = Reason.BELOW_SHARE;
                    wasFair = true;
                } else {
                    double low = (w - dev) / n;
                    double high = (w + dev) / n;
                    double avg = udpSum / m;
                    if (config.settle()) {
                        // Only the UDP flows that want at least the band's lower bound are judged.
                        double sum = 0;
                        int counted = 0;
                        for (int j = 0; j < udpRates.size(); j++) {
                            if (udpDemands.get(j) >= low) {
                                sum += udpRates.get(j);
                                counted++;
                            }
                        }
                        avg = sum / counted;
                    }
                    double slack = wasFair ? Math.max(config.noiseFloorBps(), config.hysteresis() * w / n)
                            : config.noiseFloorBps();
                    if (avg >= low && avg <= high) {
                        reason = Reason.IN_BAND;
                    } else if (avg >= low - slack && avg <= high + slack) {
                        reason = Reason.WITHIN_MARGIN;
                    } else {
                        reason = avg > high ? Reason.ABOVE_BAND : Reason.BELOW_BAND;
                    }
                    // Settling: every measured UDP flow at most 10 % above its limit, the link below FULL.
                    boolean held = true;
                    for (int j = 0; j < udpIds.size(); j++) {
                        Double limit = allocations.get(udpIds.get(j));
                        held &= limit != null && udpRates.get(j) <= limit * 1.1;
                    }
                    double capacity = in.capacityBps().orElse(Double.NaN);
                    boolean room = config.settle() && held && tcpSum + udpSum < CfsController.FULL * capacity;
                    double bw = Math.min(w + udpSum, in.capacityBps().orElse(Double.POSITIVE_INFINITY));
                    // The TCP floor: n TCP flows keep what they would get beside K UDP principals.
                    int k = config.tcpFloorPrincipals();
                    double floor = k == 0 ? Double.NaN : bw * n / (n + k);
                    double floorSlack = Math.max(config.noiseFloorBps(), config.hysteresis() * (bw - floor));
                    if (reason == Reason.ABOVE_BAND && room) {
                        reason = Reason.LINK_HAS_ROOM;
                    } else if (reason.isFair() && k > 0 && !room && w < floor - floorSlack
                            && udpSum > bw - floor + floorSlack) {
                        reason = Reason.BELOW_FLOOR;
                    }
                    if (!reason.isFair()) {
                        Map<String, Double> next = new LinkedHashMap<>();
                        Map<String, Double> shared = algorithm1(bw, n, udpIds, udpDemands);
                        boolean floorBinds = k > 0
                                && shared.values().stream().mapToDouble(Double::doubleValue).sum() > bw - floor;
                        // More principals than K would take: they share what the floor leaves them.
                        Map<String, Double> a1 = floorBinds ? algorithm1(bw - floor, 0, udpIds, udpDemands) : shared;
                        int tcpCounted = floorBinds ? 0 : n;
                        if (config.settle()) {
                            // Every flow at the water level: the share of a flow Algorithm 1 held below its
                            // demand, or, when every demand was met, what is left per TCP flow.
                            double level = tcpCounted == 0 ? Double.NaN
                                    : (bw - a1.values().stream().mapToDouble(Double::doubleValue).sum()) / n;
                            for (int j = 0; j < udpIds.size(); j++) {
                                if (a1.get(udpIds.get(j)) < udpDemands.get(j)) {
                                    level = a1.get(udpIds.get(j));
                                }
                            }
                            double l = level;
                            udpIds.forEach(id -> a1.put(id, l));
                        }
                        a1.forEach((id, a) -> next.put(id, Math.max(a, config.noiseFloorBps())));
                        for (String id : udpAll) {
                            if (!next.containsKey(id) && allocations.containsKey(id)) {
                                next.put(id, allocations.get(id));
                            }
                        }
                        double margin = Math.max(config.noiseFloorBps(), config.hysteresis() * w / n);
                        boolean close = !allocations.isEmpty() && allocations.size() == next.size()
                                && next.entrySet().stream().allMatch(e -> allocations.containsKey(e.getKey())
                                        && Math.abs(allocations.get(e.getKey()) - e.getValue()) <= margin);
                        if (config.settle() && close) {
                            reason = Reason.AT_ALLOCATION;
                        } else {
                            allocations = next;
                        }
                    }
                    wasFair = reason.isFair();
                }
            }
            predicted = w;
            deviation = dev;
        }

        private Map<String, Double> algorithm1(double bw, int tcpFlows, List<String> ids, List<Double> demands) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < ids.size(); i++) {
                order.add(i);
            }
            order.sort((a, b) -> Double.compare(demands.get(a), demands.get(b)));
            Map<String, Double> out = new HashMap<>();
            double remaining = bw;
            int y = tcpFlows + ids.size();
            for (int i : order) {
                double bp = Math.min(demands.get(i), remaining / y);
                out.put(ids.get(i), bp);
                remaining -= bp;
                y--;
            }
            return out;
        }
    }
}
