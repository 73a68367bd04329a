package org.fudp.agent.control;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock tests move by hand.
 */
public final class MutableClock extends Clock {

    private long millis = 1_800_000_000_000L;

    /**
     * Moves the clock forward.
     *
     * @param ms milliseconds
     */
    public void advance(long ms) {
        millis += ms;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis);
    }
}
