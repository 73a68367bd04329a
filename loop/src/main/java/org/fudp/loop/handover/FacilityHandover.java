// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.handover;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.checkpoints.FlowCheckpoint;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.collect.FlowCollection;
import org.fudp.loop.enforce.AdjustorBackend;
import org.fudp.loop.enforce.EnforcementBackend;
import org.fudp.loop.enforce.LimitsInForce;
import org.fudp.loop.enforce.MeterBackend;
import org.fudp.loop.flow.FlowTable;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.sets.LightTcp;
import org.fudp.loop.sets.SetDecisions;
import org.fudp.loop.view.LoopViews;
import org.fudp.algorithm.ControllerState;
import org.fudp.protocol.FlowLimit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A facility moving between the controller instances of a cluster: the checkpoint one instance
 * leaves, taking the facility over from it, and handing it over. The switch's rules and the
 * adjustor's limits stay in force throughout, so that the traffic sees no gap while the facility
 * changes hands: the next instance adopts the rules rather than installing them again, resumes the
 * sets' predictions rather than learning them anew, and outbids the previous instance's epoch with
 * the very limits the adjustor already holds.
 */
public final class FacilityHandover {

    private final Map<String, Facility> facilities;
    private final FlowCollection collection;
    private final FlowTable flows;
    private final LimitsInForce limits;
    private final SetDecisions decisions;
    private final AdjustorBackend adjustors;
    private final MeterBackend meters;
    private final EnforcementBackend backend;
    private final LoopViews views;
    private final LightTcp light;

    /**
     * Creates the hand-over of a loop's facilities.
     *
     * @param facilities the facilities the loop controls; taking over and handing over change them
     * @param collection the loop's flow collection, and through it its flows
     * @param limits the limits the loop decided
     * @param decisions FUDPA per set, whose predictions a checkpoint carries
     * @param adjustors the adjustors' side, for the epoch the loop controls under
     * @param meters the meters' side, which inherits the meters of a metered facility taken over
     * @param backend the enforcers
     * @param views the views, which learn since when the loop controls a facility
     * @param light the sets' light TCP, counted on in a set whose UDP was held
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public FacilityHandover(Map<String, Facility> facilities, FlowCollection collection, LimitsInForce limits,
                     SetDecisions decisions, AdjustorBackend adjustors, MeterBackend meters,
                     EnforcementBackend backend, LoopViews views, LightTcp light) {
        this.facilities = facilities;
        this.collection = collection;
        this.flows = collection.flows();
        this.limits = limits;
        this.decisions = decisions;
        this.adjustors = adjustors;
        this.meters = meters;
        this.backend = backend;
        this.views = views;
        this.light = light;
    }

    /**
     * Returns where the loop is with a facility.
     *
     * @param facilityId the facility
     * @param asOfMs the loop's time, that of its last event
     * @return the checkpoint, empty if the loop does not control the facility
     */
    public Optional<FacilityCheckpoint> checkpoint(String facilityId, long asOfMs) {
        if (!facilities.containsKey(facilityId)) {
            return Optional.empty();
        }
        List<FlowCheckpoint> fs = new ArrayList<>();
        Map<String, ControllerState> sets = new LinkedHashMap<>();
        for (TrackedFlow f : flows.at(facilityId)) {
            FlowLimit l = limits.get(f.tuple());
            fs.add(new FlowCheckpoint(f.tuple(), f.onwardPort(), f.shaped(), f.sinceMs(),
                    l == null ? 0 : l.rateBps(), l == null ? 0 : l.burstBytes(), limits.cfsOf(f.tuple()),
                    !f.cfsId().isEmpty(), f.dscp(), f.remarked()).withResponsiveness(f.responsiveness().checkpoint()));
            for (String id : List.of(f.cfsId(), f.lastCfsId())) {
                // Once per set: a set's state copies its allocations, so once per member would be quadratic.
                ControllerState state = sets.containsKey(id) ? null : decisions.state(id);
                if (state != null) {
                    sets.put(id, state);
                }
            }
        }
        return Optional.of(new FacilityCheckpoint(facilityId, adjustors.channel().epoch(), asOfMs, fs, sets));
    }

    /**
     * Takes a facility over from the checkpoint another instance left; nothing if the loop controls
     * it already.
     *
     * @param nowMs the time
     * @param facility the facility, as configured
     * @param c where the previous instance left it; null if it left nothing (a new facility)
     * @param settings the tunables in force
     * @param lastPeriodMs when the loop's last period ran, for the views
     * @param out what to do
     */
    public void adopt(long nowMs, Facility facility, FacilityCheckpoint c, LoopSettings settings, long lastPeriodMs,
               Actions out) {
        if (facilities.containsKey(facility.id())) {
            return;
        }
        if (c != null && adjustors.channel().epoch() <= c.epoch()) {
            // The agent orders controllers by epoch: ours must be newer than the one it obeyed.
            adjustors.renew(nowMs, adjustors.keyText(), c.epoch(), out);
        }
        facilities.put(facility.id(), facility);
        views.tookOver(facility.id(), nowMs);
        backend.setFacilities(facilities.values(), nowMs, out);
        if (c != null) {
            for (FlowCheckpoint fc : c.flows()) {
                if (collection.adopt(facility, fc, out) != null && fc.limitBps() > 0) {
                    limits.restore(new FlowLimit(fc.flow(), fc.limitBps(), fc.burstBytes()), fc.cfsId());
                }
            }
            c.sets().forEach((id, state) -> {
                decisions.resume(id, settings.fudpa(), state);
                if (!state.allocations().isEmpty()) {
                    // Its UDP was held for TCP that may be light here: do not take that TCP for gone.
                    light.resume(id, nowMs);
                }
            });
            out.info("Took over facility " + facility.id() + ": " + c.flows().size() + " flows, "
                    + c.sets().size() + " sets, from epoch " + c.epoch());
        }
        if (c != null && facility.enforcement() == Facility.Enforcement.METER) {
            meters.inherit(facility.id(), limits.of(flows.at(facility.id())));
        }
        backend.setDesired(facility.id(), settings.enforce() ? limits.of(flows.at(facility.id())) : List.of());
        if (c != null) {
            // The limits go out now; without any, the agent's next heartbeat brings a snapshot.
            backend.tick(nowMs, out);
        }
        views.publishAllocations(facility.id(), settings, lastPeriodMs, out);
    }

    /**
     * Stops controlling a facility that another instance takes over; nothing if the loop does not
     * control it.
     *
     * @param facilityId the facility
     * @param out what to do
     */
    public void handOver(String facilityId, Actions out) {
        if (facilities.remove(facilityId) == null) {
            return;
        }
        List<TrackedFlow> handed = collection.handOver(facilityId, out);
        handed.forEach(f -> limits.remove(f.tuple()));
        views.handedOver(facilityId, handed);
        backend.handOver(facilityId);
        out.info("Handed facility " + facilityId + " over");
    }
}
