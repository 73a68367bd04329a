// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FlowIds;
import org.fudp.loop.api.settings.ResponsiveTest;
import org.junit.jupiter.api.Test;

/**
 * The lab's config: per-key errors, the bottleneck table, and the loop's settings from it.
 */
class LabConfigTest {

    private static void refused(String from, String to, String key) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LabFixture.config(LabFixture.CONFIG.replace(from, to)));
        assertTrue(e.getMessage().contains(key), e.getMessage());
    }

    @Test
    void badValuesNameTheirKey() {
        refused("SwitchPort=11", "SwitchPort=x", "adjustorSwitchPort");
        refused("adjustorMac=02:fa:00:00:00:a1", "adjustorMac=02:fa", "adjustorMac");
        refused("10.0.0.2@2", "10.0.0.2", "hosts");
        refused("10.0.0.2@2", "host2@2", "hosts");
        refused("set2:10.0.0.3/32:10000000", "set2:10.0.0.3", "bottlenecks");
        refused("adjustorMac=02:fa:00:00:00:a1", "adjustorMac=02:fa:00:00:00:a1\nenforcement=meters", "enforcement");
        refused("adjustorMac=02:fa:00:00:00:a1", "adjustorMac=02:fa:00:00:00:a1\nwhenAdjustorDown=meter",
                "whenAdjustorDown");
        refused("set2:10.0.0.3/32:10000000", "set2:10.0.0.3:10000000", "bottlenecks");
        refused("set2:10.0.0.3/32:10000000", "set2:10.0.0.3/33:10000000", "bottlenecks");
        refused("idleTimeoutSeconds=10", "idleTimeoutSeconds=1.5", "idleTimeoutSeconds");
        refused("periodSeconds=1", "periodSeconds=0", "periodSeconds");
        refused("keyFile=/k\n", "", "keyFile");
        refused("periodSeconds=1", "periodSeconds=1\nsettle=yes", "settle");
        refused("periodSeconds=1", "periodSeconds=1\nclosingRules=1", "closingRules");
        refused("periodSeconds=1", "periodSeconds=1\nenabled=no", "enabled");
        refused("periodSeconds=1", "periodSeconds=1\ndryRun=1", "dryRun");
        refused("periodSeconds=1", "periodSeconds=1\nclasses=video weight=0", "classes");
        refused("periodSeconds=1", "periodSeconds=1\nclasses=video proto=icmp", "classes");
        refused("periodSeconds=1", "periodSeconds=1\nresponsiveCandidates=some", "responsiveCandidates");
        refused("periodSeconds=1", "periodSeconds=1\nresponsiveHoldFraction=1.5", "responsiveHoldFraction");
        refused("periodSeconds=1", "periodSeconds=1\nresponsiveHoldPeriods=0", "responsiveHoldPeriods");
        refused("periodSeconds=1", "periodSeconds=1\nresponsiveRecheckSeconds=0.1", "responsiveRecheckSeconds");
    }

    @Test
    void theResponsivenessTestIsTheProductsUnlessTheConfigSaysOtherwise() throws Exception {
        assertEquals(ResponsiveTest.defaults(), LabFixture.config(LabFixture.CONFIG).responsive());
        LabConfig c = LabFixture.config(LabFixture.CONFIG.replace("periodSeconds=1", "periodSeconds=1\n"
                + "responsiveCandidates=all\nresponsiveHoldFraction=0.3\nresponsiveHoldPeriods=3\n"
                + "responsiveReleasePeriods=4\nresponsiveRecheckSeconds=30"));
        assertEquals(ResponsiveTest.defaults().withCandidates(ResponsiveTest.Candidates.ALL).withHold(0.3, 3)
                .withReleasePeriods(4).withRecheckMs(30_000), c.responsive());
        assertEquals(c.responsive(), LoopSetup.settings(c).responsive());
    }

    @Test
    void aSampledFacilityHasAHeavyRateACollectorPortAndBaseRulesWithoutPacketIns() throws Exception {
        LabConfig plain = LabFixture.config(LabFixture.CONFIG);
        assertFalse(plain.budget().sampled());
        assertEquals(0, plain.sflowPort());
        assertTrue(BaseRules.of(plain, 0x88B5).stream().anyMatch(r -> r.startsWith("priority=1,ip,")
                && r.contains("controller:128")), "every flow's first packets reach the controller");
        LabConfig sampled = LabFixture.config(LabFixture.CONFIG + "\nheavyBps = 1e6\nruleBudget = 900\n");
        assertEquals(new FlowBudget(900, FlowBudget.DEFAULT_PACKET_INS, 1_000_000), sampled.budget());
        assertEquals(6343, sampled.sflowPort());
        assertTrue(BaseRules.of(sampled, 0x88B5).stream().filter(r -> r.startsWith("priority=1,ip,"))
                .noneMatch(r -> r.contains("controller")), "no flow costs a packet-in");
        refused("periodSeconds=1", "periodSeconds=1\nheavyBps=-1", "heavyBps");
        refused("periodSeconds=1", "periodSeconds=1\nheavyBps=1e6\nsflowPort=0", "sflowPort");
    }

    @Test
    void classesAreReadInOrderWithTheirPolicies() throws Exception {
        LabConfig c = LabFixture.config(LabFixture.CONFIG + "\nclasses = video proto=udp dport=5202 weight=2 cap=8e6; "
                + "voice proto=udp dport=5300-5399 exempt=true\n");
        assertEquals(2, c.classes().size());
        assertEquals(2, c.classes().get(0).policy().weight());
        assertEquals(8e6, c.classes().get(0).policy().capBps());
        assertTrue(c.classes().get(1).policy().exempt());
        assertTrue(c.classes().get(1).matches(
                org.fudp.protocol.FlowIds.parse("flow", "udp-10.0.0.1-40004-10.0.0.4-5301"), TrafficClass.NO_DSCP));
        LabConfig d = LabFixture.config(LabFixture.CONFIG + "\nclasses = af4 proto=udp dscp=34,36 weight=2\n");
        assertArrayEquals(new int[] {34, 36}, d.classes().get(0).dscp());
    }

    @Test
    void bottlenecksAreLongestPrefixWithIpv6AndTheirSetIsBottleneckName() throws Exception {
        LabConfig c = LabFixture.config(LabFixture.CONFIG.replace("bottlenecks=",
                "bottlenecks=wide:10.0.0.0/24:50000000,v6:2001:db8::/64:1000000,"));
        assertEquals("bottleneck:set1", c.bottlenecks().lookup(FlowIds.address("t", "10.0.0.4")).get().cfsId());
        assertEquals("bottleneck:wide", c.bottlenecks().lookup(FlowIds.address("t", "10.0.0.9")).get().cfsId());
        assertEquals(1_000_000, c.bottlenecks().lookup(FlowIds.address("t", "2001:db8::4")).get().capacityBps());
        assertTrue(c.bottlenecks().lookup(FlowIds.address("t", "10.0.1.1")).isEmpty());
        assertEquals("set1", PeriodCsv.setName("bottleneck:set1"), "the CSV keeps the scenario's set names");
    }

    @Test
    void aBottlenecksEgressIsThePortOfItsHostsWhenTheyShareOne() throws Exception {
        LabConfig c = LabFixture.config(LabFixture.CONFIG.replace("bottlenecks=",
                "bottlenecks=both:10.0.0.0/30:50000000,"));
        assertEquals(LabFixture.BRIDGE + "/4",
                c.bottlenecks().lookup(FlowIds.address("t", "10.0.0.4")).get().egress().orElseThrow());
        assertTrue(c.bottlenecks().lookup(FlowIds.address("t", "10.0.0.1")).get().egress().isEmpty(),
                "10.0.0.1-3 hang off three ports: no one egress");
        LabNetwork n = new LabNetwork(c);
        assertEquals("10.0.0.4/32", n.aggregatePrefix(LabFixture.BRIDGE, FlowIds.address("t", "10.0.0.4"), 4)
                .toString());
        assertEquals("10.0.0.2/32", n.aggregatePrefix(LabFixture.BRIDGE, FlowIds.address("t", "10.0.0.2"), 2)
                .toString(), "a bottleneck without one egress: the destination's own aggregate");
    }

    @Test
    void theLoopRunsWithTheLabsTimingAndOneFacility() throws Exception {
        LabConfig c = LabFixture.config(LabFixture.CONFIG.replace("periodSeconds=1", "periodSeconds=0.5"));
        LoopSettings s = LoopSetup.settings(c);
        assertEquals(500, s.periodMs());
        assertEquals(0.875, s.fudpa().alpha());
        assertEquals(10, s.flowIdleTimeoutS());
        assertEquals(100, s.flowPriority());
        assertTrue(s.closingRules());
        assertTrue(s.enabled());
        assertFalse(s.dryRun());
        LoopSettings dry = LoopSetup.settings(LabFixture.config(LabFixture.CONFIG + "\ndryRun = true\n"));
        assertTrue(dry.dryRun());
        assertFalse(dry.enforce());
        LoopSettings off = LoopSetup.settings(LabFixture.config(LabFixture.CONFIG + "\nenabled = false\n"));
        assertFalse(off.enabled());
        Facility f = LoopSetup.facility(c);
        assertEquals(List.of("br", 11L, 12L, 1), List.of(f.id(), f.adjustorPort(), f.returnPort(), f.keyId()));
    }
}
