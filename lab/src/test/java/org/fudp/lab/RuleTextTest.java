// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;

/**
 * The loop's rules in ovs-ofctl syntax, and the cookies that carry their keys.
 */
class RuleTextTest {

    private static RuleSpec rule(String flow, RuleSpec.Role role, long inPort, long outPort) {
        return new RuleSpec(5, LabFixture.BRIDGE, FlowIds.parse("t", flow), role, inPort, outPort, 101, 10);
    }

    @Test
    void ipv6RulesMatchIpv6Fields() {
        assertEquals("cookie=0xfd0000000000002a,priority=101,idle_timeout=10,in_port=12,udp6,ipv6_src=2001:db8::1,"
                + "ipv6_dst=2001:db8::4,tp_src=5001,tp_dst=5201,actions=output:4",
                RuleText.flow(rule("udp-2001:db8::1-5001-2001:db8::4-5201", RuleSpec.Role.FROM_ADJUSTOR, 12, 4)));
    }

    @Test
    void aUdpFlowsRuleMatchesItsDscp() {
        RuleSpec r = new RuleSpec(5, LabFixture.BRIDGE, FlowIds.parse("t", "udp-10.0.0.1-5001-10.0.0.4-5201"),
                RuleSpec.Role.TO_ADJUSTOR, RuleSpec.ANY_PORT, 11, 100, 10, 34);
        assertEquals("cookie=0xfd00000000000029,priority=100,idle_timeout=10,udp,nw_src=10.0.0.1,nw_dst=10.0.0.4,"
                + "tp_src=5001,tp_dst=5201,ip_dscp=34,actions=output:11", RuleText.flow(r));
    }

    @Test
    void closingRulesMatchTheirFlagAndCopyToTheController() {
        RuleSpec rst = new RuleSpec(5, LabFixture.BRIDGE, FlowIds.parse("t", "tcp-10.0.0.1-1-10.0.0.4-2"),
                RuleSpec.Role.CLOSING_RST, RuleSpec.ANY_PORT, 4, 101, 0);
        assertEquals("cookie=0xfd0000000000002c,priority=101,idle_timeout=0,tcp,nw_src=10.0.0.1,nw_dst=10.0.0.4,"
                + "tp_src=1,tp_dst=2,tcp_flags=+rst,actions=controller:128,output:4", RuleText.flow(rst));
        assertEquals("cookie=0xfd0000000000002c/-1", RuleText.deletion(rst));
    }

    @Test
    void anAggregateMatchesItsProtocolAndDestinationOnly() throws java.net.UnknownHostException {
        RuleSpec agg = RuleSpec.aggregate(5, LabFixture.BRIDGE, FiveTuple.TCP, AddressPrefix.parse("t", "10.0.0.4"),
                4, 99, 10);
        assertEquals("cookie=0xfd0000000000002d,priority=99,idle_timeout=10,tcp,nw_dst=10.0.0.4,actions=output:4",
                RuleText.flow(agg));
        RuleSpec prefix = RuleSpec.aggregate(6, LabFixture.BRIDGE, FiveTuple.UDP,
                AddressPrefix.parse("t", "10.0.4.7/22"), 4, 98, 10);
        assertEquals("cookie=0xfd00000000000035,priority=98,idle_timeout=10,udp,nw_dst=10.0.4.0/22,actions=output:4",
                RuleText.flow(prefix), "a bottleneck's prefix, host bits clear");
        RuleSpec source = RuleSpec.sourceAggregate(7, LabFixture.BRIDGE, FiveTuple.UDP,
                java.net.InetAddress.getByName("10.0.0.9"), AddressPrefix.parse("t", "10.0.0.4"), 4, 100, 10)
                .withMeter(1L << 30);
        assertEquals("cookie=0xfd0000000000003d,priority=100,idle_timeout=10,udp,nw_src=10.0.0.9,nw_dst=10.0.0.4,"
                + "actions=meter:1073741824,output:4", RuleText.flow(source), "one source's unit, metered");
    }

    @Test
    void cookieCarriesTheKeyUnderTheTag() {
        assertEquals(0xfd00000000000009L, RuleText.cookie(9));
        assertEquals(9, RuleText.keyOf(0xfd00000000000009L).getAsLong());
        long maxKey = (1L << 55) - 1;
        assertEquals(maxKey, RuleText.keyOf(RuleText.cookie(maxKey)).getAsLong());
        assertTrue(RuleText.keyOf(0x0fd0000000000009L).isEmpty(), "the old lab's cookies are not keys");
        assertTrue(RuleText.keyOf(0).isEmpty(), "nor are the base rules'");
    }
}
