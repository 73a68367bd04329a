// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.enforce.EnforcementBackend;
import org.fudp.loop.flow.FlowTable;
import org.fudp.loop.flow.Membership;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.flow.Unmatched;
import org.fudp.protocol.FiveTuple;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * This period's correlation flow sets and their members. UDP membership is judged first: it depends
 * on each UDP flow alone. Then each set's {@link UdpPressure}, from its UDP members and the TCP
 * members of the last period, and then TCP membership, which keeps a TCP member that falls idle under
 * a UDP flood. Last, the quiet ends that only a set can tell ({@link Departures#endQuietly}).
 * <p>
 * A TCP flow whose reverse direction carries {@link #ACK_STREAM_RATIO} times its rate or more is that
 * connection's acknowledgement stream, not a flow competing for its own bottleneck: it is no member.
 * Counted, it would add one to the TCP flows n of the reverse direction's set at a few hundred kbit/s
 * and squeeze that set's UDP toward an equal share with it.
 * </p>
 */
public final class SetMembership {

    /**
     * A bulk transfer's delayed ACKs carry about 1/23 of its bytes (a 66-byte ACK per two 1514-byte
     * segments); a direction at 1/8 or less of the other is taken to be acknowledgements.
     */
    static final double ACK_STREAM_RATIO = 8;

    /** The sets of this period, in the order their first member was learnt, and their members. */
    public final Map<String, CfsAssignment> groups = new LinkedHashMap<>();
    public final Map<String, List<TrackedFlow>> members = new LinkedHashMap<>();
    /** Whether UDP floods each set this period ({@link UdpPressure}). */
    public final Map<String, Boolean> floods = new LinkedHashMap<>();

    /**
     * Judges every flow's membership for this period, and each set's light TCP, and assigns members to
     * their sets.
     *
     * @param nowMs the period's time
     * @param flows every flow, in the order it was learnt
     * @param table the flows by tuple, for each TCP flow's reverse direction
     * @param network where each flow's set is
     * @param backend the enforcers, for the limits in force
     * @param departures the quiet ends
     * @param periodMs the control period
     * @param unmatched what each set carries without rules of its own (sampled facilities)
     * @param light each set's light TCP, judged here
     * @return the sets and their members
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public static SetMembership judge(long nowMs, Collection<TrackedFlow> flows, FlowTable table, NetworkView network,
                               EnforcementBackend backend, Departures departures, long periodMs,
                               Map<String, Unmatched> unmatched, LightTcp light) {
        Map<String, List<TrackedFlow>> udp = new LinkedHashMap<>();
        Map<String, List<TrackedFlow>> tcpBefore = new LinkedHashMap<>();
        Map<String, CfsAssignment> sets = new LinkedHashMap<>();
        for (TrackedFlow f : flows) {
            // Counted as light again below, if it still is.
            f.light(false);
            if (f.isUdp() && !f.responsiveness().countsResponsive()) {
                Optional<CfsAssignment> a = f.updateMembership(false, nowMs, periodMs)
                        ? setOf(f, network) : Optional.empty();
                f.assign(a.orElse(null));
                a.ifPresent(s -> {
                    sets.putIfAbsent(s.cfsId(), s);
                    udp.computeIfAbsent(s.cfsId(), k -> new ArrayList<>()).add(f);
                });
            } else if (f.cfs() != null) {
                sets.putIfAbsent(f.cfs().cfsId(), f.cfs());
                tcpBefore.computeIfAbsent(f.cfs().cfsId(), k -> new ArrayList<>()).add(f);
            }
        }
        // A set whose UDP only units carry is a set all the same: its TCP may be starved from its first segment.
        Set<String> byUnits = new HashSet<>();
        unmatched.forEach((id, u) -> {
            if (u.set != null && u.units.stream().anyMatch(x -> x.demandBps() >= Membership.JOIN_BPS)) {
                sets.putIfAbsent(id, u.set);
                byUnits.add(id);
            }
        });
        // The TCP a set's flood test sees: its members of the last period, and its light TCP.
        Map<String, LightTcp.Reading> lightBefore = lightTcp(flows, table, network, periodMs, nowMs, unmatched);
        SetMembership out = new SetMembership();
        sets.forEach((id, s) -> out.floods.put(id, UdpPressure.floods(s, udp.getOrDefault(id, List.of()),
                tcpBefore.getOrDefault(id, List.of()), lightBefore.get(id), light.member(id),
                unmatched.containsKey(id) ? unmatched.get(id).units : List.of(), backend)));
        Map<String, Boolean> tcpMembers = new HashMap<>();
        for (TrackedFlow f : flows) {
            boolean tcp = !f.isUdp();
            if (tcp || f.responsiveness().countsResponsive()) {
                // A UDP flow that responds to congestion is on TCP's side: the flood test counts it so, and a flood
                // that starves it keeps it counted. Acknowledgements are TCP's alone.
                Optional<CfsAssignment> set = setOf(f, network);
                boolean flooded = set.isPresent() && out.floods.getOrDefault(set.get().cfsId(), false);
                boolean member = f.updateMembership(flooded, nowMs, periodMs);
                if (tcp && member && acknowledges(f, table)) {
                    f.leave();
                    member = false;
                }
                f.assign(member ? set.orElse(null) : null);
                if (member && set.isPresent()) {
                    tcpMembers.put(set.get().cfsId(), true);
                }
            }
            CfsAssignment a = f.cfs();
            if (a != null) {
                out.groups.putIfAbsent(a.cfsId(), a);
                out.members.computeIfAbsent(a.cfsId(), k -> new ArrayList<>()).add(f);
            }
        }
        for (String id : byUnits) {
            out.groups.putIfAbsent(id, sets.get(id));
            out.members.computeIfAbsent(id, k -> new ArrayList<>());
        }
        Map<String, LightTcp.Reading> lightNow = lightTcp(flows, table, network, periodMs, nowMs, unmatched);
        light.judge(nowMs, periodMs, lightNow, out.floods, tcpMembers);
        lightNow.forEach((id, r) -> {
            boolean counted = light.counted(id) != null;
            r.connections.forEach(f -> f.light(counted));
        });
        out.members.forEach((id, m) -> departures.endQuietly(id, m, backend));
        return out;
    }

    // Each set's light TCP: its TCP flows that are no members (but for the acknowledgements of a connection
    // whose data goes the other way), its UDP flows below the join rate that looked like QUIC and were never
    // tested, and what its TCP aggregates carry. Before this period's TCP members are judged, the flows that
    // were no members last period.
    private static Map<String, LightTcp.Reading> lightTcp(Collection<TrackedFlow> flows, FlowTable table,
                                                          NetworkView network, long periodMs, long nowMs,
                                                          Map<String, Unmatched> unmatched) {
        Map<String, LightTcp.Reading> out = new HashMap<>();
        for (TrackedFlow f : flows) {
            if (f.cfs() != null || f.closed()
                    || (f.isUdp() ? !f.responsiveness().presumedResponsive() : acknowledgesLight(f, table))) {
                continue;
            }
            Optional<CfsAssignment> set = setOf(f, network);
            if (set.isEmpty()) {
                continue;
            }
            LightTcp.Reading r = out.computeIfAbsent(set.get().cfsId(), k -> new LightTcp.Reading());
            r.connections.add(f);
            double bps = f.demandKnown() ? f.demandBps() : 0;
            r.bps += bps;
            long silentMs = f.silentMs(nowMs);
            r.seen |= bps > 0 || silentMs <= periodMs;
            r.trafficMs = Math.max(r.trafficMs, nowMs - silentMs);
        }
        unmatched.forEach((id, u) -> {
            if (u.tcpRules == 0) {
                return;
            }
            LightTcp.Reading r = out.computeIfAbsent(id, k -> new LightTcp.Reading());
            r.aggregates += u.tcpRules;
            r.bps += u.tcpBps;
            r.seen |= u.tcpBps > 0 || u.tcpTrafficMs > nowMs - periodMs;
            r.trafficMs = Math.max(r.trafficMs, u.tcpTrafficMs);
            r.sighted += u.sightedTcp;
        });
        return out;
    }

    private static boolean acknowledges(TrackedFlow f, FlowTable table) {
        TrackedFlow data = reverse(f, table);
        return data != null && data.demandKnown() && f.demandKnown()
                && data.demandBps() >= Membership.JOIN_BPS && data.demandBps() >= ACK_STREAM_RATIO * f.demandBps();
    }

    // A light connection's reverse direction carries more: this one is that connection's acknowledgements.
    private static boolean acknowledgesLight(TrackedFlow f, FlowTable table) {
        TrackedFlow data = reverse(f, table);
        return data != null && data.demandKnown() && f.demandKnown() && data.demandBps() > f.demandBps();
    }

    // The other direction of a flow's connection, null if the loop does not track it.
    private static TrackedFlow reverse(TrackedFlow f, FlowTable table) {
        FiveTuple t = f.tuple();
        return table.get(new FiveTuple(t.protocol(), t.dst(), t.src(), t.dstPort(), t.srcPort()));
    }

    private static Optional<CfsAssignment> setOf(TrackedFlow f, NetworkView network) {
        return network.cfsOf(f.facilityId(), f.tuple().dst());
    }
}
