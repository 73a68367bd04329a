// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.service.EventuallyConsistentMap;
import org.onosproject.store.service.StorageService;

import java.util.List;
import java.util.Objects;

/**
 * The bounded histories of the store (decision records, CFS samples and flow samples) in two
 * eventually consistent maps.
 * <p>
 * Each record is an entry of its own, keyed by its owner (a CFS or a flow, and which history)
 * and its sequence number; a second map holds each owner's {@link Head}, the range of sequence
 * numbers it keeps. An append writes the new record and the head and removes the record that
 * fell out of the range: a constant cost per record, however long the history, where a list per
 * owner would be rewritten and sent whole every period. The head makes reads direct (no scan)
 * and lets the length change without moving records: a shorter length is applied on read at once
 * and trims the stored records at the owner's next append; a longer one keeps what is stored and
 * keeps more from then on, as an evicting queue would. A new controlling instance after a
 * failover continues each owner's numbering from the head it holds.
 * </p>
 */
final class ReplicatedHistory {

    /** Name of the map of records. */
    static final String RECORDS = "fudp-history";
    /** Name of the map of heads. */
    static final String HEADS = "fudp-history-heads";

    /**
     * Which history.
     */
    enum Kind {
        /** A CFS's decision records. */
        DECISION,
        /** A CFS's samples. */
        CFS_SAMPLE,
        /** A flow's samples. */
        FLOW_SAMPLE
    }

    /**
     * A history of one CFS or flow.
     */
    static final class Owner {
        private final Kind kind;
        private final Object id;
        /** Computed once: a key is hashed several times per append, and a 5-tuple's hash is not cheap. */
        private final int hash;

        /**
         * Creates an owner.
         *
         * @param kind which history
         * @param id the CFS id or the flow's 5-tuple
         */
        Owner(Kind kind, Object id) {
            this.kind = Objects.requireNonNull(kind, "kind");
            this.id = Objects.requireNonNull(id, "id");
            this.hash = 31 * kind.ordinal() + id.hashCode();
        }

        /**
         * Returns which history.
         *
         * @return kind
         */
        Kind kind() {
            return kind;
        }

        /**
         * Returns the CFS id or the flow's 5-tuple.
         *
         * @return id
         */
        Object id() {
            return id;
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Owner && kind == ((Owner) o).kind && id.equals(((Owner) o).id);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return kind + " " + id;
        }
    }

    /**
     * The key of one record: its owner and its sequence number.
     */
    static final class Slot {
        private final Owner owner;
        private final long seq;

        /**
         * Creates a key.
         *
         * @param owner the owner
         * @param seq the record's sequence number in its owner's history
         */
        Slot(Owner owner, long seq) {
            this.owner = Objects.requireNonNull(owner, "owner");
            this.seq = seq;
        }

        /**
         * Returns the owner.
         *
         * @return owner
         */
        Owner owner() {
            return owner;
        }

        /**
         * Returns the sequence number.
         *
         * @return sequence number
         */
        long seq() {
            return seq;
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Slot && seq == ((Slot) o).seq && owner.equals(((Slot) o).owner);
        }

        @Override
        public int hashCode() {
            return 31 * owner.hashCode() + Long.hashCode(seq);
        }

        @Override
        public String toString() {
            return owner + " #" + seq;
        }
    }

    /**
     * The sequence numbers an owner keeps: {@code first} (inclusive) to {@code next} (exclusive).
     */
    static final class Head {
        private final long first;
        private final long next;

        /**
         * Creates a head.
         *
         * @param first the oldest record kept
         * @param next the number of the next record
         */
        Head(long first, long next) {
            this.first = first;
            this.next = next;
        }

        /**
         * Returns the oldest record kept.
         *
         * @return sequence number
         */
        long first() {
            return first;
        }

        /**
         * Returns the number of the next record.
         *
         * @return sequence number
         */
        long next() {
            return next;
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Head && first == ((Head) o).first && next == ((Head) o).next;
        }

        @Override
        public int hashCode() {
            return 31 * Long.hashCode(first) + Long.hashCode(next);
        }

        @Override
        public String toString() {
            return MoreObjects.toStringHelper(this).add("first", first).add("next", next).toString();
        }
    }

    private final EventuallyConsistentMap<Slot, Object> records;
    private final EventuallyConsistentMap<Owner, Head> heads;

    /**
     * Opens (joins) the history maps.
     *
     * @param storage ONOS storage
     * @param serializer the maps' serializer
     * @param clock timestamps of this instance's writes
     */
    ReplicatedHistory(StorageService storage, KryoNamespace serializer, MonotonicTimestamps clock) {
        records = storage.<Slot, Object>eventuallyConsistentMapBuilder()
                .withName(RECORDS)
                .withSerializer(serializer)
                .withTimestampProvider((k, v) -> clock.next())
                .build();
        heads = storage.<Owner, Head>eventuallyConsistentMapBuilder()
                .withName(HEADS)
                .withSerializer(serializer)
                .withTimestampProvider((k, v) -> clock.next())
                .build();
    }

    /**
     * Appends a record to an owner's history; the caller serializes appends.
     *
     * @param owner the owner
     * @param record the record
     * @param length how many records to keep
     */
    void append(Owner owner, Object record, int length) {
        Head head = heads.get(owner);
        long first = head == null ? 0 : head.first;
        long next = head == null ? 0 : head.next;
        records.put(new Slot(owner, next), record);
        next++;
        long keepFrom = Math.max(first, next - length);
        for (long s = first; s < keepFrom; s++) {
            records.remove(new Slot(owner, s));
        }
        heads.put(owner, new Head(keepFrom, next));
    }

    /**
     * Returns an owner's most recent records, oldest first. A record whose replication has not
     * arrived yet is left out.
     *
     * @param owner the owner
     * @param length how many records are kept
     * @param type the records' type
     * @param <V> the records' type
     * @return records
     */
    <V> List<V> read(Owner owner, int length, Class<V> type) {
        Head head = heads.get(owner);
        if (head == null) {
            return ImmutableList.of();
        }
        ImmutableList.Builder<V> out = ImmutableList.builder();
        for (long s = Math.max(head.first, head.next - length); s < head.next; s++) {
            Object record = records.get(new Slot(owner, s));
            if (type.isInstance(record)) {
                out.add(type.cast(record));
            }
        }
        return out.build();
    }

    /**
     * Drops the records a shorter length no longer keeps, at once, as an evicting queue would:
     * otherwise a longer length set before the next append would bring them back. Heads are left
     * to their writer (a read skips the missing records), so that an instance that does not
     * control an owner never writes its head; removing those records is safe from any instance,
     * since no writer writes them again.
     *
     * @param length the new length
     */
    void trim(int length) {
        heads.entrySet().forEach(e -> {
            for (long s = e.getValue().first; s < e.getValue().next - length; s++) {
                records.remove(new Slot(e.getKey(), s));
            }
        });
    }

    /**
     * Removes an owner's history.
     *
     * @param owner the owner
     */
    void remove(Owner owner) {
        Head head = heads.remove(owner);
        if (head != null) {
            for (long s = head.first; s < head.next; s++) {
                records.remove(new Slot(owner, s));
            }
        }
    }

    /**
     * Removes every history, cluster-wide.
     */
    void clear() {
        records.clear();
        heads.clear();
    }

    /**
     * Leaves the maps, keeping the other instances' replicas.
     */
    void destroy() {
        records.destroy();
        heads.destroy();
    }
}
