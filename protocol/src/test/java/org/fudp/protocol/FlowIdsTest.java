// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FlowIdsTest {

    private static InetAddress ip(String s) throws UnknownHostException {
        return InetAddress.getByName(s);
    }

    @Test
    void idIsTheFlowsOneTextForm() throws UnknownHostException {
        FiveTuple t = new FiveTuple(FiveTuple.UDP, ip("10.0.0.1"), ip("10.0.0.4"), 5001, 5201);
        assertEquals("udp-10.0.0.1-5001-10.0.0.4-5201", FlowIds.id(t));
        assertEquals(FlowIds.id(t), t.toString(), "logs show the same id");
        assertEquals(t, FlowIds.parse("flowId", FlowIds.id(t)));
        FiveTuple other = new FiveTuple(47, ip("10.0.0.1"), ip("10.0.0.4"), 0, 0);
        assertEquals("47-10.0.0.1-0-10.0.0.4-0", FlowIds.id(other));
    }

    @Test
    void ipv6IsWrittenTheRfc5952Way() throws UnknownHostException {
        assertEquals("2001:db8::1", FlowIds.address(ip("2001:0DB8:0000:0000:0000:0000:0000:0001")));
        assertEquals("2001:db8:0:1:1:1:1:1", FlowIds.address(ip("2001:db8:0:1:1:1:1:1")), "a single zero group stays");
        assertEquals("2001:db8::1:0:0:1", FlowIds.address(ip("2001:db8:0:0:1:0:0:1")), "the first of equal runs");
        assertEquals("2001:0:0:1::1", FlowIds.address(ip("2001:0:0:1:0:0:0:1")), "the longest run");
        assertEquals("::", FlowIds.address(ip("::")));
        assertEquals("::1", FlowIds.address(ip("::1")));
        assertEquals("fe80::", FlowIds.address(ip("fe80::")));
        FiveTuple t = new FiveTuple(FiveTuple.TCP, ip("2001:db8::1"), ip("2001:db8:1::2"), 40000, 443);
        assertEquals("tcp-2001:db8::1-40000-2001:db8:1::2-443", t.toString());
        assertEquals(t, FlowIds.parse("f", t.toString()));
    }

    @Test
    void badIdsAreRefusedNamingTheFieldAndThePart() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FlowIds.parse("flowId", "udp-10.0.0.1-5001"));
        assertTrue(e.getMessage().startsWith("flowId: must be PROTO-SRC-SRCPORT-DST-DSTPORT"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> FlowIds.parse("flowId", "udp-10.0.0.1-70000-10.0.0.4-1"));
        assertTrue(e.getMessage().startsWith("flowId (source port): must be a port number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FlowIds.parse("flowId", "udp-localhost-1-10.0.0.4-1"));
        assertTrue(e.getMessage().startsWith("flowId (source address): must be an IPv4 or IPv6 address"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FlowIds.parse("flowId", "udp-10.0.0.1-1-2001:db8::4-1"));
        assertTrue(e.getMessage().startsWith("flowId: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FlowIds.parse("flowId", "sctp-10.0.0.1-1-10.0.0.4-1"));
        assertTrue(e.getMessage().startsWith("flowId (protocol): must be tcp, udp"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FlowIds.address("a", "10.0.0.256"));
        assertThrows(IllegalArgumentException.class, () -> FlowIds.address("a", "1:2:3:4:5:6:7:8:9"));
    }
}
