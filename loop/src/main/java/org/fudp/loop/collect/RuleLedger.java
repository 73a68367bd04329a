// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;

import java.net.InetAddress;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * What flow collection spends of one facility's switch and may spend: its budget, the rules in use, the cap
 * the switch's refusals set, the packet-in token bucket, and the flows it turned away and why
 * (docs/configuration.md, "Budgets").
 */
final class RuleLedger {

    // Learning pauses after a refusal for this many periods doubled per refusal in a row, at most 2^4.
    private static final int MAX_REFUSAL_RUN = 4;
    // A facility without a refusal for this many periods gets its whole budget back.
    private static final int QUIET_PERIODS = 16;

    FlowBudget budget = FlowBudget.DEFAULT;
    int rulesInUse;
    /** Flows that never joined a set, by source: counted again each period, kept up between. */
    final Map<InetAddress, Integer> idleBySource = new HashMap<>();
    /** UDP packet-ins of a set the packet-in budget turned away since the last period, by destination prefix. */
    final Map<AddressPrefix, Integer> turnedAway = new HashMap<>();
    final Map<FacilityState.Skip, Long> skipped = new EnumMap<>(FacilityState.Skip.class);
    long refusals;
    String lastRefusal = "";
    long pausedUntilMs;
    private int cap = Integer.MAX_VALUE;
    private double tokens = -1;
    private long tokensAtMs;
    private long lastRefusalMs = -1;
    private int refusalRun;

    int cap() {
        return Math.min(budget.rules(), cap);
    }

    // The switch took fewer of ours than we asked for, by this one at least: that is the budget until it has
    // room again. Returns for how long learning pauses.
    long refused(long nowMs, String reason, long periodMs) {
        cap = Math.max(1, Math.min(cap(), rulesInUse - 1));
        refusals++;
        lastRefusal = reason;
        lastRefusalMs = nowMs;
        refusalRun = Math.min(refusalRun + 1, MAX_REFUSAL_RUN);
        long pause = periodMs << refusalRun;
        pausedUntilMs = nowMs + pause;
        return pause;
    }

    // Whether learning pauses after the switch refused a rule; past the pause, a facility quiet for long gets
    // its whole budget back, whatever asks for rules (a flow or an aggregate).
    boolean pausedAfterRefusal(long nowMs, long periodMs) {
        if (nowMs < pausedUntilMs) {
            return true;
        }
        if (lastRefusalMs >= 0 && nowMs - lastRefusalMs >= QUIET_PERIODS * periodMs) {
            // Quiet for long: the table has room again as far as anyone can tell.
            cap = Integer.MAX_VALUE;
            refusalRun = 0;
            lastRefusalMs = -1;
        }
        return false;
    }

    boolean takeToken(long nowMs) {
        double rate = budget.packetInsPerS();
        if (tokens < 0) {
            tokens = rate;
        } else {
            tokens = Math.min(rate, tokens + rate * Math.max(0, nowMs - tokensAtMs) / 1000.0);
        }
        tokensAtMs = nowMs;
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }
}
