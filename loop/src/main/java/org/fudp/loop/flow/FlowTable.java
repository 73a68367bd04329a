// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The flows the loop tracks, by 5-tuple and by rule key, and the numbering that makes rule keys
 * unique. Not thread-safe.
 */
public final class FlowTable {

    private final Map<FiveTuple, TrackedFlow> byTuple = new LinkedHashMap<>();
    private final Map<Long, TrackedFlow> byRule = new HashMap<>();
    private long lastNumber;

    /**
     * Returns the number the next flow gets.
     *
     * @return a number never handed out before
     */
    public long nextNumber() {
        return ++lastNumber;
    }

    public void add(TrackedFlow f) {
        byTuple.put(f.tuple(), f);
        for (RuleSpec r : f.rules()) {
            byRule.put(r.key(), f);
        }
    }

    public TrackedFlow get(FiveTuple t) {
        return byTuple.get(t);
    }

    public TrackedFlow byRule(long key) {
        return byRule.get(key);
    }

    public void remove(TrackedFlow f) {
        byTuple.remove(f.tuple());
        for (RuleSpec r : f.rules()) {
            byRule.remove(r.key());
        }
    }

    /**
     * Returns the main rules of the flows a meter may hold, and where each notes the meter it passes: the flows of a
     * metered facility, or those of an adjustor facility while they go straight on ({@code FailOver}). A flow is at
     * one facility, so that the 5-tuple names it.
     *
     * @param which which flows
     * @return their rules
     */
    public MeteredRules meteredWhere(Predicate<TrackedFlow> which) {
        return new MeteredRules() {
            @Override
            public RuleSpec meteredRule(String facilityId, FiveTuple flow) {
                TrackedFlow f = byTuple.get(flow);
                return f != null && which.test(f) ? f.mainRule() : null;
            }

            @Override
            public void meterAttached(String facilityId, FiveTuple flow, long meterKey, long rateBps) {
                TrackedFlow f = byTuple.get(flow);
                if (f != null) {
                    f.meter().attached(meterKey, rateBps);
                }
            }
        };
    }

    public Collection<TrackedFlow> all() {
        return byTuple.values();
    }

    /**
     * Returns the flows at one facility.
     *
     * @param facilityId the facility
     * @return flows, in learning order
     */
    public List<TrackedFlow> at(String facilityId) {
        List<TrackedFlow> out = new ArrayList<>();
        for (TrackedFlow f : byTuple.values()) {
            if (f.facilityId().equals(facilityId)) {
                out.add(f);
            }
        }
        return out;
    }
}
