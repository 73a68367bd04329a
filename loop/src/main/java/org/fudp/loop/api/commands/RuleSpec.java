// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.commands;

import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FiveTuple;

import java.net.InetAddress;
import java.util.Objects;

/**
 * One per-flow rule the loop wants on a facility switch: an exact 5-tuple match, optionally an
 * in-port and a TCP flag, and an output port. Hosts translate it: the app into an ONOS
 * {@code FlowRule}, the lab into an {@code ovs-ofctl} flow. The key identifies the rule in
 * counters and removals; hosts may use it as (part of) the OpenFlow cookie.
 */
public final class RuleSpec {

    /** What the rule does for its flow; the counter of each role means something different. */
    public enum Role {
        /** TCP, or UDP of no CFS: straight on toward the destination; its counter is the rate. */
        DIRECT,
        /** UDP into the adjustor; its counter is the demand (before shaping). */
        TO_ADJUSTOR,
        /** UDP back from the adjustor, onward; its counter is the throughput (after shaping). */
        FROM_ADJUSTOR,
        /** TCP segments with FIN set: onward, and a copy to the controller. */
        CLOSING_FIN,
        /** TCP segments with RST set: onward, and a copy to the controller. */
        CLOSING_RST,
        /**
         * TCP or UDP to one destination or destination prefix, of every flow without rules of its own (its
         * 5-tuple's ports are wildcards, and its source too, unless it is one source's): onward; its counter is
         * what those flows carry.
         */
        AGGREGATE
    }

    /** Marks a rule that matches any in-port. */
    public static final long ANY_PORT = -1;
    /** Marks a rule whose packets pass no meter. */
    public static final long NO_METER = 0;

    private static final int ROLE_BITS = 3;

    private final long key;
    private final String facilityId;
    private final FiveTuple flow;
    private final Role role;
    private final long inPort;
    private final long outPort;
    private final int priority;
    private final int idleTimeoutS;
    private final int dscp;
    private final long meterKey;
    private final int dstLength;
    private final int srcLength;

    /**
     * Creates a rule; the loop makes them, hosts' tests may too.
     *
     * @param flowNumber the loop's number for the flow, &gt; 0
     * @param facilityId the switch
     * @param flow the 5-tuple to match
     * @param role what the rule does
     * @param inPort the in-port to match, or {@link #ANY_PORT}
     * @param outPort where matching packets go
     * @param priority the rule's priority
     * @param idleTimeoutS its idle timeout
     */
    public RuleSpec(long flowNumber, String facilityId, FiveTuple flow, Role role, long inPort, long outPort,
                    int priority, int idleTimeoutS) {
        this(flowNumber, facilityId, flow, role, inPort, outPort, priority, idleTimeoutS, TrafficClass.NO_DSCP);
    }

    /**
     * Creates a rule that also matches a DSCP.
     *
     * @param flowNumber the loop's number for the flow, &gt; 0
     * @param facilityId the switch
     * @param flow the 5-tuple to match
     * @param role what the rule does
     * @param inPort the in-port to match, or {@link #ANY_PORT}
     * @param outPort where matching packets go
     * @param priority the rule's priority
     * @param idleTimeoutS its idle timeout
     * @param dscp the DSCP to match, 0..63, or {@link TrafficClass#NO_DSCP} for any
     */
    public RuleSpec(long flowNumber, String facilityId, FiveTuple flow, Role role, long inPort, long outPort,
                    int priority, int idleTimeoutS, int dscp) {
        this(key(flowNumber, role), facilityId, flow, role, inPort, outPort, priority, idleTimeoutS, dscp, NO_METER,
                flow.dst().getAddress().length * 8, flow.src().getAddress().length * 8);
    }

