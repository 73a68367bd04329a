// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Map;

/**
 * A facility's view: {@code controller}, the ONOS instance in charge of it (since when, under which
 * epoch at its adjustor; {@code instance} null while unknown), and {@code collection}, what FUDP's
 * flow collection costs the facility's switch: rules in use against the rules it may hold now and
 * the budget, the packet-in budget, the flows tracked, the new flows given no rules of their own by
 * why, the rules the switch refused, and apart from them the installs that failed without the switch's
 * word (ONOS or the switch not ready), which are retried. Times are epoch milliseconds, 0 for never.
 */
public final class FacilityStateCodec extends JsonCodec<FacilityState> {

    static final String FACILITY = "facility";
    static final String CONTROLLER = "controller";
    static final String INSTANCE = "instance";
    static final String SINCE = "sinceMs";
    static final String EPOCH = "epoch";
    static final String COLLECTION = "collection";
    static final String RULE_BUDGET = "ruleBudget";
    static final String PACKET_IN_BUDGET = "packetInBudget";
    static final String HEAVY_BPS = "heavyBps";
    static final String RULES_IN_USE = "rulesInUse";
    static final String RULE_CAP = "ruleCap";
    static final String FLOWS = "flows";
    static final String AGGREGATES = "aggregates";
    static final String FAILED_OPEN = "failedOpen";
    static final String SKIPPED = "skipped";
    static final String REFUSALS = "refusals";
    static final String LAST_REFUSAL = "lastRefusal";
    static final String PAUSED_UNTIL = "pausedUntilMs";
    static final String INSTALL_FAILURES = "installFailures";
    static final String RULES_RETRYING = "rulesRetrying";
    static final String LAST_INSTALL_FAILURE = "lastInstallFailure";

    @Override
    public ObjectNode encode(FacilityState f, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(FACILITY, f.facilityId());
        ObjectNode c = n.putObject(CONTROLLER);
        if (f.controller().isEmpty()) {
            c.putNull(INSTANCE);
        } else {
            c.put(INSTANCE, f.controller());
        }
        c.put(SINCE, f.controllingSinceMs());
        c.put(EPOCH, f.epoch());
        ObjectNode r = n.putObject(COLLECTION);
        r.put(RULE_BUDGET, f.budget().rules());
        r.put(PACKET_IN_BUDGET, f.budget().packetInsPerS());
        r.put(HEAVY_BPS, f.budget().heavyBps());
        r.put(RULES_IN_USE, f.rulesInUse());
        r.put(RULE_CAP, f.ruleCap());
        r.put(FLOWS, f.flows());
        r.put(AGGREGATES, f.aggregates());
        r.put(FAILED_OPEN, f.failedOpen());
        ObjectNode skipped = r.putObject(SKIPPED);
        f.skipped().forEach((why, count) -> skipped.put(why.name(), count));
        r.put(REFUSALS, f.refusals());
        r.put(LAST_REFUSAL, f.lastRefusal());
        r.put(PAUSED_UNTIL, f.pausedUntilMs());
        r.put(INSTALL_FAILURES, f.installFailures());
        r.put(RULES_RETRYING, f.rulesRetrying());
        r.put(LAST_INSTALL_FAILURE, f.lastInstallFailure());
        return n;
    }

    @Override
    public FacilityState decode(ObjectNode json, CodecContext context) {
        String facility = JsonFields.deviceId(json, "", FACILITY).toString();
        ObjectNode c = JsonFields.object(json.get(CONTROLLER), CONTROLLER);
        ObjectNode r = JsonFields.object(json.get(COLLECTION), COLLECTION);
        JsonNode instance = c.get(INSTANCE);
        String controller = instance == null || instance.isNull() ? "" : JsonFields.text(c, CONTROLLER, INSTANCE);
        String skippedPath = JsonFields.path(COLLECTION, SKIPPED);
        ObjectNode s = JsonFields.object(r.get(SKIPPED), skippedPath);
        Map<FacilityState.Skip, Long> skipped = new EnumMap<>(FacilityState.Skip.class);
        Iterator<String> names = s.fieldNames();
        while (names.hasNext()) {
            String why = names.next();
            skipped.put(skip(skippedPath, why), JsonFields.longValue(s, skippedPath, why));
        }
        FlowBudget budget;
        try {
            // Absent in what an older instance wrote: not sampled.
            budget = new FlowBudget(count(r, RULE_BUDGET), count(r, PACKET_IN_BUDGET),
                    r.has(HEAVY_BPS) ? JsonFields.longValue(r, COLLECTION, HEAVY_BPS) : 0);
        } catch (IllegalArgumentException e) {
            // FlowBudget names its own fields ("ruleBudget: must be >= 1, ..."): say where they are.
            throw new IllegalArgumentException(JsonFields.path(COLLECTION, e.getMessage()), e);
        }
        return new FacilityState(facility, controller, JsonFields.longValue(c, CONTROLLER, SINCE),
                JsonFields.longValue(c, CONTROLLER, EPOCH), budget, count(r, RULES_IN_USE), count(r, RULE_CAP),
                count(r, FLOWS), skipped, JsonFields.longValue(r, COLLECTION, REFUSALS),
                JsonFields.text(r, COLLECTION, LAST_REFUSAL), JsonFields.longValue(r, COLLECTION, PAUSED_UNTIL))
                // Absent in what an older instance wrote: none.
                .withAggregates(r.has(AGGREGATES) ? count(r, AGGREGATES) : 0)
                .withFailedOpen(r.has(FAILED_OPEN) ? count(r, FAILED_OPEN) : 0)
                .withInstallFailures(
                        r.has(INSTALL_FAILURES) ? JsonFields.longValue(r, COLLECTION, INSTALL_FAILURES) : 0,
                        r.has(RULES_RETRYING) ? count(r, RULES_RETRYING) : 0,
                        r.has(LAST_INSTALL_FAILURE) ? JsonFields.text(r, COLLECTION, LAST_INSTALL_FAILURE) : "");
    }

    private static int count(ObjectNode collection, String name) {
        long v = JsonFields.longValue(collection, COLLECTION, name);
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(JsonFields.path(COLLECTION, name) + ": must be 0.." + Integer.MAX_VALUE
                    + ", was " + v);
        }
        return (int) v;
    }

    private static FacilityState.Skip skip(String path, String name) {
        for (FacilityState.Skip why : FacilityState.Skip.values()) {
            if (why.name().equals(name)) {
                return why;
            }
        }
        throw new IllegalArgumentException(JsonFields.path(path, name) + ": unknown reason, expected one of "
                + Arrays.toString(FacilityState.Skip.values()));
    }
}
