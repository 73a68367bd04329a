// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.api.FudpService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.ui.UiTopoOverlay;
import org.onosproject.ui.topo.ButtonId;
import org.onosproject.ui.topo.PropertyPanel;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The server side of the legacy GUI's "FUDP" topology overlay: it adds FUDP's figures to the
 * summary panel and fills the details panel of a selected facility switch or bottleneck link
 * with its correlation flow sets (state, and why when there is more to say; how many of its UDP flows are
 * responsive) and their flows (demand, rate, allocation; a UDP flow's class when a responsiveness test found
 * it responsive, tests or will test it); a facility's panel also names the controller instance in charge of
 * it and what FUDP's rules cost its switch.
 * <p>
 * The ONOS topology view builds the details panel and calls this overlay while it is the
 * selected one; the browser side ({@code fudpTopov.js}) registers the overlay and its button.
 * </p>
 */
public class FudpTopoOverlay extends UiTopoOverlay {

    /** Overlay id; must match {@code overlayId} in fudpTopov.js. */
    public static final String OVERLAY_ID = "fudp-overlay";

    /** Details-panel button that opens the FUDP view on the selected CFS. */
    public static final ButtonId SHOW_CFS_BUTTON = new ButtonId("fudpShowCfs");

    /** Property key holding the CFS id the button opens; the JS reads it. */
    public static final String CFS_KEY = "fudp-cfs";

    private static final int MAX_FLOWS_LISTED = 12;

    private final FudpService fudp;
    private final FudpHighlighter highlighter;

    /**
     * Creates the overlay.
     *
     * @param fudp FUDP service
     */
    public FudpTopoOverlay(FudpService fudp) {
        super(OVERLAY_ID);
        this.fudp = Objects.requireNonNull(fudp, "fudp");
        this.highlighter = new FudpHighlighter(fudp);
    }

    @Override
    public void modifySummary(PropertyPanel pp) {
        Collection<CorrelationFlowSet> sets = fudp.getCorrelationFlowSets();
        long limited = fudp.getFlows().stream().filter(f -> f.allocationBps().isPresent()).count();
        long agentsUp = fudp.getAgents().stream().filter(AgentState::isUp).count();
        pp.addSeparator()
                .addProp("fudp-sets", "FUDP flow sets", sets.size())
                .addProp("fudp-limited", "UDP flows limited", limited)
                .addProp("fudp-agents", "Agents up", agentsUp + " of " + fudp.getAgents().size());
        // What an operator should fix, e.g. a period shorter than two statistics polls.
        List<String> warnings = fudp.getControlStatus().warnings();
        for (int i = 0; i < warnings.size(); i++) {
            pp.addProp("fudp-warning-" + i, "FUDP warning", warnings.get(i));
        }
    }

    @Override
    public void modifyDeviceDetails(PropertyPanel pp, DeviceId deviceId) {
        boolean facility = fudp.getFacilities().stream().anyMatch(f -> f.deviceId().equals(deviceId));
        if (!facility) {
            return;
        }
        String why = fudp.getAgent(deviceId).map(AgentState::reason).orElse("");
        pp.addSeparator()
                .addProp("fudp-agent", "FUDP", FudpHighlighter.enforcerText(fudp.getAgent(deviceId))
                        + (why.isEmpty() ? "" : ": " + why))
                .addProp("fudp-limited", "UDP flows limited", highlighter.limitedFlows(deviceId).size());
        // Who is in charge of the facility, and what FUDP's rules cost its switch.
        fudp.getFacilityState(deviceId).ifPresent(f -> pp
                .addProp("fudp-controller", "Controller", GuiFormat.controller(f))
                .addProp("fudp-rules", "FUDP rules", GuiFormat.rules(f))
                .addProp("fudp-refusals", "Rules refused", GuiFormat.refusals(f)));
        List<CorrelationFlowSet> sets = fudp.getCorrelationFlowSets().stream()
                .filter(c -> atFacility(c, deviceId))
                .sorted(Comparator.comparing(CorrelationFlowSet::id))
                .collect(Collectors.toList());
        addSets(pp, sets);
    }

    @Override
    public void modifyInfraLinkDetails(PropertyPanel pp, ConnectPoint cpA, ConnectPoint cpB) {
        List<CorrelationFlowSet> sets = fudp.getCorrelationFlowSets().stream()
                .filter(c -> onLink(c, cpA, cpB))
                .sorted(Comparator.comparing(CorrelationFlowSet::id))
                .collect(Collectors.toList());
        if (!sets.isEmpty()) {
            pp.addSeparator();
            addSets(pp, sets);
        }
    }

