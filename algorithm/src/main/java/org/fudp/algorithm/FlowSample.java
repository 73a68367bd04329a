// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.Objects;

/**
 * One flow's measurement for one control period: its id, protocol, measured rate and, for UDP,
 * its demand B_d (the offered rate measured before any shaping).
 *
 * <p>A missing measurement (the statistics reply was lost) is a sample without a rate; an
 * unknown demand is a UDP sample without a demand. Rates are in bit/s.
 */
public final class FlowSample {

    private final String flowId;
    private final Protocol protocol;
    private final double rateBps;
    private final double demandBps;
    private final FlowPolicy policy;
    /** Empty: the flow is a principal of its own. */
    private final String principal;

    private FlowSample(String flowId, Protocol protocol, double rateBps, double demandBps) {
        this(flowId, protocol, rateBps, demandBps, FlowPolicy.NONE, "");
    }

    private FlowSample(String flowId, Protocol protocol, double rateBps, double demandBps, FlowPolicy policy,
                       String principal) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.principal = Objects.requireNonNull(principal, "principal");
        this.flowId = Objects.requireNonNull(flowId, "flowId");
        if (flowId.isEmpty()) {
            throw new IllegalArgumentException("flowId: must not be empty");
        }
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        this.rateBps = checkRate(flowId, "rateBps", rateBps);
        this.demandBps = protocol == Protocol.UDP ? checkRate(flowId, "demandBps", demandBps) : Double.NaN;
    }

    private static double checkRate(String flowId, String field, double value) {
        if (Double.isNaN(value) || (value >= 0 && value < Double.POSITIVE_INFINITY)) {
            return value;
        }
        throw new IllegalArgumentException("flow '" + flowId + "' " + field
                + ": must be a finite number >= 0 (or NaN for unknown), was " + value);
    }

    /**
     * Returns a sample with every field given; NaN marks a missing rate or an unknown demand.
     * A TCP flow's demand is ignored.
     *
     * @param flowId flow id, unique within its CFS
     * @param protocol TCP or UDP
     * @param rateBps measured rate in bit/s, or NaN when the measurement is missing
     * @param demandBps UDP demand B_d in bit/s, or NaN when unknown
     * @return the sample
     * @throws IllegalArgumentException if a rate is negative or infinite, or the id is empty
     */
    public static FlowSample of(String flowId, Protocol protocol, double rateBps, double demandBps) {
        return new FlowSample(flowId, protocol, rateBps, demandBps);
    }

    /**
     * Returns a measured TCP sample.
     *
     * @param flowId flow id
     * @param rateBps measured rate in bit/s
     * @return the sample
     */
    public static FlowSample tcp(String flowId, double rateBps) {
        return new FlowSample(flowId, Protocol.TCP, rateBps, Double.NaN);
    }

    /**
     * Returns a measured UDP sample with a known demand.
     *
     * @param flowId flow id
     * @param rateBps measured rate in bit/s (after any shaping)
     * @param demandBps offered rate B_d in bit/s (before any shaping)
     * @return the sample
     */
    public static FlowSample udp(String flowId, double rateBps, double demandBps) {
        return new FlowSample(flowId, Protocol.UDP, rateBps, demandBps);
    }

    /**
     * Returns a measured UDP sample whose demand is unknown.
     *
     * @param flowId flow id
     * @param rateBps measured rate in bit/s
     * @return the sample
     */
    public static FlowSample udp(String flowId, double rateBps) {
        return new FlowSample(flowId, Protocol.UDP, rateBps, Double.NaN);
    }

    /**
     * Returns a sample for a flow that is still a member of its CFS but was not measured this
     * period.
     *
     * @param flowId flow id
     * @param protocol TCP or UDP
     * @return the sample
     */
    public static FlowSample missing(String flowId, Protocol protocol) {
        return new FlowSample(flowId, protocol, Double.NaN, Double.NaN);
    }

    /**
     * Returns the flow id.
     *
     * @return flow id
     */
    public String flowId() {
        return flowId;
    }

    /**
     * Returns the protocol.
     *
     * @return TCP or UDP
     */
    public Protocol protocol() {
        return protocol;
    }

    /**
     * Tells whether this period measured the flow.
     *
     * @return true if {@link #rateBps()} is a measurement
     */
    public boolean hasRate() {
        return !Double.isNaN(rateBps);
    }

    /**
     * Returns the measured rate.
     *
     * @return rate in bit/s, NaN when missing
     */
    public double rateBps() {
        return rateBps;
    }

    /**
     * Tells whether the demand is known (UDP only).
     *
     * @return true if {@link #demandBps()} is a measurement
     */
    public boolean hasDemand() {
        return !Double.isNaN(demandBps);
    }

    /**
     * Returns the demand B_d, the offered rate before shaping (UDP only).
     *
     * @return demand in bit/s, NaN when unknown or for TCP
     */
    public double demandBps() {
        return demandBps;
    }

    /**
     * Returns this sample under a traffic class's policy. Policies apply to UDP flows; a TCP flow's
     * is ignored.
     *
     * @param p the policy
     * @return the sample
     */
    public FlowSample withPolicy(FlowPolicy p) {
        return new FlowSample(flowId, protocol, rateBps, demandBps, p, principal);
    }

    /**
     * Returns this sample as one flow of a principal (docs/algorithm.md, "Principals"): a UDP flow's set
     * shares its bandwidth max-min among principals first, then among each principal's flows, so a sender
     * gains nothing by spreading its traffic over more 5-tuples. A TCP flow's principal is ignored: every TCP
     * flow is a principal of its own.
     *
     * @param key the principal, e.g. the source host; empty for the flow itself (the paper's rule)
     * @return the sample
     */
    public FlowSample withPrincipal(String key) {
        return key.equals(principal) ? this : new FlowSample(flowId, protocol, rateBps, demandBps, policy, key);
    }

    /**
     * Returns the principal this flow counts under.
     *
     * @return the key given by {@link #withPrincipal}, or the flow id when the flow is a principal of its own
     */
    public String principal() {
        return principal.isEmpty() ? flowId : principal;
    }

    /**
     * Tells whether the flow is a principal of its own.
     *
     * @return true without a principal key
     */
    boolean ownPrincipal() {
        return principal.isEmpty();
    }

    /**
     * Returns the flow's traffic class policy.
     *
     * @return policy, {@link FlowPolicy#NONE} without a class
     */
    public FlowPolicy policy() {
        return policy;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlowSample)) {
            return false;
        }
        FlowSample that = (FlowSample) o;
        return flowId.equals(that.flowId) && protocol == that.protocol
                && Double.compare(rateBps, that.rateBps) == 0
                && Double.compare(demandBps, that.demandBps) == 0 && policy.equals(that.policy)
                && principal.equals(that.principal);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flowId, protocol, rateBps, demandBps, policy, principal);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(flowId).append(' ').append(protocol);
        s.append(hasRate() ? " rate=" + rateBps : " rate=missing");
        if (protocol == Protocol.UDP) {
            s.append(hasDemand() ? " demand=" + demandBps : " demand=unknown");
            if (!policy.isPlain()) {
                s.append(' ').append(policy);
            }
            if (!principal.isEmpty()) {
                s.append(" principal=").append(principal);
            }
        }
        return s.toString();
    }
}
