// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.settings.Facility;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.facilities.AgentState;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An adjustor agent: liveness, last heartbeat, the last snapshot sent and acknowledged, and the
 * rejected frames counted by reason, and why it is not working as it should ("" when it is).
 * Times are epoch milliseconds, 0 for never.
 */
public final class AgentStateCodec extends JsonCodec<AgentState> {

    static final String FACILITY = "facility";
    static final String STATUS = "status";
    static final String HEARTBEAT = "lastHeartbeatMs";
    static final String SENT = "lastSentSeq";
    static final String ACKED = "lastAckedSeq";
    static final String ACKED_AT = "lastAckedMs";
    static final String IN_SYNC = "inSync";
    static final String FRAMES = "framesSent";
    static final String RESENDS = "resends";
    static final String REJECTED = "rejectedFrames";
    static final String REASON = "reason";
    static final String ENFORCEMENT = "enforcement";
    static final String UNMETERED = "unmetered";

    @Override
    public ObjectNode encode(AgentState a, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(FACILITY, a.facilityId());
        n.put(STATUS, a.status().name());
        n.put(HEARTBEAT, a.lastHeartbeatMs());
        n.put(SENT, a.lastSentSeq());
        n.put(ACKED, a.lastAckedSeq());
        n.put(ACKED_AT, a.lastAckedMs());
        n.put(IN_SYNC, a.inSync());
        n.put(FRAMES, a.framesSent());
        n.put(RESENDS, a.resends());
        ObjectNode rejected = n.putObject(REJECTED);
        a.rejectedFrames().forEach(rejected::put);
        n.put(REASON, a.reason());
        n.put(ENFORCEMENT, a.enforcement().name());
        n.put(UNMETERED, a.unmetered());
        return n;
    }

    @Override
    public AgentState decode(ObjectNode json, CodecContext context) {
        Map<String, Long> rejected = new LinkedHashMap<>();
        JsonNode r = json.get(REJECTED);
        if (r != null && !r.isNull()) {
            JsonFields.object(r, REJECTED);
            Iterator<String> names = r.fieldNames();
            while (names.hasNext()) {
                String reason = names.next();
                rejected.put(reason, JsonFields.longValue(r, REJECTED, reason));
            }
        }
        AgentState a = new AgentState(JsonFields.deviceId(json, "", FACILITY).toString(),
                JsonFields.enumValue(json, "", STATUS, AgentStatus.class),
                JsonFields.longValue(json, "", HEARTBEAT), JsonFields.longValue(json, "", SENT),
                JsonFields.longValue(json, "", ACKED), JsonFields.longValue(json, "", ACKED_AT),
                JsonFields.longValue(json, "", FRAMES), JsonFields.longValue(json, "", RESENDS), rejected,
                json.hasNonNull(REASON) ? json.get(REASON).asText() : "");
        Facility.Enforcement kind = json.hasNonNull(ENFORCEMENT)
                ? JsonFields.enumValue(json, "", ENFORCEMENT, Facility.Enforcement.class)
                : Facility.Enforcement.ADJUSTOR;
        int unmetered = json.hasNonNull(UNMETERED) ? (int) JsonFields.longValue(json, "", UNMETERED) : 0;
        return a.as(kind, unmetered);
    }
}
