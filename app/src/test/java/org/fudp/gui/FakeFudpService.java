package org.fudp.gui;

import org.fudp.api.AgentState;
import org.fudp.api.AllocationState;
import org.fudp.api.Bottleneck;
import org.fudp.api.CfsSample;
import org.fudp.api.ControlStatus;
import org.fudp.api.CorrelationFlowSet;
import org.fudp.api.DecisionRecord;
import org.fudp.api.Facility;
import org.fudp.api.FlowRecord;
import org.fudp.api.FlowSample;
import org.fudp.api.FudpListener;
import org.fudp.api.FudpService;
import org.fudp.protocol.FiveTuple;
import org.onosproject.net.DeviceId;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A FUDP service holding fixed values, as the GUI reads them.
 */
final class FakeFudpService implements FudpService {

    final Map<String, CorrelationFlowSet> sets = new LinkedHashMap<>();
    final Map<FiveTuple, FlowRecord> flows = new LinkedHashMap<>();
    final Map<DeviceId, AgentState> agents = new LinkedHashMap<>();
    final List<Facility> facilities = new ArrayList<>();
    final List<Bottleneck> bottlenecks = new ArrayList<>();
    final List<AllocationState> allocations = new ArrayList<>();
    final Map<String, List<DecisionRecord>> decisions = new HashMap<>();
    final Map<String, List<CfsSample>> cfsHistory = new HashMap<>();
    final Map<FiveTuple, List<FlowSample>> flowHistory = new HashMap<>();

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
    public List<DecisionRecord> getDecisions(String cfsId) {
        return decisions.getOrDefault(cfsId, List.of());
    }

    @Override
    public List<CfsSample> getCfsHistory(String cfsId) {
        return cfsHistory.getOrDefault(cfsId, List.of());
    }

    @Override
    public List<FlowSample> getFlowHistory(FiveTuple flow) {
        return flowHistory.getOrDefault(flow, List.of());
    }

    @Override
    public List<Facility> getFacilities() {
        return List.copyOf(facilities);
    }

    @Override
    public List<Bottleneck> getBottlenecks() {
        return List.copyOf(bottlenecks);
    }

    @Override
    public ControlStatus getControlStatus() {
        return new ControlStatus(true, false, 1000, 0.5, 0.5, 150, GuiScenario.END_MS);
    }

    @Override
    public void addListener(FudpListener listener) {
        // The GUI polls; nothing to deliver.
    }

    @Override
    public void removeListener(FudpListener listener) {
        // The GUI polls; nothing to deliver.
    }
}
