// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.fudp.loop.api.events.RuleCounter;
import org.junit.jupiter.api.Test;

/**
 * Reads {@code ovs-ofctl -O OpenFlow13 dump-flows} output as OVS 3.1 prints it.
 */
class FlowDumpTest {

    private static final String DUMP = "OFPST_FLOW reply (OF1.3) (xid=0x2):\n"
            + " cookie=0xfd00000000000009, duration=3.521s, table=0, n_packets=10, n_bytes=15140, idle_timeout=10, "
            + "idle_age=0, priority=100,udp,nw_src=10.77.0.1,nw_dst=10.77.0.4,tp_src=40003,tp_dst=5203 "
            + "actions=output:11\n"
            + " cookie=0xfd0000000000000a, duration=12s, table=0, n_packets=2, n_bytes=3028, idle_timeout=10, "
            + "priority=101,udp,in_port=12,nw_src=10.77.0.1,nw_dst=10.77.0.4,tp_src=40003,tp_dst=5203 "
            + "actions=output:4\n"
            + " cookie=0x1234, duration=1.5s, table=0, n_packets=1, n_bytes=60, priority=5 actions=drop\n"
            + " cookie=0x0, duration=95.086s, table=0, n_packets=11, n_bytes=1206, priority=0 "
            + "actions=CONTROLLER:128\n";

    @Test
    void countersOfTheLoopsRulesByKeyWithTheirLifeInMilliseconds() {
        Map<Long, RuleCounter> c = FlowDump.counters(DUMP, 42);
        assertEquals(2, c.size(), "base rules and foreign cookies are not the loop's: " + c);
        RuleCounter in = c.get(9L);
        assertEquals(15140, in.bytes());
        assertEquals(3521, in.lifeMs());
        assertEquals(42, in.sampleMs());
        assertEquals(12000, c.get(10L).lifeMs());
    }
}
