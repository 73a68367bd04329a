// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import org.fudp.algorithm.ControllerState;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.checkpoints.FlowCheckpoint;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Where each facility's controller left it, in strongly consistent maps of ONOS's (Atomix Raft
 * partitions): the instance that takes a facility over reads it, and the maps refuse what an
 * instance writes under an epoch older than the one stored, so a controller that was superseded
 * (it lost mastership, or was cut off and does not know it yet) can no longer write.
 * <p>
 * A checkpoint is kept in two parts, so that a period writes what changed and not every flow
 * again: the facility's head (epoch, time, the sets' predictions and hysteresis), written every
 * period, and one entry per flow (its rules' ports, its limit), written when the flow comes, goes
 * or gets a new limit. A set's allocations are not in the head: they are its flows' limits.
 * </p>
 */
public final class CheckpointStore {

    /** The heads' map; the same name is the same map on every instance. */
    public static final String MAP_NAME = "fudp-facility-checkpoints";
    /** The flows' map. */
    public static final String FLOWS_MAP_NAME = "fudp-facility-flows";

    // In the order of every earlier build, whose entries carry these registrations' ids.
    private static final KryoNamespace NAMESPACE = KryoNamespace.newBuilder()
            .register(new CheckpointFormat.HeadSerializer(), FacilityCheckpoint.class)
            .register(new CheckpointFormat.FlowEntrySerializer(), StoredFlow.class)
            // As ONOS's own namespaces do (KryoNamespaces.API): maps may serialize their Versioned entries.
            .register(Versioned.class).build("fudp-checkpoints");

    /**
     * The maps' serializer. An entry it cannot read (a newer build's format, or damaged) decodes as null, so that
     * it fails the read of its own facility only: a map decodes every entry it lists through it (ONOS 2.7.0's
     * AtomixConsistentMapBuilder hands it to an AtomixSerializerAdapter, whose decode calls it for each value).
     */
    public static final Serializer SERIALIZER = new Serializer() {
        @Override
        public <T> byte[] encode(T object) {
            return NAMESPACE.serialize(object);
        }

        @Override
        public <T> T decode(byte[] bytes) {
            try {
                return NAMESPACE.deserialize(bytes);
            } catch (RuntimeException e) {
                return null;
            }
        }

        @Override
        public <T> T copy(T object) {
            return NAMESPACE.run(k -> k.copy(object));
        }
    };

    private final ConsistentMap<String, FacilityCheckpoint> heads;
    private final ConsistentMap<String, StoredFlow> flows;
    /** What this instance last wrote of each facility's flows, to write only what changed. */
    private final Map<String, Map<String, FlowCheckpoint>> written = new HashMap<>();

    public CheckpointStore(StorageService storage) {
        heads = storage.<String, FacilityCheckpoint>consistentMapBuilder().withName(MAP_NAME)
                .withSerializer(SERIALIZER).build();
        flows = storage.<String, StoredFlow>consistentMapBuilder().withName(FLOWS_MAP_NAME)
                .withSerializer(SERIALIZER).build();
    }

    /**
     * Returns where a facility's last controller left it.
     *
     * @param facilityId the facility
     * @return the checkpoint, empty if none
     * @throws CheckpointFormat.UnreadableException if its head or one of its flows cannot be read by this build
     */
    public Optional<FacilityCheckpoint> read(String facilityId) {
        Versioned<FacilityCheckpoint> stored = heads.get(facilityId);
        if (stored == null) {
            return Optional.empty();
        }
        FacilityCheckpoint head = stored.value();
        int unreadableFlows = 0;
        Map<String, FlowCheckpoint> mine = new LinkedHashMap<>();
        for (Map.Entry<String, Versioned<StoredFlow>> e : flows.entrySet()) {
            if (!e.getKey().startsWith(prefix(facilityId))) {
                continue;
            }
            StoredFlow f = e.getValue().value();
            if (f == null) {
                unreadableFlows++;
            } else {
                mine.put(e.getKey(), f.flow);
            }
        }
        if (head == null || unreadableFlows > 0) {
            throw new CheckpointFormat.UnreadableException("the checkpoint of facility " + facilityId + " cannot be"
                    + " read by this build: " + (head == null ? "its head and " : "") + unreadableFlows
                    + " of its flows' entries are in a format it does not know (a newer build's) or damaged");
        }
        written.put(facilityId, new HashMap<>(mine));
        // A set's allocations are its flows' limits: the head does not repeat them.
        Map<String, ControllerState> sets = new LinkedHashMap<>();
        head.sets().forEach((id, st) -> {
            Map<String, Double> alloc = new HashMap<>();
            for (FlowCheckpoint f : mine.values()) {
                if (f.limitBps() > 0 && f.cfsId().equals(id)) {
                    alloc.put(f.flow().toString(), (double) f.limitBps());
                }
            }
            sets.put(id, new ControllerState(st.period(), st.predictorStarted(), st.predictedBps(), st.deviationBps(),
                    st.wasFair(), alloc));
        });
        return Optional.of(new FacilityCheckpoint(facilityId, head.epoch(), head.takenMs(),
                new ArrayList<>(mine.values()), sets));
    }

    /**
     * Stores a checkpoint unless a newer controller's (a newer epoch) is there: the head, then the
     * flows that changed since this instance last wrote the facility.
     *
     * @param c the checkpoint
     * @return false if a newer controller has the facility: the caller must stop controlling it
     */
    public boolean write(FacilityCheckpoint c) {
        FacilityCheckpoint head = head(c);
        Versioned<FacilityCheckpoint> now = heads.compute(c.facilityId(),
                (id, old) -> old == null || old.epoch() <= c.epoch() ? head : old);
        if (now == null || now.value().epoch() != c.epoch()) {
            return false;
        }
        Map<String, FlowCheckpoint> before = written.computeIfAbsent(c.facilityId(), k -> new HashMap<>());
        Map<String, FlowCheckpoint> after = new HashMap<>();
        for (FlowCheckpoint f : c.flows()) {
            String id = key(c.facilityId(), f);
            after.put(id, f);
            if (!f.equals(before.get(id))) {
                StoredFlow s = new StoredFlow(c.facilityId(), c.epoch(), f);
                flows.compute(id, (k, old) -> old == null || old.epoch <= c.epoch() ? s : old);
            }
        }
        for (String gone : before.keySet()) {
            if (!after.containsKey(gone)) {
                removeIf(gone, old -> old.epoch <= c.epoch());
            }
        }
        written.put(c.facilityId(), after);
        return true;
    }

    /**
     * Returns the part of a checkpoint written every period: no flows, and the sets without their
     * allocations, which are their flows' limits.
     *
     * @param c the checkpoint
     * @return its head
     */
    public static FacilityCheckpoint head(FacilityCheckpoint c) {
        Map<String, ControllerState> sets = new LinkedHashMap<>();
        c.sets().forEach((id, st) -> sets.put(id, new ControllerState(st.period(), st.predictorStarted(),
                st.predictedBps(), st.deviationBps(), st.wasFair(), Map.of())));
        return new FacilityCheckpoint(c.facilityId(), c.epoch(), c.takenMs(), List.of(), sets);
    }

    /**
     * Forgets a facility's checkpoint (FUDP no longer controls it: its limits and rules are gone).
     *
     * @param facilityId the facility
     */
    public void remove(String facilityId) {
        heads.remove(facilityId);
        for (String id : List.copyOf(flows.keySet())) {
            if (id.startsWith(prefix(facilityId))) {
                removeIf(id, old -> old == null || old.facilityId.equals(facilityId));
            }
        }
        written.remove(facilityId);
    }

    // Removes only the version judged, so a newer controller's concurrent write survives.
    private void removeIf(String key, Predicate<StoredFlow> condition) {
        Versioned<StoredFlow> v = flows.get(key);
        if (v != null && condition.test(v.value())) {
            flows.remove(key, v.version());
        }
    }

    private static String key(String facilityId, FlowCheckpoint f) {
        return prefix(facilityId) + f.flow();
    }

    // What every flow entry's key of a facility starts with.
    private static String prefix(String facilityId) {
        return facilityId + " ";
    }

    /** One flow of a facility's checkpoint, with the facility and the epoch it was written under. */
    public static final class StoredFlow {
        final String facilityId;
        final long epoch;
        final FlowCheckpoint flow;

        /**
         * A flow of a facility's checkpoint as the store holds it.
         *
         * @param facilityId the facility
         * @param epoch the epoch it was written under
         * @param flow the flow
         */
        public StoredFlow(String facilityId, long epoch, FlowCheckpoint flow) {
            this.facilityId = facilityId;
            this.epoch = epoch;
            this.flow = flow;
        }
    }
}
