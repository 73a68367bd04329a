// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.algorithm.ControllerState;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.checkpoints.FlowCheckpoint;
import org.fudp.loop.api.checkpoints.ResponsiveCheckpoint;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 42, point 4: an upgrade reads what every earlier build wrote. The fixtures under
 * {@code src/test/resources/org/fudp/impl/checkpoints/} were written by those builds themselves: at each commit
 * named, a test in {@code org.fudp.impl} encoded this head and flow with that commit's
 * {@code CheckpointStore.SERIALIZER} (facility of:0000000000000001, epoch 10, taken at 15; set bottleneck:set1 at
 * period 7, W 6.5 Mbit/s, deviation 0.4, not fair; flow udp-10.0.0.1-40001-10.0.0.4-5201 onward port 5, shaped,
 * since 1000, limit 3.3 Mbit/s, burst 4125 bytes, a member; DSCP 34 and remarked where the build knew DSCP; QUIC
 * hinted, passed 1 of 2 tests, responsive, last test at 1600, where it knew responsiveness).
 */
class CheckpointFormatTest {

    private static final String S1 = "of:0000000000000001";
    private static final String SET = "bottleneck:set1";
    private static final String FLOW = "udp-10.0.0.1-40001-10.0.0.4-5201";
    private static final ControllerState STATE = new ControllerState(7, true, 6.5e6, 4e5, false, Map.of());

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = CheckpointFormatTest.class.getResourceAsStream("checkpoints/" + name)) {
            assertNotNull(in, name);
            return in.readAllBytes();
        }
    }

    private static FlowCheckpoint flow(int dscp, boolean remarked) {
        return new FlowCheckpoint(FlowIds.parse("t", FLOW), 5, true, 1000, 3_300_000, 4125, SET, true, dscp,
                remarked);
    }

    private static void assertHead(FacilityCheckpoint head, List<FlowCheckpoint> flows, ControllerState state) {
        assertEquals(S1, head.facilityId());
        assertEquals(10, head.epoch());
        assertEquals(15, head.takenMs());
        assertEquals(flows, head.flows());
        assertEquals(Map.of(SET, state), head.sets());
    }

    private static FlowCheckpoint entry(String fixture) throws IOException {
        CheckpointStore.StoredFlow s = CheckpointStore.SERIALIZER.decode(fixture(fixture));
        assertNotNull(s, fixture + " could not be read");
        assertEquals(S1, s.facilityId);
        assertEquals(10, s.epoch);
        return s.flow;
    }

    @Test
    void theHeadFromBeforeTheSplitHoldsItsFlowsAndTheirAllocations() throws IOException {
        // 071412b: one map, the whole checkpoint in the head.
        assertHead(CheckpointStore.SERIALIZER.decode(fixture("071412b-head.bin")),
                List.of(flow(TrafficClass.NO_DSCP, false)),
                new ControllerState(7, true, 6.5e6, 4e5, false, Map.of(FLOW, 3.3e6)));
    }

    @Test
    void everyLaterBuildsHeadIsRead() throws IOException {
        for (String commit : List.of("72c3555", "d440451", "b25cd40")) {
            assertHead(CheckpointStore.SERIALIZER.decode(fixture(commit + "-head.bin")), List.of(), STATE);
        }
    }

    @Test
    void everyEarlierBuildsFlowEntryIsReadAsFarAsItWent() throws IOException {
        assertEquals(flow(TrafficClass.NO_DSCP, false), entry("72c3555-flow.bin"), "before DSCP classes");
        assertEquals(flow(34, true), entry("d440451-flow.bin"), "before responsiveness");
        FlowCheckpoint last = entry("b25cd40-flow.bin");
        assertEquals(flow(34, true).withResponsiveness(new ResponsiveCheckpoint(true, 2, 1, true, 1600L,
                "responded: slowed from 4.00 Mbit/s to 2.00 Mbit/s")), last, "before the standing check's record");
    }

    @Test
    void thisBuildsFormatCarriesTheStandingChecksRecord() {
        FlowCheckpoint f = flow(34, true).withResponsiveness(new ResponsiveCheckpoint(true, 3, 2, false, 1600L,
                "unresponsive whatever its tests say").withStanding(true, true, List.of(1000L, 1300L, 1600L)));
        CheckpointStore.StoredFlow back = CheckpointStore.SERIALIZER.decode(
                CheckpointStore.SERIALIZER.encode(new CheckpointStore.StoredFlow(S1, 10, f)));
        assertEquals(f, back.flow);
        assertEquals(List.of(1000L, 1300L, 1600L), back.flow.responsiveness().strikes());
        assertTrue(back.flow.responsiveness().distrusted());
    }

    @Test
    void aNewerBuildsFormatDecodesAsNothingInsteadOfFailingTheMap() {
        byte[] b = CheckpointStore.SERIALIZER.encode(new CheckpointStore.StoredFlow(S1, 10, flow(34, true)));
        int at = formatByte(b);
        b[at] = (byte) (CheckpointFormat.FORMAT + 1);
        assertNull(CheckpointStore.SERIALIZER.decode(b));
        byte[] h = CheckpointStore.SERIALIZER.encode(new FacilityCheckpoint(S1, 10, 15, List.of(), Map.of(SET, STATE)));
        h[formatByte(h)] = (byte) (CheckpointFormat.FORMAT + 1);
        assertNull(CheckpointStore.SERIALIZER.decode(h));
    }

    // The format byte comes after Kryo's class id, right before the facility id.
    private static int formatByte(byte[] b) {
        for (int i = 0; i + 1 < b.length; i++) {
            if (b[i] == CheckpointFormat.FORMAT && b[i + 1] == 'o') {
                return i;
            }
        }
        throw new AssertionError("no format byte");
    }
}
