// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.send;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.junit.jupiter.api.Test;

/**
 * Flow specs on the sender's command line.
 */
class FlowSpecsTest {

    @Test
    void parsesIpv4AndIpv6WithRateSuffixes() {
        FlowLimit l = FlowSpecs.limit("udp,10.0.0.1,5001,10.0.1.2,5201,10M,15000");
        assertEquals(FiveTuple.UDP, l.flow().protocol());
        assertEquals(5001, l.flow().srcPort());
        assertEquals(10_000_000, l.rateBps());
        assertEquals(15000, l.burstBytes());
        FlowLimit v6 = FlowSpecs.limit("17, 2001:db8::1, 1, 2001:db8::2, 2, 2.5mbit");
        assertEquals(2_500_000, v6.rateBps());
        assertEquals(3000, v6.burstBytes(), "default burst is at least 3000 bytes");
        assertEquals(37_500, FlowSpecs.limit("udp,10.0.0.1,1,10.0.0.2,2,200M").burstBytes(), "1.5 ms of 200 Mbit/s");
    }

    @Test
    void mistakesNameTheField() {
        assertMessage("rate 'fast' is not a positive bit rate", "udp,10.0.0.1,5001,10.0.1.2,5201,fast");
        assertMessage("source port '70000' is not a number in 0..65535", "udp,10.0.0.1,70000,10.0.1.2,5201,1M");
        assertMessage("destination address 'host' is not an IP address", "udp,10.0.0.1,1,host,2,1M");
        assertMessage("expected PROTO,SRC,SPORT,DST,DPORT,RATE[,BURST]", "udp,10.0.0.1,1");
        assertMessage("different address families", "udp,10.0.0.1,1,2001:db8::2,2,1M");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> FlowSpecs.flow("udp,10.0.0.1,1,10.0.0.2,2,1M"));
        assertTrue(e.getMessage().contains("expected PROTO,SRC,SPORT,DST,DPORT"), e.getMessage());
    }

    private static void assertMessage(String expected, String spec) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FlowSpecs.limit(spec));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
