// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.LoopHarness;
import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.algorithm.CfsController;
import org.fudp.algorithm.CfsInput;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FlowSample;
import org.fudp.algorithm.FudpaConfig;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.fudp.loop.LoopHarness.FACILITY;
import static org.fudp.loop.LoopHarness.ONWARD;
import static org.fudp.loop.LoopHarness.SET1;
import static org.fudp.loop.LoopHarness.UDP1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LimitsInForceTest {

    private final TrackedFlow udp = new TrackedFlow(1, UDP1, FACILITY, ONWARD, true, LoopSettings.defaults(), 0,
            TrafficClass.NO_DSCP, false);

    private static Decision decision(FlowSample... samples) {
        return new CfsController(SET1, FudpaConfig.defaults()).step(CfsInput.of(SET1, 10e6, List.of(samples)));
    }

    @Test
    void allocationsBecomeLimitsWithTheOneBurstPolicy() {
        LimitsInForce l = new LimitsInForce();
        l.update(Map.of(UDP1, 3_000_000L), Map.of(), List.of(udp));
        FlowLimit limit = l.get(UDP1);
        assertEquals(3_000_000L, limit.rateBps());
        assertEquals(BurstPolicy.burstBytes(3_000_000L), limit.burstBytes());
        assertEquals(3750, BurstPolicy.burstBytes(3_000_000L), "10 ms at the rate");
        assertEquals(3028, BurstPolicy.burstBytes(1), "never below two full frames");
    }

    @Test
    void aPausedFlowKeepsItsLimitWhileItsSetIsJudgedFair() {
        LimitsInForce l = new LimitsInForce();
        udp.assign(new CfsAssignment(SET1, CfsKind.CONFIGURED, 0, null, null));
        l.update(Map.of(UDP1, 3_000_000L), Map.of(), List.of(udp));
        udp.assign(null);
        Decision fair = decision(FlowSample.tcp("t", 9e6));
        assertTrue(fair.fair(), fair.toString());
        l.update(Map.of(), Map.of(SET1, fair), List.of(udp));
        assertEquals(3_000_000L, l.get(UDP1).rateBps());
        l.update(Map.of(), Map.of(), List.of(udp));
        assertEquals(3_000_000L, l.get(UDP1).rateBps(), "a set with no decision this period changes nothing");
    }

    @Test
    void aReallocationOrNoTcpEndsAKeptLimit() {
        for (Decision d : List.of(decision(FlowSample.tcp("t", 1e6), FlowSample.udp("u", 9e6, 9e6)),
                decision(FlowSample.udp("u", 9e6, 9e6)))) {
            LimitsInForce l = new LimitsInForce();
            udp.assign(new CfsAssignment(SET1, CfsKind.CONFIGURED, 0, null, null));
            l.update(Map.of(UDP1, 3_000_000L), Map.of(), List.of(udp));
            udp.assign(null);
            l.update(Map.of(), Map.of(SET1, d), List.of(udp));
            assertNull(l.get(UDP1), d.reason().toString());
        }
    }

    @Test
    void aFlowNotThroughTheAdjustorKeepsNothing() {
        FiveTuple t = LoopHarness.TCP1;
        TrackedFlow direct = new TrackedFlow(2, t, FACILITY, ONWARD, false, LoopSettings.defaults(), 0,
                TrafficClass.NO_DSCP, false);
        LimitsInForce l = new LimitsInForce();
        l.update(Map.of(t, 1_000L), Map.of(), List.of(direct));
        l.update(Map.of(), Map.of(), List.of(direct));
        assertNull(l.get(t));
    }
}
