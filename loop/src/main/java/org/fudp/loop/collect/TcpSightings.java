// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.loop.flow.Membership;
import org.fudp.protocol.FiveTuple;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The TCP connections a sampled facility's samples show sending steadily in each set, for the flows its light
 * TCP stands for ({@code LightTcp}). A connection counts when, within one window of {@link #WINDOW_MS}, it was
 * sampled at least {@link #MIN_SAMPLES} times, over {@link #SPAN_MS} or more, and its samples estimate at least
 * the join rate ({@link Membership#JOIN_BPS}), as a flow with a rule of its own must carry to join its set. At 1
 * in 64 that takes about 190 of its packets in 10 s (0.23 Mbit/s of full frames): not a mouse that came and went
 * within a second, nor one of thousands of idle connections that send a keep-alive every few seconds (the trace
 * study's 5,000: two packets each in a window, so never three samples). Windows tumble; what the last whole
 * window found counts until the next one ends, so a connection does not drop out at each window's start.
 */
public final class TcpSightings {

    /** The window: ten of the lab's one-second periods. */
    static final long WINDOW_MS = 10_000;
    /** Its first and last samples in the window must be at least this far apart. */
    static final long SPAN_MS = 1_000;
    /** Samples a connection needs in the window; two samples of a mouse's large packets estimate much. */
    static final int MIN_SAMPLES = 3;
    /** Connections followed in one window; a host spraying 5-tuples fills this, not the memory. */
    static final int MAX_CONNECTIONS = 65_536;

    /** One connection's samples in the window. */
    private static final class Sighting {
        final String cfsId;
        final long firstMs;
        long lastMs;
        int samples;
        long bytes;

        Sighting(String cfsId, long firstMs) {
            this.cfsId = cfsId;
            this.firstMs = firstMs;
            this.lastMs = firstMs;
        }

        boolean steady() {
            return samples >= MIN_SAMPLES && lastMs - firstMs >= SPAN_MS
                    && bytes * 8000.0 / WINDOW_MS >= Membership.JOIN_BPS;
        }
    }

    private final Map<FiveTuple, Sighting> window = new HashMap<>();
    private Map<FiveTuple, String> lastWindow = Map.of();
    // So that the first sample starts a window (HeavyFlows had Long.MIN_VALUE here, and overflowed).
    private long windowStartMs = -2 * WINDOW_MS;

    /**
     * Takes one sampled TCP packet of a connection without rules of its own.
     *
     * @param nowMs when it was sampled
     * @param t its connection
     * @param cfsId the set its destination is in
     * @param estimatedBytes the bytes it stands for (sampling rate times its length)
     */
    void offer(long nowMs, FiveTuple t, String cfsId, long estimatedBytes) {
        roll(nowMs);
        Sighting s = window.get(t);
        if (s == null) {
            if (window.size() >= MAX_CONNECTIONS) {
                return;
            }
            s = new Sighting(cfsId, nowMs);
            window.put(t, s);
        }
        s.lastMs = Math.max(s.lastMs, nowMs);
        s.samples++;
        s.bytes += estimatedBytes;
    }

    /**
     * Counts, by set, the connections sampled steadily in the last whole window or so far in this one.
     *
     * @param nowMs the time
     * @param hasRules whether a connection has rules of its own now: it is counted by them, not here
     * @return connections by set id; a set with none is absent
     */
    Map<String, Integer> bySet(long nowMs, Predicate<FiveTuple> hasRules) {
        roll(nowMs);
        Map<FiveTuple, String> steady = new HashMap<>(lastWindow);
        window.forEach((t, s) -> {
            if (s.steady()) {
                steady.put(t, s.cfsId);
            }
        });
        Map<String, Integer> out = new HashMap<>();
        steady.forEach((t, id) -> {
            if (!hasRules.test(t)) {
                out.merge(id, 1, Integer::sum);
            }
        });
        return out;
    }

    private void roll(long nowMs) {
        if (nowMs - windowStartMs < WINDOW_MS && nowMs >= windowStartMs) {
            return;
        }
        // A window that ended more than a window ago found nothing that still counts.
        boolean adjacent = nowMs - windowStartMs < 2 * WINDOW_MS && nowMs >= windowStartMs;
        Map<FiveTuple, String> steady = new HashMap<>();
        if (adjacent) {
            window.forEach((t, s) -> {
                if (s.steady()) {
                    steady.put(t, s.cfsId);
                }
            });
        }
        lastWindow = steady;
        window.clear();
        windowStartMs = nowMs;
    }
}
