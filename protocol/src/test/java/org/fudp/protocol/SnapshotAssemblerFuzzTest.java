// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Coverage-guided fuzzing of {@link SnapshotAssembler}: the fuzzer drives a sequence of verified SNAPSHOT
 * fragments (few senders, epochs and snapshot ids, so keys collide; any fragment counts and indexes, duplicates,
 * contradictory counts, flows repeated across fragments) interleaved with clock steps past the timeout.
 *
 * <p>After every step: the pending and held-entry bounds hold and the counters never fall; a completed snapshot
 * names flows once, holds only limits offered under its key, and a multi-fragment one only once every index was
 * offered under that count.
 */
class SnapshotAssemblerFuzzTest {

    private static final int MAX_PENDING = 3;
    private static final int MAX_ENTRIES = 12;
    private static final long TIMEOUT_MILLIS = 5000;

    @FuzzTest(maxDuration = "30s")
    void reassemble(FuzzedDataProvider data) {
        MutableClock clock = new MutableClock(1_000_000L);
        SnapshotAssembler a = new SnapshotAssembler(MAX_PENDING, MAX_ENTRIES, TIMEOUT_MILLIS, clock);
        Map<List<Long>, Set<FlowLimit>> offered = new HashMap<>();
        Map<List<Long>, Set<Integer>> indexes = new HashMap<>();
        long before = 0;
        while (data.remainingBytes() > 0) {
            if (data.consumeInt(0, 4) == 0) {
                clock.advance(data.consumeInt(0, 2 * (int) TIMEOUT_MILLIS));
                a.expire();
            } else {
                ControlMessage f = fragment(data);
                FrameHeader h = f.header();
                List<Long> key = List.of(h.senderId(), h.epoch(), h.snapshotId(), (long) h.fragmentCount());
                for (LimitEntry e : f.entries()) {
                    offered.computeIfAbsent(key, k -> new HashSet<>()).add(e.limit());
                }
                indexes.computeIfAbsent(key, k -> new HashSet<>()).add(h.fragmentIndex());
                Optional<Snapshot> done = a.offer(f);
                done.ifPresent(s -> checkComplete(s, h, offered.get(key), indexes.get(key)));
            }
            assertTrue(a.pendingCount() <= MAX_PENDING, "pending bound");
            assertTrue(a.heldEntries() >= 0 && a.heldEntries() <= MAX_ENTRIES, "held-entry bound");
            long sum = a.completedCount() + a.droppedCount() + a.timedOutCount();
            assertTrue(sum >= before, "counters never fall");
            before = sum;
        }
    }

    private static void checkComplete(Snapshot s, FrameHeader h, Set<FlowLimit> offered, Set<Integer> indexes) {
        assertEquals(h.senderId(), s.senderId());
        assertEquals(h.epoch(), s.epoch());
        assertEquals(h.snapshotId(), s.snapshotId());
        assertEquals(h.fragmentCount(), indexes.size(), "complete only once every index arrived");
        Set<FiveTuple> flows = new HashSet<>();
        for (FlowLimit l : s.limits()) {
            assertTrue(flows.add(l.flow()), "a flow twice in a completed snapshot");
            assertTrue(offered != null && offered.contains(l), "a limit never offered under this key");
        }
    }

    private static ControlMessage fragment(FuzzedDataProvider data) {
        int count = data.consumeInt(1, 4);
        FrameHeader h = FrameHeader.builder(MessageType.SNAPSHOT).keyId(1).senderId(data.consumeInt(1, 2))
                .epoch(data.consumeInt(1, 2)).sequence(data.consumeLong(1, Long.MAX_VALUE))
                .timestampMillis(1).snapshotId(data.consumeInt(0, 3))
                .fragment(data.consumeInt(0, count - 1), count).build();
        Map<FiveTuple, LimitEntry> entries = new LinkedHashMap<>();
        int n = data.consumeInt(0, 6);
        for (int i = 0; i < n; i++) {
            FiveTuple flow = Messages.udp4(data.consumeInt(0, 7), data.consumeInt(1, 3), 5201);
            entries.putIfAbsent(flow, LimitEntry.add(new FlowLimit(flow, data.consumeLong(1, 1000), 1500)));
        }
        return ControlMessage.of(h, new ArrayList<>(entries.values()));
    }
}
