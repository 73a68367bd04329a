// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import com.google.common.collect.ImmutableList;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.service.EventuallyConsistentMap;
import org.onosproject.store.service.EventuallyConsistentMapEvent;
import org.onosproject.store.service.EventuallyConsistentMapListener;
import org.onosproject.store.service.StorageService;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One view of the store (flows, CFSs, allocations, agents or facilities) in an eventually consistent map,
 * and what this instance last saw of each entry.
 * <p>
 * Every change, local or from another instance, reaches {@link Change#changed} once, with the
 * entry before and after it, through the map's listener: the map calls its listeners in the
 * writer's thread for a local write and in its messaging thread for a peer's, and replays the
 * entries it already holds to a new listener. An event of the map carries only the new value, so
 * the value before is kept here; these are references to the map's own values, not copies.
 * </p>
 * <p>
 * A replica holds only what reached it: the entries a peer sent it when the map was built (ONOS's
 * {@code EventuallyConsistentMapImpl.bootstrap}, which asks only the instances this one already sees
 * ACTIVE) and every write since. An instance that missed them would see an entry only once its writer
 * changes it, and {@link #put} writes an unchanged value nowhere. So each view remembers what this
 * instance wrote last ({@link #republish} writes it again, with a new timestamp), until another instance
 * writes or removes the entry.
 * </p>
 *
 * @param <K> key type
 * @param <V> value type, immutable and with {@code equals}
 */
final class ReplicatedView<K, V> {

    /**
     * Receives the changes of a view.
     *
     * @param <K> key type
     * @param <V> value type
     */
    @FunctionalInterface
    interface Change<K, V> {
        /**
         * Called after an entry changed.
         *
         * @param key the key
         * @param before the value before, null if there was none
         * @param after the value now, null if it was removed
         */
        void changed(K key, V before, V after);
    }

    private final EventuallyConsistentMap<K, V> map;
    private final Map<K, V> seen = new ConcurrentHashMap<>();
    private final Change<K, V> change;
    private final EventuallyConsistentMapListener<K, V> listener = this::event;
    /** What this instance wrote last of each entry, until another instance writes or removes it. */
    private final Map<K, V> mine = new ConcurrentHashMap<>();
    /** Set while this instance writes: the map calls its listeners in the writer's thread for its own writes. */
    private final ThreadLocal<Boolean> writing = ThreadLocal.withInitial(() -> Boolean.FALSE);

    /**
     * Opens the view: builds (joins) the cluster-wide map of that name and starts listening.
     *
     * @param storage ONOS storage
     * @param name the map's name, the same on every instance
     * @param serializer the map's serializer
     * @param clock timestamps of this instance's writes
     * @param change receives every change, starting with the entries the map already holds
     */
    ReplicatedView(StorageService storage, String name, KryoNamespace serializer, MonotonicTimestamps clock,
                   Change<K, V> change) {
        this.change = change;
        map = storage.<K, V>eventuallyConsistentMapBuilder()
                .withName(name)
                .withSerializer(serializer)
                .withTimestampProvider((k, v) -> clock.next())
                .build();
        map.addListener(listener);
    }

    private void event(EventuallyConsistentMapEvent<K, V> e) {
        if (!writing.get()) {
            // Another instance wrote or removed it: it is that instance's to write again now.
            mine.remove(e.key());
        }
        if (e.type() == EventuallyConsistentMapEvent.Type.PUT) {
            change.changed(e.key(), seen.put(e.key(), e.value()), e.value());
        } else {
            V before = seen.remove(e.key());
            change.changed(e.key(), before == null ? e.value() : before, null);
        }
    }

    /**
     * Writes an entry, unless the map holds an equal one: the controlling instance rewrites
     * every view every period, and an unchanged one need not cross the network.
     *
     * @param key the key
     * @param value the value
     */
    void put(K key, V value) {
        mine.put(key, value);
        if (!value.equals(map.get(key))) {
            write(key, value);
        }
    }

    private void write(K key, V value) {
        writing.set(Boolean.TRUE);
        try {
            map.put(key, value);
        } finally {
            writing.set(Boolean.FALSE);
        }
    }

    /**
     * Removes an entry.
     *
     * @param key the key
     * @return the value removed, null if there was none
     */
    V remove(K key) {
        mine.remove(key);
        writing.set(Boolean.TRUE);
        try {
            return map.remove(key);
        } finally {
            writing.set(Boolean.FALSE);
        }
    }

    /**
     * Writes again, with a new timestamp, every entry this instance wrote last: the map sends it to every
     * instance it sees ACTIVE, so one that missed it has it now. The others keep theirs and raise nothing
     * (the value is the one they hold).
     *
     * @return the entries written
     */
    int republish() {
        int n = 0;
        for (Map.Entry<K, V> e : List.copyOf(mine.entrySet())) {
            if (mine.get(e.getKey()) == e.getValue()) {
                write(e.getKey(), e.getValue());
                n++;
            }
        }
        return n;
    }

    /**
     * Returns an entry of this instance's replica.
     *
     * @param key the key
     * @return the value, null if there is none
     */
    V get(K key) {
        return map.get(key);
    }

    /**
     * Returns every value of this instance's replica.
     *
     * @return values
     */
    Collection<V> values() {
        return ImmutableList.copyOf(map.values());
    }

    /**
     * Removes every entry, cluster-wide.
     */
    void clear() {
        mine.clear();
        map.clear();
        seen.clear();
    }

    /**
     * Leaves the map: stops listening and drops this instance's replica; the other instances
     * keep theirs.
     */
    void destroy() {
        map.removeListener(listener);
        map.destroy();
        seen.clear();
        mine.clear();
    }
}
