// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.api.FudpEvent;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.fudp.store.StoreFixtures.S1;
import static org.fudp.store.StoreFixtures.SET1;
import static org.fudp.store.StoreFixtures.T0;
import static org.fudp.store.StoreFixtures.agent;
import static org.fudp.store.StoreFixtures.allocation;
import static org.fudp.store.StoreFixtures.cfs;
import static org.fudp.store.StoreFixtures.decision;
import static org.fudp.store.StoreFixtures.facilityState;
import static org.fudp.store.StoreFixtures.flow;
import static org.fudp.store.StoreFixtures.flowSample;
import static org.fudp.store.StoreFixtures.tcp;
import static org.fudp.store.StoreFixtures.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Instances of {@link DistributedFudpStore} over one shared storage, as on a 3-instance cluster:
 * instance A runs the loop and writes, B and C read; then A fails over.
 */
class DistributedFudpStoreClusterTest {

    private static final int LENGTH = 3;

    private final SharedTestStorageService cluster = new SharedTestStorageService();
    private final DistributedFudpStore a = new DistributedFudpStore(cluster, LENGTH);
    private final DistributedFudpStore b = new DistributedFudpStore(cluster, LENGTH);
    private final DistributedFudpStore c = new DistributedFudpStore(cluster, LENGTH);
    private final List<FudpEvent> eventsA = new ArrayList<>();
    private final List<FudpEvent> eventsB = new ArrayList<>();
    private final List<FudpEvent> eventsC = new ArrayList<>();

    @BeforeEach
    void setUp() {
        a.setDelegate(eventsA::add);
        b.setDelegate(eventsB::add);
        c.setDelegate(eventsC::add);
    }

    private static List<FudpEvent.Type> types(List<FudpEvent> events) {
        return events.stream().map(FudpEvent::type).collect(Collectors.toList());
    }

    private static List<Long> demands(List<FlowHistorySample> samples) {
        return samples.stream().map(s -> s.demandBps() - 1_000_000).collect(Collectors.toList());
    }

    @Test
    void whatOneInstanceWritesEveryInstanceReadsAsItsOwnDecodedCopy() {
        FiveTuple u = udp(1);
        long before = cluster.bytesEncoded();
        a.putFlow(flow(u, 100));
        a.addFlowSample(u, flowSample(1));

        assertTrue(cluster.bytesEncoded() > before, "the writes went through the serializer");
        assertEquals(Optional.of(flow(u, 100)), b.getFlow(u));
        assertEquals(Optional.of(flow(u, 100)), c.getFlow(u));
        assertNotSame(a.getFlow(u).orElseThrow(), b.getFlow(u).orElseThrow());
        assertEquals(List.of(1L), demands(c.getFlowHistory(u)));
    }

    @Test
    void eachInstanceRaisesEachEventOnce() {
        FiveTuple u = udp(1);
        a.putFlow(flow(u, 100));
        a.putFlow(flow(u, 200));
        a.putCfs(cfs(SET1, Set.of(tcp(1)), Set.of(u), CfsState.FAIR, 1));
        a.putAllocation(allocation(u, 1000, 1, false, T0));
        a.putAgent(agent(S1, AgentStatus.UP, T0));
        a.putAgent(agent(S1, AgentStatus.DOWN, T0 + 1));
        a.removeFlow(u);

        List<FudpEvent.Type> expected = List.of(FudpEvent.Type.FLOW_SEEN, FudpEvent.Type.CFS_CHANGED,
                FudpEvent.Type.ALLOCATION_CHANGED, FudpEvent.Type.AGENT_UP, FudpEvent.Type.AGENT_DOWN,
                FudpEvent.Type.FLOW_GONE);
        assertEquals(expected, types(eventsA));
        assertEquals(expected, types(eventsB));
        assertEquals(expected, types(eventsC));
        assertEquals(eventsA.get(0).subject(), eventsB.get(0).subject());
        assertEquals(eventsA.get(5).flow(), eventsC.get(5).flow(), "FLOW_GONE carries the flow everywhere");
    }

    @Test
    void anInstanceThatJoinsLaterHasTheStateAndRaisesOnlyNewEvents() {
        a.putFlow(flow(tcp(1), 100));
        a.putAgent(agent(S1, AgentStatus.UP, T0));
        a.addDecision(decision(SET1, 1));

        DistributedFudpStore late = new DistributedFudpStore(cluster, LENGTH);
        List<FudpEvent> events = new ArrayList<>();
        late.setDelegate(events::add);
        assertEquals(Optional.of(flow(tcp(1), 100)), late.getFlow(tcp(1)));
        assertEquals(1, late.getDecisions(SET1).size());

        a.putFlow(flow(tcp(1), 300));
        a.putAgent(agent(S1, AgentStatus.UP, T0 + 1));
        assertEquals(List.of(), events, "nothing new: the flow was known, the agent was up");
        a.putFlow(flow(tcp(2), 100));
        assertEquals(List.of(FudpEvent.Type.FLOW_SEEN), types(events));
    }

