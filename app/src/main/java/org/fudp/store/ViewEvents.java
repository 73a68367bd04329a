// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.api.FudpEvent;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.FlowRecord;

import java.util.Optional;

/**
 * Which change of a view raises which {@link FudpEvent}: the rules of {@code SimpleFudpStore},
 * stated once for any store that knows an entry before and after a change.
 */
public final class ViewEvents {

    private ViewEvents() {
    }

    /**
     * A flow that appears is seen; one that goes is gone; an update is no event.
     *
     * @param before the flow before, null if it was unknown
     * @param after the flow now, null if it was removed
     * @return the event, if any
     */
    public static Optional<FudpEvent> flow(FlowRecord before, FlowRecord after) {
        if (after == null) {
            return before == null ? Optional.empty()
                    : Optional.of(FudpEvent.flowEvent(FudpEvent.Type.FLOW_GONE, before));
        }
        return before == null ? Optional.of(FudpEvent.flowEvent(FudpEvent.Type.FLOW_SEEN, after)) : Optional.empty();
    }

    /**
     * A CFS that appears, goes, or changes members, capacity, egress or state is an event; new
     * totals are not.
     *
     * @param id the CFS id
     * @param before the view before, null if it was unknown
     * @param after the view now, null if it was removed
     * @return the event, if any
     */
    public static Optional<FudpEvent> cfs(String id, CorrelationFlowSet before, CorrelationFlowSet after) {
        if (after == null) {
            return before == null ? Optional.empty() : Optional.of(FudpEvent.cfsEvent(id, null));
        }
        return after.differsInShape(before) ? Optional.of(FudpEvent.cfsEvent(id, after)) : Optional.empty();
    }

    /**
     * An allocation that appears, or whose rate, snapshot or acknowledgement changes, is an event;
     * a removal is not.
     *
     * @param before the allocation before, null if there was none
     * @param after the allocation now, null if it was removed
     * @return the event, if any
     */
    public static Optional<FudpEvent> allocation(AllocationState before, AllocationState after) {
        if (after != null && (before == null || before.toldBps() != after.toldBps()
                || before.acknowledged() != after.acknowledged() || before.toldSeq() != after.toldSeq())) {
            return Optional.of(FudpEvent.allocationEvent(after));
        }
        return Optional.empty();
    }

    /**
     * An agent that becomes {@link AgentStatus#UP} or {@link AgentStatus#DOWN} is an event (an
     * unknown agent counts as {@link AgentStatus#UNKNOWN}); a removal is not.
     *
     * @param before the agent before, null if it was unknown
     * @param after the agent now, null if it was removed
     * @return the event, if any
     */
    public static Optional<FudpEvent> agent(AgentState before, AgentState after) {
        if (after == null || (before == null ? AgentStatus.UNKNOWN : before.status()) == after.status()) {
            return Optional.empty();
        }
        if (after.status() == AgentStatus.UP) {
            return Optional.of(FudpEvent.agentEvent(FudpEvent.Type.AGENT_UP, after));
        } else if (after.status() == AgentStatus.DOWN) {
            return Optional.of(FudpEvent.agentEvent(FudpEvent.Type.AGENT_DOWN, after));
        }
        return Optional.empty();
    }
}
