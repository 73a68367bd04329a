package org.fudp.loop.flow;

import org.fudp.loop.api.RuleSpec;
import org.fudp.protocol.FiveTuple;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The flows the loop tracks, by 5-tuple and by rule key, and the numbering that makes rule keys
 * unique. Not thread-safe.
 */
public final class FlowTable implements MeteredRules {

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
     * Returns the rule of a flow that a meter attaches to; a flow is at one facility, so that the 5-tuple names it.
     *
     * @param facilityId the facility
     * @param flow the flow
     * @return its rule, null if the flow is no longer known or not metered
     */
    @Override
    public RuleSpec meteredRule(String facilityId, FiveTuple flow) {
        TrackedFlow f = byTuple.get(flow);
        return f != null && f.metered() ? f.mainRule() : null;
    }

    /**
     * Tells a flow its packets now pass another meter (or none); a flow no longer known is left alone.
     *
     * @param facilityId the facility
     * @param flow the flow
     * @param meterKey the meter, {@link RuleSpec#NO_METER} for none or for one the host cannot read
     * @param rateBps the meter's rate, bit/s; 0 for none
     */
    @Override
    public void meterAttached(String facilityId, FiveTuple flow, long meterKey, long rateBps) {
        TrackedFlow f = byTuple.get(flow);
        if (f != null) {
            f.meter().attached(meterKey, rateBps);
        }
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
