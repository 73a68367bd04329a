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
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.protocol.FiveTuple;
import org.onosproject.net.DeviceId;
import org.onosproject.store.Store;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Holds the published state of the FUDP loop (what {@link FudpService} reads) and turns
 * changes into {@link FudpEvent}s for its delegate.
 */
public interface FudpStore extends Store<FudpEvent, FudpStoreDelegate> {

    /**
     * Adds or updates a flow; a flow not known before yields {@link FudpEvent.Type#FLOW_SEEN}.
     *
     * @param flow the flow record
     */
    void putFlow(FlowRecord flow);

    /**
     * Removes a flow and its history and allocation; yields {@link FudpEvent.Type#FLOW_GONE}.
     *
     * @param flow the 5-tuple
     * @return the removed record, empty if it was not known
     */
    Optional<FlowRecord> removeFlow(FiveTuple flow);

    /**
     * Returns every flow.
     *
     * @return flow records
     */
    Collection<FlowRecord> getFlows();

    /**
     * Returns one flow.
     *
     * @param flow the 5-tuple
     * @return record, empty if unknown
     */
    Optional<FlowRecord> getFlow(FiveTuple flow);

    /**
     * Adds or updates a CFS; a new one, or one whose members, bottleneck or state changed,
     * yields {@link FudpEvent.Type#CFS_CHANGED}.
     *
     * @param cfs the CFS view
     */
    void putCfs(CorrelationFlowSet cfs);

    /**
     * Removes a CFS and its history; yields {@link FudpEvent.Type#CFS_CHANGED} with no view.
     *
     * @param id CFS id
     */
    void removeCfs(String id);

    /**
     * Returns every CFS.
     *
     * @return CFS views
     */
    Collection<CorrelationFlowSet> getCfss();

    /**
     * Returns one CFS.
     *
     * @param id CFS id
     * @return view, empty if unknown
     */
    Optional<CorrelationFlowSet> getCfs(String id);

    /**
     * Adds or updates an allocation; a changed one yields
     * {@link FudpEvent.Type#ALLOCATION_CHANGED}.
     *
     * @param allocation the allocation
     */
    void putAllocation(AllocationState allocation);

    /**
     * Removes an allocation.
     *
     * @param flow the 5-tuple
     */
    void removeAllocation(FiveTuple flow);

    /**
     * Returns every allocation.
     *
     * @return allocations
     */
    Collection<AllocationState> getAllocations();

    /**
     * Adds or updates an agent; a change to {@link AgentStatus#UP} or
     * {@link AgentStatus#DOWN} yields {@link FudpEvent.Type#AGENT_UP} or
     * {@link FudpEvent.Type#AGENT_DOWN}.
     *
     * @param agent the agent view
     */
    void putAgent(AgentState agent);

    /**
     * Removes an agent (its facility left the config).
     *
     * @param facility the facility switch
     */
    void removeAgent(DeviceId facility);

    /**
     * Returns every agent.
     *
     * @return agent views
     */
    Collection<AgentState> getAgents();

    /**
     * Returns one agent.
     *
     * @param facility the facility switch
     * @return view, empty if unknown
     */
    Optional<AgentState> getAgent(DeviceId facility);

    /**
     * Adds or updates a facility's view: the controller instance in charge of it, and what flow
     * collection costs its switch against its budget. No event: nothing listens for it.
     *
     * @param state the facility's view
     */
    void putFacilityState(FacilityState state);

    /**
     * Removes a facility's view (its facility left the config, as {@link #removeAgent}).
     *
     * @param facility the facility switch
     */
    void removeFacilityState(DeviceId facility);

    /**
     * Returns every facility's view.
     *
     * @return facility views
     */
    Collection<FacilityState> getFacilityStates();

    /**
     * Returns one facility's view.
     *
     * @param facility the facility switch
     * @return view, empty if no controller published one
     */
    Optional<FacilityState> getFacilityState(DeviceId facility);

    /**
     * Appends a decision record to its CFS's bounded list.
     *
     * @param decision the record
     */
    void addDecision(DecisionRecord decision);

    /**
     * Returns a CFS's decision records, oldest first.
     *
     * @param cfsId CFS id
     * @return records
     */
    List<DecisionRecord> getDecisions(String cfsId);

    /**
     * Appends a sample to a CFS's bounded history.
     *
     * @param cfsId CFS id
     * @param sample the sample
     */
    void addCfsSample(String cfsId, CfsSample sample);

    /**
     * Returns a CFS's history, oldest first.
     *
     * @param cfsId CFS id
     * @return samples
     */
    List<CfsSample> getCfsHistory(String cfsId);

    /**
     * Appends a sample to a flow's bounded history.
     *
     * @param flow the 5-tuple
     * @param sample the sample
     */
    void addFlowSample(FiveTuple flow, FlowHistorySample sample);

    /**
     * Returns a flow's history, oldest first.
     *
     * @param flow the 5-tuple
     * @return samples
     */
    List<FlowHistorySample> getFlowHistory(FiveTuple flow);

    /**
     * Sets how many samples and decision records are kept per CFS and per flow.
     *
     * @param length history length, at least 1
     */
    void setHistoryLength(int length);

    /**
     * Forgets everything, without events (used on deactivation).
     */
    void clear();
}
