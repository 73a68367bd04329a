// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A reassembled snapshot: the full desired state one controller sent to an adjustor.
 */
public final class Snapshot {

    private final long senderId;
    private final long epoch;
    private final long snapshotId;
    private final long lastSequence;
    private final List<FlowLimit> limits;

    /**
     * Creates a snapshot.
     *
     * @param senderId the controller that sent it
     * @param epoch the controller's epoch
     * @param snapshotId the snapshot id
     * @param lastSequence the highest sequence number among its fragments
     * @param limits every limit, at most one per flow
     */
    public Snapshot(long senderId, long epoch, long snapshotId, long lastSequence, List<FlowLimit> limits) {
        this.senderId = senderId;
        this.epoch = epoch;
        this.snapshotId = snapshotId;
        this.lastSequence = lastSequence;
        this.limits = Collections.unmodifiableList(List.copyOf(limits));
    }

    /**
     * Returns the sender id.
     *
     * @return controller id
     */
    public long senderId() {
        return senderId;
    }

    /**
     * Returns the sender's epoch.
     *
     * @return epoch
     */
    public long epoch() {
        return epoch;
    }

    /**
     * Returns the snapshot id.
     *
     * @return snapshot id
     */
    public long snapshotId() {
        return snapshotId;
    }

    /**
     * Returns the highest sequence number among the fragments; this orders the snapshot against
     * deltas and clears.
     *
     * @return sequence
     */
    public long lastSequence() {
        return lastSequence;
    }

    /**
     * Returns the limits.
     *
     * @return unmodifiable list
     */
    public List<FlowLimit> limits() {
        return limits;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Snapshot)) {
            return false;
        }
        Snapshot s = (Snapshot) o;
        return senderId == s.senderId && epoch == s.epoch && snapshotId == s.snapshotId
                && lastSequence == s.lastSequence && limits.equals(s.limits);
    }

    @Override
    public int hashCode() {
        return Objects.hash(senderId, epoch, snapshotId, lastSequence, limits);
    }

    @Override
    public String toString() {
        return "Snapshot{sender=" + senderId + ", epoch=" + epoch + ", id=" + snapshotId + ", seq=" + lastSequence
                + ", " + limits.size() + " limits}";
    }
}
