// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.settings.ResponsiveTest;
import org.fudp.loop.enforce.EnforcementBackend;
import org.fudp.loop.enforce.LimitsInForce;
import org.fudp.loop.flow.Membership;
import org.fudp.loop.flow.Responsiveness;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.algorithm.CfsController;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

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
    // The standing check of a responsive flow's share (docs/algorithm.md, "Responsive UDP"): above this many times
    // its max-min share while another member is below VICTIM of its own, for DISPROPORTIONATE periods in a row, it
    // loses its exemption. TCP CUBIC flows beside each other in the lab hold up to about 1.2 times their share.
    private static final double MARGIN = 1.3;
    private static final double VICTIM = 0.7;
    private static final int DISPROPORTIONATE = 3;
    // Held above this many times its max-min share when it lost its exemption, a flow overshot beyond any congestion
    // control's spread: a strike towards distrust. Below it an honest flow's spread (QUIC CUBIC beside Reno, up to
    // 1.5) costs the exemption until its next test, and no more; a flood beside one starved flow holds 1.9.
    private static final double STRIKE_SHARES = 1.75;
    // The share cap, below the standing check's margin: a responsive flow above CAP_MARGIN times its max-min share
    // while another member is below CAP_VICTIM of its own, for DISPROPORTIONATE periods in a row, is held at its share
    // and still counted as responsive, until no member has been below CAP_VICTIM for CAP_QUIET periods. An honest
    // congestion control keeps its exemption and loses only what it took from the flow beside it.
    private static final double CAP_MARGIN = 1.15;
    private static final double CAP_VICTIM = 0.8;
    private static final int CAP_QUIET = 15;
    // A capped flow that offers more than this many times its cap does not respond to it: it is tested at once.
    private static final double CAP_IGNORED = 2;

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
     * @param light each set's light TCP as counted this period
     * @param backend what the enforcers hold: a test judges a flow only under the limit it asked for
     * @param out where a notice of each test that ended goes
     * @return the limits the tests hold flows at, by flow
     */
    public Map<FiveTuple, Long> period(long nowMs, Map<String, List<TrackedFlow>> members, LoopSettings settings,
                                       LimitsInForce limits, LightTcp light, EnforcementBackend backend,
                                       Actions out) {
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
            LightTcp.Counted lightTcp = light.counted(e.getKey());
            boolean full = full(set, capacity, lightTcp);
            for (TrackedFlow f : set) {
                Responsiveness r = f.responsiveness();
                if (f.isUdp() && r.testing()) {
                    long inForce = backend.inForceBps(f.facilityId(), f.tuple()).orElse(-1);
                    if (r.step(nowMs, f.demandBps(), f.demandKnown(), inForce, share, full, test)) {
                        out.info("UDP flow " + f.tuple() + " in " + e.getKey() + " " + r.evidence());
                    }
                    recheckRunning |= r.testing() && r.countsResponsive();
                }
                if ((!f.isUdp() || r.countsResponsive()) && f.throughputKnown()) {
                    responsiveBps += f.throughputBps();
                    responsive++;
                }
            }
            standingCheck(nowMs, e.getKey(), set, capacity, lightTcp, out);
            double mean = responsive == 0 ? 0 : responsiveBps / responsive;
            boolean leftBand = outOfBand.getOrDefault(e.getKey(), 0) >= LEFT_BAND;
            for (TrackedFlow f : set) {
                Responsiveness r = f.responsiveness();
                if (!f.isUdp() || !f.shaped() || r.testing() || !f.demandKnown()
                        || f.demandBps() < Membership.JOIN_BPS) {
                    continue;
                }
                boolean start = r.due(nowMs, test);
                boolean early = false;
                long jumpMs = Responsiveness.JUMP_PERIODS * settings.periodMs();
                if (!start && (r.jumped(nowMs, f.demandBps(), share, jumpMs)
                        || r.capped() && f.demandBps() > CAP_IGNORED * r.capBps())) {
                    // Grown faster than congestion control grows since its test, or deaf to its cap: tested at once,
                    // whatever else runs.
                    early = true;
                } else if (!start && r.countsResponsive() && !recheckRunning && r.mayRecheck(nowMs, minGapMs)) {
                    early = leftBand || responsive >= 2 && f.throughputKnown() && f.throughputBps() > OUTLIER * mean;
                }
                if (early) {
                    r.struck(nowMs);
                    start = true;
                }
                // Limited as UDP for its share, FUDPA may hold it below that share: once it offers no more than the
                // test that gives its exemption back allows, that test comes as soon as tests may follow each other.
                start |= r.mayEarnBack(nowMs, f.demandBps(), share, minGapMs);
                if (start) {
                    FlowLimit held = limits.get(f.tuple());
                    r.start(nowMs, f.demandBps(), held == null ? -1 : held.rateBps(), share, test);
                    recheckRunning |= r.countsResponsive();
                }
            }
            for (TrackedFlow f : set) {
                long hold = f.isUdp() ? f.responsiveness().limitBps() : -1;
                if (hold >= 0) {
                    holds.put(f.tuple(), hold);
                }
            }
        }
        return holds;
    }

    // Whether the set's flows carry at least the part of a known capacity that FUDPA takes for a full link.
    private static boolean full(List<TrackedFlow> set, long capacity, LightTcp.Counted light) {
        double load = light == null ? 0 : light.bps;
        for (TrackedFlow f : set) {
            load += f.throughputKnown() ? f.throughputBps() : 0;
        }
        return capacity > 0 && load >= CfsController.FULL * capacity;
    }

    // Floyd and Fall's third test, which no test result switches off: a responsive flow that holds far more than its
    // max-min share while another member of its set (TCP, light TCP or responsive) is held below its own loses its
    // exemption.
    private static void standingCheck(long nowMs, String cfsId, List<TrackedFlow> set, long capacity,
                                      LightTcp.Counted light, Actions out) {
        if (capacity <= 0) {
            return;
        }
        // Light TCP counts as FUDPA counts it, as no flow beside an elastic member: counted as a share and a victim of
        // its own, it cost honest QUIC flows their exemption, and a QUIC-only set its last responsive member (NO_TCP).
        int lightFlows = light == null ? 0 : light.flows;
        double level = maxMinLevel(set, capacity, lightFlows);
        boolean victim = light != null && light.flows > 0 && (light.starved || light.bps / light.flows
                < VICTIM * level);
        boolean capVictim = light != null && light.flows > 0 && (light.starved || light.bps / light.flows
                < CAP_VICTIM * level);
        for (TrackedFlow f : set) {
            if (elastic(f) && f.throughputKnown()) {
                victim |= f.throughputBps() < VICTIM * level;
                capVictim |= f.throughputBps() < CAP_VICTIM * level;
            }
        }
        for (TrackedFlow f : set) {
            Responsiveness r = f.responsiveness();
            if (!f.isUdp()) {
                continue;
            }
            boolean over = victim && f.throughputKnown() && f.throughputBps() > MARGIN * level;
            // Worded only when the exemption goes: this runs for every responsive flow every period.
            Supplier<String> what = () -> String.format(Locale.ROOT, "held %.2f Mbit/s, %.1f times its max-min "
                    + "share of %.2f Mbit/s, while another member of its set was below its own",
                    f.throughputBps() / 1e6, f.throughputBps() / level, level / 1e6);
            if (r.shareChecked(over, DISPROPORTIONATE, what)) {
                out.info("UDP flow " + f.tuple() + " in " + cfsId + " " + r.evidence());
                if (f.throughputBps() > STRIKE_SHARES * level) {
                    r.struck(nowMs);
                }
            }
            boolean wide = f.throughputKnown() && f.throughputBps() > CAP_MARGIN * level;
            if (r.capChecked(wide, capVictim, level, DISPROPORTIONATE, CAP_QUIET) && r.countsResponsive()) {
                out.info(String.format(Locale.ROOT, "UDP flow %s in %s, counted as responsive, %s", f.tuple(), cfsId,
                        r.capped() ? String.format(Locale.ROOT, "held %.2f Mbit/s, %.2f times its max-min share"
                                + " of %.2f Mbit/s, while another member of its set was below its own: held at that"
                                + " share", f.throughputBps() / 1e6, f.throughputBps() / level, level / 1e6)
                                : "no longer held at its share: no member of its set was below its own for "
                                + CAP_QUIET + " periods"));
            }
        }
    }

    // A flow that takes what it can get: TCP and responsive UDP; others are held to what FUDPA gives them.
    private static boolean elastic(TrackedFlow f) {
        return !f.isUdp() || f.responsiveness().countsResponsive();
    }

    // The max-min share of an elastic flow: what is left of the capacity once every flow that carries less than an
    // equal part of what is left has its own, shared equally among the rest.
    private static double maxMinLevel(List<TrackedFlow> set, long capacity, int lightFlows) {
        List<Double> held = new ArrayList<>();
        int shares = lightFlows;
        for (TrackedFlow f : set) {
            if (elastic(f) || !f.throughputKnown()) {
                shares++;
            } else {
                held.add(f.throughputBps());
            }
        }
        held.sort(null);
        double left = capacity;
        int n = shares + held.size();
        for (double bps : held) {
            if (bps >= left / n) {
                break;
            }
            left -= bps;
            n--;
        }
        return n == 0 ? capacity : left / n;
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
        return f.isUdp() && (r.countsResponsive() || r.underFirstTest()) && r.limitBps() < 0;
    }
}
