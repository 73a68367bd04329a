// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.protocol.FiveTuple;

import java.util.HashMap;
import java.util.Map;

/**
 * Finds a facility's heavy flows among its sampled packets: a flow is heavy once its samples in a
 * window of {@link #WINDOW_MS} estimate at least the facility's heavy rate, from at least
 * {@link #MIN_SAMPLES} samples. Windows tumble: each starts empty, so memory is bounded by the samples
 * of one window, and at most {@link #MAX_FLOWS} flows are followed in one.
 */
final class HeavyFlows {

    /**
     * The window: two of the paper's one-second periods. At 1 in 64 a flow of 1 Mbit/s in 1,000-byte
     * packets gives about 4 samples in it.
     */
    static final long WINDOW_MS = 2000;
    /** One or two samples of a mouse's large packets would otherwise estimate megabits. */
    static final int MIN_SAMPLES = 3;
    /** Flows followed in one window; a host spraying new 5-tuples fills it, not the memory. */
    static final int MAX_FLOWS = 65_536;

    /** One flow's samples in the window. */
    private static final class Seen {
        long bytes;
        int samples;
        /** Found heavy in this window already: not again. */
        boolean heavy;
        final QuicHint.Samples quic = new QuicHint.Samples();
    }

    private final Map<FiveTuple, Seen> window = new HashMap<>();
    // So that the first sample starts a window: Long.MIN_VALUE here overflowed the test below, and the first
    // window never ended.
    private long windowStartMs = -WINDOW_MS;

    /**
     * Takes one sampled packet.
     *
     * @param nowMs when it was sampled (received)
     * @param t its flow
     * @param estimatedBytes the bytes it stands for (sampling rate times its length)
     * @param payloadHead the first bytes of its UDP payload, empty if none
     * @param heavyBps the rate from which a flow is heavy
     * @return true if this sample makes its flow heavy (once a window)
     */
    boolean offer(long nowMs, FiveTuple t, long estimatedBytes, byte[] payloadHead, long heavyBps) {
        if (nowMs - windowStartMs >= WINDOW_MS || nowMs < windowStartMs) {
            window.clear();
            windowStartMs = nowMs;
        }
        Seen seen = window.get(t);
        if (seen == null) {
            if (window.size() >= MAX_FLOWS) {
                return false;
            }
            seen = new Seen();
            window.put(t, seen);
        }
        if (seen.heavy) {
            return false;
        }
        seen.bytes += estimatedBytes;
        seen.samples++;
        if (t.protocol() == FiveTuple.UDP) {
            seen.quic.add(payloadHead);
        }
        if (seen.samples >= MIN_SAMPLES && seen.bytes * 8.0 * 1000 / WINDOW_MS >= heavyBps) {
            seen.heavy = true;
            return true;
        }
        return false;
    }

    /**
     * Tells whether a flow's samples in this window look like QUIC ({@link QuicHint}).
     *
     * @param t the flow
     * @return true if so
     */
    boolean looksLikeQuic(FiveTuple t) {
        Seen seen = window.get(t);
        return seen != null && seen.quic.quic();
    }
}
