// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.checkpoints;

import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FiveTuple;

import java.util.Objects;

/**
 * One flow of a {@link FacilityCheckpoint}: enough to take its rules over as they are on the
 * switch and to keep its limit, nothing that the next counters give again.
 */
public final class FlowCheckpoint {

    private final FiveTuple flow;
    private final long onwardPort;
    private final boolean shaped;
    private final long sinceMs;
    private final long limitBps;
    private final long burstBytes;
    private final String cfsId;
    private final boolean member;
    private final int dscp;
    private final boolean remarked;
    // Set only by withResponsiveness, on a copy no one else holds yet.
    private ResponsiveCheckpoint responsiveness = ResponsiveCheckpoint.NONE;

    /**
     * Creates the checkpoint of one flow.
     *
     * @param flow the 5-tuple
     * @param onwardPort the port toward its destination
     * @param shaped whether its limits are enforced (a UDP flow of a set: through the adjustor or a meter)
     * @param sinceMs when it was first seen
     * @param limitBps its limit in force, 0 if none
     * @param burstBytes the limit's burst, 0 if none
     * @param cfsId the set that gave the limit, "" if none
     * @param member whether the flow counted in its set
     * @param dscp its packets' DSCP, {@link TrafficClass#NO_DSCP} if unknown: its traffic class depends on it
     * @param remarked whether it was learnt again after its marking changed (its rules then match any DSCP)
     */
    public FlowCheckpoint(FiveTuple flow, long onwardPort, boolean shaped, long sinceMs, long limitBps,
                          long burstBytes, String cfsId, boolean member, int dscp, boolean remarked) {
        this.flow = Objects.requireNonNull(flow, "flow");
        this.onwardPort = onwardPort;
        this.shaped = shaped;
        this.sinceMs = sinceMs;
        this.limitBps = limitBps;
        this.burstBytes = burstBytes;
        this.cfsId = Objects.requireNonNull(cfsId, "cfsId");
        this.member = member;
        this.dscp = dscp;
        this.remarked = remarked;
    }

    /**
     * Returns a copy carrying what the flow's responsiveness tests found.
     *
     * @param r what they found
     * @return the copy
     */
    public FlowCheckpoint withResponsiveness(ResponsiveCheckpoint r) {
        FlowCheckpoint c = new FlowCheckpoint(flow, onwardPort, shaped, sinceMs, limitBps, burstBytes, cfsId, member,
                dscp, remarked);
        c.responsiveness = Objects.requireNonNull(r, "responsiveness");
        return c;
    }

    /**
     * Returns what the flow's responsiveness tests found.
     *
     * @return it; {@link ResponsiveCheckpoint#NONE} for a flow never hinted nor tested
     */
    public ResponsiveCheckpoint responsiveness() {
        return responsiveness;
    }

    public int dscp() {
        return dscp;
    }

    public boolean remarked() {
        return remarked;
    }

    /**
     * Tells whether the flow counted in its set: it goes on counting while the next controller
     * waits for its first rate, so that the set and its prediction carry on.
     *
     * @return true if a member
     */
    public boolean member() {
        return member;
    }

    /**
     * Returns the flow.
     *
     * @return 5-tuple
     */
    public FiveTuple flow() {
        return flow;
    }

    /**
     * Returns the port toward the flow's destination.
     *
     * @return port number
     */
    public long onwardPort() {
        return onwardPort;
    }

    /**
     * Tells whether the flow's rules steer it through the adjustor.
     *
     * @return true for a UDP flow in a set
     */
    public boolean shaped() {
        return shaped;
    }

    /**
     * Returns when the flow was first seen.
     *
     * @return epoch milliseconds
     */
    public long sinceMs() {
        return sinceMs;
    }

    /**
     * Returns the flow's limit in force.
     *
     * @return bit/s, 0 if none
     */
    public long limitBps() {
        return limitBps;
    }

    /**
     * Returns the burst of the flow's limit.
     *
     * @return bytes, 0 if none
     */
    public long burstBytes() {
        return burstBytes;
    }

    /**
     * Returns the set that gave the limit.
     *
     * @return CFS id, "" if none
     */
    public String cfsId() {
        return cfsId;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlowCheckpoint)) {
            return false;
        }
        FlowCheckpoint c = (FlowCheckpoint) o;
        return onwardPort == c.onwardPort && shaped == c.shaped && sinceMs == c.sinceMs
                && limitBps == c.limitBps && burstBytes == c.burstBytes && member == c.member && flow.equals(c.flow)
                && cfsId.equals(c.cfsId) && dscp == c.dscp && remarked == c.remarked
                && responsiveness.equals(c.responsiveness);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flow, onwardPort, shaped, sinceMs, limitBps, burstBytes, cfsId, member, dscp,
                remarked, responsiveness);
    }

    @Override
    public String toString() {
        return flow + (limitBps > 0 ? " limited at " + limitBps : "");
    }
}
