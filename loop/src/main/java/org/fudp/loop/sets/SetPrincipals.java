// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FlowSample;
import org.fudp.algorithm.FudpaConfig;
import org.fudp.algorithm.Protocol;
import org.fudp.loop.api.records.PrincipalShare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A set's unresponsive UDP by principal and its TCP floor in one period, as the views show them
 * (docs/algorithm.md, "Principals"), and whether the set's TCP is below its floor while UDP that no limit in force
 * holds carries more than the floor leaves it (not enforced, or not learned: a sampled facility's aggregates):
 * such a set is never shown fair, whatever the band said of a principal's average.
 */
public final class SetPrincipals {

    /** How many principals a view names, the heaviest first. */
    public static final int SHOWN = 3;
    /** A set with no UDP measured. */
    static final SetPrincipals NONE = new SetPrincipals(0, List.of(), 0, "");

    private final int count;
    private final List<PrincipalShare> top;
    private final long floorBps;
    private final String belowFloor;

    private SetPrincipals(int count, List<PrincipalShare> top, long floorBps, String belowFloor) {
        this.count = count;
        this.top = top;
        this.floorBps = floorBps;
        this.belowFloor = belowFloor;
    }

    /**
     * Tallies a set's period.
     *
     * @param samples what FUDPA was given
     * @param d what it decided
     * @param config its tunables
     * @param enforced whether the limits decided are enforced (not a dry run)
     * @param capacityBps the set's bottleneck capacity, 0 when unknown
     * @return the tally
     */
    static SetPrincipals of(List<FlowSample> samples, Decision d, FudpaConfig config, boolean enforced,
                            long capacityBps) {
        Map<String, long[]> by = new LinkedHashMap<>();
        // What UDP would carry were every limit in force: a limit the counters do not show yet is not unfairness.
        double udp = 0;
        for (FlowSample s : samples) {
            if (s.protocol() != Protocol.UDP || s.policy().exempt() || !s.hasRate()) {
                continue;
            }
            // Keyed as FUDPA keys them: a host's flows in two traffic classes are two principals.
            long[] flowsAndBps = by.computeIfAbsent(s.policy().className() + '\n' + s.principal(), k -> new long[2]);
            flowsAndBps[0]++;
            flowsAndBps[1] += Math.round(s.rateBps());
            double limit = enforced ? d.allocations().rateOf(s.flowId()).orElse(Double.POSITIVE_INFINITY)
                    : Double.POSITIVE_INFINITY;
            udp += Math.min(s.rateBps(), limit);
        }
        List<PrincipalShare> all = new ArrayList<>(by.size());
        by.forEach((k, v) -> all.add(new PrincipalShare(k.substring(k.indexOf('\n') + 1), (int) v[0], v[1])));
        all.sort(Comparator.comparingLong(PrincipalShare::bps).reversed().thenComparing(PrincipalShare::principal));
        List<PrincipalShare> top = List.copyOf(all.subList(0, Math.min(SHOWN, all.size())));
        int k = config.tcpFloorPrincipals();
        // The count is FUDPA's own: what it shared among, missing samples it carried forward included.
        int count = d.udpPrincipals();
        if (d.tcpFloorBps().isEmpty() || d.tcpFlows() == 0) {
            return new SetPrincipals(count, top, 0, "");
        }
        // FUDPA's BW leaves out what exempt flows carry; the floor TCP is owed does not.
        double carried = d.measuredTcpBps() + udp;
        double floor = Math.max(d.tcpFloorBps().getAsDouble(),
                (capacityBps > 0 ? Math.min(capacityBps, carried) : carried) * d.tcpFlows() / (d.tcpFlows() + k));
        double udpCap = floor * k / d.tcpFlows();
        double h = config.hysteresis();
        String below = "";
        if (d.measuredTcpBps() < floor * (1 - h) && udp > udpCap * (1 + h)) {
            below = String.format(Locale.ROOT, "the set's TCP carries %.2f Mbit/s, below its floor of %.2f Mbit/s"
                    + " (%d TCP flows beside %d UDP principals), while UDP of %d principal%s carries %.2f Mbit/s",
                    d.measuredTcpBps() / 1e6, floor / 1e6, d.tcpFlows(), k, count, count == 1 ? "" : "s", udp / 1e6);
        }
        return new SetPrincipals(count, top, Math.round(floor), below);
    }

    /**
     * Returns how many principals the set's measured unresponsive UDP flows belong to.
     *
     * @return count
     */
    public int count() {
        return count;
    }

    /**
     * Returns the heaviest principals, at most {@link #SHOWN}.
     *
     * @return principals, heaviest first
     */
    public List<PrincipalShare> top() {
        return top;
    }

    /**
     * Returns the set's TCP floor.
     *
     * @return bit/s, 0 without a floor
     */
    public long floorBps() {
        return floorBps;
    }

    /**
     * Tells why the set's TCP is below its floor while UDP takes more than the floor leaves it.
     *
     * @return the reason, "" when it is not
     */
    public String belowFloor() {
        return belowFloor;
    }
}
