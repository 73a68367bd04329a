// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The value types refuse bad values with a message naming the field, and behave as values.
 */
class ValueTypesTest {

    private static String refusal(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void defaultsAreThePapersFactors() {
        FudpaConfig c = FudpaConfig.defaults();
        assertEquals(0.875, c.alpha());
        assertEquals(0.25, c.beta());
        assertEquals(0.05, c.hysteresis());
        assertEquals(10_000, c.noiseFloorBps());
        assertEquals(3, c.maxMissingPeriods());
        assertEquals(0, FudpaConfig.paper().hysteresis());
        assertEquals(0, FudpaConfig.paper().noiseFloorBps());
        assertEquals(c, c.toBuilder().build());
        assertNotEquals(c, FudpaConfig.paper());
    }

    @Test
    void configRefusesEachBadFieldByName() {
        assertEquals("alpha: must be > 0 and < 1 (paper eq. 1), was 0.0",
                refusal(() -> FudpaConfig.builder().alpha(0).build()));
        assertEquals("beta: must be > 0 and < 1 (paper eq. 2), was NaN",
                refusal(() -> FudpaConfig.builder().beta(Double.NaN).build()));
        assertEquals("hysteresis: must be >= 0 and < 1, was 1.0",
                refusal(() -> FudpaConfig.builder().hysteresis(1).build()));
        assertEquals("noiseFloorBps: must be a finite number >= 0, was Infinity",
                refusal(() -> FudpaConfig.builder().noiseFloorBps(Double.POSITIVE_INFINITY).build()));
        assertEquals("maxMissingPeriods: must be >= 0, was -1",
                refusal(() -> FudpaConfig.builder().maxMissingPeriods(-1).build()));
    }

    @Test
    void samplesRefuseNegativeOrInfiniteRates() {
        assertEquals("flow 'f' rateBps: must be a finite number >= 0 (or NaN for unknown), was -1.0",
                refusal(() -> FlowSample.tcp("f", -1)));
        assertEquals("flow 'f' demandBps: must be a finite number >= 0 (or NaN for unknown), was Infinity",
                refusal(() -> FlowSample.udp("f", 1, Double.POSITIVE_INFINITY)));
        assertEquals("flowId: must not be empty", refusal(() -> FlowSample.tcp("", 1)));
    }

    @Test
    void sampleAccessorsTellMissingAndUnknownApart() {
        FlowSample missing = FlowSample.missing("m", Protocol.UDP);
        assertFalse(missing.hasRate());
        assertFalse(missing.hasDemand());
        FlowSample unknownDemand = FlowSample.udp("u", 5);
        assertTrue(unknownDemand.hasRate());
        assertFalse(unknownDemand.hasDemand());
        // A TCP flow has no demand even if one is given.
        assertFalse(FlowSample.of("t", Protocol.TCP, 1, 2).hasDemand());
        assertEquals(FlowSample.udp("u", 5, 6), FlowSample.of("u", Protocol.UDP, 5, 6));
        assertEquals("u UDP rate=missing demand=unknown", FlowSample.missing("u", Protocol.UDP).toString());
    }

    @Test
    void inputRefusesANonPositiveCapacity() {
        assertEquals("CFS 'c' capacityBps: must be a finite number > 0 (or NaN for unknown), was 0.0",
                refusal(() -> CfsInput.of("c", 0, List.of())));
        assertTrue(CfsInput.of("c", List.of()).capacityBps().isEmpty());
        assertEquals(5, CfsInput.of("c", 5, List.of()).capacityBps().getAsDouble());
    }

    @Test
    void allocationsAreAMapOfLimits() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("b", 2.0);
        m.put("a", 1.0);
        Allocations a = Allocations.of(m);
        assertEquals(2, a.size());
        assertEquals("b", a.flowId(0));
        assertEquals(1.0, a.rateOf("a").getAsDouble());
        assertTrue(a.rateOf("z").isEmpty());
        assertEquals(3.0, a.totalBps());
        assertEquals(Allocations.of(Map.of("a", 1.0, "b", 2.0)), a);
        assertEquals(List.of("b"), List.copyOf(a.retainOnly(Set.of("b")).asMap().keySet()));
        assertSame(a, a.retainOnly(Set.of("a", "b", "c")));
        assertTrue(Allocations.empty().isEmpty());
        assertEquals("allocation of 'x': must be a finite number >= 0, was -1.0",
                refusal(() -> Allocations.of(Map.of("x", -1.0))));
    }
}
