// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fudp.loop.api.events.RuleCounter;

/**
 * Reads the loop's rules and their counters from {@code ovs-ofctl dump-flows}, e.g.
 * {@code cookie=0xfd00000000000009, duration=3.521s, table=0, n_packets=10, n_bytes=15140, ...}.
 * OVS prints a rule's age in milliseconds, so a flow learnt mid-period is measured over its own life.
 */
final class FlowDump {

    private static final Pattern COOKIE = Pattern.compile("\\bcookie=0x([0-9a-f]+)");
    private static final Pattern DURATION = Pattern.compile("\\bduration=(\\d+)(?:\\.(\\d{1,9}))?s");
    private static final Pattern BYTES = Pattern.compile("\\bn_bytes=(\\d+)");

    private FlowDump() {
    }

    /**
     * Returns the counter of every loop rule in a dump.
     *
     * @param dump the output of {@code ovs-ofctl dump-flows}
     * @param sampleMs when the dump was taken
     * @return counters by rule key, in dump order
     */
    static Map<Long, RuleCounter> counters(String dump, long sampleMs) {
        Map<Long, RuleCounter> out = new LinkedHashMap<>();
        for (String line : dump.split("\n")) {
            Matcher c = COOKIE.matcher(line);
            Matcher b = BYTES.matcher(line);
            if (!c.find() || !b.find()) {
                continue;
            }
            OptionalLong key = RuleText.keyOf(Long.parseUnsignedLong(c.group(1), 16));
            if (key.isPresent()) {
                Matcher d = DURATION.matcher(line);
                long lifeMs = d.find() ? millis(d.group(1), d.group(2)) : 0;
                out.put(key.getAsLong(), new RuleCounter(key.getAsLong(), sampleMs, Long.parseLong(b.group(1)),
                        lifeMs));
            }
        }
        return out;
    }

    private static long millis(String seconds, String fraction) {
        String ms = fraction == null ? "000" : (fraction + "00").substring(0, 3);
        return Long.parseLong(seconds) * 1000 + Long.parseLong(ms);
    }
}
