package org.fudp.store;

import org.fudp.api.FudpEvent;
import org.fudp.loop.AgentStatus;
import org.fudp.loop.CfsState;
import org.fudp.loop.FlowHistorySample;
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
}
