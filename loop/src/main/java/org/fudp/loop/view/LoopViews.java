// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.view;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.collect.FlowCollection;
import org.fudp.loop.enforce.AdjustorBackend;
import org.fudp.loop.enforce.EnforcementBackend;
import org.fudp.loop.enforce.FailOpen;
import org.fudp.loop.enforce.LimitsInForce;
import org.fudp.loop.flow.FlowTable;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.sets.LightTcp;
import org.fudp.loop.sets.SetDecisions;
import org.fudp.loop.sets.SetMembership;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The views REST, CLI and GUI show of the loop (flows, allocations, correlation flow sets,
 * facilities), published into the {@link Actions} each period and again between periods when an
 * enforcer's word changes what is in force. The host keeps views until told they are gone, so what
 * was published last is remembered here: a set or an allocation that disappears is withdrawn
 * rather than left stale, and a set can be shown again between periods without a new membership.
 */
public final class LoopViews {

    private final FlowTable flows;
    private final FlowCollection collection;
    private final LimitsInForce limits;
    private final EnforcementBackend backend;
    private final AdjustorBackend adjustors;
    private final SetDecisions decisions;
    private final Clock clock;
    private final Function<TrackedFlow, FlowPolicy> policy;
    private final SetViews sets;
    private final Set<FiveTuple> publishedAllocations = new HashSet<>();
    /** Since when this loop controls each facility. */
    private final Map<String, Long> controllingSince = new HashMap<>();
    private String controller = "";
    private Map<String, CfsAssignment> lastGroups = new LinkedHashMap<>();
    private Map<String, List<TrackedFlow>> lastMembers = new LinkedHashMap<>();
    private Map<String, Boolean> lastFloods = new LinkedHashMap<>();

    /**
     * Creates the views of a loop.
     *
     * @param collection the loop's flow collection, and through it its flows
     * @param limits the limits the loop decided
     * @param backend the enforcers, for what is in force
     * @param adjustors the adjustors' side, for the epoch a facility is controlled under
     * @param decisions FUDPA per set, for which sets the period changed
     * @param clock the loop's clock, set to each event's time
     * @param policy each flow's policy under the traffic classes in force
     * @param light the sets' light TCP
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public LoopViews(FlowCollection collection, LimitsInForce limits, EnforcementBackend backend,
              AdjustorBackend adjustors, SetDecisions decisions, Clock clock,
              Function<TrackedFlow, FlowPolicy> policy, LightTcp light) {
        this.flows = collection.flows();
        this.collection = collection;
        this.limits = limits;
        this.backend = backend;
        this.adjustors = adjustors;
        this.decisions = decisions;
        this.clock = clock;
        this.policy = policy;
        this.sets = new SetViews(limits, backend, decisions, light);
    }

    // ---------------------------------------------------------------- who is in charge

    /**
     * Names the controller instance the loop runs in.
     *
     * @param controller e.g. the ONOS node id
     */
    public void setController(String controller) {
        this.controller = controller;
    }

    /**
     * Notes the facilities in force; one not seen before is controlled from now.
     *
     * @param facilityIds the facilities
     * @param nowMs the time
     */
    public void inCharge(Collection<String> facilityIds, long nowMs) {
        controllingSince.keySet().retainAll(facilityIds);
        facilityIds.forEach(id -> controllingSince.putIfAbsent(id, nowMs));
    }

    /**
     * Notes that the loop took a facility over from another controller instance.
     *
     * @param facilityId the facility
     * @param nowMs the time
     */
    public void tookOver(String facilityId, long nowMs) {
        controllingSince.put(facilityId, nowMs);
    }

    /**
     * Forgets a facility handed over to another controller instance. Nothing is withdrawn: its views
     * are the next controller's to keep.
     *
     * @param facilityId the facility
     * @param facilityFlows its flows
     */
    public void handedOver(String facilityId, Collection<TrackedFlow> facilityFlows) {
        controllingSince.remove(facilityId);
        facilityFlows.forEach(f -> publishedAllocations.remove(f.tuple()));
    }

    /**
     * Withdraws the allocation of a flow the collection forgot.
     *
     * @param t the flow
     * @param out where the withdrawal goes
     */
    public void forgotten(FiveTuple t, Actions out) {
        if (publishedAllocations.remove(t)) {
            out.allocationGone(t);
        }
    }

    // ---------------------------------------------------------------- publishing

