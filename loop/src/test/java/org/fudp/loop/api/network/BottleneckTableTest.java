// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.network;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.fudp.loop.LoopHarness.address;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BottleneckTableTest {

    private static BottleneckTable.Entry entry(String name, String... prefixes) {
        List<AddressPrefix> list = new java.util.ArrayList<>();
        for (String p : prefixes) {
            list.add(AddressPrefix.parse("t", p));
        }
        return new BottleneckTable.Entry(name, 10_000_000L, "of:1/2", "of:2/1", list);
    }

    @Test
    void theLongestPrefixWinsThenConfigOrder() {
        BottleneckTable t = new BottleneckTable(List.of(entry("wide", "10.0.0.0/8"), entry("narrow", "10.1.0.0/16"),
                entry("twin", "10.1.0.0/16"), entry("v6", "2001:db8::/32")));
        assertEquals("bottleneck:narrow", t.lookup(address("10.1.2.3")).get().cfsId());
        assertEquals("bottleneck:wide", t.lookup(address("10.2.0.1")).get().cfsId());
        assertEquals("bottleneck:v6", t.lookup(address("2001:db8::7")).get().cfsId());
        assertTrue(t.lookup(address("192.168.0.1")).isEmpty());
        CfsAssignment a = t.lookup(address("10.1.2.3")).get();
        assertEquals(CfsKind.CONFIGURED, a.kind());
        assertEquals(10_000_000L, a.capacityBps());
        assertEquals("of:1/2", a.egress().get());
    }

    @Test
    void oneAggregateMayForwardABottlenecksPrefixOnlyFromItsEgressAndOnlyIfNoOtherBottleneckOverlapsIt() {
        BottleneckTable t = new BottleneckTable(List.of(entry("access", "10.4.0.0/22", "10.4.8.0/24"),
                entry("inner", "10.5.1.0/24"), entry("outer", "10.5.0.0/16"), entry("v6", "2001:db8::/32")));
        assertEquals("10.4.0.0/22", t.sharedPrefix("of:1", address("10.4.3.9"), 2).get().toString(),
                "the bottleneck's egress is this facility's port 2: all of the prefix leaves there");
        assertEquals("10.4.8.0/24", t.sharedPrefix("of:1", address("10.4.8.1"), 2).get().toString());
        assertTrue(t.sharedPrefix("of:1", address("10.4.3.9"), 3).isEmpty(),
                "the destination leaves by another port than the egress: its address alone");
        assertTrue(t.sharedPrefix("of:9", address("10.4.3.9"), 2).isEmpty(), "the egress is on another switch");
        assertTrue(t.sharedPrefix("of:1", address("10.5.1.1"), 2).isEmpty(), "inside another bottleneck's prefix");
        assertTrue(t.sharedPrefix("of:1", address("10.5.7.1"), 2).isEmpty(), "around another bottleneck's prefix");
        assertTrue(t.sharedPrefix("of:1", address("192.168.0.1"), 2).isEmpty(), "behind no bottleneck");
        assertEquals("2001:db8::/32", t.sharedPrefix("of:1", address("2001:db8::7"), 2).get().toString());
    }

    @Test
    void prefixesOverlapWhenOneContainsTheOther() {
        AddressPrefix wide = AddressPrefix.parse("p", "10.0.0.0/8");
        assertTrue(wide.overlaps(AddressPrefix.parse("p", "10.9.0.0/16")));
        assertTrue(AddressPrefix.parse("p", "10.9.0.0/16").overlaps(wide));
        assertTrue(wide.overlaps(wide));
        assertFalse(AddressPrefix.parse("p", "10.9.0.0/16").overlaps(AddressPrefix.parse("p", "10.8.0.0/16")));
        assertFalse(AddressPrefix.parse("p", "0.0.0.0/0").overlaps(AddressPrefix.parse("p", "::/0")), "families");
        assertTrue(AddressPrefix.parse("p", "10.0.0.4").isAddress());
        assertFalse(wide.isAddress());
        assertEquals(address("10.0.0.0"), wide.network());
    }

    @Test
    void prefixesParseStrictlyAndClearHostBits() {
        assertEquals("10.1.0.0/16", AddressPrefix.parse("p", "10.1.2.3/16").toString());
        assertEquals("10.0.0.4/32", AddressPrefix.parse("p", "10.0.0.4").toString());
        assertEquals("2001:db8::/32", AddressPrefix.parse("p", "2001:db8:ff::1/32").toString());
        assertFalse(AddressPrefix.parse("p", "10.0.0.0/8").contains(address("2001:db8::1")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AddressPrefix.parse("bottlenecks[0].destinations[1]", "10.0.0.0/33"));
        assertTrue(e.getMessage().startsWith("bottlenecks[0].destinations[1]: prefix length must be 0..32"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> AddressPrefix.parse("d", "host.example/8"));
        assertTrue(e.getMessage().startsWith("d: must be an IPv4 or IPv6 address"), e.getMessage());
    }
}
