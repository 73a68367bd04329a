// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Eq. 1 and 2 against values worked out by hand (Mbit/s, alpha 0.875, beta 0.25).
 */
class TcpPredictorTest {

    private static final double EPS = 1e-9;

    @Test
    void firstPeriodStartsFromTheMeasurement() {
        TcpPredictor p = new TcpPredictor(0.875, 0.25);
        assertFalse(p.isStarted());
        p.update(94);
        // W_0 = W(f_T) = 94, D_0 = 0, so W_1 = 0.125*94 + 0.875*94 = 94 and D_1 = 0.25*|94-94| = 0.
        assertTrue(p.isStarted());
        assertEquals(94, p.predictedBps(), EPS);
        assertEquals(0, p.deviationBps(), EPS);
    }

    @Test
    void recurrencesMatchHandValues() {
        TcpPredictor p = new TcpPredictor(0.875, 0.25);
        p.update(94);
        p.update(3);
        // W_2 = 0.125*94 + 0.875*3 = 11.75 + 2.625; D_2 = 0.75*0 + 0.25*|3 - 94|.
        assertEquals(14.375, p.predictedBps(), EPS);
        assertEquals(22.75, p.deviationBps(), EPS);
        p.update(46);
        // W_3 = 0.125*14.375 + 0.875*46 = 1.796875 + 40.25; D_3 = 0.75*22.75 + 0.25*|46 - 14.375|.
        assertEquals(42.046875, p.predictedBps(), EPS);
        assertEquals(17.0625 + 7.90625, p.deviationBps(), EPS);
        p.update(49.6);
        // W_4 = 0.125*42.046875 + 0.875*49.6; D_4 = 0.75*24.96875 + 0.25*|49.6 - 42.046875|.
        assertEquals(5.255859375 + 43.4, p.predictedBps(), EPS);
        assertEquals(18.7265625 + 1.88828125, p.deviationBps(), EPS);
    }

    @Test
    void deviationUsesThePreviousPredictionNotTheNewOne() {
        TcpPredictor p = new TcpPredictor(0.5, 0.5);
        p.update(0);
        p.update(100);
        // With W_k = 0: D = 0.5*0 + 0.5*|100 - 0| = 50. Using W_{k+1} = 50 would give 25.
        assertEquals(50, p.predictedBps(), EPS);
        assertEquals(50, p.deviationBps(), EPS);
    }

    @Test
    void resetStartsAfresh() {
        TcpPredictor p = new TcpPredictor(0.875, 0.25);
        p.update(10);
        p.update(90);
        p.reset();
        assertFalse(p.isStarted());
        p.update(40);
        assertEquals(40, p.predictedBps(), EPS);
        assertEquals(0, p.deviationBps(), EPS);
    }

    @Test
    void refusesFactorsOutsideTheOpenUnitInterval() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TcpPredictor(1.0, 0.25));
        assertTrue(e.getMessage().startsWith("alpha: must be > 0 and < 1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new TcpPredictor(0.5, 0));
        assertTrue(e.getMessage().startsWith("beta: must be > 0 and < 1"), e.getMessage());
    }
}
