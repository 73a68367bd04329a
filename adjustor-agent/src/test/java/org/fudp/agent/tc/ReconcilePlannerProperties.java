// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReconcilePlannerProperties {

    private final ReconcilePlanner planner = new ReconcilePlanner(ShaperOptions.DEFAULTS);

    @Property(tries = 300)
    void replayingThePlanOnTheActualStateYieldsTheDesiredOne(@ForAll("limitSets") Map<FiveTuple, FlowLimit> before,
                                                             @ForAll("limitSets") Map<FiveTuple, FlowLimit> after) {
        ShaperState actual = planner.plan(ShaperState.EMPTY, before.values()).result();
        Plan p = planner.plan(actual, after.values());
        // after() enforces the kernel's rules (no duplicate ids, filter deleted before its class).
        ShaperState reached = actual.after(p.ops());
        assertEquals(Set.copyOf(after.values()), reached.limits());
        assertTrue(planner.plan(reached, after.values()).isEmpty(), "a second apply has nothing to do");
    }

    @Property(tries = 300)
    void aKeptFlowIsNeverReCreatedAndKeepsItsClassAndFilter(
            @ForAll("limitSets") Map<FiveTuple, FlowLimit> before,
            @ForAll("limitSets") Map<FiveTuple, FlowLimit> after) {
        ShaperState actual = planner.plan(ShaperState.EMPTY, before.values()).result();
        Plan p = planner.plan(actual, after.values());
        for (TcOp op : p.ops()) {
            if (op.kind() != TcOp.Kind.CHANGE_CLASS && !op.isBase()) {
                FiveTuple f = op.entry().flow();
                assertTrue(!(before.containsKey(f) && after.containsKey(f)), "kept flow touched: " + op);
            }
        }
        for (FiveTuple f : after.keySet()) {
            FlowEntry was = actual.entries().get(f);
            if (was != null) {
                FlowEntry now = p.result().entries().get(f);
                assertEquals(was.bucket(), now.bucket());
                assertEquals(was.node(), now.node());
            }
        }
    }

    @Property(tries = 300)
    void classIdsStayUniqueDenseAndInTheFlowsBucket(@ForAll("limitSets") Map<FiveTuple, FlowLimit> before,
                                                     @ForAll("limitSets") Map<FiveTuple, FlowLimit> after) {
        ShaperState actual = planner.plan(ShaperState.EMPTY, before.values()).result();
        ShaperState reached = planner.plan(actual, after.values()).result();
        Set<String> classes = new HashSet<>();
        for (FlowEntry e : reached.entries().values()) {
            assertTrue(classes.add(e.classId()));
            assertEquals(HashKey.DST_PORT.bucket(e.flow()), e.bucket(), "class in its bucket's group");
            // Freed ids are reused: no node exceeds what the two sets needed together.
            assertTrue(e.node() >= 1 && e.node() <= before.size() + after.size(), "node " + e.node());
        }
    }

    @Property(tries = 200)
    void aBatchStoppedAtAnyLineIsFinishedByTheNextPlan(@ForAll("limitSets") Map<FiveTuple, FlowLimit> before,
                                                       @ForAll("limitSets") Map<FiveTuple, FlowLimit> after,
                                                       @ForAll double where) {
        ShaperState actual = planner.plan(ShaperState.EMPTY, before.values()).result();
        Plan p = planner.plan(actual, after.values());
        int stop = (int) Math.floor(Math.abs(where) % 1.0 * (p.ops().size() + 1));
        ShaperState partial = actual.after(p.ops().subList(0, stop));
        if (stop < p.ops().size() && p.ops().get(stop).isBase()) {
            // A batch stopped while building the fixed tree: HtbFlowShaper clears and starts over.
            partial = ShaperState.EMPTY;
        }
        Plan rest = planner.plan(partial, after.values());
        assertEquals(Set.copyOf(after.values()), partial.after(rest.ops()).limits());
    }

    @Property(tries = 100)
    void onlyARateChangeGivesOnlyClassChanges(@ForAll("limitSets") Map<FiveTuple, FlowLimit> before) {
        ShaperState actual = planner.plan(ShaperState.EMPTY, before.values()).result();
        Map<FiveTuple, FlowLimit> doubled = new HashMap<>();
        for (FlowLimit l : before.values()) {
            doubled.put(l.flow(), new FlowLimit(l.flow(), l.rateBps() * 2, l.burstBytes()));
        }
        Plan p = planner.plan(actual, doubled.values());
        assertEquals(before.size(), p.ops().size());
        for (TcOp op : p.ops()) {
            assertEquals(TcOp.Kind.CHANGE_CLASS, op.kind());
            assertNotEquals(actual.entries().get(op.entry().flow()).rateBps(), op.entry().rateBps());
        }
    }

    @Provide
    Arbitrary<Map<FiveTuple, FlowLimit>> limitSets() {
        // A small universe of addresses and ports so that sets overlap and buckets collide.
        Arbitrary<FiveTuple> flows = Combinators.combine(
                Arbitraries.of(FiveTuple.UDP, FiveTuple.TCP),
                Arbitraries.of("10.0.0.1", "10.0.0.2", "fd00::1"),
                Arbitraries.integers().between(1, 3),
                Arbitraries.of(1, 257, 513, 2),
                Arbitraries.of(5201, 5457, 7))
                .as((proto, src, dstLast, sport, dport) -> new FiveTuple(proto, addr(src),
                        addr(src.contains(":") ? "fd00::" + (10 + dstLast) : "10.0.1." + dstLast), sport, dport));
        Arbitrary<FlowLimit> limits = Combinators.combine(flows,
                Arbitraries.longs().between(1_000, 100_000_000),
                Arbitraries.longs().between(3_000, 100_000))
                .as(FlowLimit::new);
        return limits.list().ofMaxSize(25).map(list -> {
            Map<FiveTuple, FlowLimit> m = new HashMap<>();
            for (FlowLimit l : list) {
                m.put(l.flow(), l);
            }
            return m;
        });
    }

    private static InetAddress addr(String s) {
        try {
            return InetAddress.getByName(s);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(s, e);
        }
    }
}
