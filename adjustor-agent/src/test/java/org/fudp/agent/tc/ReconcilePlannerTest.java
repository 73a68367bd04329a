// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import static org.fudp.agent.tc.Flows.limit;
import static org.fudp.agent.tc.Flows.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReconcilePlannerTest {

    private static final FiveTuple A = udp("10.0.0.1", 40001, "10.0.0.2", 5201);
    private static final FiveTuple B = udp("10.0.0.1", 40002, "10.0.0.2", 5202);
    private static final FiveTuple C = udp("10.0.0.3", 40003, "10.0.0.2", 5201);
    private static final FiveTuple V6 = udp("fd00::1", 40001, "fd00::2", 5201);

    private final ReconcilePlanner planner = new ReconcilePlanner(ShaperOptions.DEFAULTS);

    private String text(Plan p) {
        return p.render("eth1", ShaperOptions.DEFAULTS);
    }

    @Test
    void firstPlanBuildsTheTreeThenOneClassAndTwoFiltersPerFlow() {
        Plan p = planner.plan(ShaperState.EMPTY, List.of(limit(A, 10_000_000), limit(V6, 5_000_000)));
        String[] lines = text(p).split("\n");
        assertEquals(List.of(
                "qdisc add dev eth1 root handle 1: htb default 0",
                "filter add dev eth1 parent 1: prio 10 protocol ip handle 100: u32 divisor 256",
                "filter add dev eth1 parent 1: prio 10 protocol ip u32 match ip protocol 17 0xff match u8 0x05 0x0f"
                        + " at 0 match u16 0x0000 0x1fff at 6 hashkey mask 0x000000ff at 20 link 100:",
                "filter add dev eth1 parent 1: prio 10 protocol ip u32 match ip protocol 6 0xff match u8 0x05 0x0f"
                        + " at 0 match u16 0x0000 0x1fff at 6 hashkey mask 0x000000ff at 20 link 100:",
                "filter add dev eth1 parent 1: prio 11 protocol ipv6 handle 200: u32 divisor 256",
                "filter add dev eth1 parent 1: prio 11 protocol ipv6 u32 match ip6 protocol 17 0xff"
                        + " hashkey mask 0x000000ff at 40 link 200:",
                "filter add dev eth1 parent 1: prio 11 protocol ipv6 u32 match ip6 protocol 6 0xff"
                        + " hashkey mask 0x000000ff at 40 link 200:",
                "class add dev eth1 parent 1: classid 1:100 htb rate 100gbit ceil 100gbit burst 1250000"
                        + " cburst 1250000 quantum 1514",
                "qdisc add dev eth1 parent 1:100 handle 100: htb default 0"), List.of(lines).subList(0, 9));
        // Bucket 0xff takes group 2ff: the kernel would hash handle 1ff: into the bucket of all leaf qdiscs.
        assertEquals("qdisc add dev eth1 parent 1:2ff handle 2ff: htb default 0", lines[6 + 2 * 256]);
        assertEquals(List.of(
                // 5201 = 0x1451: bucket 0x51 of the destination-port hash, so group 1:151.
                "class add dev eth1 parent 151: classid 151:1 htb rate 10000000bit ceil 10000000bit burst 15000"
                        + " cburst 15000 quantum 1514",
                "filter add dev eth1 parent 151: prio 1 protocol all handle 800::1 u32 match u8 0x40 0xf0 at 0"
                        + " match ip src 10.0.0.1/32 match ip dst 10.0.0.2/32 match ip protocol 17 0xff"
                        + " match ip sport 40001 0xffff match ip dport 5201 0xffff flowid 151:1",
                "filter add dev eth1 parent 1: prio 10 protocol ip handle 100:51:1 u32 ht 100:51: match ip src"
                        + " 10.0.0.1/32 match ip dst 10.0.0.2/32 match ip protocol 17 0xff match ip sport 40001"
                        + " 0xffff match ip dport 5201 0xffff flowid 1:151",
                "class add dev eth1 parent 151: classid 151:2 htb rate 5000000bit ceil 5000000bit burst 15000"
                        + " cburst 15000 quantum 1514",
                "filter add dev eth1 parent 151: prio 1 protocol all handle 800::2 u32 match u8 0x60 0xf0 at 0"
                        + " match ip6 src fd00:0:0:0:0:0:0:1/128 match ip6 dst fd00:0:0:0:0:0:0:2/128"
                        + " match ip6 protocol 17 0xff match ip6 sport 40001 0xffff match ip6 dport 5201 0xffff"
                        + " flowid 151:2",
                "filter add dev eth1 parent 1: prio 11 protocol ipv6 handle 200:51:2 u32 ht 200:51: match ip6 src"
                        + " fd00:0:0:0:0:0:0:1/128 match ip6 dst fd00:0:0:0:0:0:0:2/128 match ip6 protocol 17 0xff"
                        + " match ip6 sport 40001 0xffff match ip6 dport 5201 0xffff flowid 1:151"),
                List.of(lines).subList(7 + 2 * 256, lines.length));
        assertEquals(2, p.created());
        assertEquals(Set.of(limit(A, 10_000_000), limit(V6, 5_000_000)), p.result().limits());
    }

    @Test
    void aRateChangeIsOneClassChangeAndKeepsTheClassId() {
        ShaperState s = planner.plan(ShaperState.EMPTY, List.of(limit(A, 10_000_000), limit(B, 1_000_000))).result();
        Plan p = planner.plan(s, List.of(limit(A, 5_000_000), limit(B, 1_000_000)));
        assertEquals("class change dev eth1 parent 151: classid 151:1 htb rate 5000000bit ceil 5000000bit"
                + " burst 15000 cburst 15000 quantum 1514\n", text(p));
        assertEquals(1, p.changed());
        assertEquals(0, p.created());
        assertEquals(s.entries().get(A).classId(), p.result().entries().get(A).classId());
    }

    @Test
    void aRemovalDeletesTheFilterBeforeTheClass() {
        ShaperState s = planner.plan(ShaperState.EMPTY, List.of(limit(A, 10_000_000))).result();
        Plan p = planner.plan(s, List.of());
        assertEquals("filter del dev eth1 parent 1: prio 10 protocol ip handle 100:51:1 u32\n"
                + "filter del dev eth1 parent 151: prio 1 protocol all handle 800::1 u32\n"
                + "class del dev eth1 parent 151: classid 151:1\n", text(p));
        assertEquals(1, p.deleted());
        assertTrue(p.result().limits().isEmpty());
    }

    @Test
    void freedNodesAreReusedInTheSameBatch() {
        ShaperState s = planner.plan(ShaperState.EMPTY, List.of(limit(A, 1000), limit(C, 1000))).result();
        // A and C both hash to bucket 0x51: C took node 2 there.
        assertEquals("151:2", s.entries().get(C).classId());
        FiveTuple d = udp("10.0.0.9", 1, "10.0.0.2", 5201);
        Plan p = planner.plan(s, List.of(limit(C, 1000), limit(d, 1000)));
        assertEquals("151:1", p.result().entries().get(d).classId());
        assertTrue(text(p).contains("filter add dev eth1 parent 1: prio 10 protocol ip handle 100:51:1 u32"), text(p));
    }

    @Test
    void theSameDesiredSetInAnyOrderGivesTheSameBatch() {
        List<FlowLimit> limits = new ArrayList<>(List.of(limit(A, 1000), limit(B, 2000), limit(C, 3000),
                limit(V6, 4000)));
        String first = text(planner.plan(ShaperState.EMPTY, limits));
        Collections.reverse(limits);
        assertEquals(first, text(planner.plan(ShaperState.EMPTY, limits)));
    }

    @Test
    void nothingToDoIsAnEmptyPlan() {
        ShaperState s = planner.plan(ShaperState.EMPTY, List.of(limit(A, 1000))).result();
        assertTrue(planner.plan(s, List.of(limit(A, 1000))).isEmpty());
    }

    @Test
    void noLimitsOnACleanInterfaceBuildNoTree() {
        assertTrue(planner.plan(ShaperState.EMPTY, List.of()).isEmpty());
    }

    @Test
    void smallBurstsAreRaisedToTheMinimum() {
        Plan p = planner.plan(ShaperState.EMPTY, List.of(new FlowLimit(A, 1000, 10)));
        assertEquals(3000, p.result().entries().get(A).burstBytes());
    }

    @Test
    void aFlowTwiceIsRejectedNamingTheFlow() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> planner.plan(ShaperState.EMPTY, List.of(limit(A, 1000), limit(A, 2000))));
        assertTrue(e.getMessage().contains(A.toString()), e.getMessage());
    }

    @Test
    void aProtocolOtherThanTcpOrUdpIsRejectedNamingTheField() {
        FiveTuple icmp = new FiveTuple(1, Flows.addr("10.0.0.1"), Flows.addr("10.0.0.2"), 0, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> planner.plan(ShaperState.EMPTY, List.of(limit(icmp, 1000))));
        assertTrue(e.getMessage().startsWith("flow.protocol"), e.getMessage());
    }

    @Test
    void aFullHashBucketIsRejectedWithAdvice() {
        List<FlowLimit> same = new ArrayList<>();
        for (int i = 0; i < TcLayout.MAX_NODE + 1; i++) {
            same.add(limit(udp("10.0.0.1", 1024 + i, "10.0.0.2", 5201), 1000));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> planner.plan(ShaperState.EMPTY, same));
        assertTrue(e.getMessage().contains("choose another hash key"), e.getMessage());
        // Hashing on the source port spreads the same flows over 256 buckets.
        new ReconcilePlanner(ShaperOptions.DEFAULTS.withHashKey(HashKey.SRC_PORT)).plan(ShaperState.EMPTY, same);
    }

    @Test
    void flowerFiltersTakeTheSameGroupsWithoutHashTables() {
        ShaperOptions flower = ShaperOptions.DEFAULTS.withClassifier(Classifier.FLOWER);
        ReconcilePlanner fp = new ReconcilePlanner(flower);
        Plan p = fp.plan(ShaperState.EMPTY, List.of(limit(A, 1000)));
        String[] lines = p.render("eth1", flower).split("\n");
        assertEquals(1 + 2 * 256 + 3, lines.length);
        assertEquals("class add dev eth1 parent 1: classid 1:100 htb rate 100gbit ceil 100gbit burst 1250000"
                + " cburst 1250000 quantum 1514", lines[1]);
        assertEquals(List.of(
                "class add dev eth1 parent 151: classid 151:1 htb rate 1000bit ceil 1000bit burst 15000 cburst 15000"
                        + " quantum 1514",
                "filter add dev eth1 parent 151: prio 20 protocol ip handle 0x1 flower ip_proto udp src_ip 10.0.0.1"
                        + " dst_ip 10.0.0.2 src_port 40001 dst_port 5201 classid 151:1",
                "filter add dev eth1 parent 1: prio 20 protocol ip handle 0x51001 flower ip_proto udp src_ip 10.0.0.1"
                        + " dst_ip 10.0.0.2 src_port 40001 dst_port 5201 classid 1:151"),
                List.of(lines).subList(513, 516));
        assertEquals("filter del dev eth1 parent 1: prio 20 protocol ip handle 0x51001 flower\n"
                + "filter del dev eth1 parent 151: prio 20 protocol ip handle 0x1 flower\n"
                + "class del dev eth1 parent 151: classid 151:1\n",
                fp.plan(p.result(), List.of()).render("eth1", flower));
    }
}