    @Test
    void aFailoverKeepsTheViewsAndTheHistoriesGoOnWhereTheyWere() {
        FiveTuple u = udp(1);
        a.putFlow(flow(u, 100));
        a.putCfs(cfs(SET1, Set.of(), Set.of(u), CfsState.FAIR, 0));
        for (int p = 1; p <= 5; p++) {
            a.addFlowSample(u, flowSample(p));
            a.addDecision(decision(SET1, p));
        }

        a.destroy();
        assertThrows(IllegalStateException.class, () -> a.getFlow(u), "A left its maps");
        assertEquals(Optional.of(flow(u, 100)), b.getFlow(u));
        assertEquals(List.of(3L, 4L, 5L), demands(b.getFlowHistory(u)));

        // B is the new master: its records follow A's and evict A's oldest.
        b.addFlowSample(u, flowSample(6));
        b.addDecision(decision(SET1, 6));
        assertEquals(List.of(4L, 5L, 6L), demands(c.getFlowHistory(u)));
        assertEquals(List.of(4L, 5L, 6L), c.getDecisions(SET1).stream().map(d -> d.period())
                .collect(Collectors.toList()));
        assertEquals(1, c.getCfss().size());

        b.destroy();
        c.destroy();
        DistributedFudpStore fresh = new DistributedFudpStore(cluster, LENGTH);
        assertTrue(fresh.getFlows().isEmpty(), "once every instance left, the maps are gone");
    }

    @Test
    void everyInstanceNamesTheControllerInChargeAndTheNextOneAfterAFailover() {
        a.putFacilityState(facilityState(S1, "onos-a", 1));
        for (DistributedFudpStore s : List.of(a, b, c)) {
            assertEquals("onos-a", s.getFacilityState(S1).orElseThrow().controller(), "who is in charge, anywhere");
            assertEquals(1, s.getFacilityState(S1).orElseThrow().refusals());
        }

        // A goes; B takes s1 over under a newer epoch, with a collection of its own.
        a.destroy();
        assertEquals("onos-a", c.getFacilityState(S1).orElseThrow().controller(), "until B publishes");
        b.putFacilityState(facilityState(S1, "onos-a", 0).inCharge("onos-b", T0, T0 + 1));
        assertEquals("onos-b", c.getFacilityState(S1).orElseThrow().controller());
        assertEquals(T0 + 1, c.getFacilityState(S1).orElseThrow().epoch());
        assertEquals(0, c.getFacilityState(S1).orElseThrow().refusals());

        // s1 leaves the config: its view goes everywhere.
        b.removeFacilityState(S1);
        assertTrue(c.getFacilityStates().isEmpty());
        assertEquals(List.of(), eventsC, "facilities' views raise no events");
    }

    @Test
    void writesOfOneKeyInTheSameMillisecondAllTakeEffect() {
        // Last writer wins by timestamp: with a plain wall clock the re-put in the same millisecond
        // as the removal would be dropped on every replica.
        FiveTuple t = tcp(1);
        for (int i = 0; i < 200; i++) {
            a.putFlow(flow(t, 100 + i));
            a.removeFlow(t);
            a.putFlow(flow(t, 100 + i));
            assertEquals(Optional.of(flow(t, 100 + i)), b.getFlow(t), "round " + i);
        }
    }

    @Test
    void aLaggingInstanceCatchesUpAndRaisesItsEventsThen() {
        FiveTuple u = udp(1);
        cluster.hold();
        a.putFlow(flow(u, 100));
        a.addFlowSample(u, flowSample(1));
        a.addFlowSample(u, flowSample(2));

        assertEquals(List.of(FudpEvent.Type.FLOW_SEEN), types(eventsA), "the writer's own event comes at once");
        assertTrue(b.getFlow(u).isEmpty());
        assertEquals(List.of(), b.getFlowHistory(u));
        assertEquals(List.of(), eventsB);

        cluster.deliver();
        assertEquals(List.of(FudpEvent.Type.FLOW_SEEN), types(eventsB));
        assertEquals(List.of(1L, 2L), demands(b.getFlowHistory(u)));
    }

    @Test
    void aShorterHistoryOnEveryInstanceKeepsTheWriterConsistent() {
        FiveTuple u = udp(1);
        for (int p = 1; p <= 3; p++) {
            a.addFlowSample(u, flowSample(p));
        }
        for (DistributedFudpStore s : List.of(a, b, c)) {
            s.setHistoryLength(2);
        }
        assertEquals(List.of(2L, 3L), demands(b.getFlowHistory(u)));
        for (DistributedFudpStore s : List.of(a, b, c)) {
            s.setHistoryLength(4);
        }
        a.addFlowSample(u, flowSample(4));
        assertEquals(List.of(2L, 3L, 4L), demands(c.getFlowHistory(u)));
    }

