// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.loop.api.records.CfsState;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.records.CfsSample;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * One control period of a CFS, for charts: {@code {"timeMs", "tcpBps", "udpBps",
 * "udpDemandBps", "jainIndex" (null if unknown), "state"}}.
 */
public final class CfsSampleCodec extends JsonCodec<CfsSample> {

    static final String TIME = "timeMs";
    static final String TCP = "tcpBps";
    static final String UDP = "udpBps";
    static final String UDP_DEMAND = "udpDemandBps";
    static final String JAIN = "jainIndex";
    static final String STATE = "state";

    @Override
    public ObjectNode encode(CfsSample s, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(TIME, s.timeMs());
        n.put(TCP, s.tcpBps());
        n.put(UDP, s.udpBps());
        n.put(UDP_DEMAND, s.udpDemandBps());
        CorrelationFlowSetCodec.putDouble(n, JAIN, s.jainIndex());
        if (s.state() == null) {
            n.putNull(STATE);
        } else {
            n.put(STATE, s.state().name());
        }
        return n;
    }

    @Override
    public CfsSample decode(ObjectNode json, CodecContext context) {
        CfsState state = json.hasNonNull(STATE)
                ? JsonFields.enumValue(json, "", STATE, CfsState.class) : null;
        return new CfsSample(JsonFields.longValue(json, "", TIME), JsonFields.longValue(json, "", TCP),
                JsonFields.longValue(json, "", UDP), JsonFields.longValue(json, "", UDP_DEMAND),
                JsonFields.doubleOrNaN(json, "", JAIN), state);
    }
}
