// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.api.ControlStatus;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.ArrayList;
import java.util.List;

/**
 * The control loop's mode and progress: enabled, dry-run, the period, alpha and beta of
 * Eqs. (1) and (2), periods run and when the last one ran.
 */
public final class ControlStatusCodec extends JsonCodec<ControlStatus> {

    static final String ENABLED = "enabled";
    static final String DRY_RUN = "dryRun";
    static final String PERIOD = "periodMs";
    static final String ALPHA = "alpha";
    static final String BETA = "beta";
    static final String PERIODS_RUN = "periodsRun";
    static final String LAST_PERIOD = "lastPeriodMs";
    static final String WARNINGS = "warnings";

    @Override
    public ObjectNode encode(ControlStatus s, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(ENABLED, s.enabled());
        n.put(DRY_RUN, s.dryRun());
        n.put(PERIOD, s.periodMs());
        n.put(ALPHA, s.alpha());
        n.put(BETA, s.beta());
        n.put(PERIODS_RUN, s.periodsRun());
        n.put(LAST_PERIOD, s.lastPeriodMs());
        ArrayNode w = n.putArray(WARNINGS);
        s.warnings().forEach(w::add);
        return n;
    }

    @Override
    public ControlStatus decode(ObjectNode json, CodecContext context) {
        return new ControlStatus(JsonFields.bool(json, "", ENABLED), JsonFields.bool(json, "", DRY_RUN),
                JsonFields.longValue(json, "", PERIOD), JsonFields.doubleOrNaN(json, "", ALPHA),
                JsonFields.doubleOrNaN(json, "", BETA), JsonFields.longValue(json, "", PERIODS_RUN),
                JsonFields.longValue(json, "", LAST_PERIOD), warnings(json));
    }

    private static List<String> warnings(ObjectNode json) {
        List<String> out = new ArrayList<>();
        JsonNode w = json.get(WARNINGS);
        if (w != null && w.isArray()) {
            w.forEach(v -> out.add(v.asText()));
        }
        return out;
    }
}
