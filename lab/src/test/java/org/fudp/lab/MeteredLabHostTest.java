// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import org.junit.jupiter.api.Test;

import static org.fudp.lab.LabFixture.PERIOD;
import static org.fudp.lab.LabFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lab's host on a bridge that enforces with its own meters ({@code enforcement = meter}): the
 * loop's meters become add-meter, and the flow's rule points at its meter by mod-flows once OVS took it.
 */
class MeteredLabHostTest {

    private static final String TCP = LabFixture.flowText("tcp", 2, "10.0.0.2", 50002, "10.0.0.4", 5202, "ack");
    private static final long TCP_DIRECT = 16;

    private final LabFixture f = new LabFixture(true);

    private static String udp(int srcPort) {
        return LabFixture.flowText("udp", 1, "10.0.0.1", srcPort, "10.0.0.4", 5203, null);
    }

    @Test
    void aLimitIsAnOvsMeterAndTheFlowsRulePointsAtIt() {
        f.monitor(udp(40003));
        assertTrue(f.sw.added.stream().anyMatch(r -> r.startsWith("cookie=0xfd00000000000008,")
                && r.endsWith("ip_dscp=0,actions=output:4")), "straight on, no adjustor: " + f.sw.added);
        f.monitor(TCP);
        f.at(T0 + PERIOD);
        f.sw.count(TCP_DIRECT, 2e6, PERIOD);
        f.sw.count(8, 40e6, PERIOD);
        f.runDue();
        // 5 Mbit/s, its burst 10 ms of it (50 kbit).
        assertEquals("meter=1,kbps,burst,bands=type=drop,rate=5000,burst_size=50", f.sw.meters.get(1L));
        assertEquals(1, f.sw.modified.size(), f.sw.modified.toString());
        assertTrue(f.sw.modified.get(0).startsWith("cookie=0xfd00000000000008,")
                && f.sw.modified.get(0).endsWith("actions=meter:1,output:4"), f.sw.modified.get(0));
    }

    @Test
    void aFullMeterTableLeavesTheFlowCountedAndUnlimitedAndSaysWhy() {
        for (int port : new int[] {40003, 40005, 40007}) {
            f.monitor(udp(port));
        }
        f.monitor(TCP);
        f.at(T0 + PERIOD);
        f.sw.count(32, 2e6, PERIOD);
        for (long key : new long[] {8, 16, 24}) {
            f.sw.count(key, 40e6, PERIOD);
        }
        f.runDue();
        assertEquals(2, f.sw.meters.size(), "the fake bridge holds two meters");
        assertEquals(2, f.sw.modified.size(), "two flows metered: " + f.sw.modified);
        assertTrue(f.log.stream().anyMatch(l -> l.startsWith("WARN Flow udp-10.0.0.1-")
                && l.contains("cannot be metered") && l.contains("OUT_OF_METERS")
                && l.contains("it stays counted, unlimited")),
                f.log.toString());
        assertTrue(f.log.stream().noneMatch(l -> l.contains("del-meter")), "no del-meter for the meter OVS refused: "
                + f.log);
        assertTrue(f.log.stream().anyMatch(l -> l.startsWith("meters at ") && l.contains("1 flows unmetered")),
                f.log.toString());
    }

    /**
     * ONOS 2.7 keeps a meter's input counters only; with {@code meterDropsCounted = false} the lab hands
     * the loop the same, and the flow counts what entered its meter, at most the meter's rate.
     */
    @Test
    void withTheBandsDropsUncountedAFlowDeliversWhatEntersItsMeterUpToItsRate() {
        LabFixture g = new LabFixture("\nenforcement = meter\nmeterDropsCounted = false\n", java.util.List.of());
        g.monitor(udp(40003));
        g.monitor(TCP);
        g.at(T0 + PERIOD);
        g.sw.count(TCP_DIRECT, 5e6, PERIOD);
        g.sw.count(8, 40e6, PERIOD);
        g.runDue();
        assertEquals("meter=1,kbps,burst,bands=type=drop,rate=5000,burst_size=50", g.sw.meters.get(1L));
        long in = 0;
        for (int k = 2; k <= 3; k++) {
            in += Math.round(40e6 * PERIOD / 8000.0);
            // 40 Mbit/s in, and a band whose drops read 0: counted, the flow would deliver 40 Mbit/s.
            g.sw.meterStatsText = "OFPST_METER reply (OF1.3) (xid=0x2):\nmeter:1 flow_count:1 packet_in_count:1 "
                    + "byte_in_count:" + in + " duration:" + k + ".000s bands:\n0: packet_count:0 byte_count:0\n";
            g.at(T0 + k * PERIOD);
            g.sw.count(TCP_DIRECT, 5e6, PERIOD);
            g.sw.count(8, 40e6, PERIOD);
            g.runDue();
        }
        String row = g.csvRows().get(g.csvRows().size() - 1);
        assertTrue(row.contains(",5.0000,udp-"), "the UDP average is the meter's rate: " + row);
    }
}