    @Test
    void clearingOnOneInstanceEmptiesEveryInstance() {
        a.putFlow(flow(tcp(1), 100));
        a.addFlowSample(tcp(1), flowSample(1));
        eventsA.clear();
        eventsB.clear();

        a.clear();

        assertEquals(List.of(), eventsA);
        assertEquals(List.of(FudpEvent.Type.FLOW_GONE), types(eventsB));
        assertTrue(b.getFlows().isEmpty());
        assertEquals(List.of(), c.getFlowHistory(tcp(1)));
    }

    /** What the instance in charge of s1 publishes: its agent, its view, a set, a flow and its limit. */
    private static void facilityOf(DistributedFudpStore writer) {
        writer.putAgent(agent(S1, AgentStatus.UP, T0));
        writer.putFacilityState(facilityState(S1, "onos-a", 1));
        writer.putCfs(cfs(SET1, Set.of(tcp(1)), Set.of(udp(1)), CfsState.FAIR, 1));
        writer.putFlow(flow(udp(1), 100));
        writer.putAllocation(allocation(udp(1), 1000, 1, true, T0));
    }

    private static void showsTheFacility(DistributedFudpStore s) {
        assertEquals(Optional.of(agent(S1, AgentStatus.UP, T0)), s.getAgent(S1));
        assertEquals(Optional.of(facilityState(S1, "onos-a", 1)), s.getFacilityState(S1));
        assertEquals(Optional.of(cfs(SET1, Set.of(tcp(1)), Set.of(udp(1)), CfsState.FAIR, 1)), s.getCfs(SET1));
        assertEquals(Optional.of(flow(udp(1), 100)), s.getFlow(udp(1)));
        assertEquals(List.of(allocation(udp(1), 1000, 1, true, T0)), List.copyOf(s.getAllocations()));
    }

    /**
     * Issue 33: on a live cluster, instances that came up late answered {@code {"agents":[]}} for minutes,
     * until the instance in charge changed something. A replica built before its instance saw any other
     * ACTIVE gets nothing from ONOS's bootstrap ({@link SharedTestStorageService#startAlone}), and an
     * unchanged view is never written again. A store that opens asks every instance to write its views
     * again, so it shows the facility at once.
     */
    @Test
    void anInstanceWhoseMapsStartEmptyShowsTheFacilityAtOnce() {
        facilityOf(a);
        eventsB.clear();

        cluster.startAlone();
        DistributedFudpStore late = new DistributedFudpStore(cluster, LENGTH);
        showsTheFacility(late);
        assertEquals(List.of(), eventsB, "the others hold those values already: no event");

        List<FudpEvent> events = new ArrayList<>();
        late.setDelegate(events::add);
        a.putAgent(agent(S1, AgentStatus.DOWN, T0 + 1));
        assertEquals(List.of(FudpEvent.Type.AGENT_DOWN), types(events), "and hears what changes from then on");
    }

    /**
     * An instance that the others did not see yet when it opened ({@link SharedTestStorageService#startUnseen})
     * misses their writes, its own request too. When ONOS tells an instance that another came up, the
     * manager asks again ({@code ClusterJoins}, {@link DistributedFudpStore#sync}), and it has them.
     */
    @Test
    void anInstanceTheOthersDidNotSeeYetGetsTheFacilityWhenTheyDo() {
        facilityOf(a);
        cluster.startUnseen();
        DistributedFudpStore late = new DistributedFudpStore(cluster, LENGTH);
        assertTrue(late.getAgents().isEmpty(), "what the live cluster showed");
        facilityOf(a);
        assertTrue(late.getAgents().isEmpty(), "nothing changed: nothing written");

        cluster.seen();
        assertTrue(late.getFacilityStates().isEmpty(), "seen now, but what it missed stays missed");
        a.sync();
        showsTheFacility(late);
    }

    @Test
    void anInstanceWritesAgainOnlyWhatItWroteLast() {
        facilityOf(a);
        // B takes s1 over and publishes its own view; A forgets s1 without removing anything, as on a hand-over.
        FacilityState byB = facilityState(S1, "onos-a", 0).inCharge("onos-b", T0, T0 + 1);
        b.putFacilityState(byB);
        c.sync();
        for (DistributedFudpStore s : List.of(a, b, c)) {
            assertEquals(Optional.of(byB), s.getFacilityState(S1), "A did not write its old view back");
            assertEquals(Optional.of(agent(S1, AgentStatus.UP, T0)), s.getAgent(S1), "its agent view is A's still");
        }
        b.removeFacilityState(S1);
        a.sync();
        assertTrue(c.getFacilityStates().isEmpty(), "a removal is not undone");
    }
}
