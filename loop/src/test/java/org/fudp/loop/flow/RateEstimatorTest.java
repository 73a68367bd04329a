// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RateEstimatorTest {

    private static final double EPS = 1e-6;

    @Test
    void ruleJustAppearedGivesItsAverageOverItsLife() {
        RateEstimator e = new RateEstimator(10_000);
        // 2 s old, 250 000 bytes: 1 Mbit/s
        assertEquals(RateEstimator.Quality.AVERAGE, e.update(5_000, 5_000, 250_000, 2_000));
        assertEquals(1_000_000, e.rateBps(), EPS);
    }

    @Test
    void ruleTooYoungHasNoRateYet() {
        RateEstimator e = new RateEstimator(10_000);
        assertEquals(RateEstimator.Quality.NONE, e.update(5_000, 5_000, 900, 200));
        assertFalse(e.known());
        assertEquals(0, e.rateBps(), EPS);
    }

    @Test
    void irregularSampleTimesDivideByTheActualInterval() {
        RateEstimator e = new RateEstimator(10_000);
        e.update(0, 0, 0, 5_000);
        // 3.2 s later, 400 000 bytes more: 1 Mbit/s
        assertEquals(RateEstimator.Quality.MEASURED, e.update(5_000, 3_200, 400_000, 8_200));
        assertEquals(1_000_000, e.rateBps(), EPS);
        // then 7.1 s later, 1 775 000 bytes more: 2 Mbit/s
        e.update(10_000, 10_300, 2_175_000, 15_300);
        assertEquals(2_000_000, e.rateBps(), EPS);
    }

    @Test
    void missingSampleRepeatsTheLastRateUntilItIsTooOld() {
        RateEstimator e = new RateEstimator(10_000);
        e.update(0, 0, 0, 5_000);
        e.update(5_000, 5_000, 625_000, 10_000);
        // the same sample again: the switch was not polled in between
        assertEquals(RateEstimator.Quality.STALE, e.update(10_000, 5_000, 625_000, 10_000));
        assertEquals(1_000_000, e.rateBps(), EPS);
        // no entry at all this period
        assertEquals(RateEstimator.Quality.STALE, e.missing(14_000));
        assertTrue(e.known());
        assertEquals(RateEstimator.Quality.NONE, e.missing(15_001));
        assertEquals(0, e.rateBps(), EPS);
        // a fresh sample brings it back
        e.update(20_000, 20_000, 1_875_000, 25_000);
        assertEquals(RateEstimator.Quality.MEASURED, e.quality());
        assertEquals(2_000_000.0 / 3, e.rateBps(), EPS);
    }

    @Test
    void counterResetUsesTheReinstalledRulesOwnLife() {
        RateEstimator e = new RateEstimator(10_000);
        e.update(0, 0, 0, 5_000);
        e.update(5_000, 5_000, 5_000_000, 10_000);
        // rule re-installed 2 s ago: fewer bytes and a younger rule; 500 000 bytes in 2 s = 2 Mbit/s
        assertEquals(RateEstimator.Quality.AVERAGE, e.update(10_000, 10_000, 500_000, 2_000));
        assertEquals(2_000_000, e.rateBps(), EPS);
        // and measures normally from there
        e.update(15_000, 15_000, 1_125_000, 7_000);
        assertEquals(1_000_000, e.rateBps(), EPS);
    }

    @Test
    void resetSeenByLifeAloneWhenTheCounterHappensToBeHigher() {
        RateEstimator e = new RateEstimator(10_000);
        e.update(0, 0, 0, 60_000);
        e.update(5_000, 5_000, 100_000, 65_000);
        // more bytes than before, but the rule is only 4 s old: it was re-installed
        e.update(10_000, 10_000, 4_000_000, 4_000);
        assertEquals(RateEstimator.Quality.AVERAGE, e.quality());
        assertEquals(8_000_000, e.rateBps(), EPS);
    }

    @Test
    void rebaseStartsTheNextWindowAndKeepsTheRate() {
        RateEstimator e = new RateEstimator(10_000);
        e.update(0, 0, 0, 5_000);
        e.update(5_000, 5_000, 6_250_000, 10_000);
        assertEquals(10_000_000, e.rateBps(), EPS);
        // new limits took effect at 5.5 s: the window starts there
        e.rebase(5_500, 6_875_000, 10_500);
        assertEquals(10_000_000, e.rateBps(), EPS, "the rate in force until the next period");
        assertEquals(5_500, e.windowStartMs());
        // a sample no newer than the window's start changes nothing
        e.rebase(5_400, 0, 0);
        assertEquals(5_500, e.windowStartMs());
        // 4.5 s at 2 Mbit/s under the limit
        e.update(10_000, 10_000, 6_875_000 + 1_125_000, 15_000);
        assertEquals(2_000_000, e.rateBps(), EPS);
    }

    @Test
    void aWholeSecondLifeIsNarrowedByWhenTheLoopAskedForTheRule() {
        // ONOS 2.7: the rule went in at 10.0 s; polled at 12.5 s it reads as 2 s old.
        RateEstimator e = new RateEstimator(10_000, 10_000);
        e.update(12_600, 12_500, 937_500, 2_000, 1_000);
        assertEquals(RateEstimator.Quality.AVERAGE, e.quality());
        assertEquals(3_000_000, e.rateBps(), EPS, "over 2.5 s, not 2");
        // without the time it was asked for, the reading alone is used only at millisecond resolution
        RateEstimator unknown = new RateEstimator(10_000);
        unknown.update(12_600, 12_500, 937_500, 2_000, 1_000);
        assertEquals(RateEstimator.Quality.NONE, unknown.quality());
    }

    @Test
    void aRulePutBackWithAWholeSecondLifeOnlyStartsTheNextWindow() {
        RateEstimator e = new RateEstimator(10_000, 0);
        e.update(5_000, 5_000, 1_875_000, 5_000, 1_000);
        e.update(10_000, 10_000, 3_750_000, 10_000, 1_000);
        // re-installed by ONOS at 12.5 s, counting from zero: 2 s old to ONOS at 15 s
        assertEquals(RateEstimator.Quality.NONE, e.update(15_000, 15_000, 937_500, 2_000, 1_000));
        assertEquals(RateEstimator.Quality.MEASURED, e.update(20_000, 20_000, 2_812_500, 7_000, 1_000));
        assertEquals(3_000_000, e.rateBps(), EPS);
    }
}
