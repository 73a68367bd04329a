// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.loop.LoopHarness;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.commands.MeterSpec;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.enforce.MeterBackend;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.fudp.loop.LoopHarness.CAPACITY;
import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.H2;
import static org.fudp.loop.LoopHarness.PERIOD;
import static org.fudp.loop.LoopHarness.S1;
import static org.fudp.loop.LoopHarness.SET1;
import static org.fudp.loop.LoopHarness.T0;
import static org.fudp.loop.LoopHarness.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 40, item 3, on a per-flow facility with its adjustor: UDP the budgets leave unlearned is counted and
 * limited as one flow (a unit) by an aggregate rule and its meter, and its packets cost no packet-in each.
 * The flood offers its rate whatever it is held at; TCP takes what the 10 Mbit/s bottleneck leaves.
 */
class UnlearnedUdpTest {

    private static final double FLOOD_BPS = 50_000_000;
    private static final double TCP_WANTS = 20_000_000;

    private LoopHarness h;
    private final List<FiveTuple> tcp = new ArrayList<>();
    private RuleSpec unit;
    private long meterBps;
    private long t = T0;

    private void start() {
        h = new LoopHarness(LoopSettings.defaults().toBuilder().periodMs(PERIOD).build());
        h.agentUp();
        for (int i = 0; i < 2; i++) {
            FiveTuple f = tuple("tcp-10.0.0.1-" + (41000 + i) + "-10.0.0.4-5201");
            h.packetIn(f, H1);
            tcp.add(f);
        }
    }

    private Optional<RuleSpec> unitRule() {
        return h.rules.values().stream().filter(r -> r.isAggregate() && r.flow().protocol() == FiveTuple.UDP)
                .findFirst();
    }

    private long learnedUdp() {
        return h.rules.values().stream().filter(r -> !r.isAggregate() && r.flow().protocol() == FiveTuple.UDP
                && r.role() == RuleSpec.Role.TO_ADJUSTOR).count();
    }

    // One period: the unit passes what its meter lets through, TCP what the bottleneck leaves; a meter asked
    // for is put in force at once, as a switch that has meters does.
    private Actions period() {
        t += PERIOD;
        h.at(t);
        double udp = meterBps > 0 ? Math.min(FLOOD_BPS, meterBps) : FLOOD_BPS;
        double tcpEach = Math.max(30_000, Math.min(TCP_WANTS, (CAPACITY - Math.min(udp, CAPACITY)) / tcp.size()));
        tcp.forEach(f -> h.flow(f, RuleSpec.Role.DIRECT, tcpEach));
        h.flow(unit.flow(), RuleSpec.Role.AGGREGATE, FLOOD_BPS);
        h.heartbeat();
        Actions a = h.period();
        h.newMessages().forEach(h::ack);
        for (MeterSpec m : a.metersToAdd()) {
            assertTrue(m.key() >= MeterBackend.FIRST_UNIT_KEY, "only the unit is metered: " + m);
            h.apply(h.loop.meterAdded(h.now, S1, m.key()));
            meterBps = m.rateBps();
        }
        return a;
    }

    private void holdsTheUnitToOneShare(String principal) {
        for (int i = 0; i < 8; i++) {
            period();
        }
        CorrelationFlowSet set = h.cfs(SET1);
        assertNotNull(set, "the set formed");
        assertEquals(1, set.units(), set.toString());
        assertTrue(meterBps > 0 && meterBps <= CAPACITY / 3.0 * 1.1,
                "two TCP flows and one principal: the unit keeps a third of the link, " + meterBps);
        assertEquals(meterBps, set.unitsLimitBps(), "the meter in force, as the views show it");
        assertEquals(FLOOD_BPS, set.unitsBps(), FLOOD_BPS * 0.01, "what the unit's flows offer");
        assertEquals(1, set.udpPrincipals());
        assertEquals(principal, set.topPrincipals().get(0).principal());
        assertTrue(set.tcpThroughputBps() >= 0.85 * CAPACITY * 2 / 3, "TCP has its two shares: " + set);
        assertNotEquals(CfsState.NO_UDP, set.state(), set.stateReason());
        RuleSpec metered = h.rules.get(unit.key());
        assertTrue(metered.meterKey() >= MeterBackend.FIRST_UNIT_KEY, "its rule passes the meter: " + metered);
    }

