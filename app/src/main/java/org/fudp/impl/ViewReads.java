// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.FudpEvent;
import org.fudp.api.FudpListener;
import org.fudp.api.FudpService;
import org.fudp.api.FudpStore;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.protocol.FiveTuple;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.DeviceId;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The reads of {@link FudpService} that every instance answers from the store's views (flows, sets,
 * allocations, agents, facilities and their history), whichever instance controls the facility: the
 * part of the service the manager only passes on.
 */
abstract class ViewReads extends AbstractListenerManager<FudpEvent, FudpListener> implements FudpService {

    /**
     * Returns the store whose views the reads answer from, open while the component is active.
     *
     * @return the store
     */
    protected abstract FudpStore views();

    @Override
    public Collection<CorrelationFlowSet> getCorrelationFlowSets() {
        return views().getCfss();
    }

    @Override
    public Optional<CorrelationFlowSet> getCorrelationFlowSet(String id) {
        return views().getCfs(id);
    }

    @Override
    public Collection<FlowRecord> getFlows() {
        return views().getFlows();
    }

    @Override
    public Optional<FlowRecord> getFlow(FiveTuple flow) {
        return views().getFlow(flow);
    }

    @Override
    public Collection<AllocationState> getAllocations() {
        return views().getAllocations();
    }

    @Override
    public Collection<AgentState> getAgents() {
        return views().getAgents();
    }

    @Override
    public Optional<AgentState> getAgent(DeviceId facility) {
        return views().getAgent(facility);
    }

    @Override
    public Collection<FacilityState> getFacilityStates() {
        return views().getFacilityStates();
    }

    @Override
    public Optional<FacilityState> getFacilityState(DeviceId facility) {
        return views().getFacilityState(facility);
    }

    @Override
    public List<DecisionRecord> getDecisions(String cfsId) {
        return views().getDecisions(cfsId);
    }

    @Override
    public List<CfsSample> getCfsHistory(String cfsId) {
        return views().getCfsHistory(cfsId);
    }

    @Override
    public List<FlowHistorySample> getFlowHistory(FiveTuple flow) {
        return views().getFlowHistory(flow);
    }
}
