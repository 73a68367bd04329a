// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.api.FudpEvent;
import org.fudp.api.FudpStore;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.fudp.store.StoreFixtures.S1;
import static org.fudp.store.StoreFixtures.S2;
import static org.fudp.store.StoreFixtures.SET1;
import static org.fudp.store.StoreFixtures.T0;
import static org.fudp.store.StoreFixtures.agent;
import static org.fudp.store.StoreFixtures.allocation;
import static org.fudp.store.StoreFixtures.cfs;
import static org.fudp.store.StoreFixtures.cfsSample;
import static org.fudp.store.StoreFixtures.decision;
import static org.fudp.store.StoreFixtures.facilityState;
import static org.fudp.store.StoreFixtures.flow;
import static org.fudp.store.StoreFixtures.flowSample;
import static org.fudp.store.StoreFixtures.tcp;
import static org.fudp.store.StoreFixtures.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every {@link FudpStore} does: which writes raise which events, what is kept, and how the
 * histories are bounded. The behaviour is {@code SimpleFudpStore}'s, the store the manager used
 * first; each subclass runs it against one store.
 */
abstract class FudpStoreContract {

    /** History length of the store under test. */
    static final int LENGTH = 3;

    /** The store under test. */
    FudpStore store;
    /** The events its delegate received. */
    final List<FudpEvent> events = new ArrayList<>();

    /**
     * Creates the store under test.
     *
     * @param historyLength its history length
     * @return the store
     */
    abstract FudpStore newStore(int historyLength);

    /**
     * Whether {@link FudpStore#clear()} raises events where the test reads them (it does on an
     * instance other than the one that clears).
     *
     * @return true if it does
     */
    boolean clearRaisesEvents() {
        return false;
    }

    @BeforeEach
    void setUp() {
        store = newStore(LENGTH);
        store.setDelegate(events::add);
    }

    private List<FudpEvent.Type> types() {
        return events.stream().map(FudpEvent::type).collect(Collectors.toList());
    }

    private FudpEvent last() {
        return events.get(events.size() - 1);
    }

    @Test
    void aNewFlowIsSeenOnceAndUpdatesAreKept() {
        FiveTuple t = tcp(1);
        store.putFlow(flow(t, 100));
        store.putFlow(flow(t, 200));
        store.putFlow(flow(udp(2), 300));

        assertEquals(List.of(FudpEvent.Type.FLOW_SEEN, FudpEvent.Type.FLOW_SEEN), types());
        assertEquals(t.toString(), events.get(0).subject());
        assertEquals(Optional.of(flow(t, 100)), events.get(0).flow(), "the event carries the flow as first seen");
        assertEquals(Optional.of(flow(t, 200)), store.getFlow(t));
        assertEquals(Set.of(flow(t, 200), flow(udp(2), 300)), Set.copyOf(store.getFlows()));
    }

    @Test
    void removingAFlowRaisesFlowGoneAndForgetsItsHistoryAndAllocation() {
        FiveTuple u = udp(1);
        store.putFlow(flow(u, 100));
        store.addFlowSample(u, flowSample(1));
        store.putAllocation(allocation(u, 1000, 1, false, T0));
        store.addFlowSample(udp(2), flowSample(1));
        events.clear();

        assertEquals(Optional.of(flow(u, 100)), store.removeFlow(u));

        assertEquals(List.of(FudpEvent.Type.FLOW_GONE), types());
        assertEquals(Optional.of(flow(u, 100)), last().flow());
        assertTrue(store.getFlow(u).isEmpty());
        assertEquals(List.of(), store.getFlowHistory(u));
        assertEquals(List.of(), List.copyOf(store.getAllocations()));
        assertEquals(1, store.getFlowHistory(udp(2)).size(), "another flow's history stays");

        assertEquals(Optional.empty(), store.removeFlow(u), "removing it again finds nothing");
        assertEquals(1, events.size(), "and raises nothing");
    }

