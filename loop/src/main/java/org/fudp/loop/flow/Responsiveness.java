// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.api.checkpoints.ResponsiveCheckpoint;
import org.fudp.loop.api.settings.ResponsiveTest;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * One UDP flow's responsiveness, judged by what it does when its limit changes (docs/algorithm.md,
 * "Responsive UDP"): held below the rate it offers, a congestion-controlled flow offers less; released, it
 * offers more again. A flow that keeps offering what it offered under the hold does not respond. Until a
 * test says otherwise, and again after a test failed, a UDP flow is unresponsive, as in the paper.
 */
public final class Responsiveness {

    /** What a flow counts as. */
    public enum Kind {
        /** Plain UDP: counted and limited as the paper's UDP. */
        UNRESPONSIVE,
        /** Not tested yet (its first test waits for a known rate and a set). */
        CANDIDATE,
        /** Under its first test: held, or released and watched. */
        TESTING,
        /** Passed its last test: counted with the set's responsive flows, never limited. */
        RESPONSIVE;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private enum Phase { NONE, HOLD, RELEASE }

    // A flow that followed the hold at least halfway from where it was to its limit responded.
    private static final double FOLLOWED = 0.5;
    // What a counter shows of a starved connection's probes and retransmissions, about half the join rate: a
    // flow held at a few hundred kbit/s may offer that much above the halfway mark and still respond.
    private static final double SLACK_BPS = 5 * 1514 * 8;
    // A held flow that offers less than this part of its limit was paused or ended: the test tells nothing.
    private static final double SENDING = 0.5;
    // Held, a flow that offers more than this many times what it offered when its test began was still ramping up
    // then (a young connection's slow start): its test began from a rate it had outgrown, and starts over from the
    // new one, the flow held all along.
    private static final double RAMPING = 1.25;
    // Released, it must offer this much more than under the hold, or come to this part of its share; or, where the
    // link is full, stay above the limit it was held at: the room it would grow into is taken.
    private static final double PROBED = 1.25;
    private static final double AT_SHARE = 0.75;
    // A flow that lost its exemption for its share begins the test that earns it back at most this far above it.
    private static final double EARNED_BACK = 1.25;
    // A flow offering more than this many times what its last passed test released it to, and more than its share,
    // within JUMP_PERIODS periods of that test grew faster than a congestion control does: it is tested at once.
    private static final double JUMP = 2;
    /** The periods after a passed test within which a jump in rate calls for a test at once. */
    public static final int JUMP_PERIODS = 5;
    // A test whose hold, or release, the enforcer has not put in force within this many periods tells nothing: a
    // flow is judged only by what it did under the limit it was meant to be under.
    private static final int ENFORCED_WITHIN = 5;
    private static final String DISTRUSTED = "unresponsive whatever its tests say: it needed " + Strikes.LIMIT
            + " early tests or lost its exemption far above its share within " + Strikes.WINDOW_MS / 60_000
            + " minutes";

    private boolean hinted;
    private boolean candidate;
    private Phase phase = Phase.NONE;
    private boolean verified;
    private int periodsInPhase;
    // Periods of this phase in which the enforcer did not hold the flow as the phase asks.
    private int periodsUnenforced;
    private double startBps;
    private double limitBps;
    // The most a test may hold the flow at: its limit in force or its share when the test began.
    private double ceilingBps;
    private double heldBps;
    // What it offered in the period its test ended.
    private double offeredAtEnd;
    private long lastTestMs = Long.MIN_VALUE;
    // The equal share of its set when its test began, -1 if unknown.
    private double startShareBps = -1;
    // Periods in a row it held a disproportionate share (ResponsiveUdp.standingCheck); whether it lost its exemption
    // so, not yet earned back by a test passed at or below its share.
    private int disproportionate;
    private boolean revoked;
    // Whether it held a disproportionate share, counted as responsive and not held, in the last period.
    private boolean overShare;
    // What it came back to when its last passed test released it: the rate congestion control grows from.
    private double releasedBps = -1;
    private final ShareCap cap = new ShareCap();
    // Past Strikes.LIMIT strikes it is distrusted: unresponsive whatever its tests say.
    private final Strikes strikes = new Strikes();
    private boolean distrusted;
    private int tests;
    private int passed;
    private String evidence = "";

