// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.algorithm.Decision;
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
 * periods their set is judged fair, as a flow's are ({@link LimitsInForce}). Each unit holds its own
 * ({@link UdpUnit#limitBps()}), which the set's state reads too.
 */
public final class UnitLimits {

    private UnitLimits() {
    }

    /**
     * Computes the limits after a period.
     *
     * @param allocations this period's allocations of units, bit/s
     * @param decisions this period's decisions by CFS id
     * @param bySet each set's units this period
     * @param all every unit; one in no set this period holds no limit
     */
    public static void update(Map<UdpUnit, Long> allocations, Map<String, Decision> decisions,
                              Map<String, Unmatched> bySet, Collection<UdpUnit> all) {
        Map<UdpUnit, String> setOf = new IdentityHashMap<>();
        bySet.forEach((cfsId, u) -> u.units.forEach(unit -> setOf.put(unit, cfsId)));
        for (UdpUnit unit : all) {
            Long bps = allocations.get(unit);
            String cfsId = setOf.get(unit);
            if (bps != null) {
                unit.limit(bps);
            } else if (cfsId == null || LimitsInForce.decided(decisions.get(cfsId))) {
                unit.limit(0);
            }
        }
    }

    /**
     * Releases every limit (control disabled).
     *
     * @param all every unit
     */
    public static void clear(Collection<UdpUnit> all) {
        all.forEach(u -> u.limit(0));
    }

    /**
     * Returns the limits of some units, a facility's.
     *
     * @param units the units
     * @return their limits
     */
    public static List<FlowLimit> of(Collection<UdpUnit> units) {
        List<FlowLimit> out = new ArrayList<>();
        for (UdpUnit u : units) {
            long bps = u.limitBps();
            if (bps > 0) {
                out.add(new FlowLimit(u.tuple(), bps, BurstPolicy.burstBytes(bps)));
            }
        }
        return out;
    }
}
