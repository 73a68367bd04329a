// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

/**
 * Turns the samples of one flow rule's byte counter into a rate in bit/s.
 * <p>
 * The samples come from the switch's flow statistics, which ONOS polls on its own clock, so the
 * estimator divides by the time between the samples' own timestamps rather than by the control
 * period. It copes with:
 * </p>
 * <ul>
 *   <li>irregular sample times: the rate is the counter difference over the actual interval;</li>
 *   <li>a missing sample (no new statistics since the last one): the last rate is kept and
 *       marked stale, until it is older than {@code staleAfterMs};</li>
 *   <li>a counter reset, seen as fewer bytes or a younger rule than before (the rule was
 *       re-installed): the rate is the new rule's average over its own life;</li>
 *   <li>a rule that has just appeared: its first sample gives the average over its life when
 *       the life is at least {@link #MIN_LIFE_MS}, and no rate otherwise;</li>
 *   <li>a new measurement window ({@link #rebase}): after new limits take effect, the next rate
 *       counts only the traffic from then on.</li>
 * </ul>
 * Not thread-safe.
 */
final class RateEstimator {

    /** How trustworthy a rate is. */
    enum Quality {
        /** No rate yet. */
        NONE,
        /** The average since the rule was installed (first sample, or after a reset). */
        AVERAGE,
        /** The counter difference between two samples. */
        MEASURED,
        /** The last rate, repeated because no new sample came. */
        STALE
    }

    /**
     * Shortest rule life over which a first-sample average is trusted. Open vSwitch reports a
     * rule's life in milliseconds, so a flow learnt in the middle of a period is measured in that
     * period; ONOS 2.7 reports whole seconds, so there a rule younger than 1 s shows life 0 and
     * waits for its second sample.
     */
    static final long MIN_LIFE_MS = 250;

    private final long staleAfterMs;
    private final long installedMs;
    private long lastSampleMs = -1;
    private long lastBytes;
    private long lastLifeMs;
    private double rateBps;
    private Quality quality = Quality.NONE;

    /**
     * Creates an estimator.
     *
     * @param staleAfterMs how long a rate may be repeated without a new sample
     */
    RateEstimator(long staleAfterMs) {
        this(staleAfterMs, -1);
    }

    /**
     * Creates an estimator for a rule the loop asked for at a known time.
     *
     * @param staleAfterMs how long a rate may be repeated without a new sample
     * @param installedMs when the rule was asked for, -1 if unknown
     */
    RateEstimator(long staleAfterMs, long installedMs) {
        this.staleAfterMs = staleAfterMs;
        this.installedMs = installedMs;
    }

    /**
     * Feeds one sample of the counter.
     *
     * @param nowMs the current time
     * @param sampleMs when the switch's counter was read
     * @param bytes the counter
     * @param lifeMs how long the rule has existed on the switch, 0 if unknown
     * @return the rate's quality after the sample
     */
    Quality update(long nowMs, long sampleMs, long bytes, long lifeMs) {
        return update(nowMs, sampleMs, bytes, lifeMs, 1);
    }

    /**
     * Feeds one sample of the counter whose life the host knows only to a resolution.
     *
     * @param nowMs the current time
     * @param sampleMs when the switch's counter was read
     * @param bytes the counter
     * @param lifeMs how long the rule has existed on the switch, 0 if unknown
     * @param lifeResolutionMs how exact the life is: 1 for Open vSwitch, 1000 for ONOS 2.7
     * @return the rate's quality after the sample
     */
    Quality update(long nowMs, long sampleMs, long bytes, long lifeMs, long lifeResolutionMs) {
        if (lastSampleMs < 0) {
            return restart(sampleMs, bytes, lifeMs, lifeEstimate(sampleMs, lifeMs, lifeResolutionMs, true));
        }
        if (sampleMs <= lastSampleMs) {
            return missing(nowMs);
        }
        boolean reset = bytes < lastBytes || (lifeMs > 0 && lifeMs + MIN_LIFE_MS < lastLifeMs);
        if (reset) {
            return restart(sampleMs, bytes, lifeMs, lifeEstimate(sampleMs, lifeMs, lifeResolutionMs, false));
        }
        rateBps = (bytes - lastBytes) * 8000.0 / (sampleMs - lastSampleMs);
        quality = Quality.MEASURED;
        remember(sampleMs, bytes, lifeMs);
        return quality;
    }

    /**
     * Starts a new measurement window at a sample, keeping the current rate: the next
     * {@link #update} measures from here. A sample no newer than the window's start changes
     * nothing.
     *
     * @param sampleMs when the switch's counter was read
     * @param bytes the counter
     * @param lifeMs the rule's life, 0 if unknown
     */
    void rebase(long sampleMs, long bytes, long lifeMs) {
        if (sampleMs > lastSampleMs) {
            remember(sampleMs, bytes, lifeMs);
        }
    }

    /**
     * Returns when the current measurement window started.
     *
     * @return the last sample's time, -1 before the first
     */
    long windowStartMs() {
        return lastSampleMs;
    }

    /**
     * Notes that no sample came this period.
     *
     * @param nowMs the current time
     * @return the rate's quality
     */
    Quality missing(long nowMs) {
        if (quality == Quality.NONE) {
            return quality;
        }
        quality = nowMs - lastSampleMs > staleAfterMs ? Quality.NONE : Quality.STALE;
        if (quality == Quality.NONE) {
            rateBps = 0;
        }
        return quality;
    }

    /**
     * Returns a rule's life as best known. ONOS 2.7 gives whole seconds (its FlowEntryBuilder reads
     * duration_sec only), so a 2.5 s old rule reads as 2 s and its average would be 25 % high. For
     * the rule's first sample the time since the loop asked for it narrows the life down; a rule
     * put back since (ONOS re-installs a rule the switch lost) has no such time, and a whole-second
     * life is then too coarse to average over: the sample only starts the next window.
     *
     * @return the life in ms, -1 if too uncertain to average over
     */
    private long lifeEstimate(long sampleMs, long lifeMs, long resolutionMs, boolean firstRule) {
        if (resolutionMs <= 1) {
            return lifeMs;
        }
        if (firstRule && installedMs >= 0 && sampleMs > installedMs) {
            return Math.max(lifeMs, Math.min(sampleMs - installedMs, lifeMs + resolutionMs - 1));
        }
        return -1;
    }

    private Quality restart(long sampleMs, long bytes, long lifeMs, long lifeEstimateMs) {
        if (lifeEstimateMs >= MIN_LIFE_MS) {
            rateBps = bytes * 8000.0 / lifeEstimateMs;
            quality = Quality.AVERAGE;
        } else {
            rateBps = 0;
            quality = Quality.NONE;
        }
        remember(sampleMs, bytes, lifeMs);
        return quality;
    }

    private void remember(long sampleMs, long bytes, long lifeMs) {
        lastSampleMs = sampleMs;
        lastBytes = bytes;
        lastLifeMs = lifeMs;
    }

    /**
     * Returns the rate.
     *
     * @return bit/s, 0 when the quality is {@link Quality#NONE}
     */
    double rateBps() {
        return rateBps;
    }

    /**
     * Returns the rate's quality.
     *
     * @return quality
     */
    Quality quality() {
        return quality;
    }

    /**
     * Tells whether there is a usable rate.
     *
     * @return true unless the quality is {@link Quality#NONE}
     */
    boolean known() {
        return quality != Quality.NONE;
    }
}
