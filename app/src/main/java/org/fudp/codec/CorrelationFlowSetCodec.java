// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.protocol.FlowIds;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.records.CfsState;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.records.PrincipalShare;
import org.fudp.api.FudpService;
import org.fudp.protocol.FiveTuple;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A correlation flow set as the REST API and {@code fudp-cfs -j} show it: its control state and
 * why ({@code stateReason}: what keeps its limits from being in force, which agent is missing; ""
 * when there is nothing to add), the bottleneck and its capacity, the member flows by id, the TCP counted
 * only as light TCP ({@code lightTcpFlows}: starved behind a flood, or seen only in aggregates and samples)
 * and which evidence counted the set's TCP ({@code tcpEvidence}), how many of its UDP flows passed their
 * responsiveness test ({@code responsiveUdpFlows}: FUDPA counts them with the TCP), the principals its
 * unresponsive UDP counts for ({@code udpPrincipals}, the heaviest in {@code topPrincipals}) and its TCP floor
 * ({@code tcpFloorBps}, 0 for none; docs/algorithm.md, "Principals"), its UDP units, UDP FUDP does not learn
 * flow by flow, counted and limited as one flow per aggregate rule ({@code units}, what they offered,
 * {@code unitsBps}, and what their meters hold them to, {@code unitsLimitBps}; "What is not learned"), the last
 * period's totals and Jain's index (paper, Eq. (4)), and, from the CFS's latest decision record,
 * the predicted TCP aggregate W_{k+1}(f_T), the deviation D_{k+1}(f_T), the fairness band, UDP's
 * average W_a(f_U), whether it is in the band, and that decision with the time it was taken.
 * <p>
 * The decision fields come from {@link FudpService#getDecisions(String)} through the codec
 * context; they are null before the set's first control period. Decoding ignores them: they
 * are the service's, not the set's. A missing {@code stateReason} or {@code tcpEvidence} decodes as "", a
 * missing {@code lightTcpFlows}, {@code responsiveUdpFlows}, {@code udpPrincipals}, {@code tcpFloorBps} or a
 * unit field as 0,
 * missing {@code topPrincipals} as none.
 * </p>
 */
public final class CorrelationFlowSetCodec extends JsonCodec<CorrelationFlowSet> {

    static final String ID = "id";
    static final String KIND = "kind";
    static final String STATE = "state";
    static final String STATE_REASON = "stateReason";
    static final String BOTTLENECK = "bottleneck";
    static final String EGRESS = "egress";
    static final String LINK_DST = "linkDst";
    static final String CAPACITY = "capacityBps";
    static final String TCP_FLOWS = "tcpFlows";
    static final String UDP_FLOWS = "udpFlows";
    static final String LIGHT_TCP = "lightTcpFlows";
    static final String TCP_EVIDENCE = "tcpEvidence";
    static final String RESPONSIVE_UDP = "responsiveUdpFlows";
    static final String PRINCIPALS = "udpPrincipals";
    static final String TOP_PRINCIPALS = "topPrincipals";
    static final String PRINCIPAL = "principal";
    static final String PRINCIPAL_FLOWS = "flows";
    static final String PRINCIPAL_BPS = "bps";
    static final String TCP_FLOOR = "tcpFloorBps";
    static final String UNITS = "units";
    static final String UNITS_BPS = "unitsBps";
    static final String UNITS_LIMIT = "unitsLimitBps";
    static final String TCP = "tcpThroughputBps";
    static final String UDP = "udpThroughputBps";
    static final String UDP_DEMAND = "udpDemandBps";
    static final String UTILIZATION = "utilization";
    static final String JAIN = "jainIndex";
    static final String PREDICTED = "predictedTcpBps";
    static final String DEVIATION = "deviationBps";
    static final String BAND = "band";
    static final String LOW = "lowBps";
    static final String HIGH = "highBps";
    static final String UDP_AVERAGE = "udpAverageBps";
    static final String IN_BAND = "inBand";
    static final String LAST_DECISION = "lastDecision";
    static final String LAST_DECISION_TIME = "lastDecisionMs";

    @Override
    public ObjectNode encode(CorrelationFlowSet c, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(ID, c.id());
        n.put(KIND, c.kind().name());
        n.put(STATE, c.state().name());
        n.put(STATE_REASON, c.stateReason());
        ObjectNode b = n.putObject(BOTTLENECK);
        putConnectPoint(b, EGRESS, c.egress().orElse(null));
        putConnectPoint(b, LINK_DST, c.linkDst().orElse(null));
        n.put(CAPACITY, c.capacityBps());
        ArrayNode tcp = n.putArray(TCP_FLOWS);
        c.tcpFlows().forEach(f -> tcp.add(FlowIds.id(f)));
        ArrayNode udp = n.putArray(UDP_FLOWS);
        c.udpFlows().forEach(f -> udp.add(FlowIds.id(f)));
        n.put(LIGHT_TCP, c.lightTcpFlows());
        n.put(TCP_EVIDENCE, c.tcpEvidence());
        n.put(RESPONSIVE_UDP, c.responsiveUdpFlows());
        n.put(PRINCIPALS, c.udpPrincipals());
        ArrayNode top = n.putArray(TOP_PRINCIPALS);
        for (PrincipalShare p : c.topPrincipals()) {
            top.addObject().put(PRINCIPAL, p.principal()).put(PRINCIPAL_FLOWS, p.flows()).put(PRINCIPAL_BPS, p.bps());
        }
        n.put(TCP_FLOOR, c.tcpFloorBps());
        n.put(UNITS, c.units());
        n.put(UNITS_BPS, c.unitsBps());
        n.put(UNITS_LIMIT, c.unitsLimitBps());
        n.put(TCP, c.tcpThroughputBps());
        n.put(UDP, c.udpThroughputBps());
        n.put(UDP_DEMAND, c.udpDemandBps());
        putDouble(n, UTILIZATION, c.utilization());
        putDouble(n, JAIN, c.jainIndex());
        DecisionRecord last = lastDecision(c.id(), context);
        if (last == null) {
            for (String f : new String[]{PREDICTED, DEVIATION, BAND, UDP_AVERAGE, IN_BAND,
                    LAST_DECISION_TIME, LAST_DECISION}) {
                n.putNull(f);
            }
        } else {
            n.put(PREDICTED, last.predictedTcpBps());
            n.put(DEVIATION, last.deviationBps());
            ObjectNode band = n.putObject(BAND);
            band.put(LOW, last.bandLowBps());
            band.put(HIGH, last.bandHighBps());
            n.put(UDP_AVERAGE, last.udpAverageBps());
            n.put(IN_BAND, last.inBand());
            n.put(LAST_DECISION_TIME, last.timeMs());
            n.set(LAST_DECISION, new DecisionRecordCodec().encode(last, context));
        }
        return n;
    }

    private static DecisionRecord lastDecision(String id, CodecContext context) {
        FudpService service = context.getService(FudpService.class);
        List<DecisionRecord> decisions = service == null ? List.of() : service.getDecisions(id);
        return decisions.isEmpty() ? null : decisions.get(decisions.size() - 1);
    }

    @Override
    public CorrelationFlowSet decode(ObjectNode json, CodecContext context) {
        JsonNode b = json.get(BOTTLENECK);
        String egress = null;
        String dst = null;
        if (b != null && !b.isNull()) {
            JsonFields.object(b, BOTTLENECK);
            egress = optionalConnectPoint(b, EGRESS);
            dst = optionalConnectPoint(b, LINK_DST);
        }
        Set<FiveTuple> udp = flowIds(json, UDP_FLOWS);
        int responsive = count(json, RESPONSIVE_UDP);
        if (responsive > udp.size()) {
            throw new IllegalArgumentException(RESPONSIVE_UDP + ": must be at most the " + udp.size() + " flows of "
                    + UDP_FLOWS + ", was " + responsive);
        }
        return CorrelationFlowSet.builder(JsonFields.text(json, "", ID),
                        JsonFields.enumValue(json, "", KIND, CfsKind.class))
                .egress(egress, dst)
                .capacityBps(JsonFields.longValue(json, "", CAPACITY))
                .flows(flowIds(json, TCP_FLOWS), udp)
                .lightTcp(count(json, LIGHT_TCP), json.path(TCP_EVIDENCE).asText(""))
                .responsiveUdp(responsive)
                .principals(count(json, PRINCIPALS), principals(json), JsonFields.longValue(json, "", TCP_FLOOR, 0))
                .units(count(json, UNITS), JsonFields.longValue(json, "", UNITS_BPS, 0),
                        JsonFields.longValue(json, "", UNITS_LIMIT, 0))
                .totals(JsonFields.longValue(json, "", TCP), JsonFields.longValue(json, "", UDP),
                        JsonFields.longValue(json, "", UDP_DEMAND), JsonFields.doubleOrNaN(json, "", JAIN))
                .state(JsonFields.enumValue(json, "", STATE, CfsState.class), json.path(STATE_REASON).asText(""))
                .build();
    }

    // The heaviest principals; none when absent.
    private static List<PrincipalShare> principals(ObjectNode json) {
        JsonNode a = json.get(TOP_PRINCIPALS);
        List<PrincipalShare> out = new ArrayList<>();
        if (a == null || a.isNull()) {
            return out;
        }
        if (!a.isArray()) {
            throw new IllegalArgumentException(TOP_PRINCIPALS + ": must be an array, was " + a);
        }
        for (int i = 0; i < a.size(); i++) {
            JsonNode p = a.get(i);
            String path = TOP_PRINCIPALS + "[" + i + "]";
            JsonFields.object(p, path);
            out.add(new PrincipalShare(JsonFields.text((ObjectNode) p, path + ".", PRINCIPAL),
                    count((ObjectNode) p, PRINCIPAL_FLOWS), JsonFields.longValue((ObjectNode) p, path + ".",
                            PRINCIPAL_BPS)));
        }
        return out;
    }

    // A count of flows; 0 when absent.
    private static int count(ObjectNode json, String name) {
        JsonNode v = json.get(name);
        if (v == null || v.isNull()) {
            return 0;
        }
        if (!v.canConvertToInt() || v.asInt() < 0 || !v.isIntegralNumber()) {
            throw new IllegalArgumentException(name + ": must be a count of flows, was " + v);
        }
        return v.asInt();
    }

    // A device port, or the host end of a path's last link ("00:00:00:00:00:04/None/0").
    private static String optionalConnectPoint(JsonNode b, String name) {
        JsonNode v = b.get(name);
        if (v == null || v.isNull()) {
            return null;
        }
        String t = JsonFields.text(b, BOTTLENECK, name);
        if (!t.matches(".+/[0-9]{1,10}")) {
            throw new IllegalArgumentException(BOTTLENECK + "." + name
                    + ": must be a connect point such as of:0000000000000001/2, was \"" + t + "\"");
        }
        return t;
    }

    private static Set<FiveTuple> flowIds(JsonNode json, String name) {
        JsonNode a = json.get(name);
        if (a == null || !a.isArray()) {
            throw new IllegalArgumentException(name + ": must be an array of flow ids, was "
                    + JsonFields.describe(a));
        }
        Set<FiveTuple> flows = new LinkedHashSet<>();
        for (int i = 0; i < a.size(); i++) {
            flows.add(FlowIds.parse(name + "[" + i + "]", a.get(i).asText()));
        }
        return flows;
    }

    private static void putConnectPoint(ObjectNode n, String name, String cp) {
        if (cp == null) {
            n.putNull(name);
        } else {
            n.put(name, cp);
        }
    }

    /**
     * Puts a number that may be unknown: JSON has no NaN, so unknown is null.
     *
     * @param n the object
     * @param name field
     * @param v value, NaN for unknown
     */
    static void putDouble(ObjectNode n, String name, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            n.putNull(name);
        } else {
            n.put(name, v);
        }
    }
}
