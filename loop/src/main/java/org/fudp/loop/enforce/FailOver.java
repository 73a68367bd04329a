// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.flow.FlowTable;
import org.fudp.loop.flow.TrackedFlow;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Fail over: while an adjustor facility's agent cannot hold its limits and its UDP flows go straight on
 * ({@link FailOpen}), a facility whose policy is {@link Facility.WhenAdjustorDown#METERS} holds each of them at its
 * limit with a meter on the rule that now sends it straight on. The meters go once the flows are steered through the
 * adjustor again: steering it back rewrites the rule without its meter, and the meter goes after. A flow whose meter
 * the switch refuses goes straight on unlimited, as fail open has it, and is asked for again after the meters'
 * back-off.
 */
public final class FailOver {

    /** The first key of the fail-over meters: below the units' ({@link MeterBackend#FIRST_UNIT_KEY}). */
    public static final long FIRST_KEY = 1L << 29;

    private final MeterBackend meters;
    private final FlowTable flows;

    /**
     * Creates the fail-over of a loop's flows.
     *
     * @param settings the tunables
     * @param flows the flow table
     */
    public FailOver(LoopSettings settings, FlowTable flows) {
        this.flows = flows;
        this.meters = new MeterBackend(settings, flows.meteredWhere(TrackedFlow::failedOpen), FIRST_KEY);
    }

    /**
     * Returns the meters that hold the flows of adjustor facilities whose agent is down.
     *
     * @return the backend
     */
    public MeterBackend meters() {
        return meters;
    }

    /**
     * Tells whether meters hold a facility's flows while its adjustor cannot: its policy says so, and FUDP enforces.
     *
     * @param f the facility
     * @param settings the settings in force
     * @return true if so
     */
    static boolean holds(Facility f, LoopSettings settings) {
        return f.whenAdjustorDown() == Facility.WhenAdjustorDown.METERS && settings.enabled() && settings.enforce();
    }

    /**
     * Asks for a meter at its limit for each flow that goes straight on because its adjustor cannot hold a limit, at
     * each facility whose policy says so, and for none elsewhere.
     *
     * @param nowMs the time
     * @param all the facilities in force
     * @param settings the settings in force
     * @param limits the limits in force
     * @param out where the meters and the rules modified go
     */
    public void update(long nowMs, Map<String, Facility> all, LoopSettings settings, LimitsInForce limits,
                       Actions out) {
        for (Facility f : all.values()) {
            if (f.enforcement() != Facility.Enforcement.ADJUSTOR) {
                continue;
            }
            List<TrackedFlow> open = new ArrayList<>();
            if (holds(f, settings)) {
                for (TrackedFlow t : flows.at(f.id())) {
                    if (t.failedOpen()) {
                        open.add(t);
                    }
                }
            }
            meters.setDesired(f.id(), limits.of(open));
        }
        meters.tick(nowMs, out);
    }

    /**
     * Sets the adjustor facilities whose flows may fail over.
     *
     * @param facilities the facilities in force
     * @param nowMs the time
     * @param out where the meters of facilities that are gone go
     */
    public void setFacilities(Collection<Facility> facilities, long nowMs, Actions out) {
        List<Facility> adjustors = new ArrayList<>();
        for (Facility f : facilities) {
            if (f.enforcement() == Facility.Enforcement.ADJUSTOR) {
                adjustors.add(f);
            }
        }
        meters.setFacilities(adjustors, nowMs, out);
    }
}
