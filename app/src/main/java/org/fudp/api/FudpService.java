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
import org.fudp.protocol.FiveTuple;
import org.fudp.loop.api.settings.TrafficClass;
import org.onosproject.event.ListenerService;
import org.onosproject.net.DeviceId;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Reads what the FUDP closed loop sees and decides: correlation flow sets, flows, allocations,
 * adjustor agents, the facilities' controllers and rule budgets, decision records and bounded
 * per-CFS and per-flow history.
 * <p>
 * Everything returned is an immutable snapshot; listeners receive {@link FudpEvent}s.
 * </p>
 */
public interface FudpService extends ListenerService<FudpEvent, FudpListener> {

    /**
     * Returns the correlation flow sets of the last control period.
     *
     * @return CFS views
     */
    Collection<CorrelationFlowSet> getCorrelationFlowSets();

    /**
     * Returns one correlation flow set.
     *
     * @param id CFS id
     * @return the CFS, empty if unknown
     */
    Optional<CorrelationFlowSet> getCorrelationFlowSet(String id);

    /**
     * Returns every flow currently tracked at the facilities.
     *
     * @return flow records
     */
    Collection<FlowRecord> getFlows();

    /**
     * Returns one flow.
     *
     * @param flow the 5-tuple
     * @return the flow, empty if not tracked
     */
    Optional<FlowRecord> getFlow(FiveTuple flow);

    /**
     * Returns the current UDP rate limits, told and acknowledged.
     *
     * @return allocations
     */
    Collection<AllocationState> getAllocations();

    /**
     * Returns the adjustor agents of the configured facilities.
     *
     * @return agent views
     */
    Collection<AgentState> getAgents();

    /**
     * Returns the agent at one facility.
     *
     * @param facility the facility switch
     * @return the agent, empty if the device is not a facility
     */
    Optional<AgentState> getAgent(DeviceId facility);

    /**
     * Returns each facility's view as its controlling instance last published it: which ONOS
     * instance is in charge of the facility (since when, under which epoch), and what flow
     * collection costs its switch (rules in use against the budget, new flows left without rules
     * and why, rules the switch refused). Every instance of a cluster answers the same.
     *
     * @return facility views
     */
    Collection<FacilityState> getFacilityStates();

    /**
     * Returns one facility's view.
     *
     * @param facility the facility switch
     * @return the view, empty if the device is not a facility or no controller published it yet
     */
    Optional<FacilityState> getFacilityState(DeviceId facility);

    /**
     * Returns the latest decision records of a CFS, oldest first.
     *
     * @param cfsId CFS id
     * @return at most the history length of records, empty if unknown
     */
    List<DecisionRecord> getDecisions(String cfsId);

    /**
     * Returns the per-period history of a CFS, oldest first.
     *
     * @param cfsId CFS id
     * @return at most the history length of samples, empty if unknown
     */
    List<CfsSample> getCfsHistory(String cfsId);

    /**
     * Returns the per-period history of a flow, oldest first.
     *
     * @param flow the 5-tuple
     * @return at most the history length of samples, empty if unknown
     */
    List<FlowHistorySample> getFlowHistory(FiveTuple flow);

    /**
     * Returns the facilities in force (the last valid network config).
     *
     * @return facilities
     */
    List<FacilityConfig> getFacilities();

    /**
     * Returns the bottlenecks in force (the last valid network config).
     *
     * @return bottlenecks
     */
    List<Bottleneck> getBottlenecks();

    /**
     * Returns the traffic classes in force (the last valid network config), in order.
     *
     * @return classes
     */
    List<TrafficClass> getTrafficClasses();

    /**
     * Returns the control loop's mode and progress.
     *
     * @return status
     */
    ControlStatus getControlStatus();

    /**
     * Returns the controller's key file as this instance last read it: the ids of the keys in force and
     * what is wrong with the file, if anything.
     *
     * @return status
     */
    KeyFileStatus getKeyFileStatus();
}
