// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.protocol.FiveTuple;

import java.util.List;
import java.util.Optional;

/**
 * The units of a per-flow facility: UDP of a set that the budgets leave unlearned goes to one aggregate rule,
 * counted and limited as one flow ({@link org.fudp.loop.flow.UdpUnit}), so that it is still limited and its
 * packets reach the controller no more. A source over its quota of flows that never joined gets one for its UDP;
 * a destination whose new UDP flows the packet-in budget turned away, a second's budget within a period, one for
 * its UDP, which takes in its sources' units (docs/algorithm.md, "What is not learned").
 */
final class UnlearnedUdp {

    private final PerFlowCollection collection;
    private final NetworkView network;
    private final Aggregates aggregates;

    UnlearnedUdp(PerFlowCollection collection, NetworkView network, Aggregates aggregates) {
        this.collection = collection;
        this.network = network;
        this.aggregates = aggregates;
    }

    /**
     * Handles a new UDP flow the budgets turned away: once the source is over its quota, its unit; once a second's
     * packet-in budget toward a destination was turned away within a period, the destination's.
     *
     * @param nowMs the time
     * @param f the facility
     * @param t the flow
     * @param onward the port it leaves by
     * @param why why it was turned away
     * @param out where the unit's rule, the removals and the notice go
     */
    void turnedAway(long nowMs, Facility f, FiveTuple t, long onward, FacilityState.Skip why, Actions out) {
        if (why == FacilityState.Skip.SWITCH_REFUSED || network.cfsOf(f.id(), t.dst()).isEmpty()) {
            return;
        }
        AddressPrefix to = network.aggregatePrefix(f.id(), t.dst(), onward);
        boolean oneSource = why == FacilityState.Skip.SOURCE_QUOTA;
        RuleLedger l = collection.ledger(f.id());
        if (!oneSource && l.turnedAway.merge(to, 1, Integer::sum) < l.budget.packetInsPerS()) {
            // A burst of new flows is no reflection: a destination's UDP goes to a unit once a second's budget of its
            // packet-ins was turned away within a period.
            return;
        }
        if (!collection.reserve(nowMs, f.id(), 1, out)) {
            return;
        }
        Optional<RuleSpec> made = oneSource ? aggregates.addSource(f.id(), t.src(), to, onward, collection.settings())
                : aggregates.add(f.id(), FiveTuple.UDP, to, onward, collection.settings());
        if (made.isEmpty()) {
            collection.release(f.id(), 1);
            return;
        }
        RuleSpec unit = made.get();
        out.addRules(List.of(unit));
        if (!oneSource) {
            // Its sources' units go into it: a packet matches one rule, and theirs may share its priority.
            for (RuleSpec r : aggregates.sourcesTo(f.id(), to)) {
                aggregates.remove(r.key()).ifPresent(gone -> {
                    collection.release(f.id(), 1);
                    out.removeRules(List.of(gone));
                });
            }
        }
        int folded = 0;
        for (TrackedFlow tf : collection.flows().at(f.id())) {
            // Flows that never joined their set are the unit's from now on; a QUIC candidate keeps its test.
            if (tf.isUdp() && !tf.everJoined() && !tf.light() && !tf.responsiveness().hinted()
                    && covers(unit, tf.tuple())) {
                collection.forget(tf, -1, out);
                folded++;
            }
        }
        out.info("UDP " + (oneSource ? "from " + t.src().getHostAddress() + " " : "") + "to " + to + " at " + f.id()
                + " is counted and limited as one flow from now on (" + why + "), " + folded
                + " flows that never joined their set with it");
    }

    /**
     * Tells why a new UDP flow is its unit's, not one to learn: its source's unit or its destination's covers it.
     *
     * @param f the facility
     * @param t the flow
     * @param onward the port it leaves by
     * @return the skip it counts as, empty if no unit covers it
     */
    Optional<FacilityState.Skip> unitOf(Facility f, FiveTuple t, long onward) {
        if (t.protocol() != FiveTuple.UDP) {
            return Optional.empty();
        }
        AddressPrefix to = network.aggregatePrefix(f.id(), t.dst(), onward);
        if (aggregates.hasSource(f.id(), t.src(), to)) {
            return Optional.of(FacilityState.Skip.SOURCE_QUOTA);
        }
        return aggregates.has(f.id(), FiveTuple.UDP, to) ? Optional.of(FacilityState.Skip.PACKET_IN_BUDGET)
                : Optional.empty();
    }

    private static boolean covers(RuleSpec aggregate, FiveTuple t) {
        return t.protocol() == aggregate.flow().protocol() && aggregate.dstPrefix().contains(t.dst())
                && (aggregate.srcPrefix().length() == 0 || aggregate.flow().src().equals(t.src()));
    }
}