    /** Notes that the flow's first packet looked like QUIC. */
    public void hint() {
        hinted = true;
    }

    public boolean hinted() {
        return hinted;
    }

    /**
     * Makes the flow a candidate or not under the test's settings; a flow tested already keeps its verdict.
     *
     * @param test the settings
     */
    public void settle(ResponsiveTest test) {
        candidate = test.candidate(hinted);
        if (!candidate) {
            phase = Phase.NONE;
            verified = false;
            evidence = "";
        }
    }

    public Kind kind() {
        if (!candidate) {
            return Kind.UNRESPONSIVE;
        }
        if (underFirstTest()) {
            return Kind.TESTING;
        }
        return verified ? Kind.RESPONSIVE : tests == 0 ? Kind.CANDIDATE : Kind.UNRESPONSIVE;
    }

    /**
     * Tells whether the flow counts with its set's responsive flows (n and W, never limited): it passed its
     * last test, and a test of it now runs only to check it again.
     *
     * @return true if so
     */
    public boolean countsResponsive() {
        return verified;
    }

    /**
     * Tells whether the flow's first test runs now: until it ends the flow counts with its set's responsive
     * flows, presumed what its header suggests, but goes unlimited only when the test releases it.
     *
     * @return true while so
     */
    public boolean underFirstTest() {
        return phase != Phase.NONE && tests == 0;
    }

    /**
     * Tells whether the flow's first packet looked like QUIC and no test judged it yet. Below the join rate it
     * then counts with its set's light TCP: a QUIC flow that arrives into a flood is starved from its first
     * packet, never reaches the join rate, and would never be tested unless the flood is held for it.
     *
     * @return true if so
     */
    public boolean presumedResponsive() {
        return candidate && hinted && tests == 0;
    }

    /**
     * Tells whether a test of the flow runs now.
     *
     * @return true while held or released and watched
     */
    public boolean testing() {
        return phase != Phase.NONE;
    }

    /**
     * Returns the limit the test holds the flow at.
     *
     * @return bit/s; -1 when the test does not hold it now
     */
    public long holdBps() {
        return phase == Phase.HOLD ? Math.round(limitBps) : -1;
    }

    /**
     * Returns the limit its responsiveness holds the flow at: its test's hold, or its share cap.
     *
     * @return bit/s; -1 when neither holds it now
     */
    public long limitBps() {
        return phase == Phase.HOLD ? holdBps() : capped() ? Math.round(cap.bps()) : -1;
    }

    /**
     * Tells whether the flow, counted as responsive and under no test, is held at its max-min share for another
     * member of its set below its own.
     *
     * @return true if so
     */
    public boolean capped() {
        return cap.on() && verified && phase == Phase.NONE;
    }

    /**
     * Tells whether the flow is due for a test: a candidate never tested, or any flow tested before whose
     * last test is older than the interval.
     *
     * @param nowMs the time
     * @param test the settings
     * @return true if so
     */
    public boolean due(long nowMs, ResponsiveTest test) {
        if (!candidate || phase != Phase.NONE) {
            return false;
        }
        return tests == 0 || nowMs - lastTestMs >= test.recheckMs();
    }

    /**
     * Tells whether the flow may be tested again early (its set left the band, or it takes more than its
     * share): its last test ended at least the given time ago.
     *
     * @param nowMs the time
     * @param minGapMs the least time between two tests
     * @return true if so
     */
    public boolean mayRecheck(long nowMs, long minGapMs) {
        return candidate && phase == Phase.NONE && tests > 0 && nowMs - lastTestMs >= minGapMs;
    }

