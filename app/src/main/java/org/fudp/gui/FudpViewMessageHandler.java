// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.fudp.loop.api.records.CfsState;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.api.FudpService;
import org.onosproject.ui.RequestHandler;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.table.TableModel;
import org.onosproject.ui.table.TableRequestHandler;
import org.onosproject.ui.table.cell.AbstractCellFormatter;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Feeds the "FUDP" view: the table of correlation flow sets ({@code fudpCfsDataRequest}), each
 * with its state and why and how many of its UDP flows are responsive, and, for the selected set, its flows
 * (each UDP flow with what its responsiveness test makes it and what the test found) and the history behind
 * the live chart ({@code fudpCfsDetailsRequest}).
 */
public class FudpViewMessageHandler extends UiMessageHandler {

    /** Table tag; the legacy table builder derives the event names from it. */
    public static final String TABLE_TAG = "fudpCfs";
    /** Table request. */
    public static final String TABLE_REQ = TABLE_TAG + "DataRequest";
    /** Table response. */
    public static final String TABLE_RESP = TABLE_TAG + "DataResponse";
    /** Row array name in the table response. */
    public static final String TABLE_ROWS = TABLE_TAG + "s";
    /** Details request: {@code {id}}. */
    public static final String DETAILS_REQ = "fudpCfsDetailsRequest";
    /** Details response. */
    public static final String DETAILS_RESP = "fudpCfsDetailsResponse";

    /** How far back the chart reaches. */
    static final long CHART_WINDOW_MS = 5 * 60 * 1000L;

    private static final String ID = "id";
    private static final String KIND = "kind";
    private static final String BOTTLENECK = "bottleneck";
    private static final String CAPACITY = "capacity";
    private static final String UTILIZATION = "utilization";
    private static final String JAIN = "jain";
    private static final String TCP = "tcp";
    private static final String UDP = "udp";
    /** How many of the set's UDP flows passed their responsiveness test. */
    private static final String RESPONSIVE = "responsive";
    private static final String LIMITED = "limited";
    private static final String STATE = "state";
    private static final String STATE_CSS = "stateCss";
    /** Why the set is in its state, "" when there is nothing to add: a tooltip in the table. */
    private static final String STATE_REASON = "stateReason";

    private static final String[] COLUMNS = {
        ID, KIND, BOTTLENECK, CAPACITY, UTILIZATION, JAIN, TCP, UDP, RESPONSIVE, LIMITED, STATE, STATE_CSS,
        STATE_REASON,
    };

