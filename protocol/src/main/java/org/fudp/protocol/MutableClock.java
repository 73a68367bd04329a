// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that stands still until it is moved. The control loop ({@code org.fudp.loop}) sets it
 * to the time of each event it is handed, so the encoder's timestamps and the verifier's replay
 * window follow the host's time and the loop itself never reads a clock; tests move it by hand.
 */
public final class MutableClock extends Clock {

    private long millis;

    /**
     * Creates a clock standing at the given time.
     *
     * @param startMillis milliseconds since the epoch
     */
    public MutableClock(long startMillis) {
        this.millis = startMillis;
    }

    /**
     * Creates a clock standing at a fixed time in 2027.
     */
    public MutableClock() {
        this(1_800_000_000_000L);
    }

    /**
     * Moves the clock forward.
     *
     * @param ms milliseconds
     */
    public void advance(long ms) {
        millis += ms;
    }

    /**
     * Sets the clock.
     *
     * @param nowMillis milliseconds since the epoch
     */
    public void set(long nowMillis) {
        millis = nowMillis;
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

    @Override
    public long millis() {
        return millis;
    }
}
