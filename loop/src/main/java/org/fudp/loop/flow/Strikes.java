// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import java.util.ArrayDeque;
import java.util.List;

/**
 * A responsive flow's strikes ({@code ResponsiveUdp}: an early test, or its exemption lost far above its share) of
 * the last {@link #WINDOW_MS}: past {@link #LIMIT}, it is distrusted.
 */
final class Strikes {

    /** Strikes a flow may earn within the window before it is distrusted. */
    static final int LIMIT = 3;
    /** How long a strike counts. */
    static final long WINDOW_MS = 600_000;

    private final ArrayDeque<Long> times = new ArrayDeque<>();

    /**
     * Notes a strike.
     *
     * @param nowMs the time
     * @return true if the flow has earned {@link #LIMIT} strikes within the window now
     */
    boolean strike(long nowMs) {
        times.addLast(nowMs);
        while (!times.isEmpty() && times.peekFirst() <= nowMs - WINDOW_MS) {
            times.pollFirst();
        }
        return times.size() >= LIMIT;
    }

    List<Long> times() {
        return List.copyOf(times);
    }

    void restore(List<Long> strikes) {
        times.clear();
        times.addAll(strikes);
    }
}
