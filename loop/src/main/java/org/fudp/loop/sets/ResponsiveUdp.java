package org.fudp.loop.sets;

import org.fudp.loop.api.Actions;
import org.fudp.loop.api.LoopSettings;
import org.fudp.loop.api.ResponsiveTest;
import org.fudp.loop.enforce.LimitsInForce;
import org.fudp.loop.flow.Membership;
import org.fudp.loop.flow.Responsiveness;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which UDP flows of each set respond to congestion, found by testing them (docs/algorithm.md, "Responsive
 * UDP"). Each period it takes one step of every running test with the rates just measured, and starts new
 * ones: a candidate's first test once it is a member with a known rate; a test again at the interval; and
 * early, one flow of a set at a time, for a responsive flow whose set has been out of its fairness band for
 * three periods or which carries more than twice its set's responsive mean. It returns the limits the tests
 * hold flows at.
 */
public final class ResponsiveUdp {

    // A responsive flow carrying more than this many times its set's responsive mean is tested again.
    private static final double OUTLIER = 2;
    // A set out of its band for this many periods in a row has left it: an arrival or a departure takes it out
    // for a period (a reallocation), and testing every responsive flow again then cost them a hold each time.
    private static final int LEFT_BAND = 3;

    private final Map<String, Integer> outOfBand = new HashMap<>();

    /**
     * Makes each UDP flow a candidate or not under the settings in force, members or not: a light flow that
     * looked like QUIC counts with its set's light TCP only while a candidate.
     *
     * @param flows every flow
     * @param test the settings
     */
    public static void settle(Collection<TrackedFlow> flows, ResponsiveTest test) {
        for (TrackedFlow f : flows) {
            if (f.isUdp()) {
                f.responsiveness().settle(test);
            }
        }
    }

    /**
     * Runs one period of the tests.
     *
     * @param nowMs the period's time
     * @param members each set's members this period
     * @param settings the settings in force
     * @param limits the limits in force, which a test never raises
     * @param out where a notice of each test that ended goes
     * @return the limits the tests hold flows at, by flow
     */
    public Map<FiveTuple, Long> period(long nowMs, Map<String, List<TrackedFlow>> members, LoopSettings settings,
                                       LimitsInForce limits, Actions out) {
        ResponsiveTest test = settings.responsive();
        long minGapMs = (test.holdPeriods() + test.releasePeriods() + 2L) * settings.periodMs();
        Map<FiveTuple, Long> holds = new LinkedHashMap<>();
        for (Map.Entry<String, List<TrackedFlow>> e : members.entrySet()) {
            List<TrackedFlow> set = e.getValue();
            long capacity = set.isEmpty() || set.get(0).cfs() == null ? 0 : set.get(0).cfs().capacityBps();
            double share = capacity > 0 ? (double) capacity / set.size() : -1;
            boolean recheckRunning = false;
            double responsiveBps = 0;
            int responsive = 0;
            for (TrackedFlow f : set) {
                Responsiveness r = f.responsiveness();
                if (f.isUdp()) {
                    if (r.step(nowMs, f.demandBps(), f.demandKnown(), share, test)) {
                        out.info("UDP flow " + f.tuple() + " in " + e.getKey() + " " + r.evidence());
                    }
                    recheckRunning |= r.testing() && r.countsResponsive();
                }
                if ((!f.isUdp() || r.countsResponsive()) && f.throughputKnown()) {
                    responsiveBps += f.throughputBps();
                    responsive++;
                }
            }
            double mean = responsive == 0 ? 0 : responsiveBps / responsive;
            boolean leftBand = outOfBand.getOrDefault(e.getKey(), 0) >= LEFT_BAND;
            for (TrackedFlow f : set) {
                Responsiveness r = f.responsiveness();
                if (!f.isUdp() || !f.shaped() || r.testing() || !f.demandKnown()
                        || f.demandBps() < Membership.JOIN_BPS) {
                    continue;
                }
                boolean start = r.due(nowMs, test);
                if (!start && r.countsResponsive() && !recheckRunning && r.mayRecheck(nowMs, minGapMs)) {
                    start = leftBand || responsive >= 2 && f.throughputKnown() && f.throughputBps() > OUTLIER * mean;
                }
                if (start) {
                    FlowLimit held = limits.get(f.tuple());
                    r.start(nowMs, f.demandBps(), held == null ? -1 : held.rateBps(), share, test);
                    recheckRunning |= r.countsResponsive();
                }
            }
            for (TrackedFlow f : set) {
                long hold = f.isUdp() ? f.responsiveness().holdBps() : -1;
                if (hold >= 0) {
                    holds.put(f.tuple(), hold);
                }
            }
        }
        return holds;
    }

    /**
     * Notes whether FUDPA found a set in its fairness band this period.
     *
     * @param cfsId the set
     * @param fair true if in the band
     */
    public void judged(String cfsId, boolean fair) {
        outOfBand.put(cfsId, fair ? 0 : outOfBand.getOrDefault(cfsId, 0) + 1);
    }

    /**
     * Forgets the sets that are gone.
     *
     * @param sets the sets that remain
     */
    public void retain(Set<String> sets) {
        outOfBand.keySet().retainAll(sets);
    }

    /**
     * Tells whether a flow is to go unlimited now: it counts as responsive and no test holds it, or its first
     * test released it. A flow that failed a test before is released to the limit FUDPA gives it as UDP, so a
     * test again never lifts a flood's limit.
     *
     * @param f the flow
     * @return true if its limit must go
     */
    public static boolean unlimited(TrackedFlow f) {
        Responsiveness r = f.responsiveness();
        return f.isUdp() && (r.countsResponsive() || r.underFirstTest()) && r.holdBps() < 0;
    }
}