    @Test
    void aCfsChangeOfShapeIsAnEventAndAChangeOfTotalsIsNot() {
        CorrelationFlowSet first = cfs(SET1, Set.of(tcp(1)), Set.of(udp(1)), CfsState.FAIR, 1000);
        store.putCfs(first);
        assertEquals(List.of(FudpEvent.Type.CFS_CHANGED), types());
        assertEquals(SET1, last().subject());
        assertEquals(Optional.of(first), last().cfs());

        CorrelationFlowSet totals = cfs(SET1, Set.of(tcp(1)), Set.of(udp(1)), CfsState.FAIR, 2000);
        store.putCfs(totals);
        assertEquals(1, events.size(), "new totals, same members and state");
        assertEquals(Optional.of(totals), store.getCfs(SET1));

        store.putCfs(cfs(SET1, Set.of(tcp(1), tcp(2)), Set.of(udp(1)), CfsState.FAIR, 2000));
        store.putCfs(cfs(SET1, Set.of(tcp(1), tcp(2)), Set.of(udp(1)), CfsState.ADJUSTING, 2000));
        assertEquals(3, events.size(), "a new member, then a new state");
        assertEquals(CfsState.ADJUSTING, last().cfs().orElseThrow().state());
        assertEquals(1, store.getCfss().size());
    }

    @Test
    void removingACfsRaisesAnEventWithoutViewAndForgetsItsHistories() {
        store.putCfs(cfs(SET1, Set.of(tcp(1)), Set.of(), CfsState.NO_UDP, 1000));
        store.addDecision(decision(SET1, 1));
        store.addCfsSample(SET1, cfsSample(1));
        store.addDecision(decision("set2", 1));
        events.clear();

        store.removeCfs(SET1);
        store.removeCfs("unknown");

        assertEquals(List.of(FudpEvent.Type.CFS_CHANGED), types());
        assertEquals(SET1, last().subject());
        assertTrue(last().cfs().isEmpty());
        assertTrue(store.getCfs(SET1).isEmpty());
        assertEquals(List.of(), store.getDecisions(SET1));
        assertEquals(List.of(), store.getCfsHistory(SET1));
        assertEquals(1, store.getDecisions("set2").size(), "another CFS's decisions stay");
    }

    @Test
    void anAllocationIsAnEventWhenItsRateSnapshotOrAcknowledgementChanges() {
        FiveTuple u = udp(1);
        store.putAllocation(allocation(u, 1000, 1, false, T0));
        store.putAllocation(allocation(u, 1000, 1, false, T0 + 5000));
        assertEquals(1, events.size(), "told again at a later time, nothing new");
        assertEquals(T0 + 5000, store.getAllocations().iterator().next().toldAtMs());

        store.putAllocation(allocation(u, 1000, 1, true, T0 + 5000));
        store.putAllocation(allocation(u, 1000, 2, true, T0 + 5000));
        store.putAllocation(allocation(u, 2000, 2, true, T0 + 5000));
        assertEquals(4, events.size());
        assertTrue(events.stream().allMatch(e -> e.type() == FudpEvent.Type.ALLOCATION_CHANGED
                && e.subject().equals(u.toString())));
        assertEquals(Optional.of(allocation(u, 2000, 2, true, T0 + 5000)), last().allocation());

        store.removeAllocation(u);
        assertEquals(4, events.size(), "a removal raises nothing");
        assertTrue(store.getAllocations().isEmpty());
    }

    @Test
    void anAgentIsAnEventWhenItComesUpOrGoesDown() {
        store.putAgent(agent(S1, AgentStatus.UNKNOWN, T0));
        assertEquals(List.of(), types(), "unknown is not news");
        store.putAgent(agent(S1, AgentStatus.UP, T0 + 1));
        store.putAgent(agent(S1, AgentStatus.UP, T0 + 2));
        store.putAgent(agent(S1, AgentStatus.DOWN, T0 + 3));
        store.putAgent(agent(S1, AgentStatus.UNKNOWN, T0 + 4));
        store.putAgent(agent(S2, AgentStatus.UP, T0));
        assertEquals(List.of(FudpEvent.Type.AGENT_UP, FudpEvent.Type.AGENT_DOWN, FudpEvent.Type.AGENT_UP), types());
        assertEquals(S1.toString(), events.get(1).subject());
        assertEquals(Optional.of(agent(S1, AgentStatus.DOWN, T0 + 3)), events.get(1).agent());
        assertEquals(S2.toString(), last().subject());

        assertEquals(Optional.of(agent(S1, AgentStatus.UNKNOWN, T0 + 4)), store.getAgent(S1));
        store.removeAgent(S1);
        assertTrue(store.getAgent(S1).isEmpty());
        assertEquals(List.of(agent(S2, AgentStatus.UP, T0)), List.copyOf(store.getAgents()));
        assertEquals(3, events.size(), "a removal raises nothing");
    }