    /**
     * Tells whether the flow, which lost its exemption for its share, may begin the test that earns it back now: it
     * offers no more than it may when that test begins, and its last test ended at least the given time ago.
     *
     * @param nowMs the time
     * @param offeredBps what it offers now
     * @param shareBps an equal share of its set's bottleneck, -1 if unknown
     * @param minGapMs the least time between two tests
     * @return true if so
     */
    public boolean mayEarnBack(long nowMs, double offeredBps, double shareBps, long minGapMs) {
        return revoked && !distrusted && shareBps > 0 && offeredBps <= EARNED_BACK * shareBps
                && mayRecheck(nowMs, minGapMs);
    }

    /**
     * Starts a test: the flow is held at a fraction of what it offers, and at most at the limit it has.
     *
     * @param nowMs the time
     * @param offeredBps what it offered this period
     * @param inForceBps its limit in force, -1 if none
     * @param shareBps an equal share of its set's bottleneck, -1 if the capacity is unknown: a flood held at half
     *        its rate would still fill the link for the others, so no flow is held above its share
     * @param test the settings
     */
    public void start(long nowMs, double offeredBps, long inForceBps, double shareBps, ResponsiveTest test) {
        startShareBps = shareBps;
        ceilingBps = Double.POSITIVE_INFINITY;
        if (inForceBps >= 0) {
            ceilingBps = inForceBps;
        }
        if (shareBps > 0) {
            ceilingBps = Math.min(ceilingBps, shareBps);
        }
        hold(offeredBps, test);
        phase = Phase.HOLD;
        periodsInPhase = 0;
        lastTestMs = nowMs;
        disproportionate = 0;
        cap.clear();
    }

    private void hold(double offeredBps, ResponsiveTest test) {
        periodsUnenforced = 0;
        startBps = offeredBps;
        limitBps = Math.max(1, Math.min(test.holdFraction() * offeredBps, ceilingBps));
    }

    /**
     * Takes one period of a running test.
     *
     * @param nowMs the period's time
     * @param offeredBps what the flow offered this period
     * @param known whether that rate is known (a missing counter tells nothing)
     * @param inForceBps the limit its enforcer holds it at now, -1 if none
     * @param shareBps an equal share of its set's bottleneck, -1 if the capacity is unknown
     * @param linkFull whether its set's flows fill the bottleneck this period
     * @param test the settings
     * @return true if the test ended with a verdict this period
     */
    public boolean step(long nowMs, double offeredBps, boolean known, long inForceBps, double shareBps,
                        boolean linkFull, ResponsiveTest test) {
        if (phase == Phase.NONE || !known) {
            return false;
        }
        if (!asPhaseAsks(inForceBps)) {
            // Not held yet (an agent that has not acknowledged), or not released yet: what it offered says nothing.
            return ++periodsUnenforced >= ENFORCED_WITHIN && noVerdict();
        }
        offeredAtEnd = offeredBps;
        periodsInPhase++;
        if (phase == Phase.HOLD) {
            if (periodsInPhase < test.holdPeriods()) {
                return false;
            }
            heldBps = offeredBps;
            if (offeredBps < SENDING * limitBps) {
                // Paused or ended while held (an on/off sender's off time): tested again when it sends.
                return noVerdict();
            }
            if (offeredBps > RAMPING * startBps && offeredBps > limitBps + SLACK_BPS) {
                // Still ramping up when its test began (a live ONOS: a QUIC flow tested at 0.25 Mbit/s, the first
                // period it was a member, offered 2.09 under a hold of 0.12 and failed): held on, from this rate.
                hold(offeredBps, test);
                periodsInPhase = 0;
                return false;
            }
            if (offeredBps > limitBps + FOLLOWED * (startBps - limitBps) + SLACK_BPS) {
                return end(nowMs, false, String.format(Locale.ROOT, "kept offering %s of %s at a limit of %s",
                        mbps(offeredBps), mbps(startBps), mbps(limitBps)));
            }
            phase = Phase.RELEASE;
            periodsInPhase = 0;
            periodsUnenforced = 0;
            return false;
        }
        if (offeredBps >= PROBED * heldBps && offeredBps > heldBps + 1
                || shareBps > 0 && offeredBps >= AT_SHARE * shareBps) {
            return end(nowMs, true, String.format(Locale.ROOT, "slowed from %s to %s at a limit of %s, back to %s"
                    + " released", mbps(startBps), mbps(heldBps), mbps(limitBps), mbps(offeredBps)));
        }
        if (periodsInPhase >= test.releasePeriods() && offeredBps < SENDING * limitBps) {
            // Collapsed below half its hold, released: starved by others or paused, not judged.
            return noVerdict();
        }
        if (periodsInPhase >= test.releasePeriods() && linkFull && offeredBps > limitBps
                && offeredBps >= heldBps) {
            // A linear controller (Reno) beside TCP CUBIC grows too slowly for the release's few periods once the
            // others took the room back: it followed the hold and grows past it, what a flood that plays the test
            // does too, and the standing check of its share is what holds that one.
            return end(nowMs, true, String.format(Locale.ROOT, "slowed from %s to %s at a limit of %s, back to %s"
                    + " released, the link full", mbps(startBps), mbps(heldBps), mbps(limitBps), mbps(offeredBps)));
        }
        if (periodsInPhase >= test.releasePeriods()) {
            return end(nowMs, false, String.format(Locale.ROOT, "slowed from %s to %s at a limit of %s, not back up"
                    + " released (%s)", mbps(startBps), mbps(heldBps), mbps(limitBps), mbps(offeredBps)));
        }
        return false;
    }

