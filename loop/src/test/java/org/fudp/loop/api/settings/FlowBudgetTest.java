// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.settings;

import org.fudp.loop.LoopHarness;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.commands.Notice;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.H2;
import static org.fudp.loop.LoopHarness.ONWARD;
import static org.fudp.loop.LoopHarness.PERIOD;
import static org.fudp.loop.LoopHarness.S1;
import static org.fudp.loop.LoopHarness.T0;
import static org.fudp.loop.LoopHarness.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 27: per-flow collection within a facility's rule and packet-in budget. A hardware switch
 * holds a few thousand exact-match entries and sets up a few hundred flows a second; FUDP never asks
 * for more, whatever the hosts send, and a rule the switch refuses is not retried in a storm.
 */
class FlowBudgetTest {

    private final LoopHarness h = new LoopHarness();

    /** A TCP flow from 10.0.0.N to port 80 of 10.0.0.4. */
    private static FiveTuple tcp(int src, int port) {
        return tuple("tcp-10.0.0." + src + "-" + port + "-10.0.0.4-80");
    }

    /** The facility's collection view, as a period now publishes it. */
    private FacilityState view() {
        return h.period().facilities().get(S1);
    }

    private long skipped(FacilityState.Skip why) {
        return view().skipped().get(why);
    }

