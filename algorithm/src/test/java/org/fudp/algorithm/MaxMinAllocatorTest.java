// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Algorithm 1: examples, its max-min properties, and agreement with a line-by-line transcription.
 */
class MaxMinAllocatorTest {

    /** The fixture the lab's analysis (lab/py/analyze.py maxmin_shares) is checked against too. */
    @Test
    void matchesTheSharedFixture() throws IOException {
        JsonNode cases;
        try (InputStream in = getClass().getResourceAsStream("maxmin-fixture.json")) {
            cases = new ObjectMapper().readTree(in).get("cases");
        }
        for (JsonNode c : cases) {
            String name = c.get("name").asText();
            double[] demands = new double[c.get("udpDemands").size()];
            for (int i = 0; i < demands.length; i++) {
                demands[i] = c.get("udpDemands").get(i).asDouble();
            }
            double capacity = c.get("capacity").asDouble();
            int n = c.get("tcpFlows").asInt();
            double[] shares;
            if (c.has("udpWeights")) {
                FlowPolicy[] p = new FlowPolicy[demands.length];
                for (int i = 0; i < p.length; i++) {
                    JsonNode min = c.path("udpMins").path(i);
                    JsonNode cap = c.path("udpCaps").path(i);
                    p[i] = FlowPolicy.of("c", c.get("udpWeights").get(i).asDouble(),
                            min.isNumber() ? min.asDouble() : 0,
                            cap.isNumber() ? cap.asDouble() : Double.POSITIVE_INFINITY, false);
                }
                double level = MaxMinAllocator.weightedLevel(capacity, n, demands, p, demands.length);
                shares = new double[demands.length];
                for (int i = 0; i < shares.length; i++) {
                    shares[i] = MaxMinAllocator.uses(demands[i], p[i], level);
                }
                assertEquals(c.get("tcpShare").asDouble(), level, 1e-9, name);
                for (int i = 0; i < demands.length; i++) {
                    assertEquals(c.get("udpShares").get(i).asDouble(), shares[i], 1e-9, name);
                }
                continue;
            }
            shares = MaxMinAllocator.allocate(capacity, n, demands);
            for (int i = 0; i < demands.length; i++) {
                assertEquals(c.get("udpShares").get(i).asDouble(), shares[i], 1e-12,
                        name);
            }
            if (n > 0) {
                assertEquals(c.get("tcpShare").asDouble(),
                        MaxMinAllocator.tcpRemainder(capacity, shares) / n, 1e-12, name);
            }
        }
    }

    private static final double EPS = 1e-9;

    @Test
    void setOneShareGoesToTheUdpFlow() {
        // 2 TCP + 1 UDP offering 500 on a 100 bottleneck: y = 3, the UDP flow gets min(500, 100/3).
        double[] a = MaxMinAllocator.allocate(100, 2, new double[] {500});
        assertEquals(100.0 / 3, a[0], EPS);
    }

    @Test
    void smallDemandIsMetAndItsLeftoverShared() {
        // y = 4 (1 TCP + 3 UDP). Sorted demands 10, 40, 500: 10 <= 25 gets 10; then 90/3 = 30 < 40,
        // so 40 and 500 get 30 each and TCP keeps 30.
        double[] a = MaxMinAllocator.allocate(100, 1, new double[] {500, 10, 40});
        assertArrayEquals(new double[] {30, 10, 30}, a, EPS);
        assertEquals(30, MaxMinAllocator.tcpRemainder(100, a), EPS);
    }

    @Test
    void everyDemandMetLeavesTheRestToTcp() {
        double[] a = MaxMinAllocator.allocate(100, 2, new double[] {5, 20});
        assertArrayEquals(new double[] {5, 20}, a, EPS);
        assertEquals(75, MaxMinAllocator.tcpRemainder(100, a), EPS);
    }

    @Test
    void withoutTcpTheUdpFlowsShareEverything() {
        double[] a = MaxMinAllocator.allocate(90, 0, new double[] {500, 500, 10});
        assertArrayEquals(new double[] {40, 40, 10}, a, EPS);
    }

    @Test
    void unknownDemandGetsTheFairShare() {
        double[] a = MaxMinAllocator.allocate(100, 1, new double[] {Double.POSITIVE_INFINITY});
        assertArrayEquals(new double[] {50}, a, EPS);
    }

