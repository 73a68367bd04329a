// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.LoopHarness;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.commands.MeterSpec;
import org.fudp.loop.api.commands.Notice;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.algorithm.Allocations;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.H2;
import static org.fudp.loop.LoopHarness.PERIOD;
import static org.fudp.loop.LoopHarness.S1;
import static org.fudp.loop.LoopHarness.SET1;
import static org.fudp.loop.LoopHarness.T0;
import static org.fudp.loop.LoopHarness.TCP1;
import static org.fudp.loop.LoopHarness.TCP2;
import static org.fudp.loop.LoopHarness.UDP1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A facility that enforces with the switch's meters (issue 17): one meter per limited flow, attached
 * to its rule once the host says it is in force, a new meter for a new limit (make before break),
 * and a flow whose meter fails stays counted, unlimited.
 */
class MeterBackendTest {

    private final LoopHarness h = new LoopHarness(LoopSettings.defaults(), T0, new HashMap<>(),
            List.of(Facility.metered(S1)));
    /** What passed each meter so far, as the switch's meter stats would say. */
    private final Map<Long, long[]> meterBytes = new HashMap<>();

    /** A period in which UDP1 offers 50 Mbit/s and, with a meter, delivers its limit. */
    private Actions period(int k, double tcpBps, long meterKey, double passedBps) {
        return period(k, List.of(TCP1), tcpBps, meterKey, passedBps);
    }

    /** The same, with these TCP flows at tcpBps each. */
    private Actions period(int k, List<FiveTuple> tcp, double tcpBps, long meterKey, double passedBps) {
        long[] b = meterBytes.computeIfAbsent(meterKey, x -> new long[1]);
        b[0] += Math.round(passedBps * PERIOD / 8000.0);
        long at = T0 + k * PERIOD;
        return period(at, tcp, tcpBps,
                meterKey == 0 ? List.of() : List.of(new MeterReading(meterKey, at, b[0] * 5, b[0] * 4)));
    }

    /** A period at a time: these TCP flows at tcpBps each, UDP1 offering 50 Mbit/s, these meter readings. */
    private Actions period(long atMs, List<FiveTuple> tcp, double tcpBps, List<MeterReading> readings) {
        h.at(atMs);
        tcp.forEach(t -> h.flow(t, RuleSpec.Role.DIRECT, tcpBps));
        h.flow(UDP1, RuleSpec.Role.DIRECT, 50_000_000);
        return h.apply(h.loop.period(h.now, h.readCounters(), readings));
    }

    /** UDP1 floods beside TCP1: the first period limits it, and asks for its meter. */
    private MeterSpec floodMeter() {
        h.packetIn(UDP1, H1);
        h.packetIn(TCP1, H1);
        return period(1, 1_000_000, 0, 0).metersToAdd().get(0);
    }

    private Actions added(long key) {
        return h.apply(h.loop.meterAdded(h.now, S1, key));
    }

    @Test
    void aLimitIsAMeterAttachedToTheFlowsRuleOnceInForce() {
        Actions learnt = h.packetIn(UDP1, H1);
        assertEquals(List.of(RuleSpec.Role.DIRECT),
                learnt.rulesToAdd().stream().map(RuleSpec::role).collect(Collectors.toList()),
                "no adjustor: the flow goes straight on");
        h.packetIn(TCP1, H1);
        Actions flood = period(1, 1_000_000, 0, 0);
        assertEquals(1, flood.metersToAdd().size());
        MeterSpec m = flood.metersToAdd().get(0);
        assertEquals(5_000_000, m.rateBps(), "the link's half, as the adjustor would get");
        assertTrue(flood.rulesToModify().isEmpty(), "the rule points at the meter only once it is in force");

        Actions inForce = added(m.key());
        assertEquals(1, inForce.rulesToModify().size());
        RuleSpec r = inForce.rulesToModify().get(0);
        assertEquals(m.key(), r.meterKey());
        assertEquals(h.rule(UDP1, RuleSpec.Role.DIRECT).key(), r.key(), "the same rule, modified in place");
        assertTrue(inForce.metersToRemove().isEmpty());

        // Measured behind the meter: what passed it, not what the rule counted.
        Actions next = period(2, 5_000_000, m.key(), 5_000_000);
        DecisionRecord d = h.decisions(SET1).get(h.decisions(SET1).size() - 1);
        assertFalse(d.reallocated(), "fair at the meter's rate: " + d);
        assertTrue(next.metersToAdd().isEmpty());
    }

    @Test
    void aMeterWhoseDropsNobodyCountedPassesWhatEntersItUpToItsRate() {
        // ONOS 2.7 keeps a meter's input counters only (DistributedMeterStore.updateMeterState).
        MeterSpec m = floodMeter();
        added(m.key());
        long offered = 0;
        for (int k = 2; k <= 3; k++) {
            offered += Math.round(50_000_000.0 * PERIOD / 8000.0);
            long at = T0 + k * PERIOD;
            period(at, List.of(TCP1), 5_000_000,
                    List.of(new MeterReading(m.key(), at, offered, MeterReading.DROPS_UNCOUNTED)));
        }
        DecisionRecord d = h.decisions(SET1).get(h.decisions(SET1).size() - 1);
        assertEquals(m.rateBps(), d.udpAverageBps(), 1.0, "the meter's rate, not the 50 Mbit/s offered: " + d);
        assertFalse(d.reallocated(), d.toString());
    }

