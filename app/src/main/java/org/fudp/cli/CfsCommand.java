// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.api.FudpService;
import org.fudp.protocol.FlowIds;
import org.fudp.codec.FudpQueries;
import org.fudp.protocol.FiveTuple;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Lists correlation flow sets, or shows one with its members and last decision; both say why a set
 * is in its state when there is more to say (a limit not in force, an agent not up, dry-run), and how many
 * of its UDP flows passed their responsiveness test (FUDPA counts those with the TCP).
 */
@Service
@Command(scope = "onos", name = "fudp-cfs",
        description = "Lists FUDP correlation flow sets, or shows one in detail")
public class CfsCommand extends FudpCommand {

    private static final String ROW = "%-28s %-12s %9s %3s %3s %3s %3s %9s %9s %6s  %-21s %-17s %s";

    @Argument(name = "cfsId", description = "Correlation flow set id, e.g. bottleneck:set1")
    @Completion(CfsIdCompleter.class)
    String cfsId = null;

    @Override
    protected void run() {
        FudpService service = fudp();
        if (cfsId != null) {
            CorrelationFlowSet cfs = FudpQueries.cfs(service, cfsId);
            if (outputJson()) {
                printJson(codec(CorrelationFlowSet.class).encode(cfs, this));
            } else {
                printDetail(service, cfs);
            }
            return;
        }
        List<CorrelationFlowSet> all = service.getCorrelationFlowSets().stream()
                .sorted(Comparator.comparing(CorrelationFlowSet::id)).collect(Collectors.toList());
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("cfs");
            all.forEach(c -> array.add(codec(CorrelationFlowSet.class).encode(c, this)));
            printJson(root);
            return;
        }
        if (all.isEmpty()) {
            print("No correlation flow sets (no flows seen at a facility yet)");
            return;
        }
        print(ROW, "id", "state", "capacity", "n", "m", "r", "p", "tcp", "udp", "jain", "band (per flow)", "udp avg",
                "why");
        for (CorrelationFlowSet c : all) {
            DecisionRecord d = last(service, c.id());
            print(ROW, c.id(), c.state(), rate(c.capacityBps()), c.tcpFlows().size() + c.lightTcpFlows(),
                    c.udpFlows().size(), c.responsiveUdpFlows(), c.udpPrincipals(),
                    rate(c.tcpThroughputBps()), rate(c.udpThroughputBps()), ratio(c.jainIndex()),
                    d == null ? "-" : rate(d.bandLowBps()) + ".." + rate(d.bandHighBps()),
                    d == null ? "-" : rate(d.udpAverageBps()) + (d.inBand() ? " in band"
                            : " out of band"), why(c));
        }
    }

    private void printDetail(FudpService service, CorrelationFlowSet c) {
        print("id=%s, kind=%s, state=%s", c.id(), c.kind(), c.state());
        if (!c.stateReason().isEmpty()) {
            print("why: %s", c.stateReason());
        }
        print("bottleneck=%s%s, capacity=%s", c.egress().map(Object::toString).orElse("-"),
                c.linkDst().map(d -> " -> " + d).orElse(""), rate(c.capacityBps()));
        if (!c.tcpEvidence().isEmpty()) {
            print("tcp counted: %s", c.tcpEvidence());
        }
        if (c.responsiveUdpFlows() > 0) {
            print("responsive udp: %d of %d UDP flows, counted with the TCP", c.responsiveUdpFlows(),
                    c.udpFlows().size());
        }
        if (c.udpPrincipals() > 0) {
            print("udp principals: %d, heaviest %s", c.udpPrincipals(), c.topPrincipals().stream()
                    .map(p -> p.principal() + " (" + p.flows() + (p.flows() == 1 ? " flow, " : " flows, ")
                            + rate(p.bps()) + ")").collect(Collectors.joining(", ")));
        }
        if (c.tcpFloorBps() > 0) {
            print("tcp floor: %s", rate(c.tcpFloorBps()));
        }
        if (c.units() > 0) {
            print("limited as a unit: %d aggregate rule%s offering %s, %s", c.units(), c.units() == 1 ? "" : "s",
                    rate(c.unitsBps()), c.unitsLimitBps() > 0 ? "metered to " + rate(c.unitsLimitBps())
                            : "no meter in force");
        }
        print("tcp=%s, udp=%s (demand %s), utilization=%s, jain=%s", rate(c.tcpThroughputBps()),
                rate(c.udpThroughputBps()), rate(c.udpDemandBps()), ratio(c.utilization()),
                ratio(c.jainIndex()));
        DecisionRecord d = last(service, c.id());
        if (d == null) {
            print("no decision yet");
        } else {
            print("last decision: period %d at %s: %s%s", d.period(), time(d.timeMs()), d.reason(),
                    d.dryRun() ? " (dry-run)" : "");
            print("  W=%s (measured %s), D=%s, band=%s..%s, udp avg=%s (%s), BW=%s", rate(d.predictedTcpBps()),
                    rate(d.measuredTcpBps()), rate(d.deviationBps()), rate(d.bandLowBps()),
                    rate(d.bandHighBps()), rate(d.udpAverageBps()),
                    d.inBand() ? "in band" : "out of band", rate(d.availableBps()));
            d.allocations().entrySet().stream()
                    .sorted(Comparator.comparing(e -> FlowIds.id(e.getKey())))
                    .forEach(e -> print("  allocation %s = %s", FlowIds.id(e.getKey()), rate(e.getValue())));
        }
        for (FiveTuple f : sorted(c.tcpFlows())) {
            print("  tcp flow %s", FlowIds.id(f));
        }
        for (FiveTuple f : sorted(c.udpFlows())) {
            String kind = service.getFlow(f).map(FlowRecord::responsiveness).orElse("");
            print("  udp flow %s%s", FlowIds.id(f), kind.isEmpty() ? "" : " (" + kind + ")");
        }
    }

    private static String why(CorrelationFlowSet c) {
        return c.stateReason().isEmpty() ? "-" : c.stateReason();
    }

    private static List<FiveTuple> sorted(Set<FiveTuple> flows) {
        return flows.stream().sorted(Comparator.comparing(FlowIds::id)).collect(Collectors.toList());
    }

    private static DecisionRecord last(FudpService service, String id) {
        List<DecisionRecord> ds = service.getDecisions(id);
        return ds.isEmpty() ? null : ds.get(ds.size() - 1);
    }
}
