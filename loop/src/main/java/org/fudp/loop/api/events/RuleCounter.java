// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.events;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.fudp.loop.api.commands.RuleSpec;

/**
 * One reading of a rule's byte counter, as the host got it from the switch.
 */
public final class RuleCounter {

    private final long key;
    private final long sampleMs;
    private final long bytes;
    private final long lifeMs;
    private final long lifeResolutionMs;

    /**
     * Creates a reading whose life is exact to the millisecond (Open vSwitch's dump-flows).
     *
     * @param key the rule's {@link RuleSpec#key()}
     * @param sampleMs when the switch's counter was read
     * @param bytes the cumulative byte counter
     * @param lifeMs how long the rule has existed on the switch, 0 if unknown
     */
    public RuleCounter(long key, long sampleMs, long bytes, long lifeMs) {
        this(key, sampleMs, bytes, lifeMs, 1);
    }

    /**
     * Creates a reading.
     *
     * @param key the rule's {@link RuleSpec#key()}
     * @param sampleMs when the switch's counter was read (ONOS: the entry's {@code lastSeen})
     * @param bytes the cumulative byte counter
     * @param lifeMs how long the rule has existed on the switch, 0 if unknown
     * @param lifeResolutionMs how exact the life is: the life lies in [lifeMs, lifeMs + this)
     */
    public RuleCounter(long key, long sampleMs, long bytes, long lifeMs, long lifeResolutionMs) {
        this.key = key;
        this.sampleMs = sampleMs;
        this.bytes = bytes;
        this.lifeMs = lifeMs;
        this.lifeResolutionMs = Math.max(1, lifeResolutionMs);
    }

    public long key() {
        return key;
    }

    public long sampleMs() {
        return sampleMs;
    }

    public long bytes() {
        return bytes;
    }

    public long lifeMs() {
        return lifeMs;
    }

    public long lifeResolutionMs() {
        return lifeResolutionMs;
    }

    @Override
    public String toString() {
        return "rule " + key + ": " + bytes + " B at " + sampleMs + " (life " + lifeMs + " ms)";
    }

    /**
     * Indexes readings by their key.
     *
     * @param readings the readings
     * @return them by key; of two with one key, the later
     */
    public static Map<Long, RuleCounter> byKey(Collection<RuleCounter> readings) {
        Map<Long, RuleCounter> byKey = new HashMap<>();
        for (RuleCounter c : readings) {
            byKey.put(c.key(), c);
        }
        return byKey;
    }
}
