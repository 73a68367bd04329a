// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.api.settings.PrincipalRule;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * UDP that FUDP does not learn flow by flow, carried, counted and limited as one flow by one aggregate rule:
 * a destination's (or bottleneck prefix's) UDP on a sampled facility, or on a per-flow facility whose packet-in
 * budget ran out; one source's UDP to it once the source filled its quota of flows that never joined a set.
 * Collection makes it and measures it; the sets count it as a UDP flow, one part per principal its samples show
 * ({@link #parts()}); enforcement holds it with a meter on its rule at the limit it notes here.
 */
public final class UdpUnit {

    private RuleSpec rule;
    private final String principal;
    private double demandBps;
    private boolean measured;
    private long meteredBps;
    private long limitBps;
    private final Map<String, Double> sampledBytes = new HashMap<>();

    /**
     * Creates the unit of an aggregate rule.
     *
     * @param rule the UDP aggregate rule
     * @param principal whom its traffic counts for, "" for itself
     */
    public UdpUnit(RuleSpec rule, String principal) {
        if (!rule.isAggregate() || rule.flow().protocol() != FiveTuple.UDP) {
            throw new IllegalArgumentException("a unit is a UDP aggregate rule's, not " + rule);
        }
        this.rule = rule;
        this.principal = principal;
    }

    /**
     * Returns whom a unit's traffic counts for: one source's unit its source's principal; a destination's
     * unit, of any sources, a principal of its own named for its destination, unless the rule makes the whole
     * class one (or every flow its own).
     *
     * @param rule the principal rule in force
     * @param aggregate the unit's rule
     * @return the key, "" for the unit itself
     */
    public static String principalOf(PrincipalRule rule, RuleSpec aggregate) {
        boolean oneSource = aggregate.srcPrefix().length() > 0;
        if (oneSource || rule.equals(PrincipalRule.CLASS)) {
            return rule.keyOf(aggregate.flow(), "");
        }
        return rule.equals(PrincipalRule.FLOW) ? "" : "unlearned UDP to " + aggregate.dstPrefix().toMatchString();
    }

    /** A share of a unit's traffic that its samples attribute to one principal. */
    public static final class Part {
        /** Whom it counts for. */
        public final String principal;
        /** Its fraction of the unit's traffic, 0..1. */
        public final double fraction;

        Part(String principal, double fraction) {
            this.principal = principal;
            this.fraction = fraction;
        }
    }

    /** The most principals a unit's traffic is split among; the rest count as the unit's own. */
    public static final int MAX_PARTS = 32;

    /**
     * Takes a sampled packet the unit carried, of a flow of a given principal.
     *
     * @param principalKey whom the flow counts for
     * @param bytes what the sample stands for
     */
    public void sampled(String principalKey, double bytes) {
        sampledBytes.merge(principalKey, bytes, Double::sum);
    }

    /**
     * Returns whom the unit's traffic counts for, as its samples of the last periods show it: each sampled
     * principal's fraction, the heaviest {@link #MAX_PARTS}, the rest (or all, without samples) the unit's own.
     *
     * @return the parts, their fractions summing to 1
     */
    public List<Part> parts() {
        double total = 0;
        for (double b : sampledBytes.values()) {
            total += b;
        }
        if (total <= 0) {
            return List.of(new Part(principal, 1));
        }
        List<Map.Entry<String, Double>> by = new ArrayList<>(sampledBytes.entrySet());
        by.sort(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<Part> out = new ArrayList<>();
        double shown = 0;
        for (Map.Entry<String, Double> e : by.subList(0, Math.min(MAX_PARTS, by.size()))) {
            out.add(new Part(e.getKey(), e.getValue() / total));
            shown += e.getValue();
        }
        if (shown < total) {
            out.add(new Part(principal, (total - shown) / total));
        }
        return out;
    }

    /**
     * Halves what the samples so far weigh, once a period, so that the parts follow the traffic.
     */
    public void ageSamples() {
        sampledBytes.replaceAll((k, v) -> v / 2);
        sampledBytes.values().removeIf(v -> v < 1);
    }

    /**
     * Returns the unit's rule, with the meter it passes now.
     *
     * @return the rule
     */
    public RuleSpec rule() {
        return rule;
    }

    /**
     * Returns the facility the unit's rule is at.
     *
     * @return facility id
     */
    public String facilityId() {
        return rule.facilityId();
    }

    /**
     * Returns the unit's match as a 5-tuple: UDP, its source or the any-address, its destination network,
     * ports 0. Unique within a facility, the key of its limit and meter.
     *
     * @return the match
     */
    public FiveTuple tuple() {
        return rule.flow();
    }

    /**
     * Returns the unit's id toward FUDPA and in the views.
     *
     * @return "unit:" and its rule's key
     */
    public String id() {
        return "unit:" + rule.key();
    }

    /**
     * Returns whom its traffic counts for.
     *
     * @return the principal, "" for the unit itself
     */
    public String principal() {
        return principal;
    }

    /**
     * Takes the rate its rule's counter showed in a period: what its flows offered, before its meter.
     *
     * @param bps bit/s
     */
    public void measured(double bps) {
        demandBps = bps;
        measured = true;
    }

    /**
     * Tells whether its counter has been read once.
     *
     * @return true once measured
     */
    public boolean isMeasured() {
        return measured;
    }

    /**
     * Returns what its flows offered in the last period.
     *
     * @return bit/s
     */
    public double demandBps() {
        return demandBps;
    }

    /**
     * Returns what passed on: the offered rate, at most its meter's.
     *
     * @return bit/s
     */
    public double throughputBps() {
        return meteredBps > 0 ? Math.min(demandBps, meteredBps) : demandBps;
    }

    /**
     * Notes the limit the loop holds the unit to now.
     *
     * @param bps bit/s, 0 for none
     */
    public void limit(long bps) {
        limitBps = bps;
    }

    /**
     * Returns the limit the loop holds the unit to, whether or not its meter is in force yet.
     *
     * @return bit/s, 0 for none
     */
    public long limitBps() {
        return limitBps;
    }

    /**
     * Returns the rate of the meter its rule passes, by the switch's word.
     *
     * @return bit/s, 0 for none
     */
    public long meteredBps() {
        return meteredBps;
    }

    /**
     * Notes that its rule's packets now pass another meter, or none.
     *
     * @param meterKey the meter, {@link RuleSpec#NO_METER} for none
     * @param rateBps its rate, 0 for none
     */
    void meterAttached(long meterKey, long rateBps) {
        rule = rule.withMeter(meterKey);
        meteredBps = meterKey == RuleSpec.NO_METER ? 0 : rateBps;
    }

    @Override
    public String toString() {
        RuleSpec r = rule;
        return "UDP " + (r.srcPrefix().length() == 0 ? "" : "from " + r.flow().src().getHostAddress() + " ")
                + "to " + r.dstPrefix().toMatchString() + " at " + r.facilityId();
    }
}
