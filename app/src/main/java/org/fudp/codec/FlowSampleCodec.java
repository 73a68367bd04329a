package org.fudp.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.api.FlowSample;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * One control period of a flow, for charts: {@code {"timeMs", "demandBps", "throughputBps",
 * "allocationBps" (null when unlimited)}}.
 */
public final class FlowSampleCodec extends JsonCodec<FlowSample> {

    static final String TIME = "timeMs";
    static final String DEMAND = "demandBps";
    static final String THROUGHPUT = "throughputBps";
    static final String ALLOCATION = "allocationBps";

    @Override
    public ObjectNode encode(FlowSample s, CodecContext context) {
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
    public FlowSample decode(ObjectNode json, CodecContext context) {
        return new FlowSample(JsonFields.longValue(json, "", TIME), JsonFields.longValue(json, "", DEMAND),
                JsonFields.longValue(json, "", THROUGHPUT), JsonFields.longValue(json, "", ALLOCATION, -1));
    }
}
