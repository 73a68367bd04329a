// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.fudp.codec.FudpQueries;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.Facility;
import org.onosproject.net.DeviceId;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Lists each facility's enforcer, the adjustor agent or the switch's meters, with its liveness and
 * acknowledgement state; for meters, the flows the switch refused one. A second table says who is
 * in charge of each facility (the ONOS instance, since when, its epoch) and what FUDP's rules cost
 * its switch: rules in use, the cap and the budget, the packet-in budget, the new flows left without
 * rules of their own by why, the rules the switch refused, and apart from them the installs that failed
 * without the switch's word (ONOS or the switch not ready), which FUDP installs again ({@code retried}; the
 * rules still waiting in brackets).
 */
@Service
@Command(scope = "onos", name = "fudp-agents",
        description = "Lists the FUDP enforcers (adjustor agents, switch meters): state, heartbeat, acknowledged "
                + "snapshot, rejects or unmetered flows, why; and each facility's controller and rule budget")
public class AgentsCommand extends FudpCommand {

    private static final String ROW = "%-20s %-8s %-7s %-24s %6s %6s %7s  %-14s %s";
    private static final String FACILITY_ROW =
            "%-20s %-15s %-24s %13s %6s %6s %6s %8s %8s %6s %5s %6s  %-24s %7s %8s  %s";

    @Override
    protected void run() {
        if (outputJson()) {
            printJson(FudpQueries.agents(fudp(), this));
            return;
        }
        List<AgentState> all = fudp().getAgents().stream()
                .sorted(Comparator.comparing(a -> a.facilityId())).collect(Collectors.toList());
        if (all.isEmpty()) {
            print("No agents (no facility is configured)");
            return;
        }
        print(ROW, "facility", "enforcer", "status", "last heartbeat", "sent", "acked", "resends",
                "rejected", "why");
        for (AgentState a : all) {
            boolean metered = a.enforcement() == Facility.Enforcement.METER;
            String rejected = metered ? a.unmetered() + " unmetered"
                    : a.rejectedFrames().isEmpty() ? "none" : a.rejectedFrames().toString();
            print(ROW, a.facilityId(), metered ? "meters" : "adjustor", a.status(),
                    metered ? "-" : time(a.lastHeartbeatMs()), a.lastSentSeq(), a.lastAckedSeq(), a.resends(),
                    rejected, a.reason().isEmpty() ? "-" : a.reason());
        }
        print("");
        print(FACILITY_ROW, "facility", "controller", "in charge since", "epoch", "rules", "cap", "budget",
                "pkt-in/s", "sampled", "flows", "aggr", "open", "skipped", "refused", "retried", "last refusal");
        for (AgentState a : all) {
            Optional<FacilityState> view = fudp().getFacilityState(DeviceId.deviceId(a.facilityId()));
            if (view.isEmpty()) {
                print("%-20s %s", a.facilityId(), "- (no controller has published this facility yet)");
                continue;
            }
            FacilityState f = view.get();
            print(FACILITY_ROW, f.facilityId(), f.controller().isEmpty() ? "-" : f.controller(),
                    time(f.controllingSinceMs()), f.epoch(), f.rulesInUse(), f.ruleCap(), f.budget().rules(),
                    f.budget().packetInsPerS(), f.budget().sampled() ? ">=" + rate(f.budget().heavyBps()) : "-",
                    f.flows(), f.budget().sampled() ? String.valueOf(f.aggregates()) : "-", f.failedOpen(),
                    skipped(f.skipped()), f.refusals(), retried(f), lastRefusal(f));
        }
    }

    /**
     * Formats the new flows given no rules of their own, by why.
     *
     * @param skipped counts by why
     * @return e.g. "RULE_BUDGET=3, SOURCE_QUOTA=1" (only the reasons that occurred), or "none"
     */
    static String skipped(Map<FacilityState.Skip, Long> skipped) {
        String text = skipped.entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
        return text.isEmpty() ? "none" : text;
    }

    // Installs that failed without the switch's word, and the rules still waiting to go in again.
    private static String retried(FacilityState f) {
        return f.installFailures() + (f.rulesRetrying() > 0 ? " (" + f.rulesRetrying() + ")" : "");
    }

    private static String lastRefusal(FacilityState f) {
        String paused = f.pausedUntilMs() > 0 ? " (learning paused until " + time(f.pausedUntilMs()) + ")" : "";
        return f.lastRefusal().isEmpty() ? "-" + paused : f.lastRefusal() + paused;
    }
}
