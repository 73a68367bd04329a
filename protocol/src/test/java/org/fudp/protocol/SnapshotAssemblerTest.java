// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Reassembly of fragmented snapshots: order, duplicates, loss, interleaving and memory bounds.
 */
class SnapshotAssemblerTest {

    private final MutableClock clock = new MutableClock(1_000_000);
    private final FrameEncoder encoder = new FrameEncoder(Messages.KEYS, 7, 1, 0, clock);

    private static List<FlowLimit> limits(int n) {
        List<FlowLimit> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(Messages.limit(i, 1_000_000 + i));
        }
        return l;
    }

    private List<ControlMessage> fragments(long snapshotId, List<FlowLimit> limits, int mtu) {
        List<ControlMessage> out = new ArrayList<>();
        for (byte[] p : encoder.snapshot(snapshotId, limits, mtu)) {
            try {
                out.add(FrameCodec.decode(p, Messages.KEYS, FrameCodec.MAX_PAYLOAD_BYTES));
            } catch (FrameRejectedException e) {
                throw new AssertionError(e);
            }
        }
        return out;
    }

    @Property(tries = 200)
    void anyOrderWithDuplicatesGivesTheSameSnapshot(@ForAll @IntRange(min = 0, max = 300) int n,
                                                    @ForAll @IntRange(min = 148, max = 1500) int mtu,
                                                    @ForAll long seed) {
        List<FlowLimit> want = limits(n);
        List<ControlMessage> frags = fragments(9, want, mtu);
        List<ControlMessage> delivered = new ArrayList<>(frags);
        delivered.addAll(frags.subList(0, frags.size() / 2));
        Collections.shuffle(delivered, new Random(seed));
        SnapshotAssembler a = new SnapshotAssembler(4, 100_000, 5000, clock);
        List<Snapshot> done = new ArrayList<>();
        for (ControlMessage f : delivered) {
            a.offer(f).ifPresent(done::add);
        }
        assertEquals(1, done.size());
        assertEquals(want, done.get(0).limits());
        assertEquals(frags.get(frags.size() - 1).header().sequence(), done.get(0).lastSequence());
        assertEquals(0, a.pendingCount());
        assertEquals(0, a.heldEntries());
    }

    @Test
    void missingFragmentTimesOut() {
        List<ControlMessage> frags = fragments(1, limits(100), 500);
        assertTrue(frags.size() > 2);
        SnapshotAssembler a = new SnapshotAssembler(4, 10_000, 2000, clock);
        for (int i = 1; i < frags.size(); i++) {
            assertEquals(Optional.empty(), a.offer(frags.get(i)));
        }
        assertEquals(1, a.pendingCount());
        clock.advance(Duration.ofSeconds(3).toMillis());
        assertEquals(1, a.expire());
        assertEquals(0, a.pendingCount());
        assertEquals(0, a.heldEntries());
        // The late fragment alone does not complete anything.
        assertEquals(Optional.empty(), a.offer(frags.get(0)));
        assertEquals(1, a.timedOutCount());
    }

    @Test
    void interleavedSnapshotsCompleteIndependently() {
        List<ControlMessage> s1 = fragments(1, limits(40), 600);
        List<ControlMessage> s2 = fragments(2, limits(50).subList(10, 50), 600);
        SnapshotAssembler a = new SnapshotAssembler(4, 10_000, 2000, clock);
        List<Snapshot> done = new ArrayList<>();
        for (int i = 0; i < Math.max(s1.size(), s2.size()); i++) {
            if (i < s2.size()) {
                a.offer(s2.get(i)).ifPresent(done::add);
            }
            if (i < s1.size()) {
                a.offer(s1.get(i)).ifPresent(done::add);
            }
        }
        assertEquals(2, done.size());
        Snapshot first = done.get(0).snapshotId() == 1 ? done.get(0) : done.get(1);
        Snapshot second = done.get(0).snapshotId() == 2 ? done.get(0) : done.get(1);
        assertEquals(limits(40), first.limits());
        assertEquals(limits(50).subList(10, 50), second.limits());
    }

    @Test
    void boundsEvictTheOldestIncompleteSnapshot() {
        SnapshotAssembler a = new SnapshotAssembler(2, 10_000, 60_000, clock);
        List<ControlMessage> s1 = fragments(1, limits(30), 600);
        List<ControlMessage> s2 = fragments(2, limits(30), 600);
        List<ControlMessage> s3 = fragments(3, limits(30), 600);
        a.offer(s1.get(0));
        a.offer(s2.get(0));
        a.offer(s3.get(0));
        assertEquals(2, a.pendingCount());
        assertEquals(1, a.droppedCount());
        // Snapshot 1 was evicted: its remaining fragments never complete it.
        for (int i = 1; i < s1.size(); i++) {
            assertEquals(Optional.empty(), a.offer(s1.get(i)), "fragment " + i);
        }
    }

    @Test
    void entryBoundLimitsHeldMemory() {
        SnapshotAssembler a = new SnapshotAssembler(8, 50, 60_000, clock);
        List<ControlMessage> big = fragments(1, limits(200), 600);
        for (int i = 0; i < big.size() - 1; i++) {
            a.offer(big.get(i));
            assertTrue(a.heldEntries() <= 50, "held " + a.heldEntries());
        }
        assertEquals(Optional.empty(), a.offer(big.get(big.size() - 1)));
    }

    @Test
    void oneFlowInTwoFragmentsIsNotApplied() throws FrameRejectedException {
        FlowLimit dup = Messages.limit(1, 5);
        FrameHeader.Builder h = FrameHeader.builder(MessageType.SNAPSHOT).keyId(1).senderId(7).epoch(1)
                .snapshotId(4);
        ControlMessage f0 = ControlMessage.of(h.sequence(1).fragment(0, 2).build(), List.of(LimitEntry.add(dup)));
        ControlMessage f1 = ControlMessage.of(h.sequence(2).fragment(1, 2).build(), List.of(LimitEntry.add(dup)));
        SnapshotAssembler a = new SnapshotAssembler(2, 100, 1000, clock);
        assertEquals(SnapshotAssembler.OutcomeKind.INCOMPLETE, a.offerFragment(f0).kind());
        SnapshotAssembler.Outcome o = a.offerFragment(f1);
        assertEquals(SnapshotAssembler.OutcomeKind.FLOW_TWICE, o.kind());
        assertEquals(Optional.empty(), o.snapshot());
        assertEquals(4, o.snapshotId());
        assertEquals(2, o.sequence());
        assertEquals(1, a.droppedCount());
    }

    @Test
    void aCompletedSnapshotsIdReusedIsReportedNotIgnored() {
        SnapshotAssembler a = new SnapshotAssembler(2, 100, 1000, clock);
        SnapshotAssembler.Outcome first = a.offerFragment(fragments(9, limits(1), 1500).get(0));
        assertEquals(SnapshotAssembler.OutcomeKind.COMPLETE, first.kind());
        assertEquals(1, first.snapshot().orElseThrow().limits().size());
        SnapshotAssembler.Outcome again = a.offerFragment(fragments(9, limits(2), 1500).get(0));
        assertEquals(SnapshotAssembler.OutcomeKind.ID_REUSED, again.kind());
        assertEquals(Optional.empty(), again.snapshot());
        assertEquals(encoder.lastSequence(), again.sequence());
        assertEquals(1, a.reusedCount());
    }

    @Test
    void emptySnapshotIsOneFragment() {
        List<ControlMessage> frags = fragments(5, List.of(), 1500);
        assertEquals(1, frags.size());
        Snapshot s = new SnapshotAssembler(1, 1, 1, clock).offer(frags.get(0)).orElseThrow();
        assertTrue(s.limits().isEmpty());
    }
}
