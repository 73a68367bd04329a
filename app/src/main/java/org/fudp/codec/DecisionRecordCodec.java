// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.protocol.FlowIds;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.protocol.FiveTuple;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A decision record with the paper's quantities (Section 4.2) in bit/s: W(f_T), W_{k+1}(f_T)
 * of Eq. (1), D_{k+1}(f_T) of Eq. (2), the fairness band, W_a(f_U), BW of Eq. (3) and the
 * per-flow limits of Algorithm 1 keyed by flow id.
 */
public final class DecisionRecordCodec extends JsonCodec<DecisionRecord> {

    static final String CFS = "cfs";
    static final String PERIOD = "period";
    static final String TIME = "timeMs";
    static final String REALLOCATED = "reallocated";
    static final String DRY_RUN = "dryRun";
    static final String TCP_COUNT = "tcpCount";
    static final String UDP_COUNT = "udpCount";
    static final String MEASURED = "measuredTcpBps";
    static final String PREDICTED = "predictedTcpBps";
    static final String DEVIATION = "deviationBps";
    static final String BAND_LOW = "bandLowBps";
    static final String BAND_HIGH = "bandHighBps";
    static final String UDP_AVERAGE = "udpAverageBps";
    static final String IN_BAND = "inBand";
    static final String AVAILABLE = "availableBps";
    static final String ALLOCATIONS = "allocations";
    static final String REASON = "reason";

    @Override
    public ObjectNode encode(DecisionRecord d, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(CFS, d.cfsId());
        n.put(PERIOD, d.period());
        n.put(TIME, d.timeMs());
        n.put(REALLOCATED, d.reallocated());
        n.put(DRY_RUN, d.dryRun());
        n.put(TCP_COUNT, d.tcpCount());
        n.put(UDP_COUNT, d.udpCount());
        n.put(MEASURED, d.measuredTcpBps());
        n.put(PREDICTED, d.predictedTcpBps());
        n.put(DEVIATION, d.deviationBps());
        n.put(BAND_LOW, d.bandLowBps());
        n.put(BAND_HIGH, d.bandHighBps());
        n.put(UDP_AVERAGE, d.udpAverageBps());
        n.put(IN_BAND, d.inBand());
        n.put(AVAILABLE, d.availableBps());
        ObjectNode alloc = n.putObject(ALLOCATIONS);
        d.allocations().forEach((flow, bps) -> alloc.put(FlowIds.id(flow), bps));
        n.put(REASON, d.reason());
        return n;
    }

    @Override
    public DecisionRecord decode(ObjectNode json, CodecContext context) {
        Map<FiveTuple, Long> allocations = new LinkedHashMap<>();
        JsonNode alloc = json.get(ALLOCATIONS);
        if (alloc != null && !alloc.isNull()) {
            JsonFields.object(alloc, ALLOCATIONS);
            Iterator<Map.Entry<String, JsonNode>> it = alloc.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                FiveTuple flow = FlowIds.parse(ALLOCATIONS, e.getKey());
                allocations.put(flow, JsonFields.longValue(alloc, ALLOCATIONS, e.getKey()));
            }
        }
        return new DecisionRecord(JsonFields.text(json, "", CFS), JsonFields.longValue(json, "", PERIOD),
                JsonFields.longValue(json, "", TIME), JsonFields.bool(json, "", REALLOCATED),
                JsonFields.bool(json, "", DRY_RUN), (int) JsonFields.longValue(json, "", TCP_COUNT),
                (int) JsonFields.longValue(json, "", UDP_COUNT), JsonFields.longValue(json, "", MEASURED),
                JsonFields.longValue(json, "", PREDICTED), JsonFields.longValue(json, "", DEVIATION),
                JsonFields.longValue(json, "", BAND_LOW), JsonFields.longValue(json, "", BAND_HIGH),
                JsonFields.longValue(json, "", UDP_AVERAGE), JsonFields.longValue(json, "", AVAILABLE),
                JsonFields.bool(json, "", IN_BAND), allocations, JsonFields.text(json, "", REASON));
    }
}
