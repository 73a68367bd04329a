// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.api;

import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FiveTuple;
import org.onosproject.net.DeviceId;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A FUDP service whose state tests fill in directly; reads hand out copies, as the real
 * service's store does. Subclasses give the data set and the control status.
 */
public abstract class InMemoryFudpService implements FudpService {

    public final Map<String, CorrelationFlowSet> sets = new LinkedHashMap<>();
    public final Map<FiveTuple, FlowRecord> flows = new LinkedHashMap<>();
    public final Map<DeviceId, AgentState> agents = new LinkedHashMap<>();
    public final Map<DeviceId, FacilityState> facilityStates = new LinkedHashMap<>();
    public final List<FacilityConfig> facilities = new ArrayList<>();
    public final List<Bottleneck> bottlenecks = new ArrayList<>();
    public final List<TrafficClass> trafficClasses = new ArrayList<>();
    public final List<AllocationState> allocations = new ArrayList<>();
    public final Map<String, List<DecisionRecord>> decisions = new LinkedHashMap<>();
    public final Map<String, List<CfsSample>> cfsHistory = new LinkedHashMap<>();
    public final Map<FiveTuple, List<FlowHistorySample>> flowHistory = new LinkedHashMap<>();
    /** The key file as the service read it last: two keys, nothing wrong. */
    public KeyFileStatus keyFile = new KeyFileStatus("/opt/onos/config/fudp.keys", List.of(1L, 2L),
            1_764_000_000_000L, 1_763_990_000_000L, List.of());

    @Override
    public Collection<CorrelationFlowSet> getCorrelationFlowSets() {
        return List.copyOf(sets.values());
    }

    @Override
    public Optional<CorrelationFlowSet> getCorrelationFlowSet(String id) {
        return Optional.ofNullable(sets.get(id));
    }

    @Override
    public Collection<FlowRecord> getFlows() {
        return List.copyOf(flows.values());
    }

    @Override
    public Optional<FlowRecord> getFlow(FiveTuple flow) {
        return Optional.ofNullable(flows.get(flow));
    }

    @Override
    public Collection<AllocationState> getAllocations() {
        return List.copyOf(allocations);
    }

    @Override
    public Collection<AgentState> getAgents() {
        return List.copyOf(agents.values());
    }

    @Override
    public Optional<AgentState> getAgent(DeviceId facility) {
        return Optional.ofNullable(agents.get(facility));
    }

    @Override
    public Collection<FacilityState> getFacilityStates() {
        return List.copyOf(facilityStates.values());
    }

    @Override
    public Optional<FacilityState> getFacilityState(DeviceId facility) {
        return Optional.ofNullable(facilityStates.get(facility));
    }

    /**
     * Puts a facility's view, keyed by its device.
     *
     * @param state the view
     */
    public void putFacilityState(FacilityState state) {
        facilityStates.put(DeviceId.deviceId(state.facilityId()), state);
    }

    @Override
    public List<DecisionRecord> getDecisions(String cfsId) {
        return decisions.getOrDefault(cfsId, List.of());
    }

    @Override
    public List<CfsSample> getCfsHistory(String cfsId) {
        return cfsHistory.getOrDefault(cfsId, List.of());
    }

    @Override
    public List<FlowHistorySample> getFlowHistory(FiveTuple flow) {
        return flowHistory.getOrDefault(flow, List.of());
    }

    @Override
    public List<FacilityConfig> getFacilities() {
        return List.copyOf(facilities);
    }

    @Override
    public List<Bottleneck> getBottlenecks() {
        return List.copyOf(bottlenecks);
    }

    @Override
    public List<TrafficClass> getTrafficClasses() {
        return List.copyOf(trafficClasses);
    }

    @Override
    public KeyFileStatus getKeyFileStatus() {
        return keyFile;
    }

    @Override
    public void addListener(FudpListener listener) {
        // the views under test poll the service; none of them listens
    }

    @Override
    public void removeListener(FudpListener listener) {
        // see addListener
    }
}
