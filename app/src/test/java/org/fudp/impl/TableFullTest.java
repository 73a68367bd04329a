// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.fudp.impl.HostFixture.S1;
import static org.fudp.impl.HostFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 27 in ONOS: a switch whose table is full refuses FUDP's rules the way ONOS 2.7 reports it
 * ({@link OnosFlowRulesDouble} names the sources: the batch's context hears the failed ADDs, the rules
 * stay PENDING_ADD and every statistics poll sends them again), and a host spraying new 5-tuples. FUDP
 * stays within its budgets through ONOS's own services and never leaves ONOS re-sending in a storm.
 */
class TableFullTest {

    private final OnosFlowRulesDouble onos = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
    private final HostFixture f = new HostFixture(onos);

    private void packetIn(FiveTuple t) {
        f.host.packetIn(new PacketIn(S1.toString(), 1, t, PacketIn.NO_MAC, false), new byte[60]);
    }

    /** The facility's view as a period publishes it to the store (REST /agents, fudp-agents, the page). */
    private FacilityState state(long atMs) {
        f.clock.set(atMs);
        f.host.period();
        return f.store.getFacilityState(S1).orElseThrow();
    }

    private static FiveTuple tcp(int src, int port) {
        return FlowIds.parse("t", "tcp-10.0.0." + src + "-" + port + "-10.0.0.4-80");
    }

    @Test
    void refusedRulesAreWithdrawnNotResentAndLearningPauses() {
        onos.tableLimit = 10;
        for (int i = 0; i < 15; i++) {
            packetIn(tcp(1 + i % 3, 40000 + i));
        }
        assertEquals(15, onos.rules().size(), "asked for, before the switch answered");
        f.clock.set(T0 + 100);
        onos.advance(T0 + 100, -1);
        assertEquals(5, onos.refusedSends, "the five the full table refused");
        // The refused rules are withdrawn, gone from ONOS's store at its next poll: nothing is sent again.
        onos.advance(T0 + 1_000, -1);
        assertEquals(10, onos.rules().size(), "the refused flows' rules withdrawn");
        onos.advance(T0 + 10_000, -1);
        assertEquals(5, onos.refusedSends, "no re-sends at the polls");
        for (int i = 0; i < 50; i++) {
            packetIn(tcp(1 + i % 3, 50000 + i));
        }
        onos.advance(T0 + 10_100, -1);
        assertEquals(5, onos.refusedSends, "no new flow tried while paused: no storm");
        FacilityState s = state(T0 + 10_100);
        assertEquals(5, s.refusals());
        assertTrue(s.lastRefusal().contains("refused"), s.lastRefusal());
        assertEquals(10, s.ruleCap(), "no more than the switch took");
        assertEquals(10, s.rulesInUse());
        assertTrue(s.skipped().get(FacilityState.Skip.SWITCH_REFUSED) >= 50, s.toString());
    }

    @Test
    void aHostSprayingNewFiveTuplesStaysWithinItsQuotaAndTheBudgetAndBecomesOneUnit() {
        FlowBudget budget = new FlowBudget(200, 100_000);
        f.host.setBudgets(Map.of(S1, budget));
        for (int i = 0; i < 3000; i++) {
            f.clock.set(T0 + i);
            packetIn(FlowIds.parse("u", "udp-10.0.0.9-" + (10000 + i) + "-10.0.0.2-53"));
        }
        onos.advance(T0 + 3_000, -1);
        List<FlowRule> ours = onos.rules().stream().filter(r -> r.deviceId().equals(S1)).collect(Collectors.toList());
        assertTrue(ours.size() <= budget.rules(), "within the budget: " + ours.size());
        List<FlowRule> units = ours.stream().filter(r -> r.selector().getCriterion(Criterion.Type.UDP_SRC) == null)
                .collect(Collectors.toList());
        assertEquals(1, units.size(), "one rule takes the rest of the sprayer's UDP: " + units);
        assertEquals("IPV4_SRC:10.0.0.9/32", units.get(0).selector().getCriterion(Criterion.Type.IPV4_SRC).toString());
        // The quota learnt before the unit went with it; the double punts every packet, where the switch would
        // have forwarded all but those racing the unit's rule: none is learnt.
        assertEquals(1, ours.size(), "the sprayer holds the unit's rule alone: " + ours);
        packetIn(tcp(2, 40000));
        assertEquals(ours.size() + 1, onos.rules().size(), "another host's new flow still gets its rule");
        assertEquals(List.of(), onos.deletedExtraneous);
        FacilityState s = state(T0 + 5_000);
        assertEquals(3000 - budget.sourceQuota(), (long) s.skipped().get(FacilityState.Skip.SOURCE_QUOTA),
                "every packet-in after the quota, the unit's own racing its rule");
        assertEquals(budget, s.budget());
    }
}
