// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.onosproject.store.Timestamp;
import org.onosproject.store.service.MultiValuedTimestamp;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Timestamps for the store's eventually consistent maps: (wall-clock time in nanoseconds since
 * the epoch, sequence number).
 * <p>
 * An eventually consistent map keeps a write only if its timestamp is newer than the entry's
 * (last writer wins), so ONOS's millisecond {@code WallClockTimestamp} drops the second of two
 * writes of one key in the same millisecond, as in a remove and re-put of a flow within one loop
 * event, or a new controlling instance's first write just after the old one's last. The sequence
 * orders this instance's writes when the clock has not moved, and the clock part never goes back
 * on this instance even if the system clock steps back. Between instances the clock decides, at
 * the resolution the JVM gives (microseconds or better on Linux), as it does for ONOS's own
 * wall-clock maps: it assumes the cluster's clocks are synchronized (NTP). No
 * {@code LogicalClockService}, which would cost a round trip to a distributed counter per write.
 * </p>
 */
final class MonotonicTimestamps {

    private final LongSupplier wallClockNanos;
    private final AtomicLong lastWall = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong sequence = new AtomicLong();

    /**
     * Creates timestamps from the system clock.
     */
    MonotonicTimestamps() {
        this(MonotonicTimestamps::nowNanos);
    }

    /**
     * Creates timestamps from the given clock.
     *
     * @param wallClockNanos nanoseconds since the epoch
     */
    MonotonicTimestamps(LongSupplier wallClockNanos) {
        this.wallClockNanos = wallClockNanos;
    }

    private static long nowNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /**
     * Returns a timestamp newer than every one this object returned before.
     *
     * @return timestamp
     */
    Timestamp next() {
        long wall = lastWall.accumulateAndGet(wallClockNanos.getAsLong(), Math::max);
        return new MultiValuedTimestamp<>(wall, sequence.incrementAndGet());
    }
}
