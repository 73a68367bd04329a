// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.records;

import org.fudp.protocol.FiveTuple;

import java.util.Objects;

/**
 * A UDP flow's rate limit: what the controller told its facility's enforcer (the adjustor, or the
 * switch's meters), whether the enforcer put it in force, and, if the switch refused it a meter, why.
 */
public final class AllocationState {

    private final FiveTuple flow;
    private final String facilityId;
    private final String cfsId;
    private final long toldBps;
    private final long toldSeq;
    private final long toldAtMs;
    private final boolean acknowledged;
    private final boolean dryRun;
    private final String refusal;

    /**
     * Creates an allocation view.
     *
     * @param flow the UDP flow
     * @param facilityId the facility whose adjustor enforces it
     * @param cfsId the flow's CFS
     * @param toldBps the rate limit in bit/s
     * @param toldSeq sequence number of the snapshot that carried it, 0 if not sent
     * @param toldAtMs when it was decided, epoch milliseconds
     * @param acknowledged whether the adjustor acknowledged that snapshot
     * @param dryRun whether it was computed in dry-run and never sent
     */
    public AllocationState(FiveTuple flow, String facilityId, String cfsId, long toldBps,
                           long toldSeq, long toldAtMs, boolean acknowledged, boolean dryRun) {
        this.flow = Objects.requireNonNull(flow, "flow");
        this.facilityId = Objects.requireNonNull(facilityId, "facilityId");
        this.cfsId = Objects.requireNonNull(cfsId, "cfsId");
        this.toldBps = toldBps;
        this.toldSeq = toldSeq;
        this.toldAtMs = toldAtMs;
        this.acknowledged = acknowledged;
        this.dryRun = dryRun;
        this.refusal = "";
    }

    private AllocationState(AllocationState a, String refusal) {
        this.flow = a.flow;
        this.facilityId = a.facilityId;
        this.cfsId = a.cfsId;
        this.toldBps = a.toldBps;
        this.toldSeq = a.toldSeq;
        this.toldAtMs = a.toldAtMs;
        this.acknowledged = a.acknowledged && refusal.isEmpty();
        this.dryRun = a.dryRun;
        this.refusal = refusal;
    }

    /**
     * Returns this limit as one the switch refused to meter: the flow is counted but unlimited.
     *
     * @param reason why, as the switch or ONOS said; "" for none
     * @return the view, not acknowledged if refused
     */
    public AllocationState refused(String reason) {
        return new AllocationState(this, Objects.requireNonNull(reason, "reason"));
    }

    /**
     * Returns why the switch refused the limit a meter.
     *
     * @return the reason, "" if it was not refused
     */
    public String refusal() {
        return refusal;
    }

    /**
     * Returns the UDP flow.
     *
     * @return 5-tuple
     */
    public FiveTuple flow() {
        return flow;
    }

    /**
     * Returns the facility whose adjustor enforces the limit.
     *
     * @return device id
     */
    public String facilityId() {
        return facilityId;
    }

    /**
     * Returns the flow's CFS.
     *
     * @return CFS id
     */
    public String cfsId() {
        return cfsId;
    }

    /**
     * Returns the rate limit told to the adjustor (B_f of Algorithm 1).
     *
     * @return rate in bit/s
     */
    public long toldBps() {
        return toldBps;
    }

    /**
     * Returns the sequence number of the snapshot that carried the limit.
     *
     * @return sequence number, 0 if not sent (dry-run or no agent)
     */
    public long toldSeq() {
        return toldSeq;
    }

    /**
     * Returns when the limit was decided.
     *
     * @return epoch milliseconds
     */
    public long toldAtMs() {
        return toldAtMs;
    }

    /**
     * Tells whether the adjustor acknowledged the snapshot carrying the limit.
     *
     * @return true once acknowledged
     */
    public boolean acknowledged() {
        return acknowledged;
    }

    /**
     * Tells whether the limit was computed in dry-run mode and never sent.
     *
     * @return true in dry-run
     */
    public boolean dryRun() {
        return dryRun;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AllocationState)) {
            return false;
        }
        AllocationState that = (AllocationState) o;
        return toldBps == that.toldBps && toldSeq == that.toldSeq && toldAtMs == that.toldAtMs
                && acknowledged == that.acknowledged && dryRun == that.dryRun && refusal.equals(that.refusal)
                && flow.equals(that.flow) && facilityId.equals(that.facilityId) && cfsId.equals(that.cfsId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flow, facilityId, cfsId, toldBps, toldSeq, toldAtMs, acknowledged, dryRun, refusal);
    }

    @Override
    public String toString() {
        return flow + " limit " + toldBps + " (snapshot " + toldSeq + (acknowledged ? ", acknowledged" : "")
                + (dryRun ? ", dry-run" : "") + (refusal.isEmpty() ? "" : ", refused: " + refusal) + ")";
    }
}
