// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.flow.TrackedFlow;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.Reason;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The limits the adjustors should hold after a period: FUDPA's allocations of the period, plus
 * the limits of UDP flows that paused. A UDP flow in its OFF time drops out of its set and FUDPA
 * forgets its allocation; it keeps the limit it had until its rules idle out, and also when it
 * comes back, until FUDPA reallocates its set or lifts all limits there (NO_TCP), so that its next
 * burst starts limited.
 */
public final class LimitsInForce {

    private Map<FiveTuple, FlowLimit> limits = new LinkedHashMap<>();
    private final Map<FiveTuple, String> cfsOf = new LinkedHashMap<>();

    /**
     * Computes the limits after a period.
     *
     * @param allocations this period's allocations by flow, bit/s
     * @param decisions this period's decisions by CFS id
     * @param flows every tracked flow
     */
    public void update(Map<FiveTuple, Long> allocations, Map<String, Decision> decisions,
                       Collection<TrackedFlow> flows) {
        Map<FiveTuple, FlowLimit> next = new LinkedHashMap<>();
        for (TrackedFlow f : flows) {
            Long bps = allocations.get(f.tuple());
            FlowLimit kept = limits.get(f.tuple());
            if (bps != null) {
                next.put(f.tuple(), new FlowLimit(f.tuple(), bps, BurstPolicy.burstBytes(bps)));
                cfsOf.put(f.tuple(), f.cfsId());
            } else if (kept != null && f.shaped() && !decided(decisions.get(f.lastCfsId()))) {
                next.put(f.tuple(), kept);
            }
        }
        cfsOf.keySet().retainAll(next.keySet());
        limits = next;
    }

    // Reallocated, or every limit lifted (NO_TCP): a limit it did not give again goes.
    static boolean decided(Decision d) {
        return d != null && (!d.fair() || d.reason() == Reason.NO_TCP);
    }

    /**
     * Releases every limit (control disabled).
     */
    public void clear() {
        limits = new LinkedHashMap<>();
        cfsOf.clear();
    }

    /**
     * Puts back a limit that another controller instance set.
     *
     * @param limit the limit
     * @param cfsId the set that gave it, "" if unknown
     */
    public void restore(FlowLimit limit, String cfsId) {
        limits.put(limit.flow(), limit);
        cfsOf.put(limit.flow(), cfsId);
    }

    /**
     * Forgets a flow's limit (the flow is forgotten).
     *
     * @param flow the flow
     */
    public void remove(FiveTuple flow) {
        limits.remove(flow);
        cfsOf.remove(flow);
    }

    /**
     * Returns a flow's limit.
     *
     * @param flow the flow
     * @return the limit, null if none
     */
    public FlowLimit get(FiveTuple flow) {
        return limits.get(flow);
    }

    /**
     * Returns the set that gave a flow its limit.
     *
     * @param flow the flow
     * @return CFS id, "" if unknown
     */
    public String cfsOf(FiveTuple flow) {
        return cfsOf.getOrDefault(flow, "");
    }

    /**
     * Returns the limits of the flows at one facility.
     *
     * @param flows the facility's flows
     * @return limits
     */
    public List<FlowLimit> of(Collection<TrackedFlow> flows) {
        List<FlowLimit> out = new ArrayList<>();
        for (TrackedFlow f : flows) {
            FlowLimit l = limits.get(f.tuple());
            if (l != null) {
                out.add(l);
            }
        }
        return out;
    }

    public Collection<FlowLimit> all() {
        return limits.values();
    }
}
