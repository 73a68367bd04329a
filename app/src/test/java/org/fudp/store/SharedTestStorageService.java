// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import com.google.common.collect.ImmutableList;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.Timestamp;
import org.onosproject.store.service.AsyncConsistentMap;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.EventuallyConsistentMap;
import org.onosproject.store.service.EventuallyConsistentMapAdapter;
import org.onosproject.store.service.EventuallyConsistentMapBuilder;
import org.onosproject.store.service.EventuallyConsistentMapEvent;
import org.onosproject.store.service.EventuallyConsistentMapListener;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.TestEventuallyConsistentMap;
import org.onosproject.store.service.TestStorageService;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * A storage service that stands for a whole cluster: the eventually consistent maps built with
 * one name, by any number of stores, are replicas of one map, as on ONOS instances, and the
 * consistent maps built with one name are one map (ONOS's {@code TestConsistentMap}), as a Raft
 * partition's map is. ONOS's {@code TestStorageService} builds an unrelated map on every
 * {@code build()}.
 * <p>
 * In ONOS a primitive's name identifies it cluster-wide: "EventuallyConsistentMapImpl objects in
 * different JVMs that use the same map name will form a distributed map across JVMs" (javadoc of
 * {@code EventuallyConsistentMapBuilder#withName}, onos-api 2.7.0), and
 * {@code EventuallyConsistentMapImpl} (core/store/primitives) derives its message subjects from
 * the name ({@code "ecm-" + mapName + "-update"}).
 * </p>
 * <p>
 * Each replica keeps its own entries, as {@code EventuallyConsistentMapImpl} does: a write is
 * applied at once to the writer's replica, with the writer's objects, and its listeners are
 * called in the writer's thread; then it is encoded with the map's serializer (bytes counted in
 * {@link #bytesEncoded()}) and each other replica applies its own decoded copy and calls its
 * listeners. Replicas keep a write only if its timestamp is newer than the entry's, removals
 * leave tombstones, a new replica starts with a copy of a live one's entries and replays them to
 * each listener it is given, and a destroyed replica drops its entries. Deliveries to the other
 * replicas can be held back ({@link #hold()}) to see a lagging instance.
 * </p>
 * <p>
 * That copy is ONOS's bootstrap ({@code EventuallyConsistentMapImpl.bootstrap}, called by its constructor),
 * which asks only the peers its instance already sees ACTIVE: {@code StorageManager}'s bootstrap peers
 * supplier keeps {@code clusterService.getState(id).isActive()} members only, and so does the peers supplier
 * its writes go to. {@link #startAlone()} builds the next replicas as an instance that sees no one yet
 * (no copy: they start empty); {@link #startUnseen()} as one that no one sees either (no write reaches them,
 * theirs reach no one) until {@link #seen()}. ONOS's anti-entropy (every 5 s, to one random active peer,
 * skipped on a map with more than 2 updates in the last 2 s, {@code underHighLoad}) is not modelled: a live
 * cluster's late instances still lacked the views for minutes, and here a replica gets what it missed only
 * when it is written again.
 * </p>
 */
public final class SharedTestStorageService extends TestStorageService {

    private final Map<String, Group<?, ?>> groups = new HashMap<>();
    private final Map<String, ConsistentMap<?, ?>> consistentMaps = new HashMap<>();
    private final Queue<Runnable> held = new ArrayDeque<>();
    private boolean holding;
    private long bytes;
    /** The next replicas are built by an instance that sees no other ACTIVE: no bootstrap. */
    private boolean alone;
    /** ... and that no other instance sees ACTIVE: no write reaches them or comes from them. */
    private boolean unseen;

    @Override
    @SuppressWarnings("unchecked")
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new ConsistentMapBuilder<K, V>() {
            @Override
            public ConsistentMap<K, V> build() {
                synchronized (SharedTestStorageService.this) {
                    ConsistentMapBuilder<K, V> b = TestConsistentMap.builder();
                    b.withName(name()).withSerializer(serializer());
                    return (ConsistentMap<K, V>) consistentMaps.computeIfAbsent(name(), n -> b.build());
                }
            }

            @Override
            public AsyncConsistentMap<K, V> buildAsyncMap() {
                throw new UnsupportedOperationException("async maps");
            }
        };
    }

    @Override
    public <K, V> EventuallyConsistentMapBuilder<K, V> eventuallyConsistentMapBuilder() {
        return new Builder<>();
    }

    /**
     * Returns how many bytes the serializers produced for writes so far.
     *
     * @return bytes
     */
    synchronized long bytesEncoded() {
        return bytes;
    }

    /**
     * Builds the next replicas as an instance that sees no other instance ACTIVE yet: they start empty.
     */
    public synchronized void startAlone() {
        alone = true;
    }

    /**
     * Builds the next replicas as an instance that sees no other, and that no other sees, ACTIVE: they
     * start empty, and writes go neither to them nor from them, until {@link #seen()}.
     */
    public synchronized void startUnseen() {
        alone = true;
        unseen = true;
    }

    /**
     * Every instance sees every other ACTIVE from now on: writes reach every replica, new ones bootstrap.
     * What a replica missed stays missed.
     */
    public synchronized void seen() {
        alone = false;
        unseen = false;
        groups.values().forEach(g -> g.replicas.forEach(r -> r.unseen = false));
    }

    /**
     * Holds back deliveries to other replicas until {@link #deliver()}.
     */
    synchronized void hold() {
        holding = true;
    }

    /**
     * Delivers every held write, in order, and stops holding.
     */
    void deliver() {
        while (true) {
            Runnable r;
            synchronized (this) {
                r = held.poll();
                if (r == null) {
                    holding = false;
                    return;
                }
            }
            r.run();
        }
    }

    private void send(Runnable delivery) {
        boolean now;
        synchronized (this) {
            now = !holding;
            if (!now) {
                held.add(delivery);
            }
        }
        if (now) {
            delivery.run();
        }
    }

    private synchronized byte[] encode(KryoNamespace serializer, Object o) {
        byte[] b = serializer.serialize(o);
        bytes += b.length;
        return b;
    }

    /**
     * Builds a replica; requires what {@code EventuallyConsistentMapBuilderImpl} requires.
     */
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
        public EventuallyConsistentMapBuilder<K, V> withSerializer(KryoNamespace.Builder ns) {
            serializer = ns.build();
            return this;
        }

        @Override
        public EventuallyConsistentMapBuilder<K, V> withTimestampProvider(BiFunction<K, V, Timestamp> provider) {
            clock = provider;
            return this;
        }

        @Override
        @SuppressWarnings("unchecked")
        public EventuallyConsistentMap<K, V> build() {
            Objects.requireNonNull(name, "name is a mandatory parameter");
            Objects.requireNonNull(clock, "timestampProvider is a mandatory parameter");
            Objects.requireNonNull(serializer, "serializer is a mandatory parameter");
            Group<K, V> group;
            synchronized (SharedTestStorageService.this) {
                group = (Group<K, V>) groups.computeIfAbsent(name, Group::new);
            }
            return group.join(serializer, clock);
        }
    }

    /** An entry of a replica; a null value is a tombstone. */
    private static final class Entry<V> {
        final V value;
        final Timestamp time;

        Entry(V value, Timestamp time) {
            this.value = value;
            this.time = time;
        }
    }

    /**
     * The replicas of one map name.
     */
    private final class Group<K, V> {
        final String name;
        final List<Replica<K, V>> replicas = new CopyOnWriteArrayList<>();

        Group(String name) {
            this.name = name;
        }

        Replica<K, V> join(KryoNamespace serializer, BiFunction<K, V, Timestamp> clock) {
            Replica<K, V> r = new Replica<>(this, serializer, clock);
            boolean bootstrap;
            synchronized (SharedTestStorageService.this) {
                bootstrap = !alone;
                r.unseen = unseen;
            }
            if (bootstrap && !replicas.isEmpty()) {
                Replica<K, V> peer = replicas.get(0);
                synchronized (peer) {
                    peer.items.forEach((k, e) -> r.items.put(copy(serializer, k), new Entry<>(
                            e.value == null ? null : copy(serializer, e.value), copy(serializer, e.time))));
                }
            }
            replicas.add(r);
            return r;
        }

        private <T> T copy(KryoNamespace serializer, T o) {
            return serializer.deserialize(encode(serializer, o));
        }

        void write(Replica<K, V> writer, K key, V value, Timestamp time) {
            writer.apply(key, value, time);
            KryoNamespace s = writer.serializer;
            byte[] k = encode(s, key);
            byte[] v = value == null ? null : encode(s, value);
            byte[] t = encode(s, time);
            for (Replica<K, V> peer : replicas) {
                if (peer != writer && !peer.unseen && !writer.unseen) {
                    send(() -> peer.apply(s.deserialize(k), v == null ? null : s.deserialize(v), s.deserialize(t)));
                }
            }
        }
    }

    /**
     * One instance's replica.
     */
    private static final class Replica<K, V> extends EventuallyConsistentMapAdapter<K, V> {
        final Group<K, V> group;
        final KryoNamespace serializer;
        final BiFunction<K, V, Timestamp> clock;
        final Map<K, Entry<V>> items = new HashMap<>();
        final List<EventuallyConsistentMapListener<K, V>> listeners = new CopyOnWriteArrayList<>();
        volatile boolean destroyed;
        /** No other instance sees this one's instance ACTIVE, nor it any other. */
        volatile boolean unseen;

        Replica(Group<K, V> group, KryoNamespace serializer, BiFunction<K, V, Timestamp> clock) {
            this.group = group;
            this.serializer = serializer;
            this.clock = clock;
        }

        private void check() {
            if (destroyed) {
                throw new IllegalStateException(group.name + " is destroyed");
            }
        }

        /** Applies a write if it is newer than the entry, then tells the listeners. */
        void apply(K key, V value, Timestamp time) {
            if (destroyed) {
                return;
            }
            EventuallyConsistentMapEvent<K, V> event;
            synchronized (this) {
                Entry<V> old = items.get(key);
                if (old != null && !time.isNewerThan(old.time)) {
                    return;
                }
                items.put(key, new Entry<>(value, time));
                if (value != null) {
                    event = new EventuallyConsistentMapEvent<>(group.name, EventuallyConsistentMapEvent.Type.PUT,
                            key, value);
                } else if (old != null && old.value != null) {
                    event = new EventuallyConsistentMapEvent<>(group.name,
                            EventuallyConsistentMapEvent.Type.REMOVE, key, old.value);
                } else {
                    return;
                }
            }
            listeners.forEach(l -> l.event(event));
        }

        @Override
        public String name() {
            return group.name;
        }

        @Override
        public synchronized V get(K key) {
            check();
            Entry<V> e = items.get(key);
            return e == null ? null : e.value;
        }

        @Override
        public void put(K key, V value) {
            check();
            group.write(this, Objects.requireNonNull(key), Objects.requireNonNull(value), clock.apply(key, value));
        }

        @Override
        public V remove(K key) {
            V old = get(key);
            group.write(this, Objects.requireNonNull(key), null, clock.apply(key, null));
            return old;
        }

        @Override
        public void clear() {
            keySet().forEach(this::remove);
        }

        private synchronized Map<K, V> live() {
            check();
            Map<K, V> out = new HashMap<>();
            items.forEach((k, e) -> {
                if (e.value != null) {
                    out.put(k, e.value);
                }
            });
            return out;
        }

        @Override
        public int size() {
            return live().size();
        }

        @Override
        public boolean isEmpty() {
            return live().isEmpty();
        }

        @Override
        public boolean containsKey(K key) {
            return get(key) != null;
        }

        @Override
        public Set<K> keySet() {
            return live().keySet();
        }

        @Override
        public Collection<V> values() {
            return ImmutableList.copyOf(live().values());
        }

        @Override
        public Set<Map.Entry<K, V>> entrySet() {
            return live().entrySet();
        }

        @Override
        public void addListener(EventuallyConsistentMapListener<K, V> listener) {
            listeners.add(listener);
            live().entrySet().stream()
                    .map(e -> new EventuallyConsistentMapEvent<>(group.name, EventuallyConsistentMapEvent.Type.PUT,
                            e.getKey(), e.getValue()))
                    .collect(Collectors.toList())
                    .forEach(listener::event);
        }

        @Override
        public void removeListener(EventuallyConsistentMapListener<K, V> listener) {
            listeners.remove(listener);
        }

        @Override
        public CompletableFuture<Void> destroy() {
            destroyed = true;
            listeners.clear();
            group.replicas.remove(this);
            synchronized (this) {
                items.clear();
            }
            return CompletableFuture.completedFuture(null);
        }
    }
}
