// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.settings;

import java.util.Locale;
import java.util.Objects;

/**
 * How the loop tests a UDP flow for responsiveness (docs/algorithm.md, "Responsive UDP"): which flows it
 * tests, how far below its rate it holds one and for how long, how long it waits for it to come back up,
 * and how often a flow is tested again. A flow is responsive by what it does under the test, never by a
 * port or a header; a header only makes it a candidate.
 */
public final class ResponsiveTest {

    /** Which UDP flows are tested. */
    public enum Candidates {
        /** None: every UDP flow is unresponsive, as in the paper. */
        NONE,
        /** Flows whose first packet the facility saw carries a QUIC long header of a known version. */
        QUIC,
        /** Every UDP flow. */
        ALL;

        /**
         * Parses a name, case aside.
         *
         * @param text "none", "quic" or "all"
         * @return the value
         * @throws IllegalArgumentException naming the values, for any other text
         */
        public static Candidates parse(String text) {
            for (Candidates c : values()) {
                if (c.name().equalsIgnoreCase(text.trim())) {
                    return c;
                }
            }
            throw new IllegalArgumentException("expected none, quic or all, got '" + text + "'");
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Candidates candidates;
    private final double holdFraction;
    private final int holdPeriods;
    private final int releasePeriods;
    private final long recheckMs;

    private ResponsiveTest(Candidates candidates, double holdFraction, int holdPeriods, int releasePeriods,
                           long recheckMs) {
        this.candidates = Objects.requireNonNull(candidates, "candidates");
        if (!(holdFraction > 0 && holdFraction <= 0.9)) {
            throw new IllegalArgumentException("holdFraction: must be > 0 and <= 0.9, got " + holdFraction);
        }
        if (holdPeriods < 1 || holdPeriods > 10) {
            throw new IllegalArgumentException("holdPeriods: must be 1..10, got " + holdPeriods);
        }
        if (releasePeriods < 1 || releasePeriods > 10) {
            throw new IllegalArgumentException("releasePeriods: must be 1..10, got " + releasePeriods);
        }
        if (recheckMs < 1000) {
            throw new IllegalArgumentException("recheckMs: must be >= 1000, got " + recheckMs);
        }
        this.holdFraction = holdFraction;
        this.holdPeriods = holdPeriods;
        this.releasePeriods = releasePeriods;
        this.recheckMs = recheckMs;
    }

    /**
     * Returns the defaults: QUIC candidates, held at half their rate for a period, 3 periods to come back
     * up, tested again every 60 s. One held period is enough (the period measures from when the enforcer
     * acknowledged the hold, and a congestion controller answers within round trips), and a second one held
     * a young flow back while it ramped up: in the lab a QUIC flow arriving next to a flood took 9.1 s to its
     * share with two, 3.6 s with one.
     *
     * @return the defaults
     */
    public static ResponsiveTest defaults() {
        return new ResponsiveTest(Candidates.QUIC, 0.5, 1, 3, 60_000);
    }

    /**
     * Returns the test that tests no flow.
     *
     * @return the test, off
     */
    public static ResponsiveTest off() {
        return defaults().withCandidates(Candidates.NONE);
    }

    /**
     * Returns a copy with other candidates.
     *
     * @param c which flows are tested
     * @return the copy
     */
    public ResponsiveTest withCandidates(Candidates c) {
        return new ResponsiveTest(c, holdFraction, holdPeriods, releasePeriods, recheckMs);
    }

    /**
     * Returns a copy with another depth.
     *
     * @param fraction the held limit as a fraction of the rate the flow offered when its test began
     * @param periods for how many control periods it is held
     * @return the copy
     * @throws IllegalArgumentException if the fraction is not in (0, 0.9] or the periods not in 1..10
     */
    public ResponsiveTest withHold(double fraction, int periods) {
        return new ResponsiveTest(candidates, fraction, periods, releasePeriods, recheckMs);
    }

    /**
     * Returns a copy that waits another number of periods for a released flow to come back up.
     *
     * @param periods 1..10
     * @return the copy
     */
    public ResponsiveTest withReleasePeriods(int periods) {
        return new ResponsiveTest(candidates, holdFraction, holdPeriods, periods, recheckMs);
    }

    /**
     * Returns a copy that tests a flow again after another interval.
     *
     * @param ms at least 1000
     * @return the copy
     */
    public ResponsiveTest withRecheckMs(long ms) {
        return new ResponsiveTest(candidates, holdFraction, holdPeriods, releasePeriods, ms);
    }

    public Candidates candidates() {
        return candidates;
    }

    public double holdFraction() {
        return holdFraction;
    }

    public int holdPeriods() {
        return holdPeriods;
    }

    public int releasePeriods() {
        return releasePeriods;
    }

    public long recheckMs() {
        return recheckMs;
    }

    /**
     * Tells whether a flow is a candidate.
     *
     * @param quicHint whether its first packet looked like QUIC
     * @return true if it is to be tested
     */
    public boolean candidate(boolean quicHint) {
        return candidates == Candidates.ALL || candidates == Candidates.QUIC && quicHint;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ResponsiveTest)) {
            return false;
        }
        ResponsiveTest t = (ResponsiveTest) o;
        return candidates == t.candidates && holdFraction == t.holdFraction && holdPeriods == t.holdPeriods
                && releasePeriods == t.releasePeriods && recheckMs == t.recheckMs;
    }

    @Override
    public int hashCode() {
        return Objects.hash(candidates, holdFraction, holdPeriods, releasePeriods, recheckMs);
    }

    @Override
    public String toString() {
        return "candidates " + candidates + ", held at " + holdFraction + " for " + holdPeriods
                + " periods, released for " + releasePeriods + ", again every " + recheckMs + " ms";
    }
}
