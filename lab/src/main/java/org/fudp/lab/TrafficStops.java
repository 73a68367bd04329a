// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tells, from the switch's counters alone, when a TCP flow's traffic stopped: the lab's measure of
 * a flow's end, against which the loop's reaction is timed. It is not the loop's view (the loop
 * judges stillness with its set's state); it only watches each TCP flow's own rule.
 */
final class TrafficStops {

    /** A rule still for this long after moving has stopped; it is reported once per stop. */
    static final long STILL_MS = 1000;
    /**
     * A stop is reported only after this much traffic since the last: iperf3's control connection
     * shares its data connection's server port, and its few bytes at the start and end are no flow.
     */
    static final long MIN_BYTES = 64 * 1024;

    private static final class Watch {
        final RuleSpec rule;
        long bytes = -1;
        long sinceStopBytes = -1;
        long movedMs;
        boolean reported = true;

        Watch(RuleSpec rule) {
            this.rule = rule;
        }
    }

    private final Map<Long, Watch> watched = new HashMap<>();

    /**
     * Watches the TCP flows' own rules among new rules.
     *
     * @param rules rules just installed
     */
    void watch(Collection<RuleSpec> rules) {
        for (RuleSpec r : rules) {
            if (r.role() == RuleSpec.Role.DIRECT && r.flow().protocol() != FiveTuple.UDP) {
                watched.put(r.key(), new Watch(r));
            }
        }
    }

    /**
     * Takes a dump's counters.
     *
     * @param nowMs the time of the dump
     * @param counters the counters, by rule
     * @return one log line per flow whose traffic has now stopped
     */
    List<String> read(long nowMs, Collection<RuleCounter> counters) {
        List<String> out = new ArrayList<>();
        for (RuleCounter c : counters) {
            Watch w = watched.get(c.key());
            if (w == null) {
                continue;
            }
            if (w.sinceStopBytes < 0) {
                w.sinceStopBytes = c.bytes();
            }
            if (c.bytes() != w.bytes) {
                w.bytes = c.bytes();
                w.movedMs = nowMs;
                w.reported = false;
            } else if (!w.reported && nowMs - w.movedMs >= STILL_MS && w.bytes - w.sinceStopBytes >= MIN_BYTES) {
                w.reported = true;
                w.sinceStopBytes = w.bytes;
                out.add(String.format(Locale.ROOT, "traffic stopped: %s, counter last moved at %d ms",
                        w.rule.flow(), w.movedMs));
            }
        }
        return out;
    }
}
