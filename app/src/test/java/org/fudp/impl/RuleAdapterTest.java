// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.IPDscpCriterion;
import org.onosproject.net.flow.criteria.EthTypeCriterion;
import org.onosproject.net.flow.criteria.IPCriterion;
import org.onosproject.net.flow.criteria.PortCriterion;
import org.onosproject.net.flow.criteria.TcpPortCriterion;
import org.onosproject.net.flow.criteria.UdpPortCriterion;
import org.onosproject.net.flow.instructions.Instructions;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loop's rules as ONOS flow rules, and their counters back as the loop's.
 */
class RuleAdapterTest {

    private static final String S1 = "of:0000000000000001";
    private final TestServices.TestFlowRuleService service = new TestServices.TestFlowRuleService();
    private final RuleAdapter rules = new RuleAdapter(service, TestServices.TestCoreService.APP_ID, () -> 0L);

    private static RuleSpec spec(String flowId, RuleSpec.Role role, long inPort, long outPort) {
        return new RuleSpec(7, S1, FlowIds.parse("t", flowId), role, inPort, outPort, 40000, 10);
    }

    @Test
    void aRuleMatchesExactlyItsFiveTupleAndOutputsToItsPort() {
        RuleSpec back = spec("udp-10.0.0.1-5001-10.0.0.4-5201", RuleSpec.Role.FROM_ADJUSTOR, 4, 5);
        rules.apply(List.of(), List.of(back));
        FlowRule r = service.rules.values().iterator().next();
        TrafficSelector s = r.selector();
        assertEquals(PortNumber.portNumber(4), ((PortCriterion) s.getCriterion(Criterion.Type.IN_PORT)).port());
        assertEquals(Ethernet.TYPE_IPV4,
                ((EthTypeCriterion) s.getCriterion(Criterion.Type.ETH_TYPE)).ethType().toShort());
        assertEquals(IpAddress.valueOf("10.0.0.1").toIpPrefix(),
                ((IPCriterion) s.getCriterion(Criterion.Type.IPV4_SRC)).ip());
        assertEquals(5201, ((UdpPortCriterion) s.getCriterion(Criterion.Type.UDP_DST)).udpPort().toInt());
        assertEquals(List.of(Instructions.createOutput(PortNumber.portNumber(5))), r.treatment().allInstructions());
        assertEquals(40000, r.priority());
        assertEquals(10, r.timeout());
        assertEquals(TestServices.TestCoreService.APP_ID.id(), r.appId());
    }

    @Test
    void ipv6AndTcpGetTheirOwnCriteriaAndNoInPortWhenAnyPortWillDo() {
        FiveTuple t = FlowIds.parse("t", "tcp-2001:db8::1-40000-2001:db8::4-443");
        TrafficSelector s = OnosRuleOf.selector(new RuleSpec(1, S1, t, RuleSpec.Role.DIRECT, RuleSpec.ANY_PORT, 5,
                40000, 10));
        assertNull(s.getCriterion(Criterion.Type.IN_PORT));
        assertEquals(IpAddress.valueOf("2001:db8::4").toIpPrefix(),
                ((IPCriterion) s.getCriterion(Criterion.Type.IPV6_DST)).ip());
        assertEquals(443, ((TcpPortCriterion) s.getCriterion(Criterion.Type.TCP_DST)).tcpPort().toInt());
    }

    @Test
    void anAggregateMatchesItsProtocolAndDestinationPrefixOnly() {
        TrafficSelector s = OnosRuleOf.selector(RuleSpec.aggregate(9, S1, FiveTuple.UDP,
                AddressPrefix.parse("t", "10.4.3.3/22"), 5, 39998, 10));
        assertEquals(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV4)
                .matchIPDst(IpPrefix.valueOf("10.4.0.0/22")).matchIPProtocol(IPv4.PROTOCOL_UDP).build(), s);
        TrafficSelector v6 = OnosRuleOf.selector(RuleSpec.aggregate(9, S1, FiveTuple.TCP,
                AddressPrefix.parse("t", "2001:db8:4::/48"), 5, 39998, 10));
        assertEquals(IpPrefix.valueOf("2001:db8:4::/48"),
                ((IPCriterion) v6.getCriterion(Criterion.Type.IPV6_DST)).ip());
    }

    @Test
    void aRuleThatMatchesADscpGetsTheIpDscpCriterion() {
        FiveTuple t = FlowIds.parse("t", "udp-10.0.0.1-5001-10.0.0.4-5201");
        TrafficSelector marked = OnosRuleOf.selector(new RuleSpec(1, S1, t, RuleSpec.Role.TO_ADJUSTOR,
                RuleSpec.ANY_PORT, 3, 40000, 10, 46));
        assertEquals(46, ((IPDscpCriterion) marked.getCriterion(Criterion.Type.IP_DSCP)).ipDscp());
        assertNull(OnosRuleOf.selector(new RuleSpec(1, S1, t, RuleSpec.Role.TO_ADJUSTOR, RuleSpec.ANY_PORT, 3,
                40000, 10)).getCriterion(Criterion.Type.IP_DSCP));
    }

    @Test
    void countersComeBackUnderTheLoopsKeysWithOnosSampleTimes() {
        RuleSpec in = spec("udp-10.0.0.1-5001-10.0.0.4-5201", RuleSpec.Role.TO_ADJUSTOR, RuleSpec.ANY_PORT, 3);
        rules.apply(List.of(), List.of(in));
        FlowRule r = service.rules.values().iterator().next();
        TestServices.TestFlowRuleService.Counter c = new TestServices.TestFlowRuleService.Counter(1_000);
        c.sampleMs = 6_000;
        c.bytes = 12_345;
        service.counters.put(r.id(), c);
        RuleCounter read = rules.counters(List.of(r.deviceId())).get(0);
        assertEquals(in.key(), read.key());
        assertEquals(6_000, read.sampleMs(), "ONOS's lastSeen");
        assertEquals(12_345, read.bytes());
        assertEquals(5_000, read.lifeMs());
    }

    @Test
    void aRemovedOnosRuleIsTranslatedOnceAndOthersAreNotOurs() {
        RuleSpec in = spec("udp-10.0.0.1-5001-10.0.0.4-5201", RuleSpec.Role.TO_ADJUSTOR, RuleSpec.ANY_PORT, 3);
        rules.apply(List.of(), List.of(in));
        FlowRule r = service.rules.values().iterator().next();
        assertEquals(in.key(), rules.removed(r).getAsLong());
        assertTrue(rules.removed(r).isEmpty(), "forgotten after the first removal");
    }

    @Test
    void removalTakesTheOnosRuleAway() {
        RuleSpec in = spec("udp-10.0.0.1-5001-10.0.0.4-5201", RuleSpec.Role.TO_ADJUSTOR, RuleSpec.ANY_PORT, 3);
        rules.apply(List.of(), List.of(in));
        rules.apply(List.of(in), List.of());
        assertTrue(service.rules.isEmpty());
        assertEquals(1, service.removed.size());
    }

    @Test
    void closingRulesAreRefusedBecauseOnos27CannotMatchTcpFlags() {
        RuleSpec fin = spec("tcp-10.0.0.1-40000-10.0.0.4-5201", RuleSpec.Role.CLOSING_FIN, RuleSpec.ANY_PORT, 5);
        assertThrows(IllegalArgumentException.class, () -> rules.apply(List.of(), List.of(fin)));
        assertTrue(service.rules.isEmpty());
    }
}
