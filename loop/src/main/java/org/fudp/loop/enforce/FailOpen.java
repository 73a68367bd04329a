// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.flow.FlowTable;
import org.fudp.loop.flow.TrackedFlow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fail open: a facility's UDP flows go through its adjustor only while the adjustor can hold a limit, and
 * straight on, as TCP flows do, while it cannot. An adjustor agent that was never heard from, is down or was
 * stopped (its bridge may be gone, and with it every UDP flow steered into it), and a loop that enforces
 * nothing (disabled, dry run), hold no limit; steering UDP into the adjustor then only risks it. A facility is
 * steered into its adjustor again once its agent is up and has acknowledged the state the loop wants it to
 * hold, so that the limits apply before the traffic comes back; once steered, an agent that is up keeps it so
 * while it applies each new state. Each change is a rule modified in place, so every counter goes on.
 * <p>
 * A facility taken over from another controller instance is steered as the instance before left it, until
 * this loop has waited a heartbeat timeout for its agent: the agent holds its limits through the hand-over,
 * and a needless detour and return would cost its flows a reordering each.
 * </p>
 */
public final class FailOpen {

    /** Per adjustor facility: whether its UDP flows go through the adjustor, until when a take-over's grace lasts. */
    private static final class Steering {
        boolean through;
        long graceUntilMs;
        /** Taken over: the switch's rules are as the instance before left them, which this loop cannot know. */
        boolean resync;
    }

    private final Map<String, Steering> facilities = new HashMap<>();

    /**
     * Tells whether a facility's UDP flows go through its adjustor now.
     *
     * @param facilityId the facility
     * @return true if so; a facility not judged yet is not
     */
    public boolean through(String facilityId) {
        Steering s = facilities.get(facilityId);
        return s != null && s.through;
    }

    /**
     * Notes a facility taken over: it stays steered as it was for a heartbeat timeout.
     *
     * @param facilityId the facility
     * @param nowMs the time
     * @param settings the settings in force
     */
    public void tookOver(String facilityId, long nowMs, LoopSettings settings) {
        Steering s = new Steering();
        s.through = true;
        s.graceUntilMs = nowMs + settings.heartbeatTimeoutMs();
        s.resync = true;
        facilities.put(facilityId, s);
    }

    /**
     * Judges every adjustor facility again and steers the flows of those whose verdict changed.
     *
     * @param nowMs the time
     * @param all the facilities in force
     * @param settings the settings in force
     * @param backend the enforcers
     * @param flows the flows
     * @param out where the rules modified and the notices go
     */
    public void update(long nowMs, Map<String, Facility> all, LoopSettings settings, EnforcementBackend backend,
                FlowTable flows, Actions out) {
        facilities.keySet().retainAll(all.keySet());
        for (Facility f : all.values()) {
            if (f.enforcement() != Facility.Enforcement.ADJUSTOR) {
                continue;
            }
            Steering s = facilities.computeIfAbsent(f.id(), k -> new Steering());
            boolean up = backend.isUp(f.id()) || nowMs < s.graceUntilMs;
            // HOLD: the operator's choice that UDP waits in a dead adjustor rather than passing it unlimited.
            boolean hold = f.whenAdjustorDown() == Facility.WhenAdjustorDown.HOLD;
            boolean through = settings.enabled() && settings.enforce()
                    && (hold || up && (s.through || backend.desiredAcknowledged(f.id())));
            if (through != s.through) {
                s.through = through;
                s.graceUntilMs = 0;
                steer(f.id(), through, flows, out, why(f.id(), settings, backend), FailOver.holds(f, settings)
                        ? "each held at its limit by a meter where the switch has meters" : "unlimited");
            } else if (through) {
                bypass(f.id(), flows, out);
            }
            if (s.resync) {
                // The rules taken over are the host's now: each gets this loop's way out, whatever it had.
                s.resync = false;
                for (TrackedFlow t : flows.at(f.id())) {
                    if (t.viaAdjustor()) {
                        out.modifyRule(t.mainRule());
                    }
                }
            }
        }
    }

    private static void steer(String facilityId, boolean through, FlowTable flows, Actions out, String why,
                              String straightOn) {
        List<TrackedFlow> moved = new ArrayList<>();
        for (TrackedFlow t : flows.at(facilityId)) {
            t.steer(through && !t.bypasses()).ifPresent(rule -> {
                out.modifyRule(rule);
                moved.add(t);
            });
        }
        if (why != null) {
            String what = moved.size() + " UDP flow(s) of " + facilityId;
            if (through) {
                out.info("Adjustor at " + facilityId + " holds the limits: " + what + " steered through it again");
            } else {
                out.warn("Adjustor at " + facilityId + " cannot hold a limit (" + why + "): " + what
                        + " forwarded straight on, " + straightOn + ", until it can");
            }
        }
    }

    // A flow that responds to congestion has no limit to be held at: it goes straight on, past the adjustor,
    // and back through it when a test is to hold it.
    private static void bypass(String facilityId, FlowTable flows, Actions out) {
        for (TrackedFlow t : flows.at(facilityId)) {
            t.steer(!t.bypasses()).ifPresent(out::modifyRule);
        }
    }

    private static String why(String facilityId, LoopSettings settings, EnforcementBackend backend) {
        if (!settings.enabled()) {
            return "FUDP is disabled";
        }
        if (!settings.enforce()) {
            return "dry run";
        }
        return backend.view(facilityId).map(a -> "its agent is " + a.status()
                + (a.reason().isEmpty() ? "" : ": " + a.reason())).orElse("its agent is not up");
    }

    /**
     * Counts a facility's flows that go straight on, unlimited, because its adjustor cannot hold a limit.
     *
     * @param facilityId the facility
     * @param flows the flows
     * @return how many
     */
    public static int failedOpen(String facilityId, FlowTable flows) {
        int n = 0;
        for (TrackedFlow t : flows.at(facilityId)) {
            n += t.failedOpen() && !t.failedOver() ? 1 : 0;
        }
        return n;
    }
}