    /**
     * Publishes a period's views: every flow, allocation, facility and set, with their history
     * samples, and withdraws the sets and allocations the period ended.
     *
     * @param nowMs the period's time
     * @param facilityIds the facilities in force
     * @param period the period's sets, their members and floods
     * @param settings the tunables in force
     * @param out where the views go
     */
    public void publish(long nowMs, Collection<String> facilityIds, SetMembership period, LoopSettings settings,
                 Actions out) {
        Map<String, CfsAssignment> groups = period.groups;
        Map<String, List<TrackedFlow>> members = period.members;
        Set<String> gone = new LinkedHashSet<>(lastGroups.keySet());
        gone.removeAll(groups.keySet());
        gone.forEach(out::cfsGone);
        sets.retain(groups.keySet());
        lastGroups = groups;
        lastMembers = members;
        lastFloods = period.floods;
        for (TrackedFlow f : flows.all()) {
            FlowRecord v = f.view(nowMs, limitBps(f.tuple()), policy.apply(f));
            out.putFlow(v);
            out.addFlowSample(f.tuple(), new FlowHistorySample(nowMs, v.demandBps(), v.throughputBps(),
                    v.allocationBps().orElse(-1)));
        }
        Set<FiveTuple> stale = new HashSet<>(publishedAllocations);
        for (FlowLimit l : limits.all()) {
            stale.remove(l.flow());
        }
        for (FiveTuple t : stale) {
            publishedAllocations.remove(t);
            out.allocationGone(t);
        }
        for (String id : facilityIds) {
            publishFacility(id, settings, nowMs, out);
        }
        for (Map.Entry<String, List<TrackedFlow>> e : members.entrySet()) {
            CorrelationFlowSet v = sets.view(nowMs, groups.get(e.getKey()), e.getValue(),
                    lastFloods.getOrDefault(e.getKey(), false), settings);
            out.putCfs(v);
            out.addCfsSample(v.id(), new CfsSample(nowMs, v.tcpThroughputBps(), v.udpThroughputBps(),
                    v.udpDemandBps(), v.jainIndex(), v.state()));
        }
    }

    private long limitBps(FiveTuple t) {
        FlowLimit l = limits.get(t);
        return l == null ? -1 : l.rateBps();
    }

    /**
     * Publishes a facility's allocations, its enforcer's view and its own.
     *
     * @param facilityId the facility
     * @param settings the tunables in force
     * @param periodMs when the allocations were decided: the last period's time
     * @param out where the views go
     */
    public void publishFacility(String facilityId, LoopSettings settings, long periodMs, Actions out) {
        publishAllocations(facilityId, settings, periodMs, out);
        backend.view(facilityId).ifPresent(out::putAgent);
        out.putFacility(collection.view(facilityId, clock.millis()).inCharge(controller,
                controllingSince.getOrDefault(facilityId, 0L), adjustors.channel().epoch())
                .withFailedOpen(FailOpen.failedOpen(facilityId, flows)));
    }

    /**
     * Publishes the allocations of a facility's flows, with whether its enforcer has them.
     *
     * @param facilityId the facility
     * @param settings the tunables in force
     * @param periodMs when the allocations were decided: the last period's time
     * @param out where the views go
     */
    public void publishAllocations(String facilityId, LoopSettings settings, long periodMs, Actions out) {
        boolean enforce = settings.enforce();
        long seq = enforce ? backend.sentDesiredId(facilityId) : 0;
        boolean acked = seq > 0 && backend.desiredAcknowledged(facilityId);
        for (TrackedFlow f : flows.at(facilityId)) {
            FlowLimit l = limits.get(f.tuple());
            if (l != null) {
                publishedAllocations.add(f.tuple());
                AllocationState a = new AllocationState(f.tuple(), facilityId, limits.cfsOf(f.tuple()), l.rateBps(),
                        seq, periodMs, acked, !enforce);
                out.putAllocation(enforce ? a.refused(backend.refusal(facilityId, f.tuple()).orElse("")) : a);
            }
        }
    }

    /**
     * Publishes the last period's sets again, as an enforcer's word between periods may have
     * changed their state; members forgotten since are left out.
     *
     * @param settings the tunables in force
     * @param out where the views go
     */
    public void republishSets(LoopSettings settings, Actions out) {
        for (Map.Entry<String, List<TrackedFlow>> e : lastMembers.entrySet()) {
            List<TrackedFlow> current = new ArrayList<>();
            for (TrackedFlow f : e.getValue()) {
                if (flows.get(f.tuple()) == f) {
                    current.add(f);
                }
            }
            if (!current.isEmpty()) {
                // The flood of the last period is in front of TCP still unless every UDP flow's limit is now in force.
                boolean floods = lastFloods.getOrDefault(e.getKey(), false) && current.stream()
                        .anyMatch(f -> f.isUdp() && backend.inForceBps(f.facilityId(), f.tuple()).isEmpty());
                out.putCfs(sets.view(clock.millis(), lastGroups.get(e.getKey()), current, floods, settings));
            }
        }
    }
}
