// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.junit.jupiter.api.Test;
import org.onosproject.store.Timestamp;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The store's timestamps order every write of an instance, whatever its clock does, and the clock
 * orders writes of different instances.
 */
class MonotonicTimestampsTest {

    @Test
    void eachTimestampIsNewerThanTheLastWhenTheClockStandsStillOrGoesBack() {
        AtomicLong clock = new AtomicLong(1_000);
        MonotonicTimestamps ts = new MonotonicTimestamps(clock::get);
        Timestamp last = ts.next();
        for (int i = 0; i < 10; i++) {
            clock.addAndGet(i % 2 == 0 ? 0 : -500);
            Timestamp t = ts.next();
            assertTrue(t.isNewerThan(last), "write " + i);
            last = t;
        }
    }

    @Test
    void aLaterClockWinsOverAnotherInstancesEarlierWrites() {
        AtomicLong clock = new AtomicLong(1_000);
        MonotonicTimestamps busy = new MonotonicTimestamps(clock::get);
        MonotonicTimestamps fresh = new MonotonicTimestamps(clock::get);
        Timestamp old = null;
        for (int i = 0; i < 100; i++) {
            old = busy.next();
        }
        clock.incrementAndGet();
        assertTrue(fresh.next().isNewerThan(old), "a new master's first write is newer than the old one's last");
    }
}
