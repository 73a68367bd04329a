package org.fudp.impl;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.fudp.algorithm.ControllerState;
import org.fudp.loop.FacilityCheckpoint;
import org.fudp.loop.FlowCheckpoint;
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

/**
 * Where each facility's controller left it, in a strongly consistent map of ONOS's (Atomix Raft
 * partitions): the instance that takes a facility over reads it, and the map refuses a
 * checkpoint from an instance whose epoch is older than the one stored, so a controller that was
 * superseded (it lost mastership, or was cut off and does not know it yet) can no longer write.
 */
final class CheckpointStore {

    /** The map's name; the same name is the same map on every instance. */
    static final String MAP_NAME = "fudp-facility-checkpoints";

    private static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(new CheckpointSerializer(), FacilityCheckpoint.class)
            // As ONOS's own namespaces do (KryoNamespaces.API): maps may serialize their Versioned entries.
            .register(Versioned.class).build("fudp-checkpoints"));

    private final ConsistentMap<String, FacilityCheckpoint> map;

    CheckpointStore(StorageService storage) {
        map = storage.<String, FacilityCheckpoint>consistentMapBuilder().withName(MAP_NAME)
                .withSerializer(SERIALIZER).build();
    }

    /**
     * Returns where a facility's last controller left it.
     *
     * @param facilityId the facility
     * @return the checkpoint, empty if none
     */
    Optional<FacilityCheckpoint> read(String facilityId) {
        return Optional.ofNullable(Versioned.valueOrNull(map.get(facilityId)));
    }

    /**
     * Stores a checkpoint unless a newer controller's (a newer epoch) is there.
     *
     * @param c the checkpoint
     * @return false if a newer controller has the facility: the caller must stop controlling it
     */
    boolean write(FacilityCheckpoint c) {
        Versioned<FacilityCheckpoint> now = map.compute(c.facilityId(),
                (id, old) -> old == null || old.epoch() <= c.epoch() ? c : old);
        return now != null && now.value().epoch() == c.epoch();
    }

    /**
     * Forgets a facility's checkpoint (FUDP no longer controls it: its limits and rules are gone).
     *
     * @param facilityId the facility
     */
    void remove(String facilityId) {
        map.remove(facilityId);
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
                out.writeString(f.flow().toString());
                out.writeLong(f.onwardPort());
                out.writeBoolean(f.viaAdjustor());
                out.writeLong(f.sinceMs());
                out.writeLong(f.limitBps());
                out.writeLong(f.burstBytes());
                out.writeString(f.cfsId());
                out.writeBoolean(f.member());
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

        @Override
        public FacilityCheckpoint read(Kryo kryo, Input in, Class<FacilityCheckpoint> type) {
            String facilityId = in.readString();
            long epoch = in.readLong();
            long takenMs = in.readLong();
            int n = in.readInt(true);
            List<FlowCheckpoint> flows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                flows.add(new FlowCheckpoint(FlowIds.parse("checkpoint", in.readString()), in.readLong(),
                        in.readBoolean(), in.readLong(), in.readLong(), in.readLong(), in.readString(),
                        in.readBoolean()));
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
