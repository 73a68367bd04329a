// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.protocol.FiveTuple;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * A flow as the REST API and {@code fudp-flows -j} show it: its 5-tuple fields, the facility
 * it was seen at, its CFS, rates in bit/s, its allocation (null when unlimited), since when
 * it is known (epoch milliseconds), its traffic class and why it has its limit, and for a UDP flow
 * what its responsiveness test makes it ({@code responsiveness}: unresponsive, candidate, testing or
 * responsive; "" for TCP) and what the test found ({@code responsiveEvidence}). A missing
 * {@code responsiveness} or {@code responsiveEvidence} decodes as "".
 */
public final class FlowRecordCodec extends JsonCodec<FlowRecord> {

    static final String FACILITY = "facility";
    static final String CFS = "cfs";
    static final String DEMAND = "demandBps";
    static final String THROUGHPUT = "throughputBps";
    static final String RATE_KNOWN = "rateKnown";
    static final String ALLOCATION = "allocationBps";
    static final String SINCE = "sinceMs";
    static final String UPDATED = "updatedMs";
    static final String CLASS = "class";
    static final String RATE_REASON = "rateReason";
    static final String RESPONSIVENESS = "responsiveness";
    static final String RESPONSIVE_EVIDENCE = "responsiveEvidence";

    @Override
    public ObjectNode encode(FlowRecord r, CodecContext context) {
        ObjectNode n = FiveTupleCodec.write(context.mapper().createObjectNode(), r.flow());
        n.put(FACILITY, r.facilityId());
        n.put(CFS, r.cfsId());
        n.put(DEMAND, r.demandBps());
        n.put(THROUGHPUT, r.throughputBps());
        n.put(RATE_KNOWN, r.rateKnown());
        if (r.allocationBps().isPresent()) {
            n.put(ALLOCATION, r.allocationBps().getAsLong());
        } else {
            n.putNull(ALLOCATION);
        }
        n.put(SINCE, r.sinceMs());
        n.put(UPDATED, r.updatedMs());
        n.put(CLASS, r.className());
        n.put(RATE_REASON, r.rateReason());
        n.put(RESPONSIVENESS, r.responsiveness());
        n.put(RESPONSIVE_EVIDENCE, r.responsiveEvidence());
        return n;
    }

    @Override
    public FlowRecord decode(ObjectNode json, CodecContext context) {
        FiveTuple flow = FiveTupleCodec.read(json, "");
        JsonNode cfs = json.get(CFS);
        return FlowRecord.builder(flow, JsonFields.deviceId(json, "", FACILITY).toString())
                .cfsId(cfs == null || cfs.isNull() || cfs.asText().isEmpty() ? null : cfs.asText())
                .rates(JsonFields.longValue(json, "", DEMAND), JsonFields.longValue(json, "", THROUGHPUT),
                        JsonFields.bool(json, "", RATE_KNOWN))
                .allocationBps(JsonFields.longValue(json, "", ALLOCATION, -1))
                .sinceMs(JsonFields.longValue(json, "", SINCE))
                .updatedMs(JsonFields.longValue(json, "", UPDATED))
                .policy(json.path(CLASS).asText(""), json.path(RATE_REASON).asText(""))
                .responsiveness(json.path(RESPONSIVENESS).asText(""), json.path(RESPONSIVE_EVIDENCE).asText(""))
                .build();
    }
}
