// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.commands.MeterSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The loop's meters in ovs-ofctl syntax, and their counters back from {@code meter-stats}. The
 * loop's meter key is the OpenFlow meter id.
 */
final class MeterText {

    private static final Pattern METER = Pattern.compile("meter:(\\d+) .*?byte_in_count:(\\d+)");
    private static final Pattern BAND = Pattern.compile("^\\s*0: packet_count:\\d+ byte_count:(\\d+)");

    private MeterText() {
    }

    /**
     * Returns a meter as add-meter takes it: one DROP band at the rate, in kbit/s, with its burst.
     *
     * @param m the meter
     * @return the spec
     */
    static String spec(MeterSpec m) {
        return String.format(Locale.ROOT, "meter=%d,kbps,burst,bands=type=drop,rate=%d,burst_size=%d", m.key(),
                m.rateKbps(), m.burstKbit());
    }

    /**
     * Reads meter-stats: per meter the bytes in and the bytes its (first) band dropped.
     *
     * @param stats the text
     * @param sampleMs when it was read
     * @return one reading per meter
     */
    static List<MeterReading> readings(String stats, long sampleMs) {
        List<MeterReading> out = new ArrayList<>();
        long key = -1;
        long in = 0;
        for (String line : stats.split("\n")) {
            Matcher m = METER.matcher(line);
            if (m.find()) {
                key = Long.parseLong(m.group(1));
                in = Long.parseLong(m.group(2));
                continue;
            }
            Matcher b = BAND.matcher(line);
            if (key > 0 && b.find()) {
                out.add(new MeterReading(key, sampleMs, in, Long.parseLong(b.group(1))));
                key = -1;
            }
        }
        return out;
    }
}
