// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.checkpoints.FlowCheckpoint;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.MeterId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The rules of facilities this instance takes over, as ONOS holds them. Those ONOS no longer holds (a
 * restart of the whole cluster: its flow store is in memory) go back on the switch at once, each metered
 * one pointing at the app's meter at its limit that the switch still holds; meters of the app that no rule
 * points at then are withdrawn.
 */
final class TakenOverRules {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final RuleAdapter rules;
    private final MeterAdapter meters;

    TakenOverRules(RuleAdapter rules, MeterAdapter meters) {
        this.rules = rules;
        this.meters = meters;
    }

    /**
     * Returns the limits in force a checkpoint names, by flow.
     *
     * @param c the checkpoint, null for none
     * @return the limits of its limited flows
     */
    static Map<FiveTuple, FlowLimit> limitsOf(FacilityCheckpoint c) {
        Map<FiveTuple, FlowLimit> out = new HashMap<>();
        if (c != null) {
            for (FlowCheckpoint f : c.flows()) {
                if (f.limitBps() > 0) {
                    out.put(f.flow(), new FlowLimit(f.flow(), f.limitBps(), f.burstBytes()));
                }
            }
        }
        return out;
    }

    /**
     * Restores the rules of facilities taken over that ONOS lost, and withdraws the orphaned meters.
     *
     * @param specs the rules taken over
     * @param inherited the limits in force the previous controller left, by flow
     * @param metered whether a facility enforces by meters
     * @return the rules installed again without a meter at their flow's limit: those flows need a new one
     */
    List<RuleSpec> restore(List<RuleSpec> specs, Map<FiveTuple, FlowLimit> inherited, Predicate<String> metered) {
        Map<DeviceId, Set<MeterId>> claimed = new HashMap<>();
        List<RuleSpec> again = rules.takeOver(specs, r -> {
            FlowLimit l = inherited.get(r.flow());
            if (l == null || !metered.test(r.facilityId())) {
                return Optional.empty();
            }
            DeviceId d = DeviceId.deviceId(r.facilityId());
            Set<MeterId> taken = claimed.computeIfAbsent(d, x -> new HashSet<>(rules.referencedMeters(d)));
            Optional<MeterId> m = meters.claim(d, l.rateBps(), l.burstBytes(), taken);
            m.ifPresent(taken::add);
            return m;
        });
        if (!again.isEmpty()) {
            log.warn("{} rules of facilities taken over were not in ONOS's flow store (the whole cluster restarted?): "
                    + "installed again", again.size());
        }
        List<RuleSpec> meterLost = new ArrayList<>();
        for (RuleSpec r : again) {
            if (inherited.containsKey(r.flow()) && metered.test(r.facilityId())
                    && !rules.pointsAtInheritedMeter(r.key())) {
                meterLost.add(r);
            }
        }
        Set<DeviceId> meteredDevices = new HashSet<>();
        specs.stream().filter(r -> metered.test(r.facilityId()))
                .forEach(r -> meteredDevices.add(DeviceId.deviceId(r.facilityId())));
        for (DeviceId d : meteredDevices) {
            int n = meters.withdrawOrphans(d, rules.referencedMeters(d));
            if (n > 0) {
                log.info("Withdrew {} meters of FUDP at {} that no rule points at", n, d);
            }
        }
        return meterLost;
    }
}
