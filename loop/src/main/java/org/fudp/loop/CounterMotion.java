package org.fudp.loop;

/**
 * When a rule's byte counter last moved, from every reading the host hands the loop (the
 * period's, and those of the statistics polls in between). A period's rate says how much a flow
 * carried; this says whether it still carries anything at the period's end.
 */
final class CounterMotion {

    private long lastReadMs = -1;
    private long lastBytes;
    private long movedMs = -1;

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
}
