// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Reassembles SNAPSHOT fragments, in any order and with duplicates, into {@link Snapshot}s, in
 * bounded memory: at most {@code maxPending} incomplete snapshots and {@code maxEntries} entries
 * held at once; an incomplete snapshot is dropped when it is older than the timeout, when a newer
 * one would exceed a bound, or when its fragments contradict each other. A snapshot that reuses
 * the id of one completed before is collected alike, without its entries, and reported once,
 * when complete ({@link OutcomeKind#ID_REUSED}). Feed it only verified messages. Not thread-safe.
 */
public final class SnapshotAssembler {

    private static final int RECENT_KEPT = 64;

    private final int maxPending;
    private final int maxEntries;
    private final long timeoutMillis;
    private final Clock clock;
    private final LinkedHashMap<Key, Partial> pending = new LinkedHashMap<>();
    /**
     * Recently completed snapshots, with the highest sequence among their fragments: a later
     * snapshot under one of their ids is refused (ID_REUSED), a late duplicate of one of their
     * fragments starts nothing.
     */
    private final LinkedHashMap<Key, Long> recent = new LinkedHashMap<>(16, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
            return size() > RECENT_KEPT;
        }
    };
    private int heldEntries;
    private long timedOut;
    private long dropped;
    private long completed;
    private long reused;

    /**
     * Creates an assembler.
     *
     * @param maxPending most incomplete snapshots held at once, at least 1
     * @param maxEntries most entries held across incomplete snapshots, at least 1
     * @param timeoutMillis how long an incomplete snapshot may wait for its missing fragments
     * @param clock the clock timeouts are measured on
     */
    public SnapshotAssembler(int maxPending, int maxEntries, long timeoutMillis, Clock clock) {
        if (maxPending < 1 || maxEntries < 1 || timeoutMillis < 1) {
            throw new IllegalArgumentException("maxPending, maxEntries and timeoutMillis must be positive, were "
                    + maxPending + ", " + maxEntries + ", " + timeoutMillis);
        }
        this.maxPending = maxPending;
        this.maxEntries = maxEntries;
        this.timeoutMillis = timeoutMillis;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Adds one fragment.
     *
     * @param fragment a verified SNAPSHOT message
     * @return the snapshot if this fragment completed it
     * @throws IllegalArgumentException if the message is not a SNAPSHOT
     */
    public Optional<Snapshot> offer(ControlMessage fragment) {
        return offerFragment(fragment).snapshot();
    }

    /**
     * Adds one fragment and says what came of it, refusals included, so that each can be answered.
     *
     * @param fragment a verified SNAPSHOT message
     * @return what the fragment did
     * @throws IllegalArgumentException if the message is not a SNAPSHOT
     */
    public Outcome offerFragment(ControlMessage fragment) {
        FrameHeader h = fragment.header();
        if (h.type() != MessageType.SNAPSHOT) {
            throw new IllegalArgumentException("not a SNAPSHOT: " + h);
        }
        expire();
        Key key = new Key(h.senderId(), h.epoch(), h.snapshotId());
        Partial p = pending.get(key);
        if (p != null && p.fragments.length != h.fragmentCount()) {
            // Two fragment counts for one snapshot: the sender is confused, trust neither.
            drop(key);
            dropped++;
            return incomplete(h);
        }
        if (p == null) {
            Long completedUpTo = recent.get(key);
            if (completedUpTo != null && h.sequence() <= completedUpTo) {
                // A late duplicate of a completed snapshot's fragment (verified frames never are).
                return incomplete(h);
            }
            // A newer fragment under the id of a snapshot completed in this epoch starts a new
            // snapshot that reuses the id. It is collected like any other and refused once, when
            // complete (docs/protocol.md, section 4).
            boolean idUsed = completedUpTo != null;
            if (h.fragmentCount() == 1) {
                if (idUsed) {
                    return reused(key, h.sequence());
                }
                recent.put(key, h.sequence());
                completed++;
                return complete(new Snapshot(h.senderId(), h.epoch(), h.snapshotId(), h.sequence(),
                        limitsOf(fragment.entries())));
            }
            p = new Partial(h.fragmentCount(), clock.millis(), idUsed);
            pending.put(key, p);
        }
        if (p.fragments[h.fragmentIndex()] != null) {
            return incomplete(h);
        }
        // A snapshot that will be refused is never applied: only which indexes came is kept.
        List<LimitEntry> kept = p.idUsed ? List.of() : fragment.entries();
        int n = kept.size();
        while (heldEntries + n > maxEntries || pending.size() > maxPending) {
            Key oldest = pending.keySet().iterator().next();
            drop(oldest);
            dropped++;
            if (oldest.equals(key)) {
                return incomplete(h);
            }
        }
        p.fragments[h.fragmentIndex()] = kept;
        p.received++;
        p.lastSequence = Math.max(p.lastSequence, h.sequence());
        heldEntries += n;
        p.entries += n;
        if (p.received < p.fragments.length) {
            return incomplete(h);
        }
        drop(key);
        if (p.idUsed) {
            return reused(key, p.lastSequence);
        }
        recent.put(key, p.lastSequence);
        List<LimitEntry> all = new ArrayList<>();
        for (List<LimitEntry> f : p.fragments) {
            all.addAll(f);
        }
        Set<FiveTuple> seen = new HashSet<>();
        for (LimitEntry e : all) {
            if (!seen.add(e.flow())) {
                // One flow in two fragments: ambiguous, so the snapshot is not applied.
                dropped++;
                return new Outcome(OutcomeKind.FLOW_TWICE, null, h.snapshotId(), p.lastSequence);
            }
        }
        completed++;
        return complete(new Snapshot(h.senderId(), h.epoch(), h.snapshotId(), p.lastSequence, limitsOf(all)));
    }

    private static Outcome incomplete(FrameHeader h) {
        return new Outcome(OutcomeKind.INCOMPLETE, null, h.snapshotId(), h.sequence());
    }

    private Outcome reused(Key key, long lastSequence) {
        reused++;
        recent.put(key, lastSequence);
        return new Outcome(OutcomeKind.ID_REUSED, null, key.snapshot, lastSequence);
    }

    private static Outcome complete(Snapshot s) {
        return new Outcome(OutcomeKind.COMPLETE, s, s.snapshotId(), s.lastSequence());
    }

    /**
     * Returns how many complete snapshots reused the id of a snapshot completed before in the same
     * epoch (each was refused once, when its last fragment came).
     *
     * @return count since creation
     */
    public long reusedCount() {
        return reused;
    }

    private static List<FlowLimit> limitsOf(List<LimitEntry> entries) {
        List<FlowLimit> limits = new ArrayList<>(entries.size());
        for (LimitEntry e : entries) {
            limits.add(e.limit());
        }
        return limits;
    }

    private void drop(Key key) {
        Partial p = pending.remove(key);
        if (p != null) {
            heldEntries -= p.entries;
        }
    }

    /**
     * Drops incomplete snapshots older than the timeout.
     *
     * @return how many were dropped
     */
    public int expire() {
        long now = clock.millis();
        int n = 0;
        for (Iterator<Map.Entry<Key, Partial>> it = pending.entrySet().iterator(); it.hasNext();) {
            Map.Entry<Key, Partial> e = it.next();
            if (now - e.getValue().startedMillis > timeoutMillis) {
                heldEntries -= e.getValue().entries;
                it.remove();
                n++;
            }
        }
        timedOut += n;
        return n;
    }

    /**
     * Returns how many snapshots are incomplete.
     *
     * @return pending count
     */
    public int pendingCount() {
        return pending.size();
    }

    /**
     * Returns how many entries incomplete snapshots hold.
     *
     * @return entry count
     */
    public int heldEntries() {
        return heldEntries;
    }

    /**
     * Returns how many incomplete snapshots timed out.
     *
     * @return count since creation
     */
    public long timedOutCount() {
        return timedOut;
    }

    /**
     * Returns how many incomplete snapshots were dropped for a bound or a contradiction.
     *
     * @return count since creation
     */
    public long droppedCount() {
        return dropped;
    }

    /**
     * Returns how many snapshots were completed.
     *
     * @return count since creation
     */
    public long completedCount() {
        return completed;
    }

    /** What one fragment did. */
    public enum OutcomeKind {
        /** Nothing to answer yet: the snapshot is incomplete, or the fragment was dropped or a duplicate. */
        INCOMPLETE,
        /** The fragment completed a snapshot. */
        COMPLETE,
        /**
         * The fragment completed a snapshot whose id a completed snapshot of this sender and epoch
         * already used: refused, nothing applied. Its earlier fragments were INCOMPLETE.
         */
        ID_REUSED,
        /** The fragment completed a snapshot that names one flow twice: refused, nothing applied. */
        FLOW_TWICE
    }

    /** What one fragment did, with what an ACK needs to answer it. */
    public static final class Outcome {
        private final OutcomeKind kind;
        private final Snapshot snapshot;
        private final long snapshotId;
        private final long sequence;

        Outcome(OutcomeKind kind, Snapshot snapshot, long snapshotId, long sequence) {
            this.kind = kind;
            this.snapshot = snapshot;
            this.snapshotId = snapshotId;
            this.sequence = sequence;
        }

        /**
         * Returns what happened.
         *
         * @return the kind
         */
        public OutcomeKind kind() {
            return kind;
        }

        /**
         * Returns the completed snapshot.
         *
         * @return the snapshot if the kind is COMPLETE
         */
        public Optional<Snapshot> snapshot() {
            return Optional.ofNullable(snapshot);
        }

        /**
         * Returns the snapshot id the fragment named.
         *
         * @return snapshot id
         */
        public long snapshotId() {
            return snapshotId;
        }

        /**
         * Returns the sequence an ACK answers: the highest among the snapshot's fragments received.
         *
         * @return sequence
         */
        public long sequence() {
            return sequence;
        }
    }

    private static final class Key {
        private final long sender;
        private final long epoch;
        private final long snapshot;

        Key(long sender, long epoch, long snapshot) {
            this.sender = sender;
            this.epoch = epoch;
            this.snapshot = snapshot;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key)) {
                return false;
            }
            Key k = (Key) o;
            return sender == k.sender && epoch == k.epoch && snapshot == k.snapshot;
        }

        @Override
        public int hashCode() {
            return Objects.hash(sender, epoch, snapshot);
        }
    }

    private static final class Partial {
        private final List<LimitEntry>[] fragments;
        private final long startedMillis;
        /** Whether a completed snapshot already used the id: this one is refused when complete. */
        private final boolean idUsed;
        private int received;
        private int entries;
        private long lastSequence;

        @SuppressWarnings("unchecked")
        Partial(int count, long startedMillis, boolean idUsed) {
            this.fragments = (List<LimitEntry>[]) new List<?>[count];
            this.startedMillis = startedMillis;
            this.idUsed = idUsed;
        }
    }
}
