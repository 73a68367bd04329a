// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.collect.FlowCollection;
import org.fudp.loop.enforce.EnforcementBackend;
import org.fudp.loop.enforce.LimitsInForce;
import org.fudp.loop.enforce.UnitLimits;
import org.fudp.loop.flow.FlowTable;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.flow.Unmatched;
import org.fudp.loop.sets.Departures;
import org.fudp.loop.sets.LightTcp;
import org.fudp.loop.sets.ResponsiveUdp;
import org.fudp.loop.sets.SetDecisions;
import org.fudp.loop.sets.SetMembership;
import org.fudp.protocol.FiveTuple;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One control period, the paper's loop once round (Fig. 2): FIC measures every flow from its counters,
 * the flows that share a bottleneck form their correlation flow sets, the tests of UDP flows' responsiveness
 * take a step, FUDPA decides per set, and UFC gets the limits now in force for each facility's enforcer, and
 * the units' for the switch's meters.
 */
final class ControlPeriod {

    private final NetworkView network;
    private final FlowCollection collection;
    private final FlowTable flows;
    private final Collection<String> facilityIds;
    private final SetDecisions decisions;
    private final Departures departures;
    private final LimitsInForce limits;
    private final LightTcp light;
    private final EnforcementBackend backend;
    private final MeasurementWindows windows;
    private final ResponsiveUdp responsive;
    private final EnforcementBackend unitMeters;
    private SetMembership sets;

    @SuppressWarnings("checkstyle:ParameterNumber")
    ControlPeriod(NetworkView network, FlowCollection collection, Collection<String> facilityIds,
                  SetDecisions decisions, Departures departures, LimitsInForce limits, LightTcp light,
                  EnforcementBackend backend, MeasurementWindows windows, ResponsiveUdp responsive,
                  EnforcementBackend unitMeters) {
        this.unitMeters = unitMeters;
        this.network = network;
        this.collection = collection;
        this.flows = collection.flows();
        this.facilityIds = facilityIds;
        this.decisions = decisions;
        this.departures = departures;
        this.limits = limits;
        this.light = light;
        this.backend = backend;
        this.windows = windows;
        this.responsive = responsive;
    }

    // policy: each flow's traffic class policy, null when no class is configured.
    void run(long nowMs, long period, LoopSettings settings, Function<TrackedFlow, FlowPolicy> policy,
             Collection<RuleCounter> counters, Collection<MeterReading> meterReadings, Actions out) {
        collection.measure(nowMs, RuleCounter.byKey(counters), MeterReading.byKey(meterReadings));
        Map<String, Unmatched> unmatched = collection.unmatched(nowMs);
        ResponsiveUdp.settle(flows.all(), settings.responsive());
        sets = SetMembership.judge(nowMs, flows.all(), flows, network, backend, departures,
                settings.periodMs(), unmatched, light);
        collection.recount();
        Map<String, CfsAssignment> groups = sets.groups;
        Map<String, List<TrackedFlow>> members = sets.members;
        Map<FiveTuple, Long> holds = responsive.period(nowMs, members, settings, limits, light, backend, out);
        Map<FiveTuple, Long> allocations = new HashMap<>();
        Map<String, Decision> decided = decisions.decide(nowMs, period, settings, policy, groups, members, unmatched,
                light, departures.departed(flows.all(), groups), departures, allocations, out);
        decided.forEach((id, d) -> responsive.judged(id, d.reason().isFair()));
        responsive.retain(groups.keySet());
        if (settings.enabled()) {
            allocations.putAll(holds);
            limits.update(allocations, decided, flows.all());
            UnitLimits.update(decisions.unitAllocations(), decided, unmatched, collection.units().all());
            for (TrackedFlow f : flows.all()) {
                if (ResponsiveUdp.unlimited(f)) {
                    limits.remove(f.tuple());
                }
            }
        } else {
            limits.clear();
            UnitLimits.clear(collection.units().all());
        }
        for (String id : facilityIds) {
            // A window still waiting for the last limits is stale now: this period measured anyway.
            windows.periodMeasured(id);
            backend.setDesired(id, settings.enforce() ? limits.of(flows.at(id)) : List.of());
            // A unit has no adjustor path: where the switch has meters they hold it, whatever the facility's enforcer.
            unitMeters.setDesired(id, settings.enforce() ? UnitLimits.of(collection.units().at(id)) : List.of());
        }
        backend.tick(nowMs, out);
        unitMeters.tick(nowMs, out);
    }

    // The sets the last period judged, for the views.
    SetMembership sets() {
        return sets;
    }
}
