package org.fudp.impl;

import org.fudp.api.Facility;
import org.fudp.protocol.FlowLimit;

import java.util.Collection;
import java.util.Map;

/**
 * The edge where allocations leave ONOS toward whatever enforces them. The tc flow adjustor
 * reached by Packet-Out ({@link TcAdjustorBackend}) is the one implementation; an OpenFlow
 * meter backend would be another.
 * <p>
 * A backend sends; what comes back from the enforcer is reported to the
 * {@link AgentFeedback} it was created with.
 * </p>
 */
interface EnforcementBackend {

    /**
     * Sends the complete desired state of one facility: every limit it should hold, and no other.
     *
     * @param facility the facility
     * @param snapshotId id of this desired state; grows with every new state
     * @param limits the limits
     * @return the number of frames sent, 0 if it could not be sent (reason logged)
     */
    int sendSnapshot(Facility facility, long snapshotId, Collection<FlowLimit> limits);

    /**
     * Tells one facility's enforcer to drop every limit.
     *
     * @param facility the facility
     * @param snapshotId id of the resulting empty state
     * @return the number of frames sent, 0 if it could not be sent
     */
    int sendClearAll(Facility facility, long snapshotId);

    /**
     * Tells one facility's enforcer that the controller is alive, when there is nothing else
     * to send (the agent's fail-safe acts after a silence).
     *
     * @param facility the facility
     * @param snapshotId the controller's current snapshot id for it
     * @return the number of frames sent, 0 if it could not be sent
     */
    int sendHeartbeat(Facility facility, long snapshotId);

    /**
     * What the enforcers report back.
     */
    interface AgentFeedback {

        /**
         * An authenticated frame arrived from a facility's agent.
         *
         * @param facility the facility
         * @param nowMs arrival time
         * @param agentEpoch the agent's epoch; it changes when the agent restarts
         * @param agentSnapshotId the snapshot the agent has applied
         */
        void heard(Facility facility, long nowMs, long agentEpoch, long agentSnapshotId);

        /**
         * The agent acknowledged one of our snapshots.
         *
         * @param facility the facility
         * @param snapshotId the snapshot it acknowledged
         * @param result what it did: APPLIED, or why not (APPLY_FAILED, STALE, ...)
         * @param agentRejects the agent's own rejected-frame counters, by reason
         */
        void acknowledged(Facility facility, long snapshotId, String result,
                          Map<String, Long> agentRejects);

        /**
         * A frame claiming to come from a facility's agent was rejected.
         *
         * @param facility the facility
         * @param reason why
         */
        void rejected(Facility facility, String reason);
    }
}
