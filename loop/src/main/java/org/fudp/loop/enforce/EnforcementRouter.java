package org.fudp.loop.enforce;

import org.fudp.loop.api.Actions;
import org.fudp.loop.api.AgentState;
import org.fudp.loop.api.Facility;
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
 * meters ({@link Facility#enforcement()}).
 */
public final class EnforcementRouter implements EnforcementBackend {

    private final AdjustorBackend adjustors;
    private final MeterBackend meters;
    private final Map<String, EnforcementBackend> byFacility = new HashMap<>();

    public EnforcementRouter(AdjustorBackend adjustors, MeterBackend meters) {
        this.adjustors = adjustors;
        this.meters = meters;
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
        return of(facilityId).inForceBps(facilityId, flow);
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
        return of(facilityId).refusal(facilityId, flow);
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
