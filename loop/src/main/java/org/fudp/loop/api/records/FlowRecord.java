// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.records;

import org.fudp.protocol.FiveTuple;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * What FUDP knows of one flow seen at a facility: its 5-tuple, its correlation flow set and its
 * rates in the last control period.
 * <p>
 * For a UDP flow, {@link #demandBps()} is measured on the rule that steers it into the adjustor
 * (what the sender offers) and {@link #throughputBps()} on the rule that carries it back (what
 * the adjustor let through). For a TCP flow both are the same counter.
 * </p>
 */
public final class FlowRecord {

    private final FiveTuple flow;
    private final String facilityId;
    private final String cfsId;
    private final long demandBps;
    private final long throughputBps;
    private final boolean rateKnown;
    private final long allocationBps;
    private final long sinceMs;
    private final long updatedMs;
    private final String className;
    private final String rateReason;
    private final String responsiveness;
    private final String responsiveEvidence;

    private FlowRecord(Builder b) {
        this.className = b.className == null ? "" : b.className;
        this.rateReason = b.rateReason == null ? "" : b.rateReason;
        this.responsiveness = b.responsiveness == null ? "" : b.responsiveness;
        this.responsiveEvidence = b.responsiveEvidence == null ? "" : b.responsiveEvidence;
        this.flow = Objects.requireNonNull(b.flow, "flow");
        this.facilityId = Objects.requireNonNull(b.facilityId, "facilityId");
        this.cfsId = b.cfsId;
        this.demandBps = b.demandBps;
        this.throughputBps = b.throughputBps;
        this.rateKnown = b.rateKnown;
        this.allocationBps = b.allocationBps;
        this.sinceMs = b.sinceMs;
        this.updatedMs = b.updatedMs;
    }

    /**
     * Returns the flow's 5-tuple.
     *
     * @return 5-tuple
     */
    public FiveTuple flow() {
        return flow;
    }

    /**
     * Returns the facility switch where the flow was seen.
     *
     * @return the switch's id (an ONOS device id in the app)
     */
    public String facilityId() {
        return facilityId;
    }

    /**
     * Tells whether this is a UDP flow.
     *
     * @return true for UDP, false for TCP
     */
    public boolean isUdp() {
        return flow.protocol() == FiveTuple.UDP;
    }

    /**
     * Returns the protocol's name.
     *
     * @return "udp" or "tcp"
     */
    public String protocolName() {
        return isUdp() ? "udp" : "tcp";
    }

    /**
     * Returns the id of the correlation flow set the flow belongs to.
     *
     * @return CFS id; empty while the flow is no member of a set: before its first measured
     *         period, while it carries less than the join rate (about 121 kbit/s), or after
     *         three idle periods
     */
    public String cfsId() {
        return cfsId == null ? "" : cfsId;
    }

    /**
     * Returns the offered rate: for UDP measured before the adjustor.
     *
     * @return rate in bit/s
     */
    public long demandBps() {
        return demandBps;
    }

    /**
     * Returns the delivered rate: for UDP measured after the adjustor.
     *
     * @return rate in bit/s
     */
    public long throughputBps() {
        return throughputBps;
    }

    /**
     * Tells whether the rates come from counter samples (false until two samples were seen
     * or the rule's age gave an average).
     *
     * @return true if the rates are measured
     */
    public boolean rateKnown() {
        return rateKnown;
    }

    /**
     * Returns the rate limit the controller gave this UDP flow.
     *
     * @return allocation in bit/s, empty for TCP or an unlimited UDP flow
     */
    public OptionalLong allocationBps() {
        return allocationBps < 0 ? OptionalLong.empty() : OptionalLong.of(allocationBps);
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
     * Returns when the rates were last updated.
     *
     * @return epoch milliseconds
     */
    public long updatedMs() {
        return updatedMs;
    }

    /**
     * Returns the flow's traffic class.
     *
     * @return class name, empty without a class
     */
    public String className() {
        return className;
    }

    /**
     * Returns why the flow has the limit it has, in a few words: "fair share", "weight 2: 2 TCP
     * shares", "at its class's cap", "exempt: never limited", "not limited"...
     *
     * @return reason, empty when not known
     */
    public String rateReason() {
        return rateReason;
    }

    /**
     * Returns what a UDP flow counts as by its responsiveness test (docs/algorithm.md, "Responsive UDP"):
     * "unresponsive", "candidate", "testing" or "responsive".
     *
     * @return the class; empty for TCP
     */
    public String responsiveness() {
        return responsiveness;
    }

    /**
     * Returns what the flow's responsiveness tests found: the rates under the last test, how many it
     * passed, or the test that runs now.
     *
     * @return words; empty before its first test
     */
    public String responsiveEvidence() {
        return responsiveEvidence;
    }

    /**
     * Returns a builder holding this record's values.
     *
     * @return builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.flow = flow;
        b.facilityId = facilityId;
        b.cfsId = cfsId;
        b.demandBps = demandBps;
        b.throughputBps = throughputBps;
        b.rateKnown = rateKnown;
        b.allocationBps = allocationBps;
        b.sinceMs = sinceMs;
        b.updatedMs = updatedMs;
        b.className = className;
        b.rateReason = rateReason;
        b.responsiveness = responsiveness;
        b.responsiveEvidence = responsiveEvidence;
        return b;
    }

    /**
     * Returns a new builder.
     *
     * @param flow the 5-tuple
     * @param facilityId the facility switch
     * @return builder
     */
    public static Builder builder(FiveTuple flow, String facilityId) {
        Builder b = new Builder();
        b.flow = flow;
        b.facilityId = facilityId;
        return b;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlowRecord)) {
            return false;
        }
        FlowRecord that = (FlowRecord) o;
        return demandBps == that.demandBps && throughputBps == that.throughputBps
                && rateKnown == that.rateKnown && allocationBps == that.allocationBps
                && sinceMs == that.sinceMs && updatedMs == that.updatedMs && flow.equals(that.flow)
                && facilityId.equals(that.facilityId) && Objects.equals(cfsId, that.cfsId)
                && className.equals(that.className) && rateReason.equals(that.rateReason)
                && responsiveness.equals(that.responsiveness) && responsiveEvidence.equals(that.responsiveEvidence);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flow, facilityId, cfsId, demandBps, throughputBps, rateKnown,
                allocationBps, sinceMs, updatedMs, className, rateReason, responsiveness, responsiveEvidence);
    }

    @Override
    public String toString() {
        return flow + " at " + facilityId + (cfsId == null || cfsId.isEmpty() ? "" : " in " + cfsId)
                + ": demand " + demandBps + ", throughput " + throughputBps
                + (allocationBps >= 0 ? ", limit " + allocationBps : "");
    }

    /**
     * Builds {@link FlowRecord}s.
     */
    public static final class Builder {
        private FiveTuple flow;
        private String facilityId;
        private String cfsId;
        private long demandBps;
        private long throughputBps;
        private boolean rateKnown;
        private long allocationBps = -1;
        private long sinceMs;
        private long updatedMs;
        private String className;
        private String rateReason;
        private String responsiveness;
        private String responsiveEvidence;

        private Builder() {
        }

        /**
         * Sets what a UDP flow counts as by its responsiveness test, and what the test found.
         *
         * @param kind see {@link FlowRecord#responsiveness()}
         * @param evidence see {@link FlowRecord#responsiveEvidence()}
         * @return this builder
         */
        public Builder responsiveness(String kind, String evidence) {
            this.responsiveness = kind;
            this.responsiveEvidence = evidence;
            return this;
        }

        /**
         * Sets the traffic class and why the flow has its limit.
         *
         * @param name class name, empty for none
         * @param reason why the limit, see {@link FlowRecord#rateReason()}
         * @return this builder
         */
        public Builder policy(String name, String reason) {
            this.className = name;
            this.rateReason = reason;
            return this;
        }

        /**
         * Sets the CFS id.
         *
         * @param id CFS id
         * @return this builder
         */
        public Builder cfsId(String id) {
            this.cfsId = id;
            return this;
        }

        /**
         * Sets the measured rates.
         *
         * @param demand offered rate in bit/s
         * @param throughput delivered rate in bit/s
         * @param known whether the rates come from counter samples
         * @return this builder
         */
        public Builder rates(long demand, long throughput, boolean known) {
            this.demandBps = demand;
            this.throughputBps = throughput;
            this.rateKnown = known;
            return this;
        }

        /**
         * Sets the allocation.
         *
         * @param bps allocation in bit/s, negative for none
         * @return this builder
         */
        public Builder allocationBps(long bps) {
            this.allocationBps = bps < 0 ? -1 : bps;
            return this;
        }

        /**
         * Sets when the flow was first seen.
         *
         * @param ms epoch milliseconds
         * @return this builder
         */
        public Builder sinceMs(long ms) {
            this.sinceMs = ms;
            return this;
        }

        /**
         * Sets when the rates were last updated.
         *
         * @param ms epoch milliseconds
         * @return this builder
         */
        public Builder updatedMs(long ms) {
            this.updatedMs = ms;
            return this;
        }

        /**
         * Builds the record.
         *
         * @return flow record
         */
        public FlowRecord build() {
            return new FlowRecord(this);
        }
    }
}
