// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.checkpoints;

import java.util.List;
import java.util.Objects;

/**
 * What a UDP flow's responsiveness tests found, carried in its {@link FlowCheckpoint}: the instance that takes
 * a facility over sees none of its flows' first packets, so without it a QUIC flow would be no candidate there
 * and a QUIC-only set {@code NO_TCP}; and what its share cost it (an exemption lost, strikes, distrust), so that a
 * take-over or a restart does not clear an adversary's record. A test running when the checkpoint was taken is not
 * carried: the new instance tests the flow again when it is due.
 */
public final class ResponsiveCheckpoint {

    /** A flow with no hint and never tested. */
    public static final ResponsiveCheckpoint NONE = new ResponsiveCheckpoint(false, 0, 0, false, Long.MIN_VALUE, "");

    private final boolean hinted;
    private final int tests;
    private final int passed;
    private final boolean responsive;
    private final long lastTestMs;
    private final String evidence;
    private final boolean revoked;
    private final boolean distrusted;
    private final List<Long> strikes;

    /**
     * Creates one.
     *
     * @param hinted whether its packets looked like QUIC
     * @param tests how many tests ended with a verdict
     * @param passed how many of those it passed
     * @param responsive whether it passed the last one
     * @param lastTestMs when its last test ended (or started, if none ended), {@link Long#MIN_VALUE} if never
     * @param evidence what its last test found, "" if none ended
     * @throws IllegalArgumentException if the counts do not add up
     */
    public ResponsiveCheckpoint(boolean hinted, int tests, int passed, boolean responsive, long lastTestMs,
                                String evidence) {
        this(hinted, tests, passed, responsive, lastTestMs, evidence, false, false, List.of());
    }

    private ResponsiveCheckpoint(boolean hinted, int tests, int passed, boolean responsive, long lastTestMs,
                                 String evidence, boolean revoked, boolean distrusted, List<Long> strikes) {
        if (tests < 0 || passed < 0 || passed > tests || responsive && passed == 0) {
            throw new IllegalArgumentException("responsiveness: " + passed + " passed of " + tests + " tests"
                    + (responsive ? ", responsive" : ""));
        }
        if (responsive && (revoked || distrusted)) {
            throw new IllegalArgumentException("responsiveness: responsive, yet " + (revoked ? "its exemption lost"
                    : "distrusted"));
        }
        this.hinted = hinted;
        this.tests = tests;
        this.passed = passed;
        this.responsive = responsive;
        this.lastTestMs = lastTestMs;
        this.evidence = Objects.requireNonNull(evidence, "evidence");
        this.revoked = revoked;
        this.distrusted = distrusted;
        this.strikes = List.copyOf(strikes);
    }

    /**
     * Returns this one with what the standing check of its share found.
     *
     * @param lostExemption whether it lost its exemption for its share and has not earned it back
     * @param distrust whether it is distrusted: unresponsive whatever its tests say
     * @param strikeTimes when it was struck within the strike window, oldest first
     * @return the copy
     * @throws IllegalArgumentException if it passed its last test yet lost its exemption or is distrusted
     */
    public ResponsiveCheckpoint withStanding(boolean lostExemption, boolean distrust, List<Long> strikeTimes) {
        return new ResponsiveCheckpoint(hinted, tests, passed, responsive, lastTestMs, evidence, lostExemption,
                distrust, strikeTimes);
    }

    public boolean hinted() {
        return hinted;
    }

    public int tests() {
        return tests;
    }

    public int passed() {
        return passed;
    }

    public boolean responsive() {
        return responsive;
    }

    public long lastTestMs() {
        return lastTestMs;
    }

    public String evidence() {
        return evidence;
    }

    public boolean revoked() {
        return revoked;
    }

    public boolean distrusted() {
        return distrusted;
    }

    public List<Long> strikes() {
        return strikes;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ResponsiveCheckpoint)) {
            return false;
        }
        ResponsiveCheckpoint r = (ResponsiveCheckpoint) o;
        return hinted == r.hinted && tests == r.tests && passed == r.passed && responsive == r.responsive
                && lastTestMs == r.lastTestMs && evidence.equals(r.evidence) && revoked == r.revoked
                && distrusted == r.distrusted && strikes.equals(r.strikes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hinted, tests, passed, responsive, lastTestMs, evidence, revoked, distrusted, strikes);
    }
}
