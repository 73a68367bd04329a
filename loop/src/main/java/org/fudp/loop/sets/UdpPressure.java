// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.enforce.EnforcementBackend;
import org.fudp.loop.flow.Membership;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.flow.UdpUnit;
import org.fudp.algorithm.Allocations;
import org.fudp.algorithm.CfsController;

import java.util.List;
import java.util.OptionalLong;

/**
 * Whether UDP in a correlation flow set may be starving its TCP flows this period: the set has TCP (members,
 * or light TCP that sent within the period or is counted already, {@link LightTcp}), the link is full
 * (or its capacity unknown) and a UDP member that carries traffic is not held by a limit in force,
 * because it has none in force and sends more than an equal share of the link, or it sends above the
 * one it has. A TCP member that falls idle then is taken to be in retransmission timeouts, not ended
 * ({@link Membership}): taking it for gone would lift every limit (NO_TCP) when TCP needs them most.
 * <p>
 * "In force" is the enforcer's word, not the loop's wish: the agent acknowledged a state holding the
 * limit and is up, or the flow's meter is on the switch. A limit decided but not in force (the agent
 * hung, a meter refused or late, a failover) holds nothing.
 * </p>
 */
public final class UdpPressure {

    private UdpPressure() {
    }

    /**
     * Judges one set.
     *
     * @param set the set
     * @param udp its UDP members this period
     * @param tcp its TCP members as of the last period
     * @param light its light TCP this period, null if it has none
     * @param lightMember whether its light TCP is counted already
     * @param units its UDP units: UDP counted as one flow per aggregate rule, held by its meter
     * @param backend the enforcers, for the limits in force
     * @return true if its UDP may be starving its TCP
     */
    static boolean floods(CfsAssignment set, List<TrackedFlow> udp, List<TrackedFlow> tcp, LightTcp.Reading light,
                          boolean lightMember, List<UdpUnit> units, EnforcementBackend backend) {
        boolean lightTcp = lightMember || light != null && light.seen;
        if (tcp.isEmpty() && !lightTcp) {
            return false;
        }
        // Light TCP is one flow's worth of demand here: what it would take is not known.
        double load = lightTcp && light != null ? light.bps : 0;
        for (UdpUnit u : units) {
            load += u.throughputBps();
        }
        for (TrackedFlow f : udp) {
            load += rate(f);
        }
        for (TrackedFlow f : tcp) {
            load += rate(f);
        }
        long capacity = set.capacityBps();
        if (capacity > 0 && load < CfsController.FULL * capacity) {
            return false;
        }
        double share = (capacity > 0 ? capacity : load) / (udp.size() + tcp.size() + (lightTcp ? 1 : 0) + units.size());
        for (UdpUnit u : units) {
            // A unit is a swarm of flows no rule of its own measures; a meter on the switch holds it, nothing else.
            if (u.meteredBps() == 0 && u.demandBps() > share) {
                return true;
            }
        }
        for (TrackedFlow f : udp) {
            double bps = rate(f);
            if (bps < Membership.JOIN_BPS) {
                continue;
            }
            OptionalLong held = backend.inForceBps(f.facilityId(), f.tuple());
            if (held.isPresent() ? !Allocations.holds(held.getAsLong(), bps) : bps > share) {
                return true;
            }
        }
        return false;
    }

    private static double rate(TrackedFlow f) {
        return f.throughputKnown() ? f.throughputBps() : 0;
    }
}
