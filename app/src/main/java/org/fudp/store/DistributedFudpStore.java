// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.api.FudpEvent;
import org.fudp.api.FudpStore;
import org.fudp.api.FudpStoreDelegate;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.protocol.FiveTuple;
import org.onlab.util.KryoNamespace;
import org.onosproject.net.DeviceId;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageException;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;

/**
 * {@link FudpStore} of an ONOS cluster, in ONOS's eventually consistent maps.
 * <p>
 * One instance, the one that runs a facility's loop, writes that facility's views every period;
 * every instance reads them from its own replica, so REST, CLI and GUI work anywhere, and a new
 * controlling instance after a failover finds the views and histories where the old one left
 * them. Eventual consistency with last-writer-wins fits that: each entry has one writer at a time,
 * and a view lost in flight is rewritten a period later. The views (flows, CFSs, allocations,
 * agents, facilities) are one map each; the histories are one entry per record ({@link ReplicatedHistory}).
 * </p>
 * <p>
 * Events: every change of a view, this instance's or another's, raises the event
 * {@code SimpleFudpStore} raises for it ({@link ViewEvents}), once, derived from the entry before
 * and after the change ({@link ReplicatedView}); local writes raise theirs before the write
 * returns, as there. The histories raise none, as there.
 * </p>
 * <p>
 * Late instances: a new replica holds what a peer sent it when it was built, and ONOS's map asks only the
 * instances it already sees ACTIVE (EventuallyConsistentMapImpl.bootstrap, StorageManager's bootstrap
 * peers). One built before it saw any has nothing, and an entry its writer does not change is never sent
 * again: a live cluster's late instances answered {@code {"agents":[]}} for minutes. So every instance
 * writes again what it wrote last ({@link ReplicatedView#republish}) whenever any instance asks
 * ({@link #sync}): each store asks once it is open, and the manager asks again when another instance comes
 * up. The request is an entry in a consistent map ({@value #VIEW_REQUESTS}), whose changes reach every
 * instance's listener. The histories are not written again: a late instance has the records written since
 * it joined.
 * </p>
 * <p>
 * Teardown: {@link #destroy()} on deactivation leaves the maps and keeps the data on the other
 * instances, which is what a failover needs; {@link #clear()} empties the maps on every instance.
 * </p>
 */
