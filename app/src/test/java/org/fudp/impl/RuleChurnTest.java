// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;

import java.util.List;
import java.util.stream.Collectors;

import static org.fudp.impl.HostFixture.S1;
import static org.fudp.impl.HostFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 40 in a live ONOS: a host spraying 1000 source ports made FUDP learn a source's quota of flows and take
 * them back into one unit within a second; ONOS 2.7 stopped polling the facility's flow statistics for that
 * churn ({@link OnosStatsPause}), and for 15 s the unit went unmeasured while TCP starved. Paced, FUDP's rule
 * writes stay below the churn that pauses ONOS, and the unit is measured and held within seconds.
 */
class RuleChurnTest {

    private final OnosFlowRulesDouble onos = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
    private final OnosMetersDouble meters = new OnosMetersDouble();
    private final HostFixture f;

    RuleChurnTest() {
        meters.features(S1, 64);
        f = new HostFixture(HostFixture.FACILITY, onos, meters);
    }

    private void packetIn(FiveTuple t) {
        f.host.packetIn(new PacketIn(S1.toString(), 1, t, PacketIn.NO_MAC, false), new byte[60]);
    }

    private List<FlowRule> sprayersUnit() {
        return onos.rules().stream().filter(r -> r.deviceId().equals(S1))
                .filter(r -> r.selector().getCriterion(Criterion.Type.UDP_SRC) == null)
                .filter(r -> r.selector().getCriterion(Criterion.Type.IPV4_SRC).toString().endsWith(".9/32"))
                .collect(Collectors.toList());
    }

    @Test
    void aSprayerTakenIntoAUnitLeavesOnosPollingTheFacilityAndIsMeasuredInSeconds() {
        // Two TCP flows into the bottleneck, starved by the spray.
        packetIn(FlowIds.parse("t", "tcp-10.0.0.1-40000-10.0.0.4-5201"));
        packetIn(FlowIds.parse("t", "tcp-10.0.0.2-40001-10.0.0.4-5202"));
        onos.rules().forEach(r -> onos.rate(r, 1_000_000));
        for (int i = 0; i < 1000; i++) {
            f.clock.set(T0 + i / 4);
            packetIn(FlowIds.parse("u", "udp-10.0.0.9-" + (20000 + i) + "-10.0.0.4-5300"));
        }
        CorrelationFlowSet set = null;
        boolean rated = false;
        long measuredAt = -1;
        long heldAt = -1;
        boolean noUdpShown = false;
        for (long t = T0 + 250; t <= T0 + 20_000; t += 250) {
            f.clock.set(t);
            onos.advance(t, -1);
            if (t % 1_000 == 0) {
                meters.poll(S1, t);
            }
            f.host.tick();
            List<FlowRule> unit = sprayersUnit();
            if (!rated && !unit.isEmpty()) {
                onos.rate(unit.get(0), 50e6);
                rated = true;
            }
            if (t % 2_000 == 0) {
                f.host.period();
                set = f.store.getCfs("set1").orElse(null);
                if (set != null && set.state() == CfsState.NO_UDP) {
                    noUdpShown = true;
                }
                if (measuredAt < 0 && set != null && set.units() == 1 && set.unitsBps() > 0) {
                    measuredAt = t - T0;
                }
                if (heldAt < 0 && set != null && set.unitsLimitBps() > 0) {
                    heldAt = t - T0;
                }
            }
        }
        assertEquals(0, onos.pause.skippedPolls, "ONOS polled the facility throughout");
        assertTrue(!noUdpShown, "the set never said it had no UDP while its unit went unmeasured");
        assertTrue(measuredAt > 0 && measuredAt <= 6_000, "the unit measured within 6 s, at " + measuredAt + " ms");
        assertEquals(1, sprayersUnit().size(), "the unit's rule: " + onos.rules());
        assertEquals(1, onos.rules().stream().filter(r -> r.selector().getCriterion(Criterion.Type.IPV4_SRC)
                .toString().endsWith(".9/32")).count(), "the quota's rules gone with the unit: " + onos.rules());
        assertTrue(heldAt > 0 && heldAt <= 8_000, "its meter in force within 8 s, at " + heldAt + " ms");
        assertTrue(set.unitsLimitBps() < 10_000_000, "held below the link: " + set.unitsLimitBps());
        assertEquals(CfsState.FAIR, set.state(), set.stateReason());
    }
}
