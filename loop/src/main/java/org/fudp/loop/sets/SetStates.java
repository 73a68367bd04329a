// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.enforce.EnforcementBackend;
import org.fudp.loop.enforce.LimitsInForce;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.flow.UdpUnit;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Each set's control state as REST, CLI and GUI show it, from what the enforcers say is in force,
 * never from what the loop wishes: a set whose limits are not all in force is not shown fair.
 */
public final class SetStates {

    /** A state and why. */
    public static final class Judged {
        private final CfsState state;
        private final String reason;

        Judged(CfsState state, String reason) {
            this.state = state;
            this.reason = reason;
        }

        /**
         * Returns the set's state.
         *
         * @return the state
         */
        public CfsState state() {
            return state;
        }

        /**
         * Returns why the set is in that state.
         *
         * @return the reason, empty when nothing needs saying
         */
        public String reason() {
            return reason;
        }
    }

    /** Since when each set has had a limit not in force. */
    private final Map<String, Long> pendingSince = new HashMap<>();

    /**
     * Judges a set's state now.
     *
     * @param nowMs the time
     * @param cfsId the set
     * @param members its members
     * @param limits the limits the loop decided
     * @param backend the enforcers
     * @param changed whether this period changed the set's allocations
     * @param unfair why its TCP is denied its share by UDP no limit in force holds (starved behind a flood,
     *        below its floor): never fair; "" when it is not
     * @param units its UDP units, those not measured yet among them
     * @param settings the settings in force
     * @return its state and why
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public Judged judge(long nowMs, String cfsId, List<TrackedFlow> members, LimitsInForce limits,
                 EnforcementBackend backend, boolean changed, String unfair, List<UdpUnit> units,
                 LoopSettings settings) {
        boolean udp = !units.isEmpty();
        String missingAgent = null;
        String pending = null;
        for (UdpUnit u : units) {
            if (!u.isMeasured()) {
                // Taken into one rule a moment ago: until its counter is read nothing says how much it carries.
                pendingSince.remove(cfsId);
                return new Judged(CfsState.ADJUSTING, u + " is counted and limited as one flow from now on; its "
                        + "rule's counter is not read yet");
            }
            if (pending == null && settings.enforce() && u.limitBps() > 0 && u.meteredBps() != u.limitBps()) {
                pending = "the meter of " + u + " (a unit) at " + u.limitBps() / 1000 + " kbit/s is not on the switch "
                        + "yet; it runs " + (u.meteredBps() > 0 ? "held at " + u.meteredBps() / 1000 + " kbit/s"
                        : "unlimited");
            }
        }
        for (TrackedFlow f : members) {
            if (!f.isUdp()) {
                continue;
            }
            udp = true;
            if (!backend.isUp(f.facilityId()) && !f.failedOver()) {
                // A flow that a fail-over meter holds is limited all the same: its limit in force is the meter's.
                missingAgent = backend.view(f.facilityId()).map(AgentState::reason).orElse("");
                missingAgent = "the adjustor agent at " + f.facilityId() + " is not up"
                        + (missingAgent.isEmpty() ? "" : ": " + missingAgent);
                continue;
            }
            FlowLimit l = limits.get(f.tuple());
            if (pending == null && settings.enforce() && l != null) {
                pending = notInForce(f, l, backend);
            }
        }
        if (!udp && unfair.isEmpty()) {
            // UDP that only a TCP aggregate's counters show is no member, but can starve TCP all the same.
            pendingSince.remove(cfsId);
            return new Judged(CfsState.NO_UDP, "");
        }
        if (missingAgent != null) {
            return new Judged(CfsState.NO_AGENT, missingAgent);
        }
        if (pending == null && !unfair.isEmpty()) {
            // FUDPA found nothing to limit, or the limits are not enforced: the flood is in front of TCP all the same.
            pending = (settings.enforce() ? "" : "dry run: no limit is enforced; ") + unfair;
            if (changed) {
                return new Judged(CfsState.ADJUSTING, pending);
            }
        }
        if (pending == null) {
            pendingSince.remove(cfsId);
            // A reallocation that gives every flow what it already has (UDP below the band because it
            // wants no more) is a steady state, not an adjustment.
            return new Judged(changed ? CfsState.ADJUSTING : CfsState.FAIR,
                    settings.enforce() ? "" : "dry run: no limit is enforced");
        }
        long since = pendingSince.computeIfAbsent(cfsId, k -> nowMs);
        if (nowMs - since < settings.periodMs()) {
            return new Judged(CfsState.ADJUSTING, pending);
        }
        return new Judged(CfsState.NOT_ENFORCED, pending + " (for " + (nowMs - since) / 1000 + " s)");
    }

    // Why a flow's decided limit is not in force, null if it is.
    private static String notInForce(TrackedFlow f, FlowLimit l, EnforcementBackend backend) {
        OptionalLong held = backend.inForceBps(f.facilityId(), f.tuple());
        if (held.isPresent() && held.getAsLong() == l.rateBps()) {
            return null;
        }
        FiveTuple t = f.tuple();
        String refused = backend.refusal(f.facilityId(), t).orElse("");
        if (!refused.isEmpty()) {
            return "the limit of " + t + " is refused: " + refused;
        }
        String now = held.isPresent() ? "held at " + held.getAsLong() / 1000 + " kbit/s" : "unlimited";
        return f.metered() ? "the meter of " + t + " at " + l.rateBps() / 1000 + " kbit/s is not on the switch yet; "
                + "it runs " + now
                : "the agent at " + f.facilityId() + " has not acknowledged the limit of " + t + " at "
                + l.rateBps() / 1000 + " kbit/s; it runs " + now;
    }

    /**
     * Forgets the sets that are gone.
     *
     * @param sets the sets that remain
     */
    public void retain(Set<String> sets) {
        pendingSince.keySet().retainAll(sets);
    }
}