    @Test
    void aHostOverItsQuotaOfUnjoinedFlowsIsOneUnitCountedAndLimitedAndCostsNoMorePacketIns() {
        start();
        int quota = FlowBudget.DEFAULT.sourceQuota();
        // 1,000 ports at 50 kbit/s each: none ever carries the join rate.
        for (int i = 0; i < quota; i++) {
            h.packetIn(tuple("udp-10.0.0.2-" + (20000 + i) + "-10.0.0.4-5300"), H2);
        }
        assertEquals(quota, learnedUdp(), "the host's quota is learnt");
        Actions over = h.packetIn(tuple("udp-10.0.0.2-" + (20000 + quota) + "-10.0.0.4-5300"), H2);
        unit = unitRule().orElseThrow(() -> new AssertionError("no unit: " + over.rulesToAdd()));
        assertEquals(32, unit.srcPrefix().length(), "one source's: " + unit);
        assertEquals("10.0.0.2", unit.flow().src().getHostAddress());
        assertEquals(LoopSettings.defaults().flowPriority() - 1, unit.priority(), "below per-flow, above any dst's");
        assertEquals(0, learnedUdp(), "the flows that never joined are the unit's now, their rules gone");
        assertTrue(over.notices().stream().anyMatch(n -> n.text().contains("counted and limited as one flow")),
                over.notices().toString());
        holdsTheUnitToOneShare("10.0.0.2");
        FacilityState facility = h.history.get(h.history.size() - 1).facilities().get(S1);
        if (facility != null) {
            assertEquals(1L, facility.skipped().get(FacilityState.Skip.SOURCE_QUOTA), "one packet-in turned away");
        }
    }

    @Test
    void aUnitsMeterGoesBeforeItsFacilityIsHandedOverAndItsRuleStaysWithoutOne() {
        start();
        for (int i = 0; i <= FlowBudget.DEFAULT.sourceQuota(); i++) {
            h.packetIn(tuple("udp-10.0.0.2-" + (20000 + i) + "-10.0.0.4-5300"), H2);
        }
        unit = unitRule().orElseThrow();
        holdsTheUnitToOneShare("10.0.0.2");
        long meter = h.rules.get(unit.key()).meterKey();
        Actions gone = h.apply(h.loop.handOver(h.now, S1));
        assertTrue(gone.rulesToModify().stream().anyMatch(r -> r.key() == unit.key()
                && r.meterKey() == RuleSpec.NO_METER), "detached first: " + gone.rulesToModify());
        assertTrue(gone.metersToRemove().stream().anyMatch(m -> m.key() == meter), "its meter goes");
        RuleSpec handed = gone.rulesHandedOver().stream().filter(r -> r.key() == unit.key()).findFirst()
                .orElseThrow(() -> new AssertionError("its rule stays on the switch: " + gone.rulesHandedOver()));
        assertEquals(RuleSpec.NO_METER, handed.meterKey(), "pointing at no meter the next controller cannot know");
    }

    @Test
    void aDestinationsUnitTakesInItsSourcesUnitsSoThatAPacketMatchesOneRule() {
        start();
        for (int i = 0; i <= FlowBudget.DEFAULT.sourceQuota(); i++) {
            h.packetIn(tuple("udp-10.0.0.2-" + (20000 + i) + "-10.0.0.4-5300"), H2);
        }
        RuleSpec source = unitRule().orElseThrow();
        assertEquals(32, source.srcPrefix().length());
        int budget = FlowBudget.DEFAULT.packetInsPerS();
        Actions made = null;
        for (int i = 0; i < 2 * budget; i++) {
            made = h.packetIn(tuple("udp-10.0." + (1 + i / 250) + "." + (1 + i % 250) + "-53-10.0.0.4-5300"), H2);
        }
        List<RuleSpec> units = h.rules.values().stream().filter(RuleSpec::isAggregate).collect(Collectors.toList());
        assertEquals(1, units.size(), "the destination's unit alone: " + units);
        assertEquals(0, units.get(0).srcPrefix().length());
        assertTrue(h.history.stream().anyMatch(a -> a.rulesToRemove().stream().anyMatch(r -> r.key() == source.key())),
                "the source's unit was removed: " + made);
    }

    @Test
    void sourcesBeyondThePacketInBudgetAreTheirDestinationsUnit() {
        start();
        int budget = FlowBudget.DEFAULT.packetInsPerS();
        // A reflection: more sources in one second than the packet-in budget, one flow each. What the budget
        // leaves of the second is learnt (the TCP flows took two); a second's budget turned away makes the unit.
        int learnt = budget - tcp.size();
        for (int i = 0; i < learnt + budget - 1; i++) {
            h.packetIn(tuple("udp-10.0." + (1 + i / 250) + "." + (1 + i % 250) + "-53-10.0.0.4-5300"), H2);
        }
        assertEquals(learnt, learnedUdp(), "the budget is learnt");
        assertTrue(unitRule().isEmpty(), "a burst under a second's budget turned away is no reflection");
        Actions made = h.packetIn(tuple("udp-10.0.9.9-53-10.0.0.4-5300"), H2);
        unit = unitRule().orElseThrow(() -> new AssertionError("no unit: " + made.rulesToAdd()));
        assertEquals(0, unit.srcPrefix().length(), "any source's: " + unit);
        assertEquals("10.0.0.4", unit.dstPrefix().toMatchString());
        assertEquals(0, learnedUdp(), "the sources' flows that never joined are the unit's");
        holdsTheUnitToOneShare("unlearned UDP to 10.0.0.4");
    }
}
