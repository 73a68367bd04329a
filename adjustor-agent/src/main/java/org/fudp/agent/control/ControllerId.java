// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.control;

/**
 * A controller as the agent tells controllers apart: its sender id and the epoch it sends under.
 * The controller in charge of an adjustor is the one whose state-changing message the agent
 * applied last (docs/protocol.md, section 3.1). Immutable.
 */
public final class ControllerId {

    private final long senderId;
    private final long epoch;

    /**
     * Creates a controller id.
     *
     * @param senderId the controller's sender id
     * @param epoch the epoch it sends under
     */
    public ControllerId(long senderId, long epoch) {
        this.senderId = senderId;
        this.epoch = epoch;
    }

    /**
     * Returns the sender id.
     *
     * @return sender id
     */
    public long senderId() {
        return senderId;
    }

    /**
     * Returns the epoch.
     *
     * @return epoch
     */
    public long epoch() {
        return epoch;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ControllerId)) {
            return false;
        }
        ControllerId c = (ControllerId) o;
        return senderId == c.senderId && epoch == c.epoch;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(senderId) * 31 + Long.hashCode(epoch);
    }

    @Override
    public String toString() {
        return senderId + "/" + epoch;
    }
}