    private void addSets(PropertyPanel pp, List<CorrelationFlowSet> sets) {
        if (sets.isEmpty()) {
            return;
        }
        // The button opens the first set; the view lists the others.
        pp.addProp(CFS_KEY, "CFS", sets.get(0).id());
        for (int i = 0; i < sets.size(); i++) {
            CorrelationFlowSet cfs = sets.get(i);
            String k = "fudp-" + i + "-";
            if (i > 0) {
                pp.addSeparator().addProp(k + "id", "CFS", cfs.id());
            }
            pp.addProp(k + "state", "State", GuiFormat.state(cfs.state()));
            if (!cfs.stateReason().isEmpty()) {
                pp.addProp(k + "why", "Why", cfs.stateReason());
            }
            if (!cfs.tcpEvidence().isEmpty()) {
                pp.addProp(k + "tcp", "TCP counted", cfs.tcpEvidence());
            }
            if (cfs.responsiveUdpFlows() > 0) {
                pp.addProp(k + "responsive", "Responsive UDP", GuiFormat.responsiveUdp(cfs));
            }
            if (cfs.udpPrincipals() > 0) {
                pp.addProp(k + "principals", "UDP principals", GuiFormat.principals(cfs));
            }
            if (cfs.tcpFloorBps() > 0) {
                pp.addProp(k + "floor", "TCP floor", GuiFormat.rate(cfs.tcpFloorBps()));
            }
            if (cfs.units() > 0) {
                pp.addProp(k + "units", "Limited as a unit", GuiFormat.units(cfs));
            }
            pp.addProp(k + "util", "Utilization", GuiFormat.percent(cfs.utilization()))
                    .addProp(k + "jain", "Jain index", GuiFormat.jain(cfs.jainIndex()));
            List<FlowRecord> flows = flowsOf(cfs);
            int shown = Math.min(flows.size(), MAX_FLOWS_LISTED);
            for (int j = 0; j < shown; j++) {
                FlowRecord f = flows.get(j);
                pp.addProp(k + "flow-" + j, f.flow().toString(), flowText(f));
            }
            if (flows.size() > shown) {
                pp.addProp(k + "more", "More flows", (flows.size() - shown) + " in the FUDP view");
            }
        }
        pp.addButton(SHOW_CFS_BUTTON);
    }

    private List<FlowRecord> flowsOf(CorrelationFlowSet cfs) {
        // UDP first: those are the flows FUDP limits.
        return fudp.getFlows().stream().filter(f -> cfs.id().equals(f.cfsId()))
                .sorted(Comparator.comparing((FlowRecord f) -> !f.isUdp())
                        .thenComparing(f -> f.flow().toString()))
                .collect(Collectors.toList());
    }

    /**
     * Returns the one-line summary of a flow shown in the details panel.
     *
     * @param f flow
     * @return e.g. "demand 40.0 Mb/s, rate 20.0 Mb/s, alloc 20.0 Mb/s", and for a UDP flow that a
     *         responsiveness test found responsive, or tests or will test, that class: ", responsive"
     */
    static String flowText(FlowRecord f) {
        String alloc = f.allocationBps().isPresent() ? GuiFormat.rate(f.allocationBps().getAsLong())
                : f.isUdp() ? "none" : "n/a (TCP)";
        String rate = f.rateKnown() ? GuiFormat.rate(f.throughputBps()) : GuiFormat.NOT_AVAILABLE;
        String demand = f.rateKnown() ? GuiFormat.rate(f.demandBps()) : GuiFormat.NOT_AVAILABLE;
        // The paper's UDP, unresponsive, goes without saying.
        String kind = f.responsiveness().isEmpty() || "unresponsive".equals(f.responsiveness()) ? ""
                : ", " + f.responsiveness();
        return "demand " + demand + ", rate " + rate + ", alloc " + alloc + kind;
    }

    private boolean atFacility(CorrelationFlowSet cfs, DeviceId deviceId) {
        boolean egressHere = cfs.egress().map(GuiFormat::connectPoint).map(ConnectPoint::elementId)
                .map(deviceId::equals).orElse(false);
        return egressHere || fudp.getFlows().stream()
                .anyMatch(f -> cfs.id().equals(f.cfsId()) && f.facilityId().equals(deviceId.toString()));
    }

    private static boolean onLink(CorrelationFlowSet cfs, ConnectPoint a, ConnectPoint b) {
        Optional<ConnectPoint> src = cfs.egress().map(GuiFormat::connectPoint);
        Optional<ConnectPoint> dst = cfs.linkDst().map(GuiFormat::connectPoint);
        if (src.isEmpty() || dst.isEmpty()) {
            return false;
        }
        return src.get().equals(a) && dst.get().equals(b) || src.get().equals(b) && dst.get().equals(a);
    }
}
