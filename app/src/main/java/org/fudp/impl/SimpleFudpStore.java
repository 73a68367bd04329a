// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.facilities.AgentStatus;
import com.google.common.collect.EvictingQueue;
import com.google.common.collect.ImmutableList;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.api.FudpEvent;
import org.fudp.api.FudpStore;
import org.fudp.api.FudpStoreDelegate;
import org.fudp.protocol.FiveTuple;
import org.onosproject.net.DeviceId;
import org.onosproject.store.AbstractStore;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;

/**
 * In-memory {@link FudpStore} of one ONOS instance.
 * <p>
 * Not replicated across a cluster, on purpose: every number in it is derived each period from
 * the flow counters and the adjustors' frames that reach the instance running the loop, so a
 * restarted or new instance rebuilds it within one or two periods, and replicating rates every
 * 5 s would cost more than it saves. What must survive and replicate, the facilities and
 * bottlenecks, lives in ONOS's network config. It is a plain object owned by the manager
 * rather than a DS component, so the bundle's only service references are ONOS's own.
 * </p>
 */
final class SimpleFudpStore extends AbstractStore<FudpEvent, FudpStoreDelegate> implements FudpStore {

    private final Map<FiveTuple, FlowRecord> flows = new HashMap<>();
    private final Map<String, CorrelationFlowSet> cfss = new HashMap<>();
    private final Map<FiveTuple, AllocationState> allocations = new HashMap<>();
    private final Map<DeviceId, AgentState> agents = new HashMap<>();
    private final Map<DeviceId, FacilityState> facilityStates = new HashMap<>();
    private final Map<String, Queue<DecisionRecord>> decisions = new HashMap<>();
    private final Map<String, Queue<CfsSample>> cfsHistory = new HashMap<>();
    private final Map<FiveTuple, Queue<FlowHistorySample>> flowHistory = new HashMap<>();
    private int historyLength;

    SimpleFudpStore(int historyLength) {
        setHistoryLength(historyLength);
    }

    @Override
    public synchronized void putFlow(FlowRecord flow) {
        FlowRecord old = flows.put(flow.flow(), flow);
        if (old == null) {
            notifyDelegate(FudpEvent.flowEvent(FudpEvent.Type.FLOW_SEEN, flow));
        }
    }

    @Override
    public synchronized Optional<FlowRecord> removeFlow(FiveTuple flow) {
        FlowRecord old = flows.remove(flow);
        flowHistory.remove(flow);
        allocations.remove(flow);
        if (old != null) {
            notifyDelegate(FudpEvent.flowEvent(FudpEvent.Type.FLOW_GONE, old));
        }
        return Optional.ofNullable(old);
    }

    @Override
    public synchronized Collection<FlowRecord> getFlows() {
        return ImmutableList.copyOf(flows.values());
    }

    @Override
    public synchronized Optional<FlowRecord> getFlow(FiveTuple flow) {
        return Optional.ofNullable(flows.get(flow));
    }

    @Override
    public synchronized void putCfs(CorrelationFlowSet cfs) {
        CorrelationFlowSet old = cfss.put(cfs.id(), cfs);
        if (cfs.differsInShape(old)) {
            notifyDelegate(FudpEvent.cfsEvent(cfs.id(), cfs));
        }
    }

    @Override
    public synchronized void removeCfs(String id) {
        decisions.remove(id);
        cfsHistory.remove(id);
        if (cfss.remove(id) != null) {
            notifyDelegate(FudpEvent.cfsEvent(id, null));
        }
    }

    @Override
    public synchronized Collection<CorrelationFlowSet> getCfss() {
        return ImmutableList.copyOf(cfss.values());
    }

    @Override
    public synchronized Optional<CorrelationFlowSet> getCfs(String id) {
        return Optional.ofNullable(cfss.get(id));
    }

    @Override
    public synchronized void putAllocation(AllocationState allocation) {
        AllocationState old = allocations.put(allocation.flow(), allocation);
        if (old == null || old.toldBps() != allocation.toldBps()
                || old.acknowledged() != allocation.acknowledged() || old.toldSeq() != allocation.toldSeq()) {
            notifyDelegate(FudpEvent.allocationEvent(allocation));
        }
    }

