// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.benchmarks;

import org.onlab.util.KryoNamespace;
import org.onosproject.store.Timestamp;
import org.onosproject.store.service.EventuallyConsistentMap;
import org.onosproject.store.service.EventuallyConsistentMapAdapter;
import org.onosproject.store.service.EventuallyConsistentMapBuilder;
import org.onosproject.store.service.EventuallyConsistentMapEvent;
import org.onosproject.store.service.EventuallyConsistentMapListener;
import org.onosproject.store.service.TestEventuallyConsistentMap;
import org.onosproject.store.service.TestStorageService;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * ONOS storage for one instance whose eventually consistent maps do, per write, the local work of
 * ONOS's {@code EventuallyConsistentMapImpl} without the network: keep the entry with its
 * timestamp if that is newer, call the listeners in the writer's thread, and encode the update
 * with the map's serializer as it is encoded for one peer: in batches of up to
 * {@value #BATCH} updates per map (ONOS: {@code DEFAULT_MAX_EVENTS}), each update as its key,
 * value and timestamp (ONOS wraps them in its own {@code UpdateEntry} and {@code MapValue}, a few
 * bytes more), the map's serializer extended as ONOS's map extends it. The bytes encoded are
 * counted per map; {@link #flush()} encodes what is pending, as ONOS's sender does after 10 ms
 * idle.
 */
final class CountingStorageService extends TestStorageService {

    /** Updates per message. */
    static final int BATCH = 1000;

    private final List<CountingMap<?, ?>> maps = new ArrayList<>();
    private final ByteBuffer buffer = ByteBuffer.allocate(64 << 20);

    @Override
    public <K, V> EventuallyConsistentMapBuilder<K, V> eventuallyConsistentMapBuilder() {
        return new Builder<>();
    }

    /**
     * Returns the bytes encoded so far per map.
     *
     * @return map name to bytes
     */
    Map<String, Long> bytesByMap() {
        Map<String, Long> out = new TreeMap<>();
        maps.forEach(m -> out.put(m.name, m.bytes));
        return out;
    }

    /**
     * Encodes every pending update.
     */
    void flush() {
        maps.forEach(CountingMap::flush);
    }

    private final class Builder<K, V> extends TestEventuallyConsistentMap.Builder<K, V> {
        private String name;
        private KryoNamespace serializer;
        private BiFunction<K, V, Timestamp> clock;

        @Override
        public EventuallyConsistentMapBuilder<K, V> withName(String mapName) {
            name = mapName;
            return this;
        }

        @Override
        public EventuallyConsistentMapBuilder<K, V> withSerializer(KryoNamespace ns) {
            serializer = ns;
            return this;
        }

        @Override
        public EventuallyConsistentMapBuilder<K, V> withTimestampProvider(BiFunction<K, V, Timestamp> provider) {
            clock = provider;
            return this;
        }

        @Override
        public EventuallyConsistentMap<K, V> build() {
            // As EventuallyConsistentMapImpl: the given namespace first, the map's own types from 600.
            KryoNamespace wire = KryoNamespace.newBuilder().register(serializer).nextId(600)
                    .register(Object[].class).build(name + "-wire");
            CountingMap<K, V> map = new CountingMap<>(name, wire, clock);
            maps.add(map);
            return map;
        }
    }

    /** A value and its timestamp. */
    private static final class Stamped<V> {
        final V value;
        final Timestamp time;

        Stamped(V value, Timestamp time) {
            this.value = value;
            this.time = time;
        }
    }

    private final class CountingMap<K, V> extends EventuallyConsistentMapAdapter<K, V> {
        private final String name;
        private final KryoNamespace serializer;
        private final BiFunction<K, V, Timestamp> clock;
        private final Map<K, Stamped<V>> items = new HashMap<>();
        private final List<EventuallyConsistentMapListener<K, V>> listeners = new ArrayList<>();
        private final List<Object> pending = new ArrayList<>(3 * BATCH);
        private long bytes;

        CountingMap(String name, KryoNamespace serializer, BiFunction<K, V, Timestamp> clock) {
            this.name = name;
            this.serializer = serializer;
            this.clock = clock;
        }

        private void send(K key, V value, Timestamp time) {
            pending.add(key);
            pending.add(value);
            pending.add(time);
            if (pending.size() == 3 * BATCH) {
                flush();
            }
        }

        void flush() {
            if (!pending.isEmpty()) {
                buffer.clear();
                serializer.serialize(pending.toArray(), buffer);
                bytes += buffer.position();
                pending.clear();
            }
        }

        @Override
        public V get(K key) {
            Stamped<V> s = items.get(key);
            return s == null ? null : s.value;
        }

        @Override
        public void put(K key, V value) {
            Timestamp time = clock.apply(key, value);
            Stamped<V> old = items.get(key);
            if (old == null || time.isNewerThan(old.time)) {
                items.put(key, new Stamped<>(value, time));
                send(key, value, time);
                EventuallyConsistentMapEvent<K, V> e =
                        new EventuallyConsistentMapEvent<>(name, EventuallyConsistentMapEvent.Type.PUT, key, value);
                listeners.forEach(l -> l.event(e));
            }
        }

        @Override
        public V remove(K key) {
            Timestamp time = clock.apply(key, null);
            // No tombstone is kept: ONOS purges them once every peer has caught up, and with one
            // writer here nothing can overtake a removal.
            Stamped<V> old = items.remove(key);
            if (old == null) {
                return null;
            }
            send(key, null, time);
            EventuallyConsistentMapEvent<K, V> e =
                    new EventuallyConsistentMapEvent<>(name, EventuallyConsistentMapEvent.Type.REMOVE, key, old.value);
            listeners.forEach(l -> l.event(e));
            return old.value;
        }

        @Override
        public Collection<V> values() {
            return items.values().stream().filter(s -> s.value != null).map(s -> s.value)
                    .collect(Collectors.toList());
        }

        @Override
        public Set<Map.Entry<K, V>> entrySet() {
            return items.entrySet().stream().filter(e -> e.getValue().value != null)
                    .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().value)).entrySet();
        }

        @Override
        public void addListener(EventuallyConsistentMapListener<K, V> listener) {
            listeners.add(listener);
        }

        @Override
        public void removeListener(EventuallyConsistentMapListener<K, V> listener) {
            listeners.remove(listener);
        }
    }
}
