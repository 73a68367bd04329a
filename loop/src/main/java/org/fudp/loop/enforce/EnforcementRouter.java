// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.settings.Facility;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * Each facility's limits to the backend its enforcement names: the adjustor's or the switch's
 * meters ({@link Facility#enforcement()}). A limit is in force at an adjustor facility when its agent
 * holds it, or, while the agent cannot, when a fail-over meter does ({@link FailOver}).
 */
public final class EnforcementRouter implements EnforcementBackend {

    private final AdjustorBackend adjustors;
    private final MeterBackend meters;
    private final MeterBackend failover;
    private final Map<String, EnforcementBackend> byFacility = new HashMap<>();

    /**
     * Routes the limits of adjustor and metered facilities.
     *
     * @param adjustors the adjustor facilities' backend
     * @param meters the metered facilities' backend
     * @param failover the meters that hold adjustor facilities' flows while their agent cannot
     */
    public EnforcementRouter(AdjustorBackend adjustors, MeterBackend meters, MeterBackend failover) {
        this.adjustors = adjustors;
        this.meters = meters;
        this.failover = failover;
    }

    private EnforcementBackend of(String facilityId) {
        return byFacility.getOrDefault(facilityId, adjustors);
    }

    @Override
    public void setFacilities(Collection<Facility> facilities, long nowMs, Actions out) {
        Map<Facility.Enforcement, List<Facility>> split = facilities.stream()
                .collect(Collectors.groupingBy(Facility::enforcement));
        adjustors.setFacilities(split.getOrDefault(Facility.Enforcement.ADJUSTOR, List.of()), nowMs, out);
        meters.setFacilities(split.getOrDefault(Facility.Enforcement.METER, List.of()), nowMs, out);
        byFacility.clear();
        facilities.forEach(f -> byFacility.put(f.id(),
                f.enforcement() == Facility.Enforcement.METER ? meters : adjustors));
    }

    @Override
    public void setDesired(String facilityId, List<FlowLimit> limits) {
        of(facilityId).setDesired(facilityId, limits);
    }

    @Override
    public boolean tick(long nowMs, Actions out) {
        boolean a = adjustors.tick(nowMs, out);
        return meters.tick(nowMs, out) || a;
    }

    @Override
    public boolean receive(long nowMs, String facilityId, byte[] frame, Actions out) {
        return of(facilityId).receive(nowMs, facilityId, frame, out);
    }

    @Override
    public boolean isUp(String facilityId) {
        return of(facilityId).isUp(facilityId);
    }

    @Override
    public OptionalLong inForceBps(String facilityId, FiveTuple flow) {
        EnforcementBackend b = of(facilityId);
        OptionalLong held = b.inForceBps(facilityId, flow);
        return held.isPresent() || b != adjustors ? held : failover.inForceBps(facilityId, flow);
    }

    @Override
    public long sentDesiredId(String facilityId) {
        return of(facilityId).sentDesiredId(facilityId);
    }

    @Override
    public boolean desiredAcknowledged(String facilityId) {
        return of(facilityId).desiredAcknowledged(facilityId);
    }

    @Override
    public Optional<long[]> rebaseWindow(String facilityId) {
        return of(facilityId).rebaseWindow(facilityId);
    }

    @Override
    public void rebased(String facilityId) {
        of(facilityId).rebased(facilityId);
    }

    @Override
    public Optional<AgentState> view(String facilityId) {
        return of(facilityId).view(facilityId);
    }

    @Override
    public Optional<String> refusal(String facilityId, FiveTuple flow) {
        EnforcementBackend b = of(facilityId);
        Optional<String> refused = b.refusal(facilityId, flow);
        return refused.isPresent() || b != adjustors ? refused : failover.refusal(facilityId, flow);
    }

    @Override
    public void stop(Actions out) {
        adjustors.stop(out);
        meters.stop(out);
    }

    @Override
    public void handOver(String facilityId) {
        of(facilityId).handOver(facilityId);
        byFacility.remove(facilityId);
    }
}
