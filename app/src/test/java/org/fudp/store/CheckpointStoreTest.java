// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.algorithm.ControllerState;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.checkpoints.FlowCheckpoint;
import org.fudp.loop.api.checkpoints.ResponsiveCheckpoint;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CheckpointStoreTest {

    private static final String S1 = "of:0000000000000001";
    private static final String S2 = "of:0000000000000002";

    private final org.fudp.store.SharedTestStorageService storage = new org.fudp.store.SharedTestStorageService();
    private final CheckpointStore one = new CheckpointStore(storage);
    private final CheckpointStore two = new CheckpointStore(storage);

    /** Every third flow passed a responsiveness test (issue 35): the instance that reads it must know. */
    private static FlowCheckpoint flow(int port, long limit) {
        FlowCheckpoint f = new FlowCheckpoint(FlowIds.parse("t", "udp-10.0.0.1-" + port + "-10.0.0.4-5201"), 5, true,
                1000, limit, limit / 800, limit > 0 ? "bottleneck:set1" : "", true, port % 64, port % 2 == 0);
        return port % 3 == 0 ? f.withResponsiveness(new ResponsiveCheckpoint(true, 2, 1, true, 1000L + port,
                "responded: slowed from 4.00 Mbit/s to 2.00 Mbit/s")) : f;
    }

    /** A checkpoint whose set allocates each limited flow its limit, as the loop's do. */
    private static FacilityCheckpoint checkpoint(String facility, long epoch, List<FlowCheckpoint> flows) {
        Map<String, Double> alloc = new HashMap<>();
        flows.stream().filter(f -> f.limitBps() > 0)
                .forEach(f -> alloc.put(f.flow().toString(), (double) f.limitBps()));
        return new FacilityCheckpoint(facility, epoch, epoch + 5, flows,
                Map.of("bottleneck:set1", new ControllerState(7, true, 6.5e6, 4e5, false, alloc)));
    }

    private static <T> void assertSameElements(List<T> expected, List<T> actual) {
        assertEquals(new HashSet<>(expected), new HashSet<>(actual));
        assertEquals(expected.size(), actual.size());
    }

    @Test
    void anotherInstanceReadsWhatOneWrote() {
        FacilityCheckpoint c = checkpoint(S1, 10, List.of(flow(1, 0), flow(2, 3_300_000), flow(3, 0)));
        assertTrue(one.write(c));
        FacilityCheckpoint read = two.read(S1).orElseThrow();
        assertEquals(c.epoch(), read.epoch());
        assertEquals(c.sets(), read.sets());
        assertSameElements(c.flows(), read.flows());
        assertTrue(two.read(S2).isEmpty());
    }

    @Test
    void aPeriodWritesOnlyTheFlowsThatChanged() {
        List<FlowCheckpoint> flows = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            flows.add(flow(i, 0));
        }
        assertTrue(one.write(checkpoint(S1, 10, flows)));
        ConsistentMap<String, CheckpointStore.StoredFlow> flowMap = storage
                .<String, CheckpointStore.StoredFlow>consistentMapBuilder().withName(CheckpointStore.FLOWS_MAP_NAME)
                .build();
        List<MapEvent<String, CheckpointStore.StoredFlow>> writes = new ArrayList<>();
        flowMap.addListener(writes::add);

        flows.set(7, flow(8, 2_000_000));
        flows.remove(20);
        flows.add(flow(99, 0));
        assertTrue(one.write(checkpoint(S1, 10, flows)));
        assertEquals(3, writes.size(), "one limit changed, one flow gone, one new: " + writes);
        assertSameElements(flows, two.read(S1).orElseThrow().flows());
    }

    @Test
    void aSupersededControllerCannotWrite() {
        assertTrue(one.write(checkpoint(S1, 10, List.of(flow(1, 3_000_000)))));
        assertTrue(two.read(S1).isPresent());
        assertTrue(two.write(checkpoint(S1, 20, List.of(flow(1, 2_000_000), flow(2, 0)))), "the newer epoch takes it");

        assertFalse(one.write(checkpoint(S1, 10, List.of(flow(1, 9_000_000)))), "the old controller is refused");
        FacilityCheckpoint now = two.read(S1).orElseThrow();
        assertEquals(20, now.epoch());
        assertSameElements(List.of(flow(1, 2_000_000), flow(2, 0)), now.flows());
    }

    @Test
    void removingAFacilityLeavesTheOthers() {
        assertTrue(one.write(checkpoint(S1, 10, List.of(flow(1, 0)))));
        assertTrue(one.write(checkpoint(S2, 10, List.of(flow(1, 0), flow(2, 0)))));
        one.remove(S1);
        assertTrue(two.read(S1).isEmpty());
        assertEquals(2, two.read(S2).orElseThrow().flows().size(), "the same 5-tuple at another facility stays");
    }

    @Test
    void aFacilityWhoseCheckpointCannotBeReadFailsAloneAndIsForgottenWhole() {
        assertTrue(one.write(checkpoint(S1, 10, List.of(flow(1, 0), flow(2, 3_000_000)))));
        assertTrue(one.write(checkpoint(S2, 10, List.of(flow(1, 0)))));
        // An entry in a format this build does not know (a newer build's): the maps decode it as null.
        ConsistentMap<String, CheckpointStore.StoredFlow> flowMap = storage
                .<String, CheckpointStore.StoredFlow>consistentMapBuilder().withName(CheckpointStore.FLOWS_MAP_NAME)
                .build();
        flowMap.put(S1 + " udp-10.0.0.1-40009-10.0.0.4-5201", null);

        CheckpointFormat.UnreadableException e = assertThrows(CheckpointFormat.UnreadableException.class,
                () -> two.read(S1));
        assertTrue(e.getMessage().contains(S1) && e.getMessage().contains("1 of its flows"), e.getMessage());
        assertEquals(1, two.read(S2).orElseThrow().flows().size(), "the other facility reads as it was");
        two.remove(S1);
        assertTrue(two.read(S1).isEmpty(), "forgotten whole, the unreadable entry with it");
        assertTrue(flowMap.keySet().stream().noneMatch(k -> k.startsWith(S1)), flowMap.keySet().toString());
    }

    @Test
    void theHeadDoesNotRepeatTheAllocationsTheFlowsCarry() {
        List<FlowCheckpoint> flows = new ArrayList<>();
        for (int i = 1; i <= 1000; i++) {
            flows.add(flow(i, 3_000_000 + i));
        }
        assertTrue(one.write(checkpoint(S1, 10, flows)));
        FacilityCheckpoint head = storage.<String, FacilityCheckpoint>consistentMapBuilder()
                .withName(CheckpointStore.MAP_NAME).build().get(S1).value();
        assertTrue(CheckpointStore.SERIALIZER.encode(head).length < 200, "a head of one set stays small");
        assertEquals(checkpoint(S1, 10, flows).sets(), two.read(S1).orElseThrow().sets(), "and reads back whole");
    }

    @Test
    void checkpointsSurviveOnosSerialization() {
        FacilityCheckpoint c = checkpoint(S1, 10, List.of(flow(1, 0), flow(2, 3_300_000)));
        assertEquals(c, CheckpointStore.SERIALIZER.decode(CheckpointStore.SERIALIZER.encode(c)));
        CheckpointStore.StoredFlow s = new CheckpointStore.StoredFlow(S1, 10, flow(2, 3_300_000));
        CheckpointStore.StoredFlow back = CheckpointStore.SERIALIZER.decode(CheckpointStore.SERIALIZER.encode(s));
        assertEquals(s.facilityId, back.facilityId);
        assertEquals(s.epoch, back.epoch);
        assertEquals(s.flow, back.flow);
    }
}
