// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TrafficStopsTest {

    private static RuleSpec rule(long number, String flow, RuleSpec.Role role) {
        return new RuleSpec(number, LabFixture.BRIDGE, FlowIds.parse("t", flow), role, 1, 5, 100, 10);
    }

    @Test
    void aTcpFlowsStopIsReportedOnceWithTheLastTimeItsCounterMoved() {
        RuleSpec tcp = rule(1, "tcp-10.0.0.1-40001-10.0.0.4-5201", RuleSpec.Role.DIRECT);
        RuleSpec udp = rule(2, "udp-10.0.0.1-40002-10.0.0.4-5202", RuleSpec.Role.TO_ADJUSTOR);
        TrafficStops stops = new TrafficStops();
        stops.watch(List.of(tcp, udp));
        long big = TrafficStops.MIN_BYTES;
        assertEquals(List.of(), stops.read(1000, List.of(new RuleCounter(tcp.key(), 1000, 500, 0),
                new RuleCounter(udp.key(), 1000, 500, 0))));
        assertEquals(List.of(), stops.read(1100, List.of(new RuleCounter(tcp.key(), 1100, 500 + big, 0))));
        assertEquals(List.of(), stops.read(2000, List.of(new RuleCounter(tcp.key(), 2000, 500 + big, 0))),
                "still for 900 ms: a pause, not yet a stop");
        assertEquals(List.of("traffic stopped: tcp-10.0.0.1-40001-10.0.0.4-5201, counter last moved at 1100 ms"),
                stops.read(2100, List.of(new RuleCounter(tcp.key(), 2100, 500 + big, 0),
                        new RuleCounter(udp.key(), 2100, 500, 0))), "UDP is not watched");
        assertEquals(List.of(), stops.read(3500, List.of(new RuleCounter(tcp.key(), 3500, 500 + big, 0))), "once");
        stops.read(3600, List.of(new RuleCounter(tcp.key(), 3600, 600 + big, 0)));
        assertEquals(List.of(), stops.read(4600, List.of(new RuleCounter(tcp.key(), 4600, 600 + big, 0))),
                "100 bytes since the last stop: a control exchange, not a flow");
        stops.read(4700, List.of(new RuleCounter(tcp.key(), 4700, 600 + 2 * big, 0)));
        assertEquals(1, stops.read(5700, List.of(new RuleCounter(tcp.key(), 5700, 600 + 2 * big, 0))).size(),
                "it carried traffic again, and stopped again");
    }
}
