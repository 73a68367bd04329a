// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.commands.MeterSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Meters in ovs-ofctl syntax and their stats, as OVS 3.1's userspace datapath prints them.
 */
class MeterTextTest {

    /** Captured from OVS 3.1 after 3.5 s of 20 Mbit/s UDP through a 5 Mbit/s meter. */
    private static final String STATS = "OFPST_METER reply (OF1.3) (xid=0x2):\n"
            + "meter:1 flow_count:1 packet_in_count:5179 byte_in_count:7715266 duration:3.516s bands:\n"
            + "0: packet_count:3904 byte_count:5816960\n"
            + "meter:7 flow_count:0 packet_in_count:0 byte_in_count:0 duration:0.100s bands:\n"
            + "0: packet_count:0 byte_count:0\n";

    @Test
    void aMeterIsOneDropBandInKbitPerSecondWithItsBurst() {
        assertEquals("meter=12,kbps,burst,bands=type=drop,rate=5000,burst_size=100",
                MeterText.spec(new MeterSpec("br", 12, 5_000_000, 12_500)));
        assertEquals("meter=1,kbps,burst,bands=type=drop,rate=1,burst_size=1",
                MeterText.spec(new MeterSpec("br", 1, 10, 10)), "never a zero rate or burst");
    }

    @Test
    void statsGiveWhatEnteredAndWhatTheBandDropped() {
        List<MeterReading> r = MeterText.readings(STATS, 42);
        assertEquals(2, r.size());
        assertEquals(1, r.get(0).key());
        assertEquals(42, r.get(0).sampleMs());
        assertEquals(7_715_266 - 5_816_960, r.get(0).bytesPassed());
        assertEquals(7, r.get(1).key());
        assertEquals(0, r.get(1).bytesPassed());
    }
}