    @Test
    void tiesGetExactlyEqualRatesWhateverTheOrder() {
        double[] a = MaxMinAllocator.allocate(1e8, 3, new double[] {7e7, 7e7, 7e7, 1e6});
        assertEquals(a[0], a[1]);
        assertEquals(a[1], a[2]);
        assertEquals(1e6, a[3], EPS);
    }

    @Test
    void noFlowsNoAllocations() {
        assertEquals(0, MaxMinAllocator.allocate(100, 0, new double[0]).length);
        assertEquals(0, MaxMinAllocator.allocate(100, 5, new double[0]).length);
    }

    @Test
    void refusesBadArguments() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MaxMinAllocator.allocate(-1, 1, new double[] {1}));
        assertTrue(e.getMessage().startsWith("availableBps:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MaxMinAllocator.allocate(1, -1, new double[] {1}));
        assertTrue(e.getMessage().startsWith("tcpFlows:"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> MaxMinAllocator.allocate(1, 1, new double[] {1, Double.NaN}));
        assertTrue(e.getMessage().startsWith("udpDemandsBps[1]:"), e.getMessage());
    }

    /** Weighted max-min with minimums and caps: the level uses BW exactly, unless minimums alone exceed it. */
    @Property
    void theWeightedLevelUsesBwExactly(@ForAll @DoubleRange(min = 1, max = 1e10) double bw,
                                       @ForAll @IntRange(min = 1, max = 20) int n,
                                       @ForAll("demands") List<Double> demands,
                                       @ForAll("policies") List<FlowPolicy> pool) {
        int m = demands.size();
        double[] d = demands.stream().mapToDouble(Double::doubleValue).toArray();
        FlowPolicy[] p = new FlowPolicy[m];
        double minimums = 0;
        for (int j = 0; j < m; j++) {
            p[j] = pool.get(j % pool.size());
            minimums += Math.min(d[j], p[j].minBps());
        }
        double level = MaxMinAllocator.weightedLevel(bw, n, d, p, m);
        double used = n * level;
        for (int j = 0; j < m; j++) {
            used += MaxMinAllocator.uses(d[j], p[j], level);
            assertTrue(MaxMinAllocator.limitAt(p[j], level) <= p[j].capBps());
            assertTrue(MaxMinAllocator.limitAt(p[j], level) >= p[j].minBps());
        }
        if (minimums > bw) {
            assertEquals(0, level, "the minimums alone exceed BW");
        } else {
            assertEquals(bw, used, bw * 1e-9);
        }
    }

    @Provide
    Arbitrary<List<FlowPolicy>> policies() {
        Arbitrary<FlowPolicy> one = Arbitraries.doubles().between(0.1, 10).flatMap(w ->
                Arbitraries.doubles().between(0, 1e9).flatMap(min ->
                        Arbitraries.oneOf(Arbitraries.just(Double.POSITIVE_INFINITY),
                                Arbitraries.doubles().between(0, 1e9).map(extra -> min + extra + 1))
                                .map(cap -> FlowPolicy.of("c", w, min, cap, false))));
        return Arbitraries.oneOf(Arbitraries.just(FlowPolicy.NONE), one).list().ofMinSize(1).ofMaxSize(4);
    }

    @Property
    void neverHandsOutMoreThanBw(@ForAll @DoubleRange(min = 0, max = 1e11) double bw,
                                 @ForAll @IntRange(min = 0, max = 50) int n,
                                 @ForAll("demands") List<Double> demands) {
        double[] a = MaxMinAllocator.allocate(bw, n, toArray(demands));
        assertTrue(Arrays.stream(a).sum() <= bw * (1 + 1e-12), () -> "sum " + Arrays.stream(a).sum() + " > " + bw);
    }

    @Property
    void noFlowGetsMoreThanItsDemand(@ForAll @DoubleRange(min = 0, max = 1e11) double bw,
                                     @ForAll @IntRange(min = 0, max = 50) int n,
                                     @ForAll("demands") List<Double> demands) {
        double[] d = toArray(demands);
        double[] a = MaxMinAllocator.allocate(bw, n, d);
        for (int i = 0; i < d.length; i++) {
            assertTrue(a[i] <= d[i], "flow " + i + " got " + a[i] + " > demand " + d[i]);
            assertTrue(a[i] >= 0);
        }
    }

    @Property
    void flowBelowTheFinalShareGetsAllItAsks(@ForAll @DoubleRange(min = 0, max = 1e11) double bw,
                                             @ForAll @IntRange(min = 0, max = 50) int n,
                                             @ForAll("demands") List<Double> demands) {
        double[] d = toArray(demands);
        double[] a = MaxMinAllocator.allocate(bw, n, d);
        double share = finalShare(bw, n, d, a);
        for (int i = 0; i < d.length; i++) {
            if (d[i] <= share) {
                assertEquals(d[i], a[i], "flow " + i + " asks " + d[i] + " below the final share " + share);
            }
        }
    }

    @Property
    void limitedFlowsGetEqualRates(@ForAll @DoubleRange(min = 0, max = 1e11) double bw,
                                   @ForAll @IntRange(min = 0, max = 50) int n,
                                   @ForAll("demands") List<Double> demands) {
        double[] d = toArray(demands);
        double[] a = MaxMinAllocator.allocate(bw, n, d);
        double[] limited = IntStream.range(0, d.length).filter(i -> a[i] < d[i]).mapToDouble(i -> a[i]).toArray();
        for (double r : limited) {
            assertEquals(limited[0], r, "limited flows differ: " + Arrays.toString(limited));
        }
    }

    @Property
    void limitedFlowsGetWhatEachTcpFlowIsLeft(@ForAll @DoubleRange(min = 0, max = 1e11) double bw,
                                              @ForAll @IntRange(min = 0, max = 50) int n,
                                              @ForAll("demands") List<Double> demands) {
        double[] d = toArray(demands);
        double[] a = MaxMinAllocator.allocate(bw, n, d);
        OptionalLimit limit = OptionalLimit.of(d, a);
        if (limit.present) {
            // Work conserving: UDP allocations plus n TCP flows at the same level use all of BW.
            assertEquals(bw, Arrays.stream(a).sum() + n * limit.value, bw * 1e-9 + EPS);
        }
    }

    @Property
    void agreesWithTheLiteralAlgorithm(@ForAll @DoubleRange(min = 0, max = 1e11) double bw,
                                       @ForAll @IntRange(min = 0, max = 50) int n,
                                       @ForAll("demands") List<Double> demands) {
        double[] d = toArray(demands);
        double[] expected = literalAlgorithm1(bw, n, d);
        double[] actual = MaxMinAllocator.allocate(bw, n, d);
        for (int i = 0; i < d.length; i++) {
            assertEquals(expected[i], actual[i], Math.abs(expected[i]) * 1e-9 + EPS, "flow " + i);
        }
    }

    @Provide
    Arbitrary<List<Double>> demands() {
        Arbitrary<Double> any = Arbitraries.doubles().between(0, 1e11);
        Arbitrary<Double> ties = Arbitraries.of(0.0, 1e6, 3.3e7, 5e8, Double.POSITIVE_INFINITY);
        return Arbitraries.oneOf(any, ties).list().ofMaxSize(200);
    }

    /** Algorithm 1 as printed: sort ascending by B_d, y = n + m, B_p = min(B_d, BW/y), BW -= B_p, y -= 1. */
    private static double[] literalAlgorithm1(double bw, int n, double[] demands) {
        Integer[] order = IntStream.range(0, demands.length).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> demands[i]));
        double[] out = new double[demands.length];
        double remaining = bw;
        int y = n + demands.length;
        for (int i : order) {
            double bp = Math.min(demands[i], remaining / y);
            out[i] = bp;
            remaining -= bp;
            y--;
        }
        return out;
    }

    private static double finalShare(double bw, int n, double[] d, double[] a) {
        OptionalLimit limit = OptionalLimit.of(d, a);
        if (limit.present) {
            return limit.value;
        }
        return n == 0 ? Double.POSITIVE_INFINITY : (bw - Arrays.stream(a).sum()) / n;
    }

    private static double[] toArray(List<Double> list) {
        return list.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static final class OptionalLimit {
        final boolean present;
        final double value;

        private OptionalLimit(boolean present, double value) {
            this.present = present;
            this.value = value;
        }

        static OptionalLimit of(double[] d, double[] a) {
            for (int i = 0; i < d.length; i++) {
                if (a[i] < d[i]) {
                    return new OptionalLimit(true, a[i]);
                }
            }
            return new OptionalLimit(false, 0);
        }
    }
}
