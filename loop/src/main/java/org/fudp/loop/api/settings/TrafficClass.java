// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.settings;

import org.fudp.algorithm.FlowPolicy;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.protocol.FiveTuple;

import java.util.Arrays;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * An operator's traffic class: which flows it holds, matched on fields a switch can match (source
 * and destination prefix, IP protocol, source and destination port ranges, DSCP values), and the policy FUDPA
 * applies to them ({@link FlowPolicy}). A field left out matches everything. Classes are tried in
 * order; a flow's class is the first that matches ({@link #policyOf}).
 */
public final class TrafficClass {

    /** IP protocol that matches any. */
    public static final int ANY_PROTOCOL = 0;
    /** The highest DSCP: six bits. */
    public static final int MAX_DSCP = 63;
    /** Marks an unknown DSCP, or a rule that matches any. */
    public static final int NO_DSCP = -1;

    private final AddressPrefix src;
    private final AddressPrefix dst;
    private final int protocol;
    private final int srcPortLow;
    private final int srcPortHigh;
    private final int dstPortLow;
    private final int dstPortHigh;
    /** Bit i set: DSCP i matches; 0 for any. */
    private final long dscpMask;
    private final FlowPolicy policy;
    /** Null: the loop's setting. */
    private final PrincipalRule principal;

    /**
     * Creates a class.
     *
     * @param src source prefix, null for any
     * @param dst destination prefix, null for any
     * @param protocol IP protocol (6 or 17), {@link #ANY_PROTOCOL} for any
     * @param srcPorts source port range {low, high}, null for any
     * @param dstPorts destination port range {low, high}, null for any
     * @param dscp the DSCP values that match, null or empty for any
     * @param policy what FUDPA does with the class's flows; its name is the class's
     * @throws IllegalArgumentException naming a bad field
     */
    public TrafficClass(AddressPrefix src, AddressPrefix dst, int protocol, int[] srcPorts, int[] dstPorts,
                        int[] dscp, FlowPolicy policy) {
        if (protocol != ANY_PROTOCOL && protocol != 6 && protocol != 17) {
            throw new IllegalArgumentException("protocol: must be tcp (6) or udp (17), was " + protocol);
        }
        this.src = src;
        this.dst = dst;
        this.protocol = protocol;
        this.srcPortLow = low(srcPorts, "srcPorts");
        this.srcPortHigh = high(srcPorts);
        this.dstPortLow = low(dstPorts, "dstPorts");
        this.dstPortHigh = high(dstPorts);
        this.dscpMask = mask(dscp);
        this.policy = Objects.requireNonNull(policy, "policy");
        this.principal = null;
    }

    private TrafficClass(TrafficClass c, PrincipalRule principal) {
        this.src = c.src;
        this.dst = c.dst;
        this.protocol = c.protocol;
        this.srcPortLow = c.srcPortLow;
        this.srcPortHigh = c.srcPortHigh;
        this.dstPortLow = c.dstPortLow;
        this.dstPortHigh = c.dstPortHigh;
        this.dscpMask = c.dscpMask;
        this.policy = c.policy;
        this.principal = principal;
    }

    /**
     * Returns this class with its own rule for whom its unresponsive UDP flows count for.
     *
     * @param rule the rule, null for the loop's setting
     * @return the class
     */
    public TrafficClass withPrincipal(PrincipalRule rule) {
        return new TrafficClass(this, rule);
    }

    /**
     * Returns the class's own principal rule.
     *
     * @return the rule, null when the loop's setting applies
     */
    public PrincipalRule principal() {
        return principal;
    }

    private static long mask(int[] dscp) {
        long m = 0;
        if (dscp != null) {
            for (int d : dscp) {
                if (d < 0 || d > MAX_DSCP) {
                    throw new IllegalArgumentException("dscp: each value must be 0.." + MAX_DSCP + ", was " + d);
                }
                m |= 1L << d;
            }
        }
        return m;
    }

