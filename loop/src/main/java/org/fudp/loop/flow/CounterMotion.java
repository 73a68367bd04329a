// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

/**
 * When a rule's byte counter last moved, from every reading the host hands the loop (the
 * period's, and those of the statistics polls in between). A period's rate says how much a flow
 * carried; this says whether it still carries anything at the period's end.
 */
final class CounterMotion {

    private long lastReadMs = -1;
    private long lastBytes;
    private long movedMs = -1;
    private long trafficMs = -1;
    private long gapMs;

    /**
     * Takes one reading. A reading no newer than the last one is a repeat (ONOS hands out the
     * same stored entry until its next poll) and changes nothing.
     *
     * @param sampleMs when the switch's counter was read
     * @param bytes the cumulative byte counter
     */
    void read(long sampleMs, long bytes) {
        if (sampleMs <= lastReadMs) {
            return;
        }
        // A first reading, or a counter that went backwards (the rule was re-installed), proves no
        // stillness: count it as motion.
        if (lastReadMs < 0 || bytes != lastBytes) {
            movedMs = sampleMs;
        }
        // Traffic, though, is only bytes that were not there before: a re-installed rule that has
        // counted nothing yet says nothing of the flow's packets.
        if (lastReadMs < 0 || bytes > lastBytes || bytes < lastBytes && bytes > 0) {
            trafficMs = sampleMs;
        }
        gapMs = lastReadMs < 0 ? 0 : sampleMs - lastReadMs;
        lastReadMs = sampleMs;
        lastBytes = bytes;
    }

    /**
     * Returns for how long the counter has been still: from the last reading that showed motion
     * to the latest reading.
     *
     * @return milliseconds, 0 when the latest reading moved or there is none
     */
    long stillMs() {
        return lastReadMs < 0 ? 0 : lastReadMs - movedMs;
    }

    /**
     * Returns for how long the counter has shown no new bytes at all, across re-installs of its rule:
     * how long the flow has sent nothing the switch counted.
     *
     * @param nowMs the time now
     * @return milliseconds since the last reading with new bytes; 0 before the first reading
     */
    long silentMs(long nowMs) {
        return trafficMs < 0 ? 0 : Math.max(0, nowMs - trafficMs);
    }

    /**
     * Returns the time between the last two readings: how exactly stillness and silence are known.
     *
     * @return milliseconds, 0 before the second reading
     */
    long readingGapMs() {
        return gapMs;
    }
}
