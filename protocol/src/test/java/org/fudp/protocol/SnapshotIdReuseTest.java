// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A SNAPSHOT that reuses the id of a complete snapshot is answered once, when it is complete,
 * with the sequence of the fragment that completed it (docs/protocol.md, section 4, "Reused
 * snapshot id"; issue 24).
 */
class SnapshotIdReuseTest {

    private final MutableClock clock = new MutableClock(1_000_000);
    private final SnapshotAssembler assembler = new SnapshotAssembler(2, 100, 1000, clock);
    private final FrameHeader.Builder snapshot9 = FrameHeader.builder(MessageType.SNAPSHOT).keyId(1).senderId(7)
            .epoch(1).snapshotId(9);

    private SnapshotAssembler.Outcome offer(long sequence, int index, int count, int flow) {
        return assembler.offerFragment(ControlMessage.of(snapshot9.sequence(sequence).fragment(index, count).build(),
                List.of(LimitEntry.add(Messages.limit(flow, 1_000_000)))));
    }

    @Test
    void aReusedIdIsRefusedOnceWhenCompleteWithTheCompletingFragmentsSequence() {
        assertEquals(SnapshotAssembler.OutcomeKind.COMPLETE, offer(1, 0, 1, 1).kind());
        assertEquals(SnapshotAssembler.OutcomeKind.INCOMPLETE, offer(2, 0, 3, 2).kind(), "fragment 0 of 3");
        assertEquals(SnapshotAssembler.OutcomeKind.INCOMPLETE, offer(3, 0, 3, 2).kind(), "a duplicate index");
        assertEquals(SnapshotAssembler.OutcomeKind.INCOMPLETE, offer(4, 2, 3, 4).kind(), "fragment 2 of 3");
        assertEquals(0, assembler.reusedCount());
        SnapshotAssembler.Outcome done = offer(5, 1, 3, 3);
        assertEquals(SnapshotAssembler.OutcomeKind.ID_REUSED, done.kind());
        assertEquals(9, done.snapshotId());
        assertEquals(5, done.sequence());
        assertEquals(1, assembler.reusedCount());
        assertEquals(1, assembler.completedCount(), "the refused one is not a completed snapshot");
        assertEquals(0, assembler.pendingCount());
        // A third copy is answered again, once.
        assertEquals(SnapshotAssembler.OutcomeKind.INCOMPLETE, offer(6, 1, 2, 5).kind());
        assertEquals(SnapshotAssembler.OutcomeKind.ID_REUSED, offer(7, 0, 2, 6).kind());
        assertEquals(2, assembler.reusedCount());
    }

    @Test
    void aReusedIdIsHeldWithoutItsEntries() {
        offer(1, 0, 1, 1);
        offer(2, 0, 2, 2);
        assertEquals(1, assembler.pendingCount());
        assertEquals(0, assembler.heldEntries(), "it will not be applied: only which indexes came is kept");
    }

    @Test
    void aReusedIdThatNeverCompletesIsNeverAnswered() {
        offer(1, 0, 1, 1);
        assertEquals(SnapshotAssembler.OutcomeKind.INCOMPLETE, offer(2, 0, 2, 2).kind());
        clock.advance(1001);
        assertEquals(1, assembler.expire());
        assertEquals(SnapshotAssembler.OutcomeKind.INCOMPLETE, offer(3, 1, 2, 3).kind(), "the timed-out one is gone");
        assertEquals(SnapshotAssembler.OutcomeKind.INCOMPLETE, offer(4, 1, 3, 3).kind(), "another count: discarded");
        assertEquals(0, assembler.reusedCount());
        assertEquals(0, assembler.pendingCount());
    }
}
