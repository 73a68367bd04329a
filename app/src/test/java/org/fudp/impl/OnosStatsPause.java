// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

/**
 * How ONOS 2.7's OpenFlow provider stops polling a switch's flow statistics while its flow rules change
 * fast (providers/openflow/flow FlowStatsCollector and OpenFlowRuleProvider, utils/misc SlidingWindowCounter,
 * tag 2.7.0), for one switch on the double's clock:
 * <ul>
 *   <li>events: each batch the provider sends counts its operations plus one (executeBatch,
 *       {@code recordEvents(dpid, ops + 1)}); each FLOW_REMOVED the switch sends counts one
 *       (recordEvent), and ONOS asks every rule's removal to be reported;</li>
 *   <li>the counter has one-second slots, 60 of them; a window's rate is its slots' sum over the slots
 *       (never more slots than have passed since it started);</li>
 *   <li>every second the pause task stops the polls when the rate of the last 2 slots is above
 *       max(min(2 x the rate of the last 60, 500), 50), and starts them again only when the rate of the
 *       last 15 slots is below that of the last 60; the poll task itself also skips a poll under that load.</li>
 * </ul>
 */
final class OnosStatsPause {

    private static final int HIGH_WINDOW = 60;
    private static final int PAUSE_WINDOW = 2;
    private static final int LOW_WINDOW = 15;

    private final long[] slots = new long[HIGH_WINDOW];
    private int head;
    private long totalSlots = 1;
    private long nextSlotMs;
    private boolean paused;
    /** Polls skipped under load or while paused. */
    int skippedPolls;

    /**
     * Starts the counter of a switch connected a while ago, quiet since.
     *
     * @param connectedMs when the switch connected
     * @param nowMs the time now
     */
    OnosStatsPause(long connectedMs, long nowMs) {
        nextSlotMs = connectedMs + 1000;
        while (nextSlotMs <= nowMs) {
            nextSlot();
        }
    }

    /**
     * Counts flow events.
     *
     * @param events how many
     */
    void record(int events) {
        slots[head] += events;
    }

    /**
     * Returns when the next slot starts (and the pause task runs).
     *
     * @return ms
     */
    long nextSlotMs() {
        return nextSlotMs;
    }

    /**
     * Moves to the next slot and runs the pause task.
     */
    void nextSlot() {
        head = (head + 1) % HIGH_WINDOW;
        slots[head] = 0;
        totalSlots++;
        nextSlotMs += 1000;
        if (highLoad()) {
            paused = true;
        } else if (rate(LOW_WINDOW) < rate(HIGH_WINDOW)) {
            paused = false;
        }
    }

    /**
     * Tells whether a poll due now goes out.
     *
     * @return false while paused or under load
     */
    boolean polls() {
        if (paused || highLoad()) {
            skippedPolls++;
            return false;
        }
        return true;
    }

    private boolean highLoad() {
        return rate(PAUSE_WINDOW) > Math.max(Math.min(rate(HIGH_WINDOW) * 2, 500), 50);
    }

    private double rate(int window) {
        int n = (int) Math.min(window, totalSlots);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += slots[(head - i + HIGH_WINDOW) % HIGH_WINDOW];
        }
        return sum / (double) n;
    }
}