    private boolean noVerdict() {
        phase = Phase.NONE;
        return false;
    }

    // Whether the enforcer holds the flow as the test's phase asks: at most at the hold while held (a meter's rate
    // in kbit/s, so within a kbit/s), above it or not at all once released.
    private boolean asPhaseAsks(long inForceBps) {
        boolean held = inForceBps >= 0 && inForceBps <= limitBps + 1000;
        return phase == Phase.HOLD ? held : !held;
    }

    private boolean end(long nowMs, boolean responded, String what) {
        phase = Phase.NONE;
        lastTestMs = nowMs;
        tests++;
        passed += responded ? 1 : 0;
        String kept = "";
        if (responded && revoked && startShareBps > 0 && startBps > EARNED_BACK * startShareBps) {
            // A flow that lost its exemption for its share earns it back only by a test it begins at its share.
            responded = false;
            kept = "; still limited: it offered " + mbps(startBps) + " when the test began, above its share of "
                    + mbps(startShareBps);
        }
        if (responded && distrusted) {
            responded = false;
            kept = "; " + DISTRUSTED;
        }
        if (responded) {
            releasedBps = offeredAtEnd;
        }
        revoked &= !responded;
        verified = responded;
        evidence = (responded || !kept.isEmpty() ? "responded: " : "did not respond: ") + what + kept + "; passed "
                + passed + " of " + tests + " tests";
        return true;
    }

    /**
     * Tells whether a responsive flow's rate jumped, soon after it passed a test, beyond what a congestion control
     * grows to from the rate the test released it to.
     *
     * @param nowMs the time
     * @param offeredBps what it offers now
     * @param shareBps its set's equal share, -1 if unknown
     * @param withinMs how long after its test a jump counts
     * @return true if it is to be tested at once
     */
    public boolean jumped(long nowMs, double offeredBps, double shareBps, long withinMs) {
        return verified && phase == Phase.NONE && releasedBps > 0 && nowMs - lastTestMs <= withinMs
                && offeredBps > JUMP * releasedBps && offeredBps > shareBps;
    }

    /**
     * Notes a strike: the flow needed a test before its interval, or lost its exemption far above its share; one
     * struck again and again is distrusted: unresponsive whatever its tests say.
     *
     * @param nowMs the time
     */
    public void struck(long nowMs) {
        if (strikes.strike(nowMs) && !distrusted) {
            distrusted = true;
            verified = false;
            evidence = DISTRUSTED + "; passed " + passed + " of " + tests + " tests";
        }
    }

    /**
     * Tells whether the flow, counted as responsive and not held, held a disproportionate share in the last period.
     *
     * @return true if so
     */
    public boolean disproportionate() {
        return overShare;
    }

