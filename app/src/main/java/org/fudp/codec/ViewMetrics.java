// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.api.FudpService;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.records.FlowRecord;

import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the REST API shows of the sets, limits, agents and facilities, as Prometheus gauges: the state,
 * rates, flows (UDP ones by what their responsiveness test makes them) and Jain's index of each correlation
 * flow set, each UDP limit, each agent's liveness and each facility's budgets. ONOS's registry holds only
 * this instance's counts; these come from the views every instance of a cluster shares, so every instance
 * answers the same (a dashboard takes one, or the maximum). Rates are in bit/s, as in the REST API.
 */
public final class ViewMetrics {

    private static final String GAUGE = "gauge";
    private static final String FLOWS_HELP = "the set's flows by protocol: tcp (light TCP included) and udp "
            + "(fudp_set_udp_flows says how many of those FUDPA counts with the TCP)";
    private static final String UDP_FLOWS_HELP = "the set's UDP flows by what their responsiveness test makes them "
            + "(REST /flows responsiveness): FUDPA counts responsive ones in n with the TCP and never limits them, "
            + "unresponsive ones and candidates in m, ones under their first test in n";
    /** What the loop calls a UDP flow by its responsiveness test, each class a sample of every set. */
    private static final List<String> RESPONSIVENESS = List.of("unresponsive", "candidate", "testing",
            "responsive");

    private ViewMetrics() {
    }

    /**
     * Writes the views' gauges.
     *
     * @param fudp the FUDP service
     * @param out where they go
     */
    public static void write(FudpService fudp, PrometheusText out) {
        Map<String, Map<String, Integer>> udpByClass = new HashMap<>();
        for (FlowRecord f : fudp.getFlows()) {
            if (f.isUdp() && !f.cfsId().isEmpty()) {
                // A record without a class (written before there were tests) is the paper's UDP.
                udpByClass.computeIfAbsent(f.cfsId(), id -> new HashMap<>()).merge(
                        f.responsiveness().isEmpty() ? RESPONSIVENESS.get(0) : f.responsiveness(), 1, Integer::sum);
            }
        }
        fudp.getCorrelationFlowSets().stream().sorted(Comparator.comparing(CorrelationFlowSet::id))
                .forEach(c -> set(c, udpByClass.getOrDefault(c.id(), Map.of()), out));
        fudp.getAllocations().stream().sorted(Comparator.comparing(a -> a.flow().toString())).forEach(a -> {
            Map<String, String> l = labels("flow", a.flow().toString(), "cfs", a.cfsId(), "facility", a.facilityId());
            out.add("fudp_limit_bps", GAUGE, "a UDP flow's limit as last decided, bit/s (REST /allocations toldBps)",
                    l, a.toldBps());
            out.add("fudp_limit_acknowledged", GAUGE, "1 when the flow's enforcer reported its limit in force "
                    + "(REST /allocations acknowledged), else 0", l, a.acknowledged() ? 1 : 0);
        });
        fudp.getAgents().stream().sorted(Comparator.comparing(AgentState::facilityId)).forEach(a ->
                out.add("fudp_agent_up", GAUGE, "1 when the facility's enforcer, its adjustor agent or its switch's "
                        + "meters, is up (REST /agents status)", labels("facility", a.facilityId(), "enforcement",
                        a.enforcement().name()), a.isUp() ? 1 : 0));
        fudp.getFacilityStates().stream().sorted(Comparator.comparing(FacilityState::facilityId)).forEach(f -> {
            Map<String, String> l = labels("facility", f.facilityId());
            out.add("fudp_facility_rule_budget", GAUGE, "rules FUDP may hold in the facility switch's table, its "
                    + "ruleBudget", l, f.budget().rules());
            out.add("fudp_facility_packet_in_budget", GAUGE, "new flows a second FUDP learns from packet-ins at "
                    + "the facility, its packetInBudget", l, f.budget().packetInsPerS());
            out.add("fudp_facility_heavy_bps", GAUGE, "a sampled facility's heavy rate, bit/s; 0 when not sampled",
                    l, f.budget().heavyBps());
        });
    }

    private static void set(CorrelationFlowSet c, Map<String, Integer> udpByClass, PrometheusText out) {
        Map<String, String> cfs = labels("cfs", c.id());
        for (CfsState s : CfsState.values()) {
            out.add("fudp_set_state", GAUGE, "1 for the state a correlation flow set is in (REST /cfs state), 0 for "
                    + "the others", labels("cfs", c.id(), "state", s.name()), c.state() == s ? 1 : 0);
        }
        if (c.capacityBps() > 0) {
            out.add("fudp_set_capacity_bps", GAUGE, "the set's bottleneck capacity, bit/s", cfs, c.capacityBps());
        }
        out.add("fudp_set_tcp_bps", GAUGE, "the set's TCP throughput, bit/s", cfs, c.tcpThroughputBps());
        out.add("fudp_set_udp_bps", GAUGE, "the set's UDP throughput, bit/s", cfs, c.udpThroughputBps());
        out.add("fudp_set_udp_demand_bps", GAUGE, "what the set's UDP senders offer, bit/s", cfs, c.udpDemandBps());
        out.add("fudp_set_flows", GAUGE, FLOWS_HELP, labels("cfs", c.id(), "protocol", "tcp"),
                c.tcpFlows().size() + c.lightTcpFlows());
        out.add("fudp_set_flows", GAUGE, FLOWS_HELP, labels("cfs", c.id(), "protocol", "udp"), c.udpFlows().size());
        for (String kind : RESPONSIVENESS) {
            out.add("fudp_set_udp_flows", GAUGE, UDP_FLOWS_HELP, labels("cfs", c.id(), "responsiveness", kind),
                    udpByClass.getOrDefault(kind, 0));
        }
        out.add("fudp_set_udp_principals", GAUGE, "how many principals (by default source hosts) the set's measured "
                + "unresponsive UDP flows count for; FUDPA shares among them first (REST /cfs udpPrincipals)", cfs,
                c.udpPrincipals());
        out.add("fudp_set_tcp_floor_bps", GAUGE, "what the set's TCP flows keep at least however many principals "
                + "its UDP counts, bit/s; 0 without a floor (REST /cfs tcpFloorBps)", cfs, c.tcpFloorBps());
        out.add("fudp_set_units", GAUGE, "the set's UDP units: UDP FUDP does not learn flow by flow, counted and "
                + "limited as one flow per aggregate rule (REST /cfs units)", cfs, c.units());
        out.add("fudp_set_units_bps", GAUGE, "what the set's units offered in the last period, bit/s (REST /cfs "
                + "unitsBps)", cfs, c.unitsBps());
        out.add("fudp_set_units_limit_bps", GAUGE, "what the meters on the set's units hold them to together, by the "
                + "switch's word, bit/s; 0 when none is metered (REST /cfs unitsLimitBps)", cfs, c.unitsLimitBps());
        if (!Double.isNaN(c.jainIndex())) {
            out.add("fudp_set_jain_index", GAUGE, "Jain's fairness index over the set's flows, Eq. (4); absent "
                    + "until a flow has a rate", cfs, c.jainIndex());
        }
    }

    private static Map<String, String> labels(String... kv) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            out.put(kv[i], kv[i + 1] == null ? "" : kv[i + 1]);
        }
        return out;
    }
}