    @Test
    void aFacilitysViewIsReplacedAndRemovedWithoutEvents() {
        store.putFacilityState(facilityState(S1, "onos-1", 0));
        store.putFacilityState(facilityState(S2, "onos-2", 1));
        // Another instance took s1 over: its view replaces the first one's.
        store.putFacilityState(facilityState(S1, "onos-1", 0).inCharge("onos-3", T0, T0 + 1));
        assertEquals("onos-3", store.getFacilityState(S1).orElseThrow().controller());
        assertEquals(T0 + 1, store.getFacilityState(S1).orElseThrow().epoch());
        assertEquals(2, store.getFacilityStates().size());

        store.removeFacilityState(S1);
        store.removeFacilityState(S1);
        assertTrue(store.getFacilityState(S1).isEmpty());
        assertEquals(List.of(facilityState(S2, "onos-2", 1)), List.copyOf(store.getFacilityStates()));
        assertEquals(List.of(), types(), "a facility's view raises no events");
    }

    @Test
    void historiesKeepTheMostRecentRecordsOldestFirstPerOwner() {
        for (int p = 1; p <= 5; p++) {
            store.addDecision(decision(SET1, p));
            store.addCfsSample(SET1, cfsSample(p));
            store.addFlowSample(udp(1), flowSample(p));
        }
        store.addDecision(decision("set2", 9));
        store.addFlowSample(udp(2), flowSample(9));

        assertEquals(List.of(3L, 4L, 5L), store.getDecisions(SET1).stream().map(DecisionRecord::period)
                .collect(Collectors.toList()));
        assertEquals(List.of(cfsSample(3).timeMs(), cfsSample(4).timeMs(), cfsSample(5).timeMs()),
                store.getCfsHistory(SET1).stream().map(CfsSample::timeMs).collect(Collectors.toList()));
        assertEquals(List.of(1_000_003L, 1_000_004L, 1_000_005L), store.getFlowHistory(udp(1)).stream()
                .map(FlowHistorySample::demandBps).collect(Collectors.toList()));
        assertEquals(1, store.getDecisions("set2").size());
        assertEquals(1, store.getFlowHistory(udp(2)).size());
        assertEquals(List.of(), store.getCfsHistory("set2"));
        assertEquals(List.of(), store.getFlowHistory(tcp(1)));
        assertEquals(List.of(), types(), "histories raise no events");
    }

    private List<Long> flowDemands() {
        return store.getFlowHistory(udp(1)).stream().map(FlowHistorySample::demandBps).map(d -> d - 1_000_000)
                .collect(Collectors.toList());
    }

    @Test
    void aShorterHistoryDropsTheOldestAtOnceAndALongerOneKeepsMoreFromThenOn() {
        for (int p = 1; p <= 3; p++) {
            store.addFlowSample(udp(1), flowSample(p));
        }
        store.setHistoryLength(2);
        assertEquals(List.of(2L, 3L), flowDemands());
        store.setHistoryLength(5);
        assertEquals(List.of(2L, 3L), flowDemands(), "what was dropped does not come back");
        for (int p = 4; p <= 7; p++) {
            store.addFlowSample(udp(1), flowSample(p));
        }
        assertEquals(List.of(3L, 4L, 5L, 6L, 7L), flowDemands());
        store.setHistoryLength(1);
        store.addFlowSample(udp(1), flowSample(8));
        assertEquals(List.of(8L), flowDemands());
    }