    @SuppressWarnings("checkstyle:ParameterNumber")
    private RuleSpec(long key, String facilityId, FiveTuple flow, Role role, long inPort, long outPort,
                     int priority, int idleTimeoutS, int dscp, long meterKey, int dstLength, int srcLength) {
        this.key = key;
        this.dstLength = dstLength;
        this.srcLength = srcLength;
        this.meterKey = meterKey;
        this.dscp = dscp;
        this.facilityId = Objects.requireNonNull(facilityId, "facilityId");
        this.flow = Objects.requireNonNull(flow, "flow");
        this.role = Objects.requireNonNull(role, "role");
        this.inPort = inPort;
        this.outPort = outPort;
        this.priority = priority;
        this.idleTimeoutS = idleTimeoutS;
    }

    /**
     * Creates an aggregate rule: one protocol to one destination prefix, any source and ports.
     *
     * @param number the loop's number for the aggregate, &gt; 0
     * @param facilityId the switch
     * @param protocol {@link FiveTuple#TCP} or {@link FiveTuple#UDP}
     * @param dst the destination prefix, a single address for a full-length one
     * @param outPort where matching packets go
     * @param priority below the per-flow rules'
     * @param idleTimeoutS its idle timeout
     * @return the rule
     */
    public static RuleSpec aggregate(long number, String facilityId, int protocol, AddressPrefix dst, long outPort,
                                     int priority, int idleTimeoutS) {
        InetAddress net = dst.network();
        FiveTuple match = new FiveTuple(protocol, AddressPrefix.any(net).network(), net, 0, 0);
        return new RuleSpec(key(number, Role.AGGREGATE), facilityId, match, Role.AGGREGATE, ANY_PORT, outPort, priority,
                idleTimeoutS, TrafficClass.NO_DSCP, NO_METER, dst.length(), 0);
    }

    /**
     * Creates one source's aggregate rule: one protocol from one source address to one destination prefix,
     * any ports.
     *
     * @param number the loop's number for the aggregate, &gt; 0
     * @param facilityId the switch
     * @param protocol {@link FiveTuple#TCP} or {@link FiveTuple#UDP}
     * @param src the source, of the destination's address family
     * @param dst the destination prefix, a single address for a full-length one
     * @param outPort where matching packets go
     * @param priority below the per-flow rules'
     * @param idleTimeoutS its idle timeout
     * @return the rule
     * @throws IllegalArgumentException if the source and the destination differ in family
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public static RuleSpec sourceAggregate(long number, String facilityId, int protocol, InetAddress src,
                                           AddressPrefix dst, long outPort, int priority, int idleTimeoutS) {
        InetAddress net = dst.network();
        if (src.getAddress().length != net.getAddress().length) {
            throw new IllegalArgumentException("source " + src.getHostAddress() + " and destination " + dst
                    + " are of different families");
        }
        FiveTuple match = new FiveTuple(protocol, src, net, 0, 0);
        return new RuleSpec(key(number, Role.AGGREGATE), facilityId, match, Role.AGGREGATE, ANY_PORT, outPort, priority,
                idleTimeoutS, TrafficClass.NO_DSCP, NO_METER, dst.length(), src.getAddress().length * 8);
    }

    /**
     * Returns the sources the rule matches: its flow's source, any for a destination's aggregate.
     *
     * @return the prefix, of length 0 for any source
     */
    public AddressPrefix srcPrefix() {
        return new AddressPrefix(flow.src(), srcLength);
    }

    /**
     * Returns the destinations the rule matches: its flow's destination, or an aggregate's prefix.
     *
     * @return the prefix, full-length but for an aggregate of a prefix
     */
    public AddressPrefix dstPrefix() {
        return new AddressPrefix(flow.dst(), dstLength);
    }

    /**
     * Tells whether the rule matches only a protocol and a destination ({@link Role#AGGREGATE}).
     *
     * @return true for an aggregate
     */
    public boolean isAggregate() {
        return role == Role.AGGREGATE;
    }

    /**
     * Returns the key of a flow's rule in a given role.
     *
     * @param flowNumber the loop's number for the flow, &gt; 0
     * @param role the rule's role
     * @return the key, below 2^55
     */
    static long key(long flowNumber, Role role) {
        return flowNumber << ROLE_BITS | role.ordinal();
    }

