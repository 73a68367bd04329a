// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.enforce.EnforcementBackend;
import org.fudp.loop.flow.Membership;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.algorithm.Allocations;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * TCP departures as the sets see them: a TCP flow that ended within the period leaves its set at
 * the period's end when its set can tell an end from a timeout, and what the flows that left a set
 * carried stays in its TCP aggregate ({@code CfsInput#withTcpDepartures}). {@link Membership}
 * judges each flow alone; this needs the flow's set.
 */
public final class Departures {

    /** The TCP flows that left one set this period, and what they carried in it. */
    static final class Departed {
        int flows;
        double bps;
    }

    /** The sets whose last decision found them fair: their limits in force hold TCP's share. */
    private final Set<String> fairSets = new HashSet<>();

    /**
     * Forgets last period's judgements; the decisions of this period follow.
     */
    void newPeriod() {
        fairSets.clear();
    }

    /**
     * Notes how a set was judged this period, for the quiet ends of the next.
     *
     * @param cfsId the set
     * @param fair whether FUDPA found it fair
     */
    void judged(String cfsId, boolean fair) {
        if (fair) {
            fairSets.add(cfsId);
        }
    }

    /**
     * Takes out of a set the TCP flows that fell still before the period's end, when that can only
     * be an end: the set was fair last period, every UDP flow that carried traffic this period was
     * held at a limit in force (so no UDP flood starved TCP into timeouts: a UDP flow that arrived within the
     * period has no limit yet), and another of its TCP flows still moves. A flow starved into
     * timeouts stays, and so does a set's last TCP flow: taking it for gone would lift every limit
     * (NO_TCP) when TCP needs them most.
     *
     * @param cfsId the set
     * @param members its members this period; those that ended are removed
     * @param backend the enforcers, for the limits in force
     */
    void endQuietly(String cfsId, List<TrackedFlow> members, EnforcementBackend backend) {
        if (!fairSets.contains(cfsId)) {
            return;
        }
        List<TrackedFlow> ended = new ArrayList<>();
        boolean tcpMoving = false;
        for (TrackedFlow f : members) {
            if (f.isUdp()) {
                // Exempt flows too: never limited, they may flood as well as any.
                OptionalLong held = backend.inForceBps(f.facilityId(), f.tuple());
                double bps = f.throughputBps();
                if (bps >= Membership.JOIN_BPS && (held.isEmpty() || !Allocations.holds(held.getAsLong(), bps))) {
                    return;
                }
                continue;
            }
            if (f.endedQuietly()) {
                ended.add(f);
            } else {
                tcpMoving = true;
            }
        }
        if (!tcpMoving) {
            return;
        }
        for (TrackedFlow f : ended) {
            f.leave();
            f.assign(null);
            members.remove(f);
        }
    }

    /**
     * Returns, per set that still has members, the TCP flows that left it this period and what they
     * carried in it.
     *
     * @param flows every flow
     * @param sets the sets of this period
     * @return by set id; a set no TCP flow left is absent
     */
    public Map<String, Departed> departed(Collection<TrackedFlow> flows, Map<String, CfsAssignment> sets) {
        Map<String, Departed> out = new HashMap<>();
        for (TrackedFlow f : flows) {
            if (!f.isUdp() && f.departed() && sets.containsKey(f.lastCfsId())) {
                Departed d = out.computeIfAbsent(f.lastCfsId(), k -> new Departed());
                d.flows++;
                d.bps += f.throughputKnown() ? f.throughputBps() : 0;
            }
        }
        return out;
    }
}
