// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.loop.LoopHarness;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.network.BottleneckTable;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.fudp.loop.LoopHarness.CAPACITY;
import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.ONWARD;
import static org.fudp.loop.LoopHarness.PERIOD;
import static org.fudp.loop.LoopHarness.S1;
import static org.fudp.loop.LoopHarness.SET1;
import static org.fudp.loop.LoopHarness.T0;
import static org.fudp.loop.LoopHarness.TCP1;
import static org.fudp.loop.LoopHarness.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Which flows a set counts. Issue 25: in a live ONOS the acknowledgements of every TCP connection
 * were a TCP flow of their own in the reverse direction's set, two bottlenecks showed four sets.
 */
class SetMembershipTest {

    private static final String BACKWARD = "bottleneck:back";
    private static final FiveTuple ACKS = tuple("tcp-10.0.0.4-5201-10.0.0.1-40001");
    private final LoopHarness h = new LoopHarness();

    SetMembershipTest() {
        h.network.bottlenecks = new BottleneckTable(List.of(
                new BottleneckTable.Entry("set1", CAPACITY, S1 + "/5", null,
                        List.of(AddressPrefix.parse("t", "10.0.0.4/32"))),
                new BottleneckTable.Entry("back", CAPACITY, S1 + "/1", null,
                        List.of(AddressPrefix.parse("t", "10.0.0.1/32")))));
    }

    private void period(int k, double dataBps, double ackBps) {
        h.at(T0 + k * PERIOD);
        h.flow(TCP1, RuleSpec.Role.DIRECT, dataBps);
        h.flow(ACKS, RuleSpec.Role.DIRECT, ackBps);
        h.period();
    }

    @Test
    void aConnectionsAcknowledgementsAreNoFlowOfTheReverseSet() {
        h.packetIn(TCP1, H1);
        h.packetIn(ACKS, ONWARD);
        period(1, 9_500_000, 410_000);
        assertEquals(Set.of(TCP1), h.cfs(SET1).tcpFlows());
        assertNull(h.cfs(BACKWARD), "ACKs at 1/23 of the data: no set of their own");
        period(2, 9_500_000, 410_000);
        assertNull(h.cfs(BACKWARD));
    }

    @Test
    void bothDirectionsOfAConnectionThatCarriesDataBothWaysAreMembers() {
        h.packetIn(TCP1, H1);
        h.packetIn(ACKS, ONWARD);
        period(1, 5_000_000, 4_000_000);
        assertEquals(Set.of(TCP1), h.cfs(SET1).tcpFlows());
        assertEquals(Set.of(ACKS), h.cfs(BACKWARD).tcpFlows(), "data in both directions: a flow each way");
        period(2, 5_000_000, 400_000);
        assertNull(h.cfs(BACKWARD), "now only acknowledgements");
    }
}
