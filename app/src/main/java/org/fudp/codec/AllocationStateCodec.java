// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.protocol.FlowIds;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.records.AllocationState;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * A UDP flow's rate limit: what its adjustor was told ({@code toldBps} in the snapshot
 * {@code toldSeq}) and whether the adjustor acknowledged that snapshot.
 */
public final class AllocationStateCodec extends JsonCodec<AllocationState> {

    static final String FLOW = "flow";
    static final String FACILITY = "facility";
    static final String CFS = "cfs";
    static final String TOLD = "toldBps";
    static final String SEQ = "toldSeq";
    static final String TOLD_AT = "toldAtMs";
    static final String ACKED = "acknowledged";
    static final String DRY_RUN = "dryRun";
    static final String REFUSAL = "refusal";

    @Override
    public ObjectNode encode(AllocationState a, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(FLOW, FlowIds.id(a.flow()));
        n.put(FACILITY, a.facilityId());
        n.put(CFS, a.cfsId());
        n.put(TOLD, a.toldBps());
        n.put(SEQ, a.toldSeq());
        n.put(TOLD_AT, a.toldAtMs());
        n.put(ACKED, a.acknowledged());
        n.put(DRY_RUN, a.dryRun());
        n.put(REFUSAL, a.refusal());
        return n;
    }

    @Override
    public AllocationState decode(ObjectNode json, CodecContext context) {
        return new AllocationState(FlowIds.parse(FLOW, JsonFields.text(json, "", FLOW)),
                JsonFields.deviceId(json, "", FACILITY).toString(), JsonFields.text(json, "", CFS),
                JsonFields.longValue(json, "", TOLD), JsonFields.longValue(json, "", SEQ),
                JsonFields.longValue(json, "", TOLD_AT), JsonFields.bool(json, "", ACKED),
                JsonFields.bool(json, "", DRY_RUN))
                .refused(json.hasNonNull(REFUSAL) ? JsonFields.text(json, "", REFUSAL) : "");
    }
}
