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

    private final Map<FiveTuple, long[]> window = new HashMap<>();
    // So that the first sample starts a window: Long.MIN_VALUE here overflowed the test below, and the first
    // window never ended.
    private long windowStartMs = -WINDOW_MS;

    /**
     * Takes one sampled packet.
     *
     * @param nowMs when it was sampled (received)
     * @param t its flow
     * @param estimatedBytes the bytes it stands for (sampling rate times its length)
     * @param heavyBps the rate from which a flow is heavy
     * @return true if this sample makes its flow heavy (once a window)
     */
    boolean offer(long nowMs, FiveTuple t, long estimatedBytes, long heavyBps) {
        if (nowMs - windowStartMs >= WINDOW_MS || nowMs < windowStartMs) {
            window.clear();
            windowStartMs = nowMs;
        }
        long[] seen = window.get(t);
        if (seen == null) {
            if (window.size() >= MAX_FLOWS) {
                return false;
            }
            seen = new long[2];
            window.put(t, seen);
        }
        if (seen[1] < 0) {
            return false;
        }
        seen[0] += estimatedBytes;
        seen[1]++;
        if (seen[1] >= MIN_SAMPLES && seen[0] * 8.0 * 1000 / WINDOW_MS >= heavyBps) {
            seen[1] = -1;
            return true;
        }
        return false;
    }
}