    @Test
    void budgetsAreCheckedWhenSet() {
        assertThrows(IllegalArgumentException.class, () -> new FlowBudget(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new FlowBudget(10, 0));
        assertEquals(new FlowBudget(1000, 200), FlowBudget.DEFAULT);
    }

    @Test
    void noMoreRulesThanTheBudgetAndANewFlowTakesThePlaceOfOneThatNeverJoined() {
        h.loop.setBudget(0, S1, new FlowBudget(10, 1000));
        for (int i = 0; i < 10; i++) {
            h.packetIn(tcp(1 + i % 2, 40000 + i), i % 2 == 0 ? H1 : H2);
        }
        assertEquals(10, h.rules.size());
        // Not a period old yet: no flow has had its chance to join, so none gives way.
        Actions over = h.packetIn(tcp(3, 50000), H2);
        assertTrue(over.rulesToAdd().isEmpty(), "over the budget");
        assertEquals(ONWARD, over.forwardPort(), "its packet still goes on");
        assertEquals(1, skipped(FacilityState.Skip.RULE_BUDGET));
        // Nine of them carry a lot and join; one carries nothing.
        h.at(T0 + PERIOD);
        for (int i = 0; i < 9; i++) {
            h.flow(tcp(1 + i % 2, 40000 + i), RuleSpec.Role.DIRECT, 1_000_000);
        }
        h.period();
        Actions admitted = h.packetIn(tcp(3, 50001), H2);
        assertEquals(1, admitted.rulesToAdd().size(), "the flow that never joined gave way");
        assertEquals(List.of(tcp(2, 40009)), List.copyOf(admitted.flowsGone()));
        assertEquals(10, h.rules.size(), "never more than the budget");
        Actions full = h.packetIn(tcp(3, 50002), H2);
        assertTrue(full.rulesToAdd().isEmpty(), "every other flow joined, or is too young to judge");
        FacilityState v = view();
        assertEquals(10, v.rulesInUse());
        assertEquals(10, v.ruleCap());
    }

    @Test
    void noMoreNewFlowsASecondThanThePacketInBudget() {
        h.loop.setBudget(0, S1, new FlowBudget(1000, 5));
        int learnt = 0;
        for (int i = 0; i < 8; i++) {
            learnt += h.packetIn(tcp(1 + i % 2, 40000 + i), i % 2 == 0 ? H1 : H2).rulesToAdd().size();
        }
        assertEquals(5, learnt, "a second's worth at once");
        h.at(T0 + 400);
        learnt = 0;
        for (int i = 0; i < 8; i++) {
            learnt += h.packetIn(tcp(1 + i % 2, 41000 + i), i % 2 == 0 ? H1 : H2).rulesToAdd().size();
        }
        assertEquals(2, learnt, "5 a second: 2 more after 400 ms");
        assertEquals(9, skipped(FacilityState.Skip.PACKET_IN_BUDGET));
    }

    @Test
    void aHostSprayingNewFiveTuplesFillsItsOwnQuotaAndOthersStillGetRules() {
        FlowBudget budget = new FlowBudget(1000, 100_000);
        h.loop.setBudget(0, S1, budget);
        int sprayed = 0;
        for (int i = 0; i < 5000; i++) {
            h.at(T0 + i);
            sprayed += h.packetIn(tuple("udp-10.0.0.1-" + (10000 + i) + "-10.0.0.2-9"), H1).rulesToAdd().size();
        }
        assertEquals(budget.sourceQuota(), sprayed, "its quota of flows that carry little");
        h.at(T0 + 5000);
        assertEquals(1, h.packetIn(tcp(2, 50000), H2).rulesToAdd().size(), "another host's new flow");
        FacilityState v = view();
        assertTrue(v.rulesInUse() <= budget.rules());
        assertEquals(5000 - sprayed, v.skipped().get(FacilityState.Skip.SOURCE_QUOTA));
    }

    @Test
    void aRuleTheSwitchRefusesIsNotRetriedAndLearningPausesThenResumesWithinWhatTheSwitchTook() {
        h.loop.setBudget(0, S1, new FlowBudget(1000, 1000));
        for (int i = 0; i < 5; i++) {
            h.packetIn(tcp(1, 40000 + i), H1);
        }
        RuleSpec refused = h.rule(tcp(1, 40004), RuleSpec.Role.DIRECT);
        Actions a = h.apply(h.loop.ruleRefused(h.now, refused.key(), "OFPFMFC_TABLE_FULL"));
        assertEquals(List.of(tcp(1, 40004)), List.copyOf(a.flowsGone()));
        assertTrue(a.notices().stream().anyMatch(n -> n.level() == Notice.Level.WARN
                && n.text().contains("OFPFMFC_TABLE_FULL")), a.notices().toString());
        // Its packets come back as packet-ins: none gets a rule during the pause, no storm.
        int tried = 0;
        for (int i = 0; i < 100; i++) {
            h.at(T0 + 10 * i);
            tried += h.packetIn(tcp(1, 40004), H1).rulesToAdd().size();
            tried += h.packetIn(tcp(2, 50000 + i), H2).rulesToAdd().size();
        }
        assertEquals(0, tried);
        FacilityState v = h.apply(h.loop.tick(h.now)).facilities().getOrDefault(S1, view());
        assertEquals(1, v.refusals());
        assertEquals("OFPFMFC_TABLE_FULL", v.lastRefusal());
        assertEquals(4, v.ruleCap(), "no more than the switch took");
        assertEquals(T0 + 2 * PERIOD, v.pausedUntilMs());
        // After the pause, flows are learnt again up to what the switch took.
        h.at(T0 + 2 * PERIOD);
        Actions after = h.packetIn(tcp(2, 60000), H2);
        assertEquals(1, after.rulesToAdd().size());
        assertEquals(1, after.flowsGone().size(), "at the cap of 4: in place of a flow that never joined");
        h.at(T0 + 17 * PERIOD);
        h.period();
        assertEquals(1, h.packetIn(tcp(2, 60001), H2).rulesToAdd().size(), "16 quiet periods: the budget again");
        assertEquals(1000, view().ruleCap());
    }

    @Test
    void withinItsBudgetAFacilityLearnsAsBefore() {
        for (int i = 0; i < 6; i++) {
            assertEquals(1, h.packetIn(tcp(1 + i % 2, 40000 + i), i % 2 == 0 ? H1 : H2).rulesToAdd().size());
        }
        h.at(T0 + PERIOD);
        h.period();
        FacilityState v = view();
        assertEquals(FlowBudget.DEFAULT, v.budget());
        assertEquals(6, v.rulesInUse());
        assertTrue(v.skipped().values().stream().allMatch(n -> n == 0), v.toString());
    }
}