    /**
     * Returns the rule's key: unique among the loop's rules, stable for the rule's life.
     *
     * @return key, below 2^55
     */
    public long key() {
        return key;
    }

    public String facilityId() {
        return facilityId;
    }

    public FiveTuple flow() {
        return flow;
    }

    public Role role() {
        return role;
    }

    /**
     * Returns the in-port to match.
     *
     * @return port, or {@link #ANY_PORT}
     */
    public long inPort() {
        return inPort;
    }

    public long outPort() {
        return outPort;
    }

    /**
     * Tells whether matching packets are also copied to the controller.
     *
     * @return true for the closing rules
     */
    public boolean copyToController() {
        return role == Role.CLOSING_FIN || role == Role.CLOSING_RST;
    }

    public int priority() {
        return priority;
    }

    /**
     * Returns this rule with its packets passed through a meter first, or through none: the same
     * rule (key, match, priority), another treatment. Hosts modify it in place, so its counters go on.
     *
     * @param meter the meter's key ({@link MeterSpec#key()}), or {@link #NO_METER}
     * @return the rule
     */
    public RuleSpec withMeter(long meter) {
        return new RuleSpec(key, facilityId, flow, role, inPort, outPort, priority, idleTimeoutS, dscp, meter,
                dstLength, srcLength);
    }

    /**
     * Returns this rule with its packets sent out of another port: the same rule (key, match, priority),
     * another treatment. Hosts modify it in place, so its counters go on.
     *
     * @param port the port
     * @return the rule
     */
    public RuleSpec withOutPort(long port) {
        return new RuleSpec(key, facilityId, flow, role, inPort, port, priority, idleTimeoutS, dscp, meterKey,
                dstLength, srcLength);
    }

    /**
     * Returns the meter the rule's packets pass before they go out.
     *
     * @return the meter's key, {@link #NO_METER} for none
     */
    public long meterKey() {
        return meterKey;
    }

    /**
     * Returns the DSCP the rule matches: a UDP flow's rules match the DSCP it was learnt with, so a
     * packet marked otherwise misses them and reaches the controller.
     *
     * @return 0..63, {@link TrafficClass#NO_DSCP} for any
     */
    public int dscp() {
        return dscp;
    }

    /**
     * Returns the rule's idle timeout.
     *
     * @return seconds, 0 for none (the closing rules, which go with their flow)
     */
    public int idleTimeoutS() {
        return idleTimeoutS;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RuleSpec)) {
            return false;
        }
        RuleSpec r = (RuleSpec) o;
        return key == r.key && dscp == r.dscp && meterKey == r.meterKey && dstLength == r.dstLength
                && srcLength == r.srcLength
                && facilityId.equals(r.facilityId)
                && flow.equals(r.flow)
                && role == r.role
                && inPort == r.inPort && outPort == r.outPort && priority == r.priority
                && idleTimeoutS == r.idleTimeoutS;
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, facilityId, flow, role, inPort, outPort, priority, idleTimeoutS, dscp, meterKey,
                dstLength, srcLength);
    }

    @Override
    public String toString() {
        AddressPrefix to = dstPrefix();
        String match = role == Role.AGGREGATE ? (flow.protocol() == FiveTuple.TCP ? "tcp" : "udp")
                + (srcLength == 0 ? "" : " from " + flow.src().getHostAddress()) + " to "
                + (to.isAddress() ? flow.dst().getHostAddress() : to.toString()) : flow.toString();
        return role + " " + match + (dscp == TrafficClass.NO_DSCP ? "" : " dscp " + dscp) + " at " + facilityId
                + (inPort == ANY_PORT ? "" : " in " + inPort) + (meterKey == NO_METER ? "" : " meter " + meterKey)
                + " -> " + outPort + " prio " + priority;
    }
}