    @Test
    void aNewLimitIsANewMeterAndTheOldGoesAfterTheRulePointsAway() {
        MeterSpec first = floodMeter();
        added(first.key());
        period(2, 5_000_000, first.key(), 5_000_000);
        h.packetIn(TCP2, H2);
        Actions more = period(3, List.of(TCP1, TCP2), 2_500_000, first.key(), 5_000_000);
        assertEquals(1, more.metersToAdd().size(), "a new meter for the new limit");
        MeterSpec second = more.metersToAdd().get(0);
        assertTrue(second.rateBps() < first.rateBps());
        assertTrue(more.metersToRemove().isEmpty(), "the old meter holds the flow until the new is in force");
        Actions swap = added(second.key());
        assertEquals(second.key(), swap.rulesToModify().get(0).meterKey());
        assertEquals(List.of(first), swap.metersToRemove());

        // The window after the swap starts at the new meter: what the old one passed after its last
        // reading, which no reading shows, does not count as lost.
        long rebaseAt = h.loop.rebaseDueMs().getAsLong();
        h.at(rebaseAt);
        h.apply(h.loop.rebase(h.now, h.readCounters(), List.of(new MeterReading(second.key(), h.now, 1000, 0))));
        long at = T0 + 4 * PERIOD;
        long passedSince = Math.round(second.rateBps() * (at - rebaseAt) / 8000.0);
        period(at, List.of(TCP1, TCP2), 3_300_000,
                List.of(new MeterReading(second.key(), at, 1000 + passedSince * 3, passedSince * 2)));
        DecisionRecord d = h.decisions(SET1).get(h.decisions(SET1).size() - 1);
        assertEquals(second.rateBps(), d.udpAverageBps(), second.rateBps() * 0.01, d.toString());
    }

    @Test
    void aReleasedLimitDetachesTheMeterBeforeRemovingIt() {
        MeterSpec m = floodMeter();
        added(m.key());
        // TCP1 gone: no TCP to be friendly to, every limit released.
        h.at(T0 + 2 * PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 0);
        h.flow(UDP1, RuleSpec.Role.DIRECT, 50_000_000);
        h.closing(TCP1, H1);
        Actions released = h.apply(h.loop.period(h.now, h.readCounters(), List.of()));
        assertEquals(List.of(RuleSpec.NO_METER),
                released.rulesToModify().stream().map(RuleSpec::meterKey).collect(Collectors.toList()));
        assertEquals(List.of(m), released.metersToRemove());
    }

    @Test
    void aFlowWhoseMeterFailsStaysCountedUnlimitedAndIsSaidSo() {
        MeterSpec m = floodMeter();
        Actions failed = h.apply(h.loop.meterFailed(h.now, S1, m.key(), "OUT_OF_METERS"));
        assertTrue(failed.notices().stream().anyMatch(n -> n.level() == Notice.Level.WARN
                && n.text().contains("OUT_OF_METERS") && n.text().contains("unlimited")), failed.notices().toString());
        assertEquals(List.of(m), failed.metersToRemove(), "withdrawn: ONOS would otherwise retry it for ever");
        assertTrue(failed.rulesToModify().isEmpty(), "its rule never pointed at it");
        Actions again = period(2, 1_000_000, 0, 0);
        assertTrue(again.metersToAdd().isEmpty(), "not asked for again before its back-off");
        assertTrue(h.cfs(SET1).udpFlows().contains(UDP1), "still counted in its set");
        assertFalse(h.cfs(SET1).state() == CfsState.NO_AGENT, "a metered set needs no agent");

        // The operator sees it: the facility's view counts it, the flow's limit says why.
        AgentState facility = h.agentView();
        assertEquals(Facility.Enforcement.METER, facility.enforcement());
        assertEquals(1, facility.unmetered());
        assertTrue(facility.reason().contains("OUT_OF_METERS"), facility.reason());
        AllocationState limit = again.allocations().get(UDP1);
        assertTrue(limit.refusal().startsWith("OUT_OF_METERS (1 refusal; asked again in "), limit.refusal());
        assertFalse(limit.acknowledged(), "never in force");
        assertEquals(CfsState.NOT_ENFORCED, h.cfs(SET1).state(), "UDP runs unlimited: not fair");
        assertTrue(h.cfs(SET1).stateReason().contains("OUT_OF_METERS"), h.cfs(SET1).stateReason());
    }

