package org.fudp.impl;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.fudp.algorithm.ControllerState;
import org.fudp.loop.api.FacilityCheckpoint;
import org.fudp.loop.api.FlowCheckpoint;
import org.fudp.loop.api.ResponsiveCheckpoint;
import org.fudp.protocol.FlowIds;
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
final class CheckpointStore {

    /** The heads' map; the same name is the same map on every instance. */
    static final String MAP_NAME = "fudp-facility-checkpoints";
    /** The flows' map. */
    static final String FLOWS_MAP_NAME = "fudp-facility-flows";

    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(new CheckpointSerializer(), FacilityCheckpoint.class)
            .register(new StoredFlowSerializer(), StoredFlow.class)
            // As ONOS's own namespaces do (KryoNamespaces.API): maps may serialize their Versioned entries.
            .register(Versioned.class).build("fudp-checkpoints"));

    private final ConsistentMap<String, FacilityCheckpoint> heads;
    private final ConsistentMap<String, StoredFlow> flows;
    /** What this instance last wrote of each facility's flows, to write only what changed. */
    private final Map<String, Map<String, FlowCheckpoint>> written = new HashMap<>();

    CheckpointStore(StorageService storage) {
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
     */
    Optional<FacilityCheckpoint> read(String facilityId) {
        FacilityCheckpoint head = Versioned.valueOrNull(heads.get(facilityId));
        if (head == null) {
            return Optional.empty();
        }
        Map<String, FlowCheckpoint> mine = new LinkedHashMap<>();
        for (Versioned<StoredFlow> v : flows.values()) {
            StoredFlow f = v.value();
            if (f.facilityId.equals(facilityId)) {
                mine.put(key(facilityId, f.flow), f.flow);
            }
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
    boolean write(FacilityCheckpoint c) {
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
    static FacilityCheckpoint head(FacilityCheckpoint c) {
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
    void remove(String facilityId) {
        heads.remove(facilityId);
        for (String id : List.copyOf(flows.keySet())) {
            removeIf(id, old -> old.facilityId.equals(facilityId));
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
        return facilityId + " " + f.flow();
    }

    /** One flow of a facility's checkpoint, with the facility and the epoch it was written under. */
    static final class StoredFlow {
        final String facilityId;
        final long epoch;
        final FlowCheckpoint flow;

        StoredFlow(String facilityId, long epoch, FlowCheckpoint flow) {
            this.facilityId = facilityId;
            this.epoch = epoch;
            this.flow = flow;
        }
    }

    /** Writes a stored flow field by field, like {@link CheckpointSerializer}. */
    static final class StoredFlowSerializer extends com.esotericsoftware.kryo.Serializer<StoredFlow> {

        StoredFlowSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, StoredFlow s) {
            out.writeString(s.facilityId);
            out.writeLong(s.epoch);
            CheckpointSerializer.writeFlow(out, s.flow);
        }

        @Override
        public StoredFlow read(Kryo kryo, Input in, Class<StoredFlow> type) {
            return new StoredFlow(in.readString(), in.readLong(), CheckpointSerializer.readFlow(in));
        }
    }

    /**
     * Writes checkpoints field by field: the loop's value types are immutable and hold
     * java.net addresses, which Kryo's reflective serializer cannot build on a modern JDK.
     */
    static final class CheckpointSerializer extends com.esotericsoftware.kryo.Serializer<FacilityCheckpoint> {

        CheckpointSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, FacilityCheckpoint c) {
            out.writeString(c.facilityId());
            out.writeLong(c.epoch());
            out.writeLong(c.takenMs());
            out.writeInt(c.flows().size(), true);
            for (FlowCheckpoint f : c.flows()) {
                writeFlow(out, f);
            }
            out.writeInt(c.sets().size(), true);
            for (Map.Entry<String, ControllerState> e : c.sets().entrySet()) {
                ControllerState s = e.getValue();
                out.writeString(e.getKey());
                out.writeLong(s.period());
                out.writeBoolean(s.predictorStarted());
                out.writeDouble(s.predictedBps());
                out.writeDouble(s.deviationBps());
                out.writeBoolean(s.wasFair());
                out.writeInt(s.allocations().size(), true);
                for (Map.Entry<String, Double> a : s.allocations().entrySet()) {
                    out.writeString(a.getKey());
                    out.writeDouble(a.getValue());
                }
            }
        }

        static void writeFlow(Output out, FlowCheckpoint f) {
            out.writeString(f.flow().toString());
            out.writeLong(f.onwardPort());
            out.writeBoolean(f.shaped());
            out.writeLong(f.sinceMs());
            out.writeLong(f.limitBps());
            out.writeLong(f.burstBytes());
            out.writeString(f.cfsId());
            out.writeBoolean(f.member());
            out.writeInt(f.dscp());
            out.writeBoolean(f.remarked());
            ResponsiveCheckpoint r = f.responsiveness();
            out.writeBoolean(r.hinted());
            out.writeInt(r.tests(), true);
            out.writeInt(r.passed(), true);
            out.writeBoolean(r.responsive());
            out.writeLong(r.lastTestMs());
            out.writeString(r.evidence());
        }

        static FlowCheckpoint readFlow(Input in) {
            FlowCheckpoint f = new FlowCheckpoint(FlowIds.parse("checkpoint", in.readString()), in.readLong(),
                    in.readBoolean(), in.readLong(), in.readLong(), in.readLong(), in.readString(), in.readBoolean(),
                    in.readInt(), in.readBoolean());
            return f.withResponsiveness(new ResponsiveCheckpoint(in.readBoolean(), in.readInt(true), in.readInt(true),
                    in.readBoolean(), in.readLong(), in.readString()));
        }

        @Override
        public FacilityCheckpoint read(Kryo kryo, Input in, Class<FacilityCheckpoint> type) {
            String facilityId = in.readString();
            long epoch = in.readLong();
            long takenMs = in.readLong();
            int n = in.readInt(true);
            List<FlowCheckpoint> flows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                flows.add(readFlow(in));
            }
            int m = in.readInt(true);
            Map<String, ControllerState> sets = new LinkedHashMap<>();
            for (int i = 0; i < m; i++) {
                String id = in.readString();
                long period = in.readLong();
                boolean started = in.readBoolean();
                double w = in.readDouble();
                double d = in.readDouble();
                boolean fair = in.readBoolean();
                int k = in.readInt(true);
                Map<String, Double> alloc = new HashMap<>();
                for (int j = 0; j < k; j++) {
                    alloc.put(in.readString(), in.readDouble());
                }
                sets.put(id, new ControllerState(period, started, w, d, fair, alloc));
            }
            return new FacilityCheckpoint(facilityId, epoch, takenMs, flows, sets);
        }
    }
}
