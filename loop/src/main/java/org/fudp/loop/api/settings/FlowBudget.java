// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.settings;

import java.util.Objects;

/**
 * What FUDP may cost one facility's switch: how many rules it may hold in the switch's table, and
 * how many packet-ins a second it acts on (each new flow it learns costs one, and the rules that
 * follow). A hardware OpenFlow switch of the paper's class holds 2,000 to 8,000 exact-match entries
 * and sets up a few hundred to about a thousand flows a second (DevoFlow, Curtis et al., SIGCOMM
 * 2011); FUDP shares both with the other apps and the switch's own rules.
 */
public final class FlowBudget {

    /**
     * The default rule budget: a quarter of a 4,000-entry table, so that FUDP at its budget leaves
     * three quarters of a mid-size TCAM to forwarding and the other apps.
     */
    public static final int DEFAULT_RULES = 1000;
    /**
     * The default packet-in budget: 200 a second, within what such a switch sets up (DevoFlow measured
     * 275 flow setups a second on an HP ProCurve 5406zl) with room for the other apps' packet-ins.
     */
    public static final int DEFAULT_PACKET_INS = 200;
    /** The defaults. */
    public static final FlowBudget DEFAULT = new FlowBudget(DEFAULT_RULES, DEFAULT_PACKET_INS);

    private final int rules;
    private final int packetInsPerS;
    private final long heavyBps;

    /**
     * Creates a budget.
     *
     * @param rules rules FUDP may hold in the switch's table, at least 1
     * @param packetInsPerS packet-ins a second FUDP acts on, at least 1
     * @throws IllegalArgumentException for a value below 1
     */
    public FlowBudget(int rules, int packetInsPerS) {
        this(rules, packetInsPerS, 0);
    }

    /**
     * Creates a budget, and says how flows are found.
     *
     * @param rules rules FUDP may hold in the switch's table, at least 1
     * @param packetInsPerS flows a second FUDP sets up rules for, at least 1
     * @param heavyBps 0: every flow is learnt from its packet-in; above 0: the facility's traffic is
     *        forwarded and counted by aggregate rules, and only flows whose sampled rate reaches this
     *        get rules of their own
     * @throws IllegalArgumentException for a value out of range
     */
    public FlowBudget(int rules, int packetInsPerS, long heavyBps) {
        if (heavyBps < 0) {
            throw new IllegalArgumentException("heavyBps: must be >= 0, was " + heavyBps);
        }
        this.heavyBps = heavyBps;
        if (rules < 1) {
            throw new IllegalArgumentException("ruleBudget: must be >= 1, was " + rules);
        }
        if (packetInsPerS < 1) {
            throw new IllegalArgumentException("packetInBudget: must be >= 1, was " + packetInsPerS);
        }
        this.rules = rules;
        this.packetInsPerS = packetInsPerS;
    }

    /**
     * Returns the rule budget.
     *
     * @return rules
     */
    public int rules() {
        return rules;
    }

    /**
     * Returns the packet-in budget.
     *
     * @return packet-ins a second
     */
    public int packetInsPerS() {
        return packetInsPerS;
    }

    /**
     * Tells whether the facility's flows are found by sampling rather than by packet-ins.
     *
     * @return true if sampled
     */
    public boolean sampled() {
        return heavyBps > 0;
    }

    /**
     * Returns the sampled rate from which a flow gets rules of its own, on a sampled facility.
     *
     * @return bit/s, 0 where every flow is learnt from its packet-in
     */
    public long heavyBps() {
        return heavyBps;
    }

    /**
     * Returns how many flows that carry too little to join a set one source may hold rules for: a
     * sixteenth of the rule budget, at least 8, so that a host spraying new 5-tuples fills its own
     * quota, not the table.
     *
     * @return flows
     */
    public int sourceQuota() {
        return Math.max(8, rules / 16);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlowBudget && ((FlowBudget) o).rules == rules
                && ((FlowBudget) o).packetInsPerS == packetInsPerS && ((FlowBudget) o).heavyBps == heavyBps;
    }

    @Override
    public int hashCode() {
        return Objects.hash(rules, packetInsPerS, heavyBps);
    }

    @Override
    public String toString() {
        return rules + " rules, " + packetInsPerS + (sampled() ? " flow setups/s, sampled from " + heavyBps + " bit/s"
                : " packet-ins/s");
    }
}