    @Test
    void aHistoryLengthBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> store.setHistoryLength(0));
        assertThrows(IllegalArgumentException.class, () -> newStore(0));
        store.addFlowSample(udp(1), flowSample(1));
        assertEquals(1, store.getFlowHistory(udp(1)).size(), "the length in force is unchanged");
    }

    @Test
    void clearForgetsEverything() {
        FiveTuple u = udp(1);
        store.putFlow(flow(u, 100));
        store.putCfs(cfs(SET1, Set.of(), Set.of(u), CfsState.FAIR, 0));
        store.putAllocation(allocation(u, 1000, 1, false, T0));
        store.putAgent(agent(S1, AgentStatus.UP, T0));
        store.putFacilityState(facilityState(S1, "onos-1", 1));
        store.addDecision(decision(SET1, 1));
        store.addCfsSample(SET1, cfsSample(1));
        store.addFlowSample(u, flowSample(1));
        events.clear();

        store.clear();

        if (clearRaisesEvents()) {
            assertEquals(Set.of(FudpEvent.Type.FLOW_GONE, FudpEvent.Type.CFS_CHANGED), Set.copyOf(types()));
        } else {
            assertEquals(List.of(), types(), "clearing raises nothing");
        }
        assertTrue(store.getFlows().isEmpty());
        assertTrue(store.getCfss().isEmpty());
        assertTrue(store.getAllocations().isEmpty());
        assertTrue(store.getAgents().isEmpty());
        assertTrue(store.getFacilityStates().isEmpty());
        assertEquals(List.of(), store.getDecisions(SET1));
        assertEquals(List.of(), store.getCfsHistory(SET1));
        assertEquals(List.of(), store.getFlowHistory(u));

        events.clear();
        store.putFlow(flow(u, 100));
        assertEquals(List.of(FudpEvent.Type.FLOW_SEEN), types(), "a flow after clearing is new again");
    }

    @Test
    void readsAreSnapshots() {
        store.putFlow(flow(tcp(1), 100));
        store.putAgent(agent(S1, AgentStatus.UP, T0));
        store.putFacilityState(facilityState(S1, "onos-1", 0));
        var flows = store.getFlows();
        var agents = store.getAgents();
        var facilities = store.getFacilityStates();
        store.putFlow(flow(tcp(2), 100));
        store.removeAgent(S1);
        store.removeFacilityState(S1);
        assertEquals(1, flows.size());
        assertEquals(1, agents.size());
        assertEquals(1, facilities.size());
        assertThrows(UnsupportedOperationException.class, () -> flows.add(flow(tcp(3), 1)));
    }

    @Test
    void recordsComeBackEqual() {
        FiveTuple u = udp(1);
        AgentState a = agent(S1, AgentStatus.UP, T0);
        AllocationState al = allocation(u, 1000, 1, true, T0);
        FlowRecord f = flow(u, 100);
        CorrelationFlowSet c = cfs(SET1, new LinkedHashSet<>(List.of(tcp(2), tcp(1), tcp(3))), Set.of(u),
                CfsState.ADJUSTING, 7);
        store.putAgent(a);
        store.putAllocation(al);
        store.putFlow(f);
        store.putCfs(c);
        store.addDecision(decision(SET1, 4));
        store.putFacilityState(facilityState(S1, "onos-1", 2));

        assertEquals(Optional.of(a), store.getAgent(S1));
        assertEquals(List.of(al), List.copyOf(store.getAllocations()));
        assertEquals(Optional.of(f), store.getFlow(u));
        assertEquals(Optional.of(c), store.getCfs(SET1));
        assertEquals(List.of(tcp(2), tcp(1), tcp(3)), List.copyOf(store.getCfs(SET1).orElseThrow().tcpFlows()),
                "members keep their order");
        FudpKryoTest.assertSameFields(decision(SET1, 4), store.getDecisions(SET1).get(0));
        FudpKryoTest.assertSameFields(facilityState(S1, "onos-1", 2), store.getFacilityState(S1).orElseThrow());
    }
}
