// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.loop.collect.TcpSightings;
import org.fudp.loop.flow.Membership;
import org.fudp.loop.flow.TrackedFlow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The TCP of each correlation flow set that FUDP sees only as light: connections below the join rate that
 * have rules of their own, and what a sampled facility's TCP aggregates carry. A TCP flow that arrives into
 * a bottleneck a UDP flood already fills never reaches the join rate, nor the heavy rate: starved flows are
 * light. Without this, a set whose only TCP arrived after the flood has no TCP member, FUDPA releases every
 * limit ({@code NO_TCP}), and the flood keeps that TCP starved for good. A QUIC flow that arrives into the flood
 * is as light, and would never be tested ({@code ResponsiveUdp}) as it never joins: until its test, a UDP flow
 * below the join rate whose first packet looked like QUIC counts here as a connection.
 * <p>
 * A set's light TCP is one member of the set, by a starved member's rules ({@link Membership}): it joins,
 * starved, when it sends while UDP floods the set ({@link UdpPressure}); it stays while it sends, or while
 * its silence fits a retransmission backoff; it leaves when that no longer holds, or at once when nothing
 * light is left (its connections joined on their own, closed or were forgotten, and the set has no TCP
 * aggregate). While a member it counts as ({@link #flows}):
 * </p>
 * <ul>
 *   <li>one TCP flow per connection the samples show sending steadily ({@link TcpSightings}), but no more
 *       than one per join rate its counters carry in all, so that forged or trickling samples cannot buy
 *       shares that no traffic backs;</li>
 *   <li>and one TCP flow when that gives none and the set has no other TCP member: never {@code NO_TCP}
 *       while TCP is only starved.</li>
 * </ul>
 * All it carries is then in the set's TCP aggregate W, in equal parts per flow.
 */
public final class LightTcp {

    /** A set's light TCP in one period. */
    public static final class Reading {
        /** What it carried since the last period, bit/s. */
        public double bps;
        /** Whether any of it sent within the period. */
        boolean seen;
        /** When any of it last sent, -1 if unknown. */
        long trafficMs = -1;
        /**
         * Connections with rules of their own below the join rate: TCP, and UDP flows whose first packet looked
         * like QUIC, never tested yet.
         */
        public final List<TrackedFlow> connections = new ArrayList<>();
        /** TCP aggregate rules of the set. */
        public int aggregates;
        /** Connections the samples show sending steadily. */
        public int sighted;

        int sources() {
            return connections.size() + aggregates;
        }
    }

    /** What one set's light TCP counts as this period. */
    public static final class Counted {
        public final int flows;
        public final double bps;
        public final boolean starved;
        public final Reading reading;

        Counted(int flows, double bps, boolean starved, Reading reading) {
            this.flows = flows;
            this.bps = bps;
            this.starved = starved;
            this.reading = reading;
        }
    }

    /** A set's light TCP while it is a member. */
    private static final class Group {
        final Membership membership = new Membership(false);
        final long sinceMs;
        /** Whether it had a connection or an aggregate to stand for: a set taken over may not have one yet. */
        boolean hadSources;
        /** Counted on from a set taken over, until its first period shows whether a member has TCP. */
        boolean resumed;

        Group(long sinceMs) {
            this.sinceMs = sinceMs;
            membership.arriveStarved(sinceMs);
        }
    }

    private static final Reading NONE = new Reading();

    private final Map<String, Group> members = new HashMap<>();
    private final Map<String, Counted> counted = new HashMap<>();

    /**
     * Tells whether a set's light TCP was a member after the last period: TCP the set's flood test must see.
     *
     * @param cfsId the set
     * @return true if so
     */
    boolean member(String cfsId) {
        return members.containsKey(cfsId);
    }

    /**
     * Judges every set's light TCP for this period.
     *
     * @param nowMs the period's time
     * @param periodMs the control period
     * @param readings each set's light TCP; a set without any is absent
     * @param floods whether UDP floods each set
     * @param tcpMembers whether each set has a TCP or responsive UDP member besides its light TCP
     */
    void judge(long nowMs, long periodMs, Map<String, Reading> readings, Map<String, Boolean> floods,
               Map<String, Boolean> tcpMembers) {
        counted.clear();
        Set<String> ids = new LinkedHashSet<>(members.keySet());
        ids.addAll(readings.keySet());
        for (String id : ids) {
            Reading r = readings.getOrDefault(id, NONE);
            boolean flooded = floods.getOrDefault(id, false);
            Group g = members.get(id);
            if (g == null) {
                if (!flooded || !r.seen) {
                    continue;
                }
                g = new Group(nowMs);
                members.put(id, g);
            } else if (r.sources() == 0 && g.hadSources || g.resumed && tcpMembers.getOrDefault(id, false)) {
                // Nothing light is left to wait for (its connections joined, closed or were forgotten), or a
                // set taken over shows its TCP in members.
                members.remove(id);
                continue;
            } else {
                // Light TCP that never sent anything the switch counted is silent since it was counted.
                long silentMs = Math.max(0, nowMs - Math.max(r.trafficMs, g.sinceMs));
                if (!g.membership.update(true, r.bps, 0, flooded,
                        new Membership.Silence(silentMs, nowMs, periodMs, periodMs))) {
                    members.remove(id);
                    continue;
                }
            }
            g.hadSources |= r.sources() > 0;
            g.resumed = false;
            int flows = Math.min(r.sighted, Math.max(1, (int) (r.bps / Membership.JOIN_BPS)));
            if (flows == 0 && !tcpMembers.getOrDefault(id, false)) {
                flows = 1;
            }
            counted.put(id, new Counted(flows, r.bps, g.membership.starved(), r));
        }
    }

    /**
     * Returns what a set's light TCP counts as this period.
     *
     * @param cfsId the set
     * @return it, null when the set's light TCP is no member
     */
    public Counted counted(String cfsId) {
        return counted.get(cfsId);
    }

    /**
     * Counts a set's light TCP as a starved member from now, for a set whose UDP another controller instance
     * held for its TCP: that TCP may be light here, and taking it for gone would release the limits.
     *
     * @param cfsId the set
     * @param nowMs the time
     */
    public void resume(String cfsId, long nowMs) {
        members.computeIfAbsent(cfsId, k -> new Group(nowMs)).resumed = true;
    }

    /**
     * Forgets every set's light TCP (the loop stops).
     */
    public void clear() {
        members.clear();
        counted.clear();
    }
}
