// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Every {@link UdpUnit} the loop holds, by its rule's key, and the rules meters attach to for them.
 */
public final class UdpUnits implements MeteredRules {

    private final Map<Long, UdpUnit> byKey = new LinkedHashMap<>();

    /**
     * Adds a unit.
     *
     * @param u the unit
     */
    public void add(UdpUnit u) {
        byKey.put(u.rule().key(), u);
    }

    /**
     * Removes the unit of a rule.
     *
     * @param ruleKey its rule's key
     * @return the unit, null if the key is no unit's
     */
    public UdpUnit remove(long ruleKey) {
        return byKey.remove(ruleKey);
    }

    /**
     * Returns the unit of a rule.
     *
     * @param ruleKey its rule's key
     * @return the unit, null if none
     */
    public UdpUnit get(long ruleKey) {
        return byKey.get(ruleKey);
    }

    /**
     * Returns a facility's units.
     *
     * @param facilityId the facility
     * @return its units
     */
    public List<UdpUnit> at(String facilityId) {
        List<UdpUnit> out = new ArrayList<>();
        for (UdpUnit u : byKey.values()) {
            if (u.facilityId().equals(facilityId)) {
                out.add(u);
            }
        }
        return out;
    }

    public Collection<UdpUnit> all() {
        return byKey.values();
    }

    private UdpUnit find(String facilityId, FiveTuple tuple) {
        for (UdpUnit u : byKey.values()) {
            if (u.facilityId().equals(facilityId) && u.tuple().equals(tuple)) {
                return u;
            }
        }
        return null;
    }

    @Override
    public RuleSpec meteredRule(String facilityId, FiveTuple flow) {
        UdpUnit u = find(facilityId, flow);
        return u == null ? null : u.rule();
    }

    @Override
    public void meterAttached(String facilityId, FiveTuple flow, long meterKey, long rateBps) {
        UdpUnit u = find(facilityId, flow);
        if (u != null) {
            u.meterAttached(meterKey, rateBps);
        }
    }

    @Override
    public String toString() {
        return byKey.size() + " units" + (byKey.isEmpty() ? "" : ": " + Objects.toString(byKey.values()));
    }
}
