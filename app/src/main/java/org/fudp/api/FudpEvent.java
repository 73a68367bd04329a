// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.api;

import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.FlowRecord;
import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;

import java.util.Optional;

/**
 * Something the FUDP closed loop noticed or changed.
 * <p>
 * The subject is the id of what changed: the flow's text form ({@code FiveTuple#toString()})
 * for flow and allocation events, the CFS id for {@link Type#CFS_CHANGED}, the facility's
 * device id for agent events. The matching view travels with the event so a listener (GUI,
 * REST push) need not read the service again.
 * </p>
 */
public final class FudpEvent extends AbstractEvent<FudpEvent.Type, String> {

    /**
     * Kinds of FUDP event.
     */
    public enum Type {
        /** A new flow was seen at a facility and its rules were installed. */
        FLOW_SEEN,
        /** A flow's rules idled out or were removed; it left its CFS. */
        FLOW_GONE,
        /** A CFS appeared, disappeared, or changed members, capacity or state. */
        CFS_CHANGED,
        /** A UDP flow's allocation was told to its adjustor, changed, or was acknowledged. */
        ALLOCATION_CHANGED,
        /** An adjustor agent was heard from after being unknown or down. */
        AGENT_UP,
        /** An adjustor agent stayed silent longer than the heartbeat timeout. */
        AGENT_DOWN
    }

    private final FlowRecord flow;
    private final CorrelationFlowSet cfs;
    private final AllocationState allocation;
    private final AgentState agent;

    private FudpEvent(Type type, String subject, FlowRecord flow, CorrelationFlowSet cfs,
                      AllocationState allocation, AgentState agent) {
        super(type, subject);
        this.flow = flow;
        this.cfs = cfs;
        this.allocation = allocation;
        this.agent = agent;
    }

    /**
     * Creates a flow event.
     *
     * @param type FLOW_SEEN or FLOW_GONE
     * @param flow the flow as last known
     * @return event
     */
    public static FudpEvent flowEvent(Type type, FlowRecord flow) {
        return new FudpEvent(type, flow.flow().toString(), flow, null, null, null);
    }

    /**
     * Creates a CFS event.
     *
     * @param id CFS id
     * @param cfs the CFS now, or null if it was removed
     * @return event
     */
    public static FudpEvent cfsEvent(String id, CorrelationFlowSet cfs) {
        return new FudpEvent(Type.CFS_CHANGED, id, null, cfs, null, null);
    }

    /**
     * Creates an allocation event.
     *
     * @param allocation the allocation now
     * @return event
     */
    public static FudpEvent allocationEvent(AllocationState allocation) {
        return new FudpEvent(Type.ALLOCATION_CHANGED, allocation.flow().toString(), null, null,
                allocation, null);
    }

    /**
     * Creates an agent event.
     *
     * @param type AGENT_UP or AGENT_DOWN
     * @param agent the agent now
     * @return event
     */
    public static FudpEvent agentEvent(Type type, AgentState agent) {
        return new FudpEvent(type, agent.facilityId(), null, null, null, agent);
    }

    /**
     * Returns the flow of a flow event.
     *
     * @return flow, empty for other event types
     */
    public Optional<FlowRecord> flow() {
        return Optional.ofNullable(flow);
    }

    /**
     * Returns the CFS of a CFS event.
     *
     * @return CFS, empty when it was removed or for other event types
     */
    public Optional<CorrelationFlowSet> cfs() {
        return Optional.ofNullable(cfs);
    }

    /**
     * Returns the allocation of an allocation event.
     *
     * @return allocation, empty for other event types
     */
    public Optional<AllocationState> allocation() {
        return Optional.ofNullable(allocation);
    }

    /**
     * Returns the agent of an agent event.
     *
     * @return agent, empty for other event types
     */
    public Optional<AgentState> agent() {
        return Optional.ofNullable(agent);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("type", type()).add("subject", subject()).add("time", time()).toString();
    }
}
