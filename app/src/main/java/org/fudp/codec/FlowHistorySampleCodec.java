// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.records.FlowHistorySample;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * One control period of a flow, for charts: {@code {"timeMs", "demandBps", "throughputBps",
 * "allocationBps" (null when unlimited)}}.
 */
public final class FlowHistorySampleCodec extends JsonCodec<FlowHistorySample> {

    static final String TIME = "timeMs";
    static final String DEMAND = "demandBps";
    static final String THROUGHPUT = "throughputBps";
    static final String ALLOCATION = "allocationBps";

    @Override
    public ObjectNode encode(FlowHistorySample s, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(TIME, s.timeMs());
        n.put(DEMAND, s.demandBps());
        n.put(THROUGHPUT, s.throughputBps());
        if (s.allocationBps() < 0) {
            n.putNull(ALLOCATION);
        } else {
            n.put(ALLOCATION, s.allocationBps());
        }
        return n;
    }

    @Override
    public FlowHistorySample decode(ObjectNode json, CodecContext context) {
        return new FlowHistorySample(JsonFields.longValue(json, "", TIME), JsonFields.longValue(json, "", DEMAND),
                JsonFields.longValue(json, "", THROUGHPUT), JsonFields.longValue(json, "", ALLOCATION, -1));
    }
}