    /**
     * Takes one period of the standing check of a UDP flow's share: whether, counted as responsive and not held
     * by a test, it held more than its share while another member of its set was below its own. A flow that did
     * so for {@code periods} periods in a row outside its tests (a test judges its own periods) loses its
     * exemption: it counts and is limited as UDP until a test it begins at or below its share is passed.
     *
     * @param over whether it held a disproportionate share this period
     * @param periods how many periods in a row cost the exemption
     * @param what what it held, for its record (asked only when the exemption is lost)
     * @return true if it lost its exemption now
     */
    public boolean shareChecked(boolean over, int periods, Supplier<String> what) {
        overShare = over && verified && limitBps() < 0;
        if (phase != Phase.NONE) {
            return false;
        }
        disproportionate = overShare ? disproportionate + 1 : 0;
        if (disproportionate < periods) {
            return false;
        }
        disproportionate = 0;
        overShare = false;
        verified = false;
        revoked = true;
        evidence = "lost its exemption: " + what.get() + " for " + periods + " periods; passed " + passed + " of "
                + tests + " tests";
        return true;
    }

    /**
     * Takes one period of the share cap of a flow counted as responsive and under no test: wide of its max-min share
     * while another member of its set is below its own for {@code periods} periods in a row, it is held at that share
     * and still counted as responsive; capped, it follows the share as it moves, and the cap goes once no member has
     * been below its own for {@code quietPeriods} periods in a row.
     *
     * @param wideOfShare whether it held more than its share's margin this period
     * @param victim whether another member of its set was below its own this period
     * @param shareBps its max-min share
     * @param periods how many periods in a row wide of its share beside a victim cap it
     * @param quietPeriods how many periods in a row without a victim lift the cap
     * @return true if the cap came or went this period
     */
    public boolean capChecked(boolean wideOfShare, boolean victim, double shareBps, int periods, int quietPeriods) {
        if (!verified || phase != Phase.NONE) {
            boolean was = cap.on();
            cap.clear();
            return was;
        }
        return cap.check(wideOfShare, victim, shareBps, periods, quietPeriods);
    }

    /**
     * Returns the share the flow is capped at.
     *
     * @return bit/s, -1 when not capped
     */
    public double capBps() {
        return capped() ? cap.bps() : -1;
    }

    /**
     * Says what the last test found, and how many the flow passed.
     *
     * @return words; empty before its first test ended
     */
    public String evidence() {
        if (phase == Phase.HOLD) {
            return "under test: held at " + mbps(limitBps) + " (offered " + mbps(startBps) + ")"
                    + (evidence.isEmpty() ? "" : "; last " + evidence);
        }
        if (phase == Phase.RELEASE) {
            return "under test: released after offering " + mbps(heldBps) + " at " + mbps(limitBps)
                    + (evidence.isEmpty() ? "" : "; last " + evidence);
        }
        return evidence;
    }

    /**
     * Returns what the flow's tests found, for a checkpoint; a test running now is left out.
     *
     * @return it
     */
    public ResponsiveCheckpoint checkpoint() {
        return new ResponsiveCheckpoint(hinted, tests, passed, verified, lastTestMs, evidence)
                .withStanding(revoked, distrusted, strikes.times());
    }

    /**
     * Takes over what another instance's tests and standing checks found (the flow's facility was taken over). Its
     * candidacy follows from the hint and the settings in force at the next period.
     *
     * @param c what they found
     */
    public void restore(ResponsiveCheckpoint c) {
        hinted = c.hinted();
        tests = c.tests();
        passed = c.passed();
        verified = c.responsive();
        lastTestMs = c.lastTestMs();
        evidence = c.evidence();
        revoked = c.revoked();
        distrusted = c.distrusted();
        strikes.restore(c.strikes());
        candidate = hinted || tests > 0;
        phase = Phase.NONE;
    }

    private static String mbps(double bps) {
        return String.format(Locale.ROOT, "%.2f Mbit/s", bps / 1e6);
    }
}
