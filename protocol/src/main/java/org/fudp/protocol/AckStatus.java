// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * The body of an ACK: which message the agent answers, what it did, and its state and counters.
 */
public final class AckStatus {

    private final MessageType ackedType;
    private final AckResult result;
    private final long ackedSenderId;
    private final long ackedEpoch;
    private final long ackedSequence;
    private final long lastAppliedSnapshotId;
    private final long lastAppliedSequence;
    private final long flowsLimited;
    private final long framesAccepted;
    private final Map<RejectReason, Long> rejects;

    /**
     * Creates an ACK body.
     *
     * @param ackedType type of the answered message, or null for a status report
     * @param result what the agent did
     * @param ackedSenderId sender id of the answered message (0 for a status report)
     * @param ackedEpoch epoch of the answered message
     * @param ackedSequence sequence of the answered message (for a snapshot, of its last fragment)
     * @param lastAppliedSnapshotId the agent's last applied snapshot id
     * @param lastAppliedSequence sequence of the agent's last applied state-changing message
     * @param flowsLimited number of flows the agent limits now, 0..2^32-1
     * @param framesAccepted frames the agent accepted since it started
     * @param rejects frames the agent rejected since it started, by reason (zero counts may be absent)
     */
    public AckStatus(MessageType ackedType, AckResult result, long ackedSenderId, long ackedEpoch,
                     long ackedSequence, long lastAppliedSnapshotId, long lastAppliedSequence,
                     long flowsLimited, long framesAccepted, Map<RejectReason, Long> rejects) {
        this.ackedType = ackedType;
        this.result = Objects.requireNonNull(result, "result");
        this.ackedSenderId = ackedSenderId;
        this.ackedEpoch = ackedEpoch;
        this.ackedSequence = ackedSequence;
        this.lastAppliedSnapshotId = lastAppliedSnapshotId;
        this.lastAppliedSequence = lastAppliedSequence;
        if (flowsLimited < 0 || flowsLimited > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("flowsLimited must be 0..2^32-1, was " + flowsLimited);
        }
        this.flowsLimited = flowsLimited;
        this.framesAccepted = framesAccepted;
        EnumMap<RejectReason, Long> copy = new EnumMap<>(RejectReason.class);
        for (Map.Entry<RejectReason, Long> e : rejects.entrySet()) {
            if (e.getValue() != 0) {
                copy.put(e.getKey(), e.getValue());
            }
        }
        this.rejects = Collections.unmodifiableMap(copy);
    }

    /**
     * Returns the type of the answered message.
     *
     * @return the type, or null for a status report
     */
    public MessageType ackedType() {
        return ackedType;
    }

    /**
     * Returns what the agent did.
     *
     * @return result
     */
    public AckResult result() {
        return result;
    }

    /**
     * Returns the sender id of the answered message.
     *
     * @return sender id
     */
    public long ackedSenderId() {
        return ackedSenderId;
    }

    /**
     * Returns the epoch of the answered message.
     *
     * @return epoch
     */
    public long ackedEpoch() {
        return ackedEpoch;
    }

    /**
     * Returns the sequence of the answered message.
     *
     * @return sequence
     */
    public long ackedSequence() {
        return ackedSequence;
    }

    /**
     * Returns the last applied snapshot id.
     *
     * @return snapshot id
     */
    public long lastAppliedSnapshotId() {
        return lastAppliedSnapshotId;
    }

    /**
     * Returns the sequence of the last applied state-changing message.
     *
     * @return sequence
     */
    public long lastAppliedSequence() {
        return lastAppliedSequence;
    }

    /**
     * Returns how many flows the agent limits.
     *
     * @return flow count
     */
    public long flowsLimited() {
        return flowsLimited;
    }

    /**
     * Returns how many frames the agent accepted.
     *
     * @return frame count
     */
    public long framesAccepted() {
        return framesAccepted;
    }

    /**
     * Returns the agent's non-zero reject counters.
     *
     * @return counts by reason, unmodifiable
     */
    public Map<RejectReason, Long> rejects() {
        return rejects;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AckStatus)) {
            return false;
        }
        AckStatus a = (AckStatus) o;
        return ackedType == a.ackedType && result == a.result && ackedSenderId == a.ackedSenderId
                && ackedEpoch == a.ackedEpoch && ackedSequence == a.ackedSequence
                && lastAppliedSnapshotId == a.lastAppliedSnapshotId && lastAppliedSequence == a.lastAppliedSequence
                && flowsLimited == a.flowsLimited && framesAccepted == a.framesAccepted && rejects.equals(a.rejects);
    }

    @Override
    public int hashCode() {
        return Objects.hash(ackedType, result, ackedSenderId, ackedEpoch, ackedSequence, lastAppliedSnapshotId,
                lastAppliedSequence, flowsLimited, framesAccepted, rejects);
    }

    @Override
    public String toString() {
        return "AckStatus{" + (ackedType == null ? "status" : ackedType) + " " + result + ", acked=" + ackedSenderId
                + "/" + ackedEpoch + "/" + ackedSequence + ", applied snapshot=" + lastAppliedSnapshotId
                + " seq=" + lastAppliedSequence + ", flows=" + flowsLimited + ", accepted=" + framesAccepted
                + ", rejects=" + rejects + "}";
    }
}