    private FudpService fudp;

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return ImmutableSet.of(new CfsTableHandler(), new CfsDetailsHandler());
    }

    private FudpService fudp() {
        if (fudp == null) {
            fudp = get(FudpService.class);
        }
        return fudp;
    }

    private static String bottleneck(CorrelationFlowSet cfs) {
        Optional<String> egress = cfs.egress();
        if (egress.isEmpty()) {
            return cfs.id().startsWith("dst:") ? "to " + cfs.id().substring(4) : "";
        }
        return cfs.linkDst().map(d -> egress.get() + " \u2192 " + d)
                .orElse(egress.get() + " (egress)");
    }

    private static final class Formatter extends AbstractCellFormatter {
        private final Function<Object, String> format;

        Formatter(Function<Object, String> format) {
            this.format = format;
        }

        @Override
        protected String nonNullFormat(Object value) {
            return format.apply(value);
        }
    }

    private final class CfsTableHandler extends TableRequestHandler {
        private CfsTableHandler() {
            super(TABLE_REQ, TABLE_RESP, TABLE_ROWS);
        }

        @Override
        protected String[] getColumnIds() {
            return COLUMNS.clone();
        }

        @Override
        protected String noRowsMessage(ObjectNode payload) {
            return "No correlation flow sets: no flow seen at a facility yet";
        }

        @Override
        protected TableModel createTableModel() {
            // Raw numbers in the cells keep sorting numeric; the formatters give the text shown.
            TableModel tm = super.createTableModel();
            tm.setFormatter(CAPACITY, new Formatter(v -> (Long) v > 0 ? GuiFormat.rate((Long) v)
                    : GuiFormat.NOT_AVAILABLE));
            tm.setFormatter(UTILIZATION, new Formatter(v -> GuiFormat.percent((Double) v)));
            tm.setFormatter(JAIN, new Formatter(v -> GuiFormat.jain((Double) v)));
            tm.setFormatter(STATE, new Formatter(v -> GuiFormat.state((CfsState) v)));
            return tm;
        }

        @Override
        protected void populateTable(TableModel tm, ObjectNode payload) {
            Map<String, Long> limited = fudp().getFlows().stream()
                    .filter(f -> f.cfsId() != null && f.allocationBps().isPresent())
                    .collect(Collectors.groupingBy(FlowRecord::cfsId, Collectors.counting()));
            for (CorrelationFlowSet cfs : fudp().getCorrelationFlowSets()) {
                tm.addRow()
                        .cell(ID, cfs.id())
                        .cell(KIND, cfs.kind().name().toLowerCase(Locale.ROOT).replace('_', ' '))
                        .cell(BOTTLENECK, bottleneck(cfs))
                        .cell(CAPACITY, cfs.capacityBps())
                        .cell(UTILIZATION, cfs.utilization())
                        .cell(JAIN, cfs.jainIndex())
                        .cell(TCP, cfs.tcpFlows().size() + cfs.lightTcpFlows())
                        .cell(UDP, cfs.udpFlows().size())
                        .cell(RESPONSIVE, cfs.responsiveUdpFlows())
                        .cell(LIMITED, limited.getOrDefault(cfs.id(), 0L))
                        .cell(STATE, cfs.state())
                        .cell(STATE_CSS, GuiFormat.stateCss(cfs.state()))
                        .cell(STATE_REASON, cfs.stateReason());
            }
        }
    }

    private final class CfsDetailsHandler extends RequestHandler {
        private CfsDetailsHandler() {
            super(DETAILS_REQ);
        }

        @Override
        public void process(ObjectNode payload) {
            String id = string(payload, ID, "");
            ObjectNode result = objectNode().put(ID, id);
            Optional<CorrelationFlowSet> cfs = fudp().getCorrelationFlowSet(id);
            result.put("found", cfs.isPresent());
            if (cfs.isPresent()) {
                result.set("cfs", summary(cfs.get()));
                List<FlowRecord> flows = fudp().getFlows().stream()
                        .filter(f -> id.equals(f.cfsId()))
                        .sorted(Comparator.comparing((FlowRecord f) -> !f.isUdp())
                                .thenComparing(f -> f.flow().toString()))
                        .collect(Collectors.toList());
                Map<String, Boolean> acked = fudp().getAllocations().stream()
                        .filter(a -> id.equals(a.cfsId()))
                        .collect(Collectors.toMap(a -> a.flow().toString(), AllocationState::acknowledged,
                                (x, y) -> x && y));
                ArrayNode rows = arrayNode();
                flows.forEach(f -> rows.add(flow(f, acked)));
                result.set("flows", rows);
                result.set("chart", chart(id, flows));
                List<DecisionRecord> decisions = fudp().getDecisions(id);
                if (!decisions.isEmpty()) {
                    result.set("decision", decision(decisions.get(decisions.size() - 1)));
                }
            }
            sendMessage(DETAILS_RESP, result);
        }

        private ObjectNode summary(CorrelationFlowSet cfs) {
            return objectNode()
                    .put(ID, cfs.id())
                    .put(BOTTLENECK, bottleneck(cfs))
                    .put(CAPACITY, cfs.capacityBps() > 0 ? GuiFormat.rate(cfs.capacityBps())
                            : GuiFormat.NOT_AVAILABLE)
                    .put(UTILIZATION, GuiFormat.percent(cfs.utilization()))
                    .put(JAIN, GuiFormat.jain(cfs.jainIndex()))
                    .put(STATE, GuiFormat.state(cfs.state()))
                    .put(STATE_CSS, GuiFormat.stateCss(cfs.state()))
                    .put(STATE_REASON, cfs.stateReason())
                    .put("tcpEvidence", cfs.tcpEvidence())
                    .put("responsiveUdp", GuiFormat.responsiveUdp(cfs))
                    .put("principals", GuiFormat.principals(cfs))
                    .put("tcpFloor", cfs.tcpFloorBps() > 0 ? GuiFormat.rate(cfs.tcpFloorBps()) : "")
                    .put("units", GuiFormat.units(cfs))
                    .put("tcpRate", GuiFormat.rate(cfs.tcpThroughputBps()))
                    .put("udpRate", GuiFormat.rate(cfs.udpThroughputBps()))
                    .put("udpDemand", GuiFormat.rate(cfs.udpDemandBps()));
        }

        // "pending" marks a limit told to the adjustor but not yet acknowledged: why a set is
        // still adjusting.
        private ObjectNode flow(FlowRecord f, Map<String, Boolean> acked) {
            ObjectNode n = objectNode()
                    .put(ID, f.flow().toString())
                    .put("protocol", f.protocolName())
                    .put("facility", f.facilityId())
                    .put("demand", f.rateKnown() ? GuiFormat.rate(f.demandBps()) : GuiFormat.NOT_AVAILABLE)
                    .put("rate", f.rateKnown() ? GuiFormat.rate(f.throughputBps()) : GuiFormat.NOT_AVAILABLE)
                    .put("allocation", f.allocationBps().isPresent()
                            ? GuiFormat.rate(f.allocationBps().getAsLong()) : f.isUdp() ? "none" : "")
                    .put("why", GuiFormat.why(f.className(), f.rateReason()))
                    .put("responsiveness", f.responsiveness())
                    .put("responsiveEvidence", f.responsiveEvidence())
                    .put(LIMITED, f.allocationBps().isPresent())
                    .put("pending", f.allocationBps().isPresent()
                            && !acked.getOrDefault(f.flow().toString(), true));
            return n;
        }

        private ObjectNode decision(DecisionRecord d) {
            return objectNode()
                    .put("period", d.period())
                    .put("reason", d.reason())
                    .put("reallocated", d.reallocated())
                    .put("band", GuiFormat.rate(d.bandLowBps()) + " .. " + GuiFormat.rate(d.bandHighBps()))
                    .put("udpAverage", GuiFormat.rate(d.udpAverageBps()));
        }

        // Times are seconds before the newest sample, so the chart needs no clock of its own.
        private ObjectNode chart(String id, List<FlowRecord> flows) {
            List<CfsSample> history = fudp().getCfsHistory(id);
            long end = history.isEmpty() ? 0 : history.get(history.size() - 1).timeMs();
            for (FlowRecord f : flows) {
                List<FlowHistorySample> fh = fudp().getFlowHistory(f.flow());
                if (!fh.isEmpty()) {
                    end = Math.max(end, fh.get(fh.size() - 1).timeMs());
                }
            }
            long start = end - CHART_WINDOW_MS;
            ObjectNode chart = objectNode().put("windowS", CHART_WINDOW_MS / 1000);
            ArrayNode jain = arrayNode();
            for (CfsSample s : history) {
                if (s.timeMs() >= start && !Double.isNaN(s.jainIndex())) {
                    jain.add(arrayNode().add(seconds(s.timeMs(), end)).add(s.jainIndex()));
                }
            }
            chart.set(JAIN, jain);
            ArrayNode series = arrayNode();
            for (FlowRecord f : flows) {
                ArrayNode points = arrayNode();
                for (FlowHistorySample s : fudp().getFlowHistory(f.flow())) {
                    if (s.timeMs() >= start) {
                        points.add(arrayNode().add(seconds(s.timeMs(), end)).add(s.throughputBps()));
                    }
                }
                series.add(objectNode().put(ID, f.flow().toString()).put("protocol", f.protocolName())
                        .set("points", points));
            }
            chart.set("flows", series);
            return chart;
        }

        private double seconds(long timeMs, long endMs) {
            return (timeMs - endMs) / 1000.0;
        }
    }
}