    /** Issue 25: a refusal (a stale TIMEOUT, a table full for a while) left the flow unlimited for good. */
    @Test
    void aRefusedMeterIsAskedForAgainAfterABackOffThatDoublesUpToABound() {
        MeterSpec m = floodMeter();
        h.apply(h.loop.meterFailed(h.now, S1, m.key(), "TIMEOUT"));
        List<Long> asked = new java.util.ArrayList<>();
        MeterSpec last = m;
        for (int k = 2; k <= 50; k++) {
            Actions a = period(k, 1_000_000, 0, 0);
            if (!a.metersToAdd().isEmpty()) {
                assertEquals(List.of(m.rateBps()), a.metersToAdd().stream().map(MeterSpec::rateBps)
                        .collect(Collectors.toList()), "the same limit again");
                asked.add(h.now);
                last = a.metersToAdd().get(0);
                h.apply(h.loop.meterFailed(h.now, S1, last.key(), "TIMEOUT"));
            }
        }
        List<Long> waits = new java.util.ArrayList<>();
        for (int i = 1; i < asked.size(); i++) {
            waits.add((asked.get(i) - asked.get(i - 1)) / PERIOD);
        }
        assertEquals(T0 + 3 * PERIOD, (long) asked.get(0), "two periods after the first refusal");
        assertEquals(List.of(4L, 8L, 16L, 16L), waits, "doubling up to 16 periods: " + asked);
        assertTrue(waits.stream().allMatch(w -> w <= MeterBackend.RETRY_MAX_PERIODS), waits.toString());
        assertTrue(h.cfs(SET1).stateReason().contains("refusals"), h.cfs(SET1).stateReason());
        // Accepted at last: in force, and the set is fair again once measured under it.
        Actions retry;
        int k = 51;
        do {
            retry = period(k++, 1_000_000, 0, 0);
        } while (retry.metersToAdd().isEmpty());
        MeterSpec accepted = retry.metersToAdd().get(0);
        added(accepted.key());
        assertEquals("", h.cfs(SET1).stateReason());
        assertTrue(h.agentView().reason().isEmpty(), h.agentView().reason());
    }

    @Test
    void stoppingRemovesEveryMeterAfterTheRules() {
        MeterSpec m = floodMeter();
        added(m.key());
        Actions stop = h.apply(h.loop.stop(h.now));
        assertEquals(List.of(m), stop.metersToRemove());
        assertEquals(Set.of(UDP1, TCP1), stop.rulesToRemove().stream().map(RuleSpec::flow).collect(Collectors.toSet()));
    }

    @Test
    void theNextControllerKeepsTheMetersItFindsUntilALimitChanges() {
        MeterSpec first = floodMeter();
        added(first.key());
        period(2, 5_000_000, first.key(), 5_000_000);
        FacilityCheckpoint cp = h.loop.checkpoint(S1).orElseThrow();
        Actions gone = h.apply(h.loop.handOver(h.now, S1));
        assertTrue(gone.metersToRemove().isEmpty() && gone.rulesToModify().isEmpty(), "they stay: " + gone);

        LoopHarness b = new LoopHarness(LoopSettings.defaults(), T0 + 60_000, h.onSwitch, List.of());
        b.at(h.now);
        Actions took = b.apply(b.loop.adopt(b.now, Facility.metered(S1), cp));
        assertTrue(took.metersToAdd().isEmpty() && took.rulesToModify().isEmpty(),
                "the limit stands on the meter the rule points at: " + took);
        assertTrue(took.allocations().get(UDP1).acknowledged(), "in force");

        // Its meter cannot be read here, but it polices: the flow delivers at most its rate.
        Actions next = Actions.none();
        for (int k = 1; k <= 2; k++) {
            b.at(h.now + k * PERIOD);
            b.flow(TCP1, RuleSpec.Role.DIRECT, 5_000_000);
            b.flow(UDP1, RuleSpec.Role.DIRECT, 50_000_000);
            next = b.apply(b.loop.period(b.now, b.readCounters(), List.of()));
        }
        DecisionRecord d = b.decisions(SET1).get(b.decisions(SET1).size() - 1);
        assertEquals(first.rateBps(), d.udpAverageBps(), 1.0, d.toString());
        assertTrue(next.metersToAdd().isEmpty(), next.toString());

        // Released (no TCP left): the rule is detached, and the host withdraws what it found there.
        b.at(b.now + PERIOD);
        b.flow(TCP1, RuleSpec.Role.DIRECT, 0);
        b.flow(UDP1, RuleSpec.Role.DIRECT, 50_000_000);
        b.closing(TCP1, H1);
        Actions released = b.apply(b.loop.period(b.now, b.readCounters(), List.of()));
        assertEquals(List.of(RuleSpec.NO_METER),
                released.rulesToModify().stream().map(RuleSpec::meterKey).collect(Collectors.toList()));
        assertEquals(1, released.metersToRemove().size());
    }

    @Test
    void heldIsTheOneRuleForTheLoopAndFudpa() {
        assertTrue(Allocations.holds(5_000_000, 5_400_000));
        assertFalse(Allocations.holds(5_000_000, 5_600_000));
    }
}