    @Override
    public synchronized void removeAllocation(FiveTuple flow) {
        allocations.remove(flow);
    }

    @Override
    public synchronized Collection<AllocationState> getAllocations() {
        return ImmutableList.copyOf(allocations.values());
    }

    @Override
    public synchronized void putAgent(AgentState agent) {
        AgentState old = agents.put(DeviceId.deviceId(agent.facilityId()), agent);
        AgentStatus before = old == null ? AgentStatus.UNKNOWN : old.status();
        if (before != agent.status()) {
            if (agent.status() == AgentStatus.UP) {
                notifyDelegate(FudpEvent.agentEvent(FudpEvent.Type.AGENT_UP, agent));
            } else if (agent.status() == AgentStatus.DOWN) {
                notifyDelegate(FudpEvent.agentEvent(FudpEvent.Type.AGENT_DOWN, agent));
            }
        }
    }

    @Override
    public synchronized void removeAgent(DeviceId facility) {
        agents.remove(facility);
    }

    @Override
    public synchronized Collection<AgentState> getAgents() {
        return ImmutableList.copyOf(agents.values());
    }

    @Override
    public synchronized Optional<AgentState> getAgent(DeviceId facility) {
        return Optional.ofNullable(agents.get(facility));
    }

    @Override
    public synchronized void putFacilityState(FacilityState state) {
        facilityStates.put(DeviceId.deviceId(state.facilityId()), state);
    }

    @Override
    public synchronized void removeFacilityState(DeviceId facility) {
        facilityStates.remove(facility);
    }

    @Override
    public synchronized Collection<FacilityState> getFacilityStates() {
        return ImmutableList.copyOf(facilityStates.values());
    }

    @Override
    public synchronized Optional<FacilityState> getFacilityState(DeviceId facility) {
        return Optional.ofNullable(facilityStates.get(facility));
    }

    @Override
    public synchronized void addDecision(DecisionRecord decision) {
        append(decisions, decision.cfsId(), decision);
    }

    @Override
    public synchronized List<DecisionRecord> getDecisions(String cfsId) {
        return snapshot(decisions, cfsId);
    }

    @Override
    public synchronized void addCfsSample(String cfsId, CfsSample sample) {
        append(cfsHistory, cfsId, sample);
    }

    @Override
    public synchronized List<CfsSample> getCfsHistory(String cfsId) {
        return snapshot(cfsHistory, cfsId);
    }

    @Override
    public synchronized void addFlowSample(FiveTuple flow, FlowHistorySample sample) {
        append(flowHistory, flow, sample);
    }

    @Override
    public synchronized List<FlowHistorySample> getFlowHistory(FiveTuple flow) {
        return snapshot(flowHistory, flow);
    }

    @Override
    public synchronized void setHistoryLength(int length) {
        if (length < 1) {
            throw new IllegalArgumentException("history length must be at least 1, was " + length);
        }
        if (length != historyLength) {
            historyLength = length;
            resize(decisions);
            resize(cfsHistory);
            resize(flowHistory);
        }
    }

    private <K, V> void resize(Map<K, Queue<V>> queues) {
        queues.replaceAll((k, old) -> {
            Queue<V> q = newQueue();
            q.addAll(old);
            return q;
        });
    }

    private <K, V> void append(Map<K, Queue<V>> queues, K key, V value) {
        queues.computeIfAbsent(key, k -> newQueue()).add(value);
    }

    private static <K, V> List<V> snapshot(Map<K, Queue<V>> queues, K key) {
        Queue<V> q = queues.get(key);
        return q == null ? ImmutableList.of() : ImmutableList.copyOf(q);
    }

    private <V> Queue<V> newQueue() {
        return EvictingQueue.create(historyLength);
    }

    @Override
    public synchronized void clear() {
        flows.clear();
        cfss.clear();
        allocations.clear();
        agents.clear();
        facilityStates.clear();
        decisions.clear();
        cfsHistory.clear();
        flowHistory.clear();
    }
}