public final class DistributedFudpStore extends AbstractStore<FudpEvent, FudpStoreDelegate>
        implements FudpStore {

    /** Name of the flows map. */
    static final String FLOWS = "fudp-flows";
    /** Name of the CFSs map. */
    static final String CFSS = "fudp-cfss";
    /** Name of the allocations map. */
    static final String ALLOCATIONS = "fudp-allocations";
    /** Name of the agents map. */
    static final String AGENTS = "fudp-agents";
    /** Name of the facilities' map: controller in charge and rule budget, per facility. */
    static final String FACILITIES = "fudp-facilities";
    /** Name of the consistent map where an instance asks every instance to write its views again. */
    static final String VIEW_REQUESTS = "fudp-view-requests";
    private static final Serializer REQUESTS = Serializer.using(KryoNamespace.newBuilder()
            // As ONOS's own namespaces do (KryoNamespaces.API): maps may serialize their Versioned entries.
            .register(Versioned.class).build("fudp-view-requests"));

    /** Set while {@link #clear()} runs in a thread: it raises no events. */
    private final ThreadLocal<Boolean> quiet = ThreadLocal.withInitial(() -> Boolean.FALSE);
    private final ReplicatedView<FiveTuple, FlowRecord> flows;
    private final ReplicatedView<String, CorrelationFlowSet> cfss;
    private final ReplicatedView<FiveTuple, AllocationState> allocations;
    /** Keyed by the facility's device id in text form, as {@link AgentState#facilityId()}. */
    private final ReplicatedView<String, AgentState> agents;
    /** Keyed as the agents; raises no events, as in {@code SimpleFudpStore}. */
    private final ReplicatedView<String, FacilityState> facilities;
    private final ReplicatedHistory history;
    private volatile int historyLength;
    /** This instance's requests: its key in {@link #VIEW_REQUESTS}, and how many it made. */
    private final String instance;
    private final ConsistentMap<String, Long> requests;
    private boolean destroyed;
    private final Logger log = LoggerFactory.getLogger(getClass());
    private final MapEventListener<String, Long> onRequest;

    /**
     * Opens the store: builds (joins) its maps in ONOS's storage.
     *
     * @param storage ONOS storage
     * @param historyLength how many samples and decision records are kept per CFS and per flow
     */
    public DistributedFudpStore(StorageService storage, int historyLength) {
        this(storage, historyLength, UUID.randomUUID().toString(), Runnable::run);
    }

    /**
     * Opens the store: builds (joins) its maps in ONOS's storage, then asks every instance to write its
     * views again, so that this one has them even if its maps started empty.
     *
     * @param storage ONOS storage
     * @param historyLength how many samples and decision records are kept per CFS and per flow
     * @param instance this instance's name among those that ask (its ONOS node id)
     * @param republisher writes this instance's views again when asked; not the map's event thread, which a
     *                    period's worth of writes would hold up
     */
    public DistributedFudpStore(StorageService storage, int historyLength, String instance, Executor republisher) {
        this.historyLength = checkLength(historyLength);
        this.instance = instance;
        this.onRequest = e -> {
            if (e.type() != MapEvent.Type.REMOVE) {
                republisher.execute(this::republish);
            }
        };
        KryoNamespace serializer = FudpKryo.namespace();
        MonotonicTimestamps clock = new MonotonicTimestamps();
        flows = new ReplicatedView<>(storage, FLOWS, serializer, clock,
                (k, before, after) -> emit(ViewEvents.flow(before, after)));
        cfss = new ReplicatedView<>(storage, CFSS, serializer, clock,
                (id, before, after) -> emit(ViewEvents.cfs(id, before, after)));
        allocations = new ReplicatedView<>(storage, ALLOCATIONS, serializer, clock,
                (k, before, after) -> emit(ViewEvents.allocation(before, after)));
        agents = new ReplicatedView<>(storage, AGENTS, serializer, clock,
                (k, before, after) -> emit(ViewEvents.agent(before, after)));
        facilities = new ReplicatedView<>(storage, FACILITIES, serializer, clock, (k, before, after) -> { });
        history = new ReplicatedHistory(storage, serializer, clock);
        requests = storage.<String, Long>consistentMapBuilder().withName(VIEW_REQUESTS).withSerializer(REQUESTS)
                .build();
        requests.addListener(onRequest);
        sync();
    }

    // ---------------------------------------------------------------- late instances

    /**
     * Asks every instance, this one included, to write its views again at once: an instance that missed
     * them (its maps started before it saw the others, or the others did not see it yet) has them then.
     * Blocks for one write to the consistent map.
     */
    public void sync() {
        try {
            requests.compute(instance, (k, n) -> n == null ? 1 : n + 1);
        } catch (StorageException e) {
            // The next instance that comes up asks again; until then the views reach it as they change.
            log.warn("Could not ask the other instances to write FUDP's views again: {}", e.toString());
        }
    }

    // Another instance (or this one) asked: what this instance wrote last goes out again.
    private synchronized void republish() {
        if (destroyed) {
            return;
        }
        flows.republish();
        cfss.republish();
        allocations.republish();
        agents.republish();
        facilities.republish();
    }

    // ---------------------------------------------------------------- events

    private void emit(Optional<FudpEvent> event) {
        if (event.isPresent() && !quiet.get()) {
            notifyDelegate(event.get());
        }
    }

    // ---------------------------------------------------------------- views

    @Override
    public synchronized void putFlow(FlowRecord flow) {
        flows.put(flow.flow(), flow);
    }

    @Override
    public synchronized Optional<FlowRecord> removeFlow(FiveTuple flow) {
        history.remove(new ReplicatedHistory.Owner(ReplicatedHistory.Kind.FLOW_SAMPLE, flow));
        allocations.remove(flow);
        // Last, so that FLOW_GONE comes after the flow's history and allocation are gone.
        return Optional.ofNullable(flows.remove(flow));
    }

    @Override
    public Collection<FlowRecord> getFlows() {
        return flows.values();
    }

    @Override
    public Optional<FlowRecord> getFlow(FiveTuple flow) {
        return Optional.ofNullable(flows.get(flow));
    }

    @Override
    public synchronized void putCfs(CorrelationFlowSet cfs) {
        cfss.put(cfs.id(), cfs);
    }

    @Override
    public synchronized void removeCfs(String id) {
        history.remove(decisionsOf(id));
        history.remove(samplesOf(id));
        cfss.remove(id);
    }

    @Override
    public Collection<CorrelationFlowSet> getCfss() {
        return cfss.values();
    }

    @Override
    public Optional<CorrelationFlowSet> getCfs(String id) {
        return Optional.ofNullable(cfss.get(id));
    }

    @Override
    public synchronized void putAllocation(AllocationState allocation) {
        allocations.put(allocation.flow(), allocation);
    }

    @Override
    public synchronized void removeAllocation(FiveTuple flow) {
        allocations.remove(flow);
    }

    @Override
    public Collection<AllocationState> getAllocations() {
        return allocations.values();
    }

    @Override
    public synchronized void putAgent(AgentState agent) {
        agents.put(agent.facilityId(), agent);
    }

    @Override
    public synchronized void removeAgent(DeviceId facility) {
        agents.remove(facility.toString());
    }

    @Override
    public Collection<AgentState> getAgents() {
        return agents.values();
    }

    @Override
    public Optional<AgentState> getAgent(DeviceId facility) {
        return Optional.ofNullable(agents.get(facility.toString()));
    }

    @Override
    public synchronized void putFacilityState(FacilityState state) {
        facilities.put(state.facilityId(), state);
    }

    @Override
    public synchronized void removeFacilityState(DeviceId facility) {
        facilities.remove(facility.toString());
    }

    @Override
    public Collection<FacilityState> getFacilityStates() {
        return facilities.values();
    }

    @Override
    public Optional<FacilityState> getFacilityState(DeviceId facility) {
        return Optional.ofNullable(facilities.get(facility.toString()));
    }

    // ---------------------------------------------------------------- histories

    private static ReplicatedHistory.Owner decisionsOf(String cfsId) {
        return new ReplicatedHistory.Owner(ReplicatedHistory.Kind.DECISION, cfsId);
    }

    private static ReplicatedHistory.Owner samplesOf(String cfsId) {
        return new ReplicatedHistory.Owner(ReplicatedHistory.Kind.CFS_SAMPLE, cfsId);
    }

    private static ReplicatedHistory.Owner samplesOf(FiveTuple flow) {
        return new ReplicatedHistory.Owner(ReplicatedHistory.Kind.FLOW_SAMPLE, flow);
    }

    @Override
    public synchronized void addDecision(DecisionRecord decision) {
        history.append(decisionsOf(decision.cfsId()), decision, historyLength);
    }

    @Override
    public List<DecisionRecord> getDecisions(String cfsId) {
        return history.read(decisionsOf(cfsId), historyLength, DecisionRecord.class);
    }

    @Override
    public synchronized void addCfsSample(String cfsId, CfsSample sample) {
        history.append(samplesOf(cfsId), sample, historyLength);
    }

    @Override
    public List<CfsSample> getCfsHistory(String cfsId) {
        return history.read(samplesOf(cfsId), historyLength, CfsSample.class);
    }

    @Override
    public synchronized void addFlowSample(FiveTuple flow, FlowHistorySample sample) {
        history.append(samplesOf(flow), sample, historyLength);
    }

    @Override
    public List<FlowHistorySample> getFlowHistory(FiveTuple flow) {
        return history.read(samplesOf(flow), historyLength, FlowHistorySample.class);
    }

    /**
     * {@inheritDoc}
     * <p>
     * Every instance should be given the same length (the component property is cluster-wide): it
     * bounds what this instance reads, and what it keeps when it writes. A shorter length drops
     * the records it no longer keeps at once.
     * </p>
     */
    @Override
    public synchronized void setHistoryLength(int length) {
        if (checkLength(length) < historyLength) {
            history.trim(length);
        }
        historyLength = length;
    }

    private static int checkLength(int length) {
        if (length < 1) {
            throw new IllegalArgumentException("history length must be at least 1, was " + length);
        }
        return length;
    }

    // ---------------------------------------------------------------- teardown

    /**
     * {@inheritDoc}
     * <p>
     * Empties the maps of every instance: this instance raises no events, the others raise
     * {@link FudpEvent.Type#FLOW_GONE} and {@link FudpEvent.Type#CFS_CHANGED} for what they lose.
     * Not for deactivation, where {@link #destroy()} keeps the cluster's state.
     * </p>
     */
    @Override
    public synchronized void clear() {
        quiet.set(Boolean.TRUE);
        try {
            flows.clear();
            cfss.clear();
            allocations.clear();
            agents.clear();
            facilities.clear();
            history.clear();
        } finally {
            quiet.remove();
        }
    }

    /**
     * Leaves the cluster's maps, on deactivation: this instance stops listening and drops its
     * replicas, without events; the other instances keep theirs. The store is unusable after.
     */
    public synchronized void destroy() {
        destroyed = true;
        requests.removeListener(onRequest);
        flows.destroy();
        cfss.destroy();
        allocations.destroy();
        agents.destroy();
        facilities.destroy();
        history.destroy();
    }
}
