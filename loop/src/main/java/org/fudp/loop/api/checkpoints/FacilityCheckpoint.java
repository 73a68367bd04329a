// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.checkpoints;

import org.fudp.algorithm.ControllerState;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where the controller of one facility left it: its flows with their limits in force, the state
 * of the sets they are in, and the epoch its frames carried. Another controller instance that
 * takes the facility over ({@code FudpLoop#adopt}) goes on from here: it takes the flows' rules
 * over as they are on the switch, resumes the sets' predictions, and announces itself to the
 * adjustor under a newer epoch with the same limits, so the agent never holds fewer limits.
 */
public final class FacilityCheckpoint {

    private final String facilityId;
    private final long epoch;
    private final long takenMs;
    private final List<FlowCheckpoint> flows;
    private final Map<String, ControllerState> sets;

    /**
     * Creates a checkpoint.
     *
     * @param facilityId the facility
     * @param epoch the epoch of the frames its adjustor last got from this controller
     * @param takenMs when the checkpoint was taken
     * @param flows the facility's flows
     * @param sets the state of the sets the flows are in, by CFS id
     */
    public FacilityCheckpoint(String facilityId, long epoch, long takenMs, List<FlowCheckpoint> flows,
                              Map<String, ControllerState> sets) {
        this.facilityId = Objects.requireNonNull(facilityId, "facilityId");
        this.epoch = epoch;
        this.takenMs = takenMs;
        this.flows = List.copyOf(flows);
        this.sets = Map.copyOf(sets);
    }

    /**
     * Returns the facility.
     *
     * @return facility id
     */
    public String facilityId() {
        return facilityId;
    }

    /**
     * Returns the epoch the facility's adjustor last got frames under; whoever takes over must
     * use a newer one, or the agent takes its frames for an older controller's.
     *
     * @return epoch
     */
    public long epoch() {
        return epoch;
    }

    /**
     * Returns when the checkpoint was taken.
     *
     * @return epoch milliseconds
     */
    public long takenMs() {
        return takenMs;
    }

    /**
     * Returns the facility's flows.
     *
     * @return flows
     */
    public List<FlowCheckpoint> flows() {
        return flows;
    }

    /**
     * Returns the state of the sets the flows are in.
     *
     * @return CFS id to controller state
     */
    public Map<String, ControllerState> sets() {
        return sets;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FacilityCheckpoint)) {
            return false;
        }
        FacilityCheckpoint c = (FacilityCheckpoint) o;
        return epoch == c.epoch && takenMs == c.takenMs && facilityId.equals(c.facilityId) && flows.equals(c.flows)
                && sets.equals(c.sets);
    }

    @Override
    public int hashCode() {
        return Objects.hash(facilityId, epoch, takenMs, flows, sets);
    }

    @Override
    public String toString() {
        return facilityId + " at epoch " + epoch + ": " + flows.size() + " flows, " + sets.size() + " sets";
    }
}
