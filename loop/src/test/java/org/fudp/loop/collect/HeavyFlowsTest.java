// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;

import static org.fudp.loop.LoopHarness.T0;
import static org.fudp.loop.LoopHarness.TCP1;
import static org.fudp.loop.LoopHarness.tuple;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Heavy flows are found within one window: three samples of a flow spread over its life are not three in a
 * window. The first window never ended before (its start overflowed the test), so a flow's samples added up
 * over its whole life, and a mouse sampled three times in a minute was taken for heavy and given rules.
 */
class HeavyFlowsTest {

    /** A 1,500-byte packet sampled 1 in 64. */
    private static final long SAMPLE_BYTES = 64 * 1500;
    private static final long HEAVY_BPS = 1_000_000;
    private static final byte[] NONE = new byte[0];

    @Test
    void threeSamplesWithinAWindowAreHeavy() {
        HeavyFlows h = new HeavyFlows();
        assertFalse(h.offer(T0, TCP1, SAMPLE_BYTES, NONE, HEAVY_BPS));
        assertFalse(h.offer(T0 + 500, TCP1, SAMPLE_BYTES, NONE, HEAVY_BPS));
        assertTrue(h.offer(T0 + 1_000, TCP1, SAMPLE_BYTES, NONE, HEAVY_BPS), "1.15 Mbit/s in one window");
        assertFalse(h.offer(T0 + 1_500, TCP1, SAMPLE_BYTES, NONE, HEAVY_BPS), "once a window");
    }

    @Test
    void samplesSpreadOverManyWindowsAreNotHeavy() {
        HeavyFlows h = new HeavyFlows();
        FiveTuple mouse = tuple("tcp-10.0.0.1-40100-10.0.0.4-80");
        for (int i = 0; i < 10; i++) {
            assertFalse(h.offer(T0 + i * 3_000L, mouse, SAMPLE_BYTES, NONE, HEAVY_BPS),
                    "one sample every 3 s is 0.26 Mbit/s, sample " + i);
        }
    }

    @Test
    void windowsTumbleAtTheStartOfTime() {
        HeavyFlows h = new HeavyFlows();
        assertFalse(h.offer(0, TCP1, SAMPLE_BYTES, NONE, HEAVY_BPS));
        assertFalse(h.offer(HeavyFlows.WINDOW_MS, TCP1, SAMPLE_BYTES, NONE, HEAVY_BPS));
        assertFalse(h.offer(2 * HeavyFlows.WINDOW_MS, TCP1, SAMPLE_BYTES, NONE, HEAVY_BPS), "a sample a window");
    }
}
