// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.view;

import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.enforce.EnforcementBackend;
import org.fudp.loop.enforce.LimitsInForce;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.flow.UdpUnit;
import org.fudp.loop.sets.LightTcp;
import org.fudp.loop.sets.SetDecisions;
import org.fudp.loop.sets.SetPrincipals;
import org.fudp.loop.sets.SetStates;
import org.fudp.loop.sets.UdpPressure;
import org.fudp.algorithm.JainIndex;
import org.fudp.protocol.FiveTuple;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Each correlation flow set's view: its members and light TCP, its totals and Jain's index, which evidence
 * counted its TCP, and its state ({@link SetStates}), never rosier than what is in force. Light TCP counts in
 * the totals and the index as FUDPA counts it: a set whose only TCP is starved behind a flood shows that TCP
 * at about nothing, not a set of UDP alone at an index of one.
 */
final class SetViews {

    private final LimitsInForce limits;
    private final EnforcementBackend backend;
    private final SetDecisions decisions;
    private final LightTcp light;
    private final SetStates setStates = new SetStates();

    SetViews(LimitsInForce limits, EnforcementBackend backend, SetDecisions decisions, LightTcp light) {
        this.limits = limits;
        this.backend = backend;
        this.decisions = decisions;
        this.light = light;
    }

    /**
     * Forgets the sets that are gone.
     *
     * @param sets the sets that remain
     */
    void retain(Set<String> sets) {
        setStates.retain(sets);
    }

    /**
     * Returns a set's view.
     *
     * @param nowMs the time
     * @param g the set
     * @param members its members
     * @param floods whether UDP floods it this period ({@link UdpPressure})
     * @param settings the settings in force
     * @return the view
     */
    CorrelationFlowSet view(long nowMs, CfsAssignment g, List<TrackedFlow> members, boolean floods,
                            LoopSettings settings) {
        Set<FiveTuple> tcp = new LinkedHashSet<>();
        Set<FiveTuple> udp = new LinkedHashSet<>();
        long tcpBps = 0;
        long udpBps = 0;
        long udpDemand = 0;
        int starved = 0;
        int responsive = 0;
        JainIndex jain = new JainIndex();
        for (TrackedFlow f : members) {
            long thr = Math.round(f.throughputBps());
            if (f.isUdp()) {
                udp.add(f.tuple());
                udpBps += thr;
                udpDemand += Math.round(f.demandBps());
                responsive += f.responsiveness().countsResponsive() ? 1 : 0;
            } else {
                tcp.add(f.tuple());
                tcpBps += thr;
                starved += f.starved() ? 1 : 0;
            }
            if (f.throughputKnown()) {
                jain.add(thr);
            }
        }
        LightTcp.Counted l = light.counted(g.cfsId());
        int lightFlows = l == null ? 0 : l.flows;
        for (int i = 0; i < lightFlows; i++) {
            jain.add(l.bps / lightFlows);
        }
        tcpBps += lightFlows > 0 ? Math.round(l.bps) : 0;
        boolean tcpStarved = starved > 0 || lightFlows > 0 && l.starved;
        SetPrincipals principals = decisions.principals(g.cfsId());
        long unitsBps = 0;
        long unitsLimitBps = 0;
        for (UdpUnit u : decisions.units(g.cfsId())) {
            unitsBps += Math.round(u.demandBps());
            unitsLimitBps += u.meteredBps();
        }
        String unfair = floods && tcpStarved ? "the set's TCP is starved behind UDP that no limit in force holds"
                : principals.belowFloor();
        for (TrackedFlow f : members) {
            if (unfair.isEmpty() && f.isUdp() && f.responsiveness().disproportionate()) {
                // Responsive, unlimited, and holding more than its share beside a member below its own.
                unfair = "UDP flow " + f.tuple() + ", counted as responsive, holds more than its share while another "
                        + "member of the set is below its own";
                break;
            }
        }
        List<UdpUnit> units = new ArrayList<>(decisions.unmeasuredUnits(g.cfsId()));
        units.addAll(decisions.units(g.cfsId()));
        SetStates.Judged state = setStates.judge(nowMs, g.cfsId(), members, limits, backend,
                decisions.changed(g.cfsId()), unfair, units, settings);
        return CorrelationFlowSet.builder(g.cfsId(), g.kind()).egress(g.egress().orElse(null), g.linkDst().orElse(null))
                .capacityBps(g.capacityBps()).flows(tcp, udp).lightTcp(lightFlows, evidence(tcp.size(), starved, l))
                .responsiveUdp(responsive)
                .principals(principals.count(), principals.top(), principals.floorBps())
                .units(decisions.units(g.cfsId()).size(), unitsBps, unitsLimitBps)
                .totals(tcpBps, udpBps, udpDemand, jain.value()).state(state.state(), state.reason()).build();
    }

    // Which evidence counted the set's TCP, in counts only: a view that changed every period would be news
    // every period.
    private static String evidence(int byRules, int starved, LightTcp.Counted l) {
        List<String> parts = new ArrayList<>();
        if (byRules > 0) {
            parts.add(byRules + (byRules == 1 ? " flow" : " flows") + " by its rules"
                    + (starved > 0 ? " (" + starved + " starved)" : ""));
        }
        if (l != null && l.flows > 0) {
            List<String> by = new ArrayList<>();
            LightTcp.Reading r = l.reading;
            long quic = r.connections.stream().filter(TrackedFlow::isUdp).count();
            long connections = r.connections.size() - quic;
            if (connections > 0) {
                by.add(connections + " connection" + (connections == 1 ? "" : "s") + " below the join rate");
            }
            if (quic > 0) {
                by.add(quic + " untested UDP flow" + (quic == 1 ? "" : "s") + " that looked like QUIC");
            }
            if (r.aggregates > 0) {
                by.add("aggregate counters");
            }
            if (r.sighted > 0) {
                by.add(r.sighted + " connection" + (r.sighted == 1 ? "" : "s") + " in samples");
            }
            if (by.isEmpty()) {
                by.add("a set taken over whose UDP was held");
            }
            parts.add("light TCP as " + l.flows + (l.flows == 1 ? " flow" : " flows") + ": " + String.join(", ", by)
                    + (l.starved ? ", starved" : ""));
        }
        return String.join("; ", parts);
    }
}
