package org.fudp.loop.enforce;

import org.fudp.algorithm.Decision;
import org.fudp.loop.api.BurstPolicy;
import org.fudp.loop.flow.UdpUnit;
import org.fudp.loop.flow.Unmatched;
import org.fudp.protocol.FlowLimit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The limits the units' meters should hold after a period: FUDPA's allocations of the units, kept through the
 * periods their set is judged fair, as a flow's are ({@link LimitsInForce}).
 */
public final class UnitLimits {

    private Map<UdpUnit, FlowLimit> held = new IdentityHashMap<>();

    /**
     * Computes the limits after a period.
     *
     * @param allocations this period's allocations of units, bit/s
     * @param decisions this period's decisions by CFS id
     * @param bySet each set's units this period
     */
    public void update(Map<UdpUnit, Long> allocations, Map<String, Decision> decisions,
                       Map<String, Unmatched> bySet) {
        Map<UdpUnit, FlowLimit> next = new IdentityHashMap<>();
        bySet.forEach((cfsId, u) -> {
            for (UdpUnit unit : u.units) {
                Long bps = allocations.get(unit);
                FlowLimit kept = held.get(unit);
                if (bps != null) {
                    next.put(unit, new FlowLimit(unit.tuple(), bps, BurstPolicy.burstBytes(bps)));
                } else if (kept != null && !LimitsInForce.decided(decisions.get(cfsId))) {
                    next.put(unit, kept);
                }
            }
        });
        held.keySet().forEach(u -> u.limit(0));
        next.forEach((u, l) -> u.limit(l.rateBps()));
        held = next;
    }

    /**
     * Releases every limit (control disabled).
     */
    public void clear() {
        held.keySet().forEach(u -> u.limit(0));
        held = new IdentityHashMap<>();
    }

    /**
     * Returns a unit's limit.
     *
     * @param unit the unit
     * @return the limit, null if none
     */
    public FlowLimit get(UdpUnit unit) {
        return held.get(unit);
    }

    /**
     * Returns the limits of some units, a facility's.
     *
     * @param units the units
     * @return their limits
     */
    public List<FlowLimit> of(Collection<UdpUnit> units) {
        List<FlowLimit> out = new ArrayList<>();
        for (UdpUnit u : units) {
            FlowLimit l = held.get(u);
            if (l != null) {
                out.add(l);
            }
        }
        return out;
    }
}
