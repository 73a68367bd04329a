// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.settings.Facility.Enforcement;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.api.FacilityConfig;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.api.FudpService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.ui.UiTopoHighlighter;
import org.onosproject.ui.topo.BiLink;
import org.onosproject.ui.topo.BiLinkMap;
import org.onosproject.ui.topo.DeviceHighlight;
import org.onosproject.ui.topo.Highlights;
import org.onosproject.ui.topo.LinkHighlight;
import org.onosproject.ui.topo.Mod;
import org.onosproject.ui.topo.NodeBadge;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Computes what the topology shows for FUDP: each controlled bottleneck link labelled with its
 * utilization and its CFS's Jain index and coloured by control state, and each facility switch
 * badged with its agent's liveness and the number of UDP flows it limits.
 * <p>
 * The same highlights go to the legacy GUI's "FUDP" overlay, to its custom-traffic cycle, and to
 * GUI2's topology, which draws labels and badges pushed to it.
 * </p>
 */
final class FudpHighlighter implements UiTopoHighlighter {

    /** Name shown by the legacy GUI when cycling custom traffic highlighters. */
    static final String NAME = "FUDP bottlenecks";

    /** CSS class prefix; the overlay's style sheet colours {@code fudp-fair} and friends. */
    static final String CSS_PREFIX = "fudp-";

    // Only used to build Link values for the canonical link key; never reaches a store.
    private static final ProviderId PID = new ProviderId("fudp", "org.fudp.gui");

    // Worst state first: a link shared by several sets shows the one needing attention. A set whose
    // limit is not in force lets UDP run as its enforcer last held it, possibly unlimited: worse than
    // an adjustment under way, short of no agent at all.
    static final List<CfsState> SEVERITY = List.of(
            CfsState.NO_AGENT, CfsState.NOT_ENFORCED, CfsState.ADJUSTING,
            CfsState.FAIR, CfsState.NO_UDP);

    private final FudpService fudp;

    /**
     * Creates a highlighter reading the given service.
     *
     * @param fudp FUDP service
     */
    FudpHighlighter(FudpService fudp) {
        this.fudp = Objects.requireNonNull(fudp, "fudp");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Highlights createHighlights() {
        Highlights highlights = new Highlights();
        CfsLinkMap links = new CfsLinkMap();
        for (CorrelationFlowSet cfs : fudp.getCorrelationFlowSets()) {
            if (cfs.egress().isPresent() && cfs.linkDst().isPresent()) {
                links.add(link(GuiFormat.connectPoint(cfs.egress().get()), GuiFormat.connectPoint(cfs.linkDst().get())))
                        .sets.add(cfs);
            }
        }
        links.biLinks().forEach(l -> highlights.add(l.highlight(null)));

        for (FacilityConfig facility : fudp.getFacilities()) {
            DeviceHighlight dh = new DeviceHighlight(facility.deviceId().toString());
            dh.setBadge(badge(facility.deviceId()));
            highlights.add(dh);
        }
        return highlights;
    }

    /**
     * Builds a facility's badge: its number is the count of UDP flows the facility limits; its
     * status is info while the agent is up, warning before it was ever heard from, error when
     * it went silent. A metered facility's badge is info while every limited flow has its meter,
     * warning while the switch refused some their meter (they run unlimited).
     *
     * @param facility facility switch
     * @return badge
     */
    NodeBadge badge(DeviceId facility) {
        Optional<AgentState> enforcer = fudp.getAgent(facility);
        AgentStatus status = enforcer.map(AgentState::status).orElse(AgentStatus.UNKNOWN);
        int limited = limitedFlows(facility).size();
        NodeBadge.Status badgeStatus;
        if (enforcer.isPresent() && enforcer.get().enforcement() == Enforcement.METER) {
            badgeStatus = enforcer.get().unmetered() > 0 ? NodeBadge.Status.WARN : NodeBadge.Status.INFO;
        } else {
            badgeStatus = status == AgentStatus.UP ? NodeBadge.Status.INFO
                    : status == AgentStatus.DOWN ? NodeBadge.Status.ERROR : NodeBadge.Status.WARN;
        }
        return NodeBadge.number(badgeStatus, limited, enforcerText(enforcer) + ", " + limited
                + (limited == 1 ? " UDP flow limited" : " UDP flows limited"));
    }

    /**
     * Returns the UDP flows at a facility that carry a rate limit.
     *
     * @param facility facility switch
     * @return flows, sorted by their text form
     */
    List<FlowRecord> limitedFlows(DeviceId facility) {
        return fudp.getFlows().stream()
                .filter(f -> f.facilityId().equals(facility.toString()) && f.isUdp() && f.allocationBps().isPresent())
                .sorted(Comparator.comparing(f -> f.flow().toString()))
                .collect(Collectors.toList());
    }

    /**
     * Returns the text for a facility's enforcer: the agent's liveness, or the meters' state.
     *
     * @param enforcer the facility's view, empty if none was published yet
     * @return "agent up", "agent down", "agent not heard from", "meters" or
     *         "meters, N flow(s) unmetered"
     */
    static String enforcerText(Optional<AgentState> enforcer) {
        if (enforcer.isPresent() && enforcer.get().enforcement() == Enforcement.METER) {
            int n = enforcer.get().unmetered();
            return n == 0 ? "meters" : "meters, " + n + (n == 1 ? " flow" : " flows") + " unmetered";
        }
        switch (enforcer.map(AgentState::status).orElse(AgentStatus.UNKNOWN)) {
            case UP:
                return "agent up";
            case DOWN:
                return "agent down";
            default:
                return "agent not heard from";
        }
    }

    /**
     * Returns the label a bottleneck link carries.
     *
     * @param cfs the link's CFS
     * @return e.g. "util 87% · J 0.98"
     */
    static String linkLabel(CorrelationFlowSet cfs) {
        return "util " + GuiFormat.percent(cfs.utilization()) + " \u00b7 J " + GuiFormat.jain(cfs.jainIndex());
    }

    private static Link link(ConnectPoint src, ConnectPoint dst) {
        return DefaultLink.builder().providerId(PID).src(src).dst(dst)
                .type(Link.Type.DIRECT).state(Link.State.ACTIVE).build();
    }

    /** Both directions of a bottleneck link with the sets that use it. */
    private static final class CfsLink extends BiLink {
        private final List<CorrelationFlowSet> sets = new ArrayList<>();

        CfsLink(LinkKey key, Link link) {
            super(key, link);
        }

        @Override
        public LinkHighlight highlight(Enum<?> type) {
            List<CorrelationFlowSet> ordered = new ArrayList<>(sets);
            ordered.sort(Comparator.comparing((CorrelationFlowSet c) -> SEVERITY.indexOf(c.state()))
                    .thenComparing(CorrelationFlowSet::id));
            CorrelationFlowSet worst = ordered.get(0);
            String label = ordered.stream().map(FudpHighlighter::linkLabel)
                    .collect(Collectors.joining(" | "));
            return new LinkHighlight(linkId(), LinkHighlight.Flavor.PRIMARY_HIGHLIGHT)
                    .setLabel(label)
                    .addMod(new Mod(CSS_PREFIX + GuiFormat.stateCss(worst.state())));
        }
    }

    /** Collects bottleneck links under ONOS's canonical (direction-free) link key. */
    private static final class CfsLinkMap extends BiLinkMap<CfsLink> {
        @Override
        protected CfsLink create(LinkKey key, Link link) {
            return new CfsLink(key, link);
        }
    }
}
