// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

/**
 * The one burst policy for every limit: the token bucket holds 10 ms of traffic at the limit's
 * rate, and never less than two full-size frames, so that shaping does not drop a flow's normal
 * bursts. 10 ms is what the lab's figures were measured with (docs/results.md); at the 3 Mbit/s
 * of a typical limit there it is about 4 KB, a quarter of the 100-packet bottleneck queue's
 * worth of time.
 */
public final class BurstPolicy {

    /** Two full-size Ethernet frames. */
    static final long MIN_BURST_BYTES = 2 * 1514;
    /** Seconds of traffic at the limit's rate. */
    static final double BURST_SECONDS = 0.010;

    private BurstPolicy() {
    }

    /**
     * Returns the token bucket depth for a rate.
     *
     * @param rateBps the limit, bit/s
     * @return burst in bytes
     */
    public static long burstBytes(long rateBps) {
        return Math.max(MIN_BURST_BYTES, Math.round(rateBps / 8.0 * BURST_SECONDS));
    }
}
