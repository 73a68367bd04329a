// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import org.fudp.algorithm.FlowPolicy;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.collect.FlowCollection;
import org.fudp.loop.collect.PerFlowCollection;
import org.fudp.loop.collect.SampledCollection;
import org.fudp.loop.enforce.AdjustorBackend;
import org.fudp.loop.enforce.EnforcementBackend;
import org.fudp.loop.enforce.EnforcementRouter;
import org.fudp.loop.enforce.FailOpen;
import org.fudp.loop.enforce.FailOver;
import org.fudp.loop.enforce.LimitsInForce;
import org.fudp.loop.enforce.MeterBackend;
import org.fudp.loop.flow.FlowTable;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.handover.FacilityHandover;
import org.fudp.loop.sets.Departures;
import org.fudp.loop.sets.LightTcp;
import org.fudp.loop.sets.ResponsiveUdp;
import org.fudp.loop.sets.SetDecisions;
import org.fudp.loop.view.LoopViews;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.MutableClock;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The parts of one loop and how they are wired (the paper's Fig. 2 as objects): FIC's collection and the
 * flow table it writes, the sets' membership, departures, light TCP and decisions, UFC's limits in force,
 * enforcers and fail-open, the views, the hand-over, and the period that runs them in order. The facade
 * drives them; nothing else holds them.
 */
final class LoopParts {

    final MutableClock clock = new MutableClock(0);
    final Map<String, Facility> facilities = new LinkedHashMap<>();
    final SetDecisions decisions;
    final Departures departures = new Departures();
    final LimitsInForce limits = new LimitsInForce();
    final LightTcp light = new LightTcp();
    final FailOpen failOpen = new FailOpen();
    final ResponsiveUdp responsive = new ResponsiveUdp();
    final FlowCollection collection;
    final FlowTable flows;
    final AdjustorBackend adjustors;
    final MeterBackend meters;
    final EnforcementBackend backend;
    final MeterBackend unitMeters;
    final FailOver failOver;
    final LoopViews views;
    final FacilityHandover handover;
    final MeasurementWindows windows;
    final ControlPeriod period;

    LoopParts(LoopSettings settings, NetworkView network, String keyText, long epochMs,
              Function<TrackedFlow, FlowPolicy> policy, Function<TrackedFlow, String> principal) {
        this.decisions = new SetDecisions(principal);
        this.collection = new SampledCollection(settings, network,
                new PerFlowCollection(settings, network, policy, this::forgotten, failOpen::through));
        this.flows = collection.flows();
        this.adjustors = new AdjustorBackend(settings, keyText, epochMs, clock);
        this.meters = new MeterBackend(settings, flows.meteredWhere(TrackedFlow::metered));
        this.failOver = new FailOver(settings, flows);
        this.backend = new EnforcementRouter(adjustors, meters, failOver.meters());
        this.unitMeters = new MeterBackend(settings, collection.units(), MeterBackend.FIRST_UNIT_KEY);
        this.views = new LoopViews(collection, limits, backend, adjustors, decisions, clock, policy, light);
        this.handover = new FacilityHandover(facilities, collection, limits, decisions, adjustors, meters, backend,
                views, light);
        this.windows = new MeasurementWindows(facilities.keySet(), backend, collection);
        this.period = new ControlPeriod(network, collection, facilities.keySet(), decisions, departures, limits,
                light, backend, windows, responsive, unitMeters);
    }

    // The facilities the loop controls now: a removed or changed one's flows are forgotten first.
    void setFacilities(long nowMs, Collection<Facility> next, Actions out) {
        Map<String, Facility> wanted = new LinkedHashMap<>();
        next.forEach(f -> wanted.put(f.id(), f));
        for (Facility old : List.copyOf(facilities.values())) {
            if (!old.sameWiring(wanted.get(old.id()))) {
                collection.forget(old.id(), out);
                facilities.remove(old.id());
            }
        }
        facilities.putAll(wanted);
        views.inCharge(wanted.keySet(), nowMs);
        backend.setFacilities(wanted.values(), nowMs, out);
        unitMeters.setFacilities(wanted.values(), nowMs, out);
        failOver.setFacilities(wanted.values(), nowMs, out);
    }

    // A flow the collection forgot: its limit and its published allocation go too.
    private void forgotten(FiveTuple t, Actions out) {
        limits.remove(t);
        views.forgotten(t, out);
    }
}