    private static int low(int[] range, String field) {
        if (range == null) {
            return 0;
        }
        if (range.length != 2 || range[0] < 0 || range[1] > 65535 || range[0] > range[1]) {
            throw new IllegalArgumentException(field + ": must be a port range low..high within 0..65535");
        }
        return range[0];
    }

    private static int high(int[] range) {
        return range == null ? 65535 : range[1];
    }

    /**
     * Returns the class's name.
     *
     * @return name
     */
    public String name() {
        return policy.className();
    }

    /**
     * Returns the class's policy.
     *
     * @return policy
     */
    public FlowPolicy policy() {
        return policy;
    }

    /**
     * Returns the source prefix matched.
     *
     * @return prefix, null for any
     */
    public AddressPrefix src() {
        return src;
    }

    /**
     * Returns the destination prefix matched.
     *
     * @return prefix, null for any
     */
    public AddressPrefix dst() {
        return dst;
    }

    /**
     * Returns the IP protocol matched.
     *
     * @return 6, 17 or {@link #ANY_PROTOCOL}
     */
    public int protocol() {
        return protocol;
    }

    /**
     * Returns the source ports matched.
     *
     * @return {low, high}; {0, 65535} for any
     */
    public int[] srcPorts() {
        return new int[] {srcPortLow, srcPortHigh};
    }

    /**
     * Returns the destination ports matched.
     *
     * @return {low, high}; {0, 65535} for any
     */
    public int[] dstPorts() {
        return new int[] {dstPortLow, dstPortHigh};
    }

    /**
     * Returns the DSCP values matched.
     *
     * @return the values in ascending order; empty for any
     */
    public int[] dscp() {
        return IntStream.rangeClosed(0, MAX_DSCP).filter(d -> (dscpMask & (1L << d)) != 0).toArray();
    }

    /**
     * Tells whether a flow belongs to this class.
     *
     * @param t the flow
     * @param dscp its DSCP, {@link #NO_DSCP} if unknown: it then matches only a class that
     *             names no DSCP
     * @return true if every given field matches
     */
    public boolean matches(FiveTuple t, int dscp) {
        return (protocol == ANY_PROTOCOL || protocol == t.protocol())
                && (src == null || src.contains(t.src())) && (dst == null || dst.contains(t.dst()))
                && t.srcPort() >= srcPortLow && t.srcPort() <= srcPortHigh
                && t.dstPort() >= dstPortLow && t.dstPort() <= dstPortHigh
                && (dscpMask == 0 || dscp >= 0 && (dscpMask & (1L << dscp)) != 0);
    }

    /**
     * Returns the policy of the first class that matches a flow.
     *
     * @param classes the classes, in order
     * @param t the flow
     * @param dscp its DSCP, {@link #NO_DSCP} if unknown
     * @return its policy, {@link FlowPolicy#NONE} if no class matches
     */
    public static FlowPolicy policyOf(Iterable<TrafficClass> classes, FiveTuple t, int dscp) {
        TrafficClass c = classOf(classes, t, dscp);
        return c == null ? FlowPolicy.NONE : c.policy;
    }

    /**
     * Returns the first class that matches a flow.
     *
     * @param classes the classes, in order
     * @param t the flow
     * @param dscp its DSCP, {@link #NO_DSCP} if unknown
     * @return the class, null if none matches
     */
    public static TrafficClass classOf(Iterable<TrafficClass> classes, FiveTuple t, int dscp) {
        for (TrafficClass c : classes) {
            if (c.matches(t, dscp)) {
                return c;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "TrafficClass{" + name() + ": " + (protocol == ANY_PROTOCOL ? "ip" : protocol == 6 ? "tcp" : "udp")
                + (src == null ? "" : " src " + src) + (dst == null ? "" : " dst " + dst)
                + " sport " + srcPortLow + "-" + srcPortHigh + " dport " + dstPortLow + "-" + dstPortHigh
                + (dscpMask == 0 ? "" : " dscp " + Arrays.toString(dscp())) + ", " + policy
                + (principal == null ? "" : ", principal " + principal) + "}";
    }
}
