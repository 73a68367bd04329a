// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.google.common.collect.ImmutableList;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.PrincipalShare;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.protocol.FiveTuple;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.service.MultiValuedTimestamp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The Kryo namespace of the store's maps: every type stored, and every type they hold.
 * <p>
 * The loop's types whose fields are primitives, strings, enums and 5-tuples use Kryo's field
 * serializer, created through the namespace's instantiator fallback (Objenesis), since they have
 * no no-argument constructor; it follows new fields by itself. Five of the loop's types have
 * serializers of their own: {@link FiveTuple} holds {@link InetAddress}es, and
 * {@link CorrelationFlowSet}, {@link AgentState}, {@link DecisionRecord} and {@link FacilityState}
 * hold JDK collections, whose private fields a field serializer would have to reach into (refused
 * on JDK 17, warned about on 11). Those serializers go through the public constructors and
 * accessors, and {@code FudpKryoTest} fails when one of the five types gains a field. The history keys have
 * their own too, through their constructors: a key caches its hash, which a copy must compute
 * anew. The namespace does not include ONOS's
 * {@code KryoNamespaces.BASIC}: nothing stored needs it, an eventually consistent map adds it to
 * its own serializer anyway, and it cannot be initialized on JDK 17 (Kryo's closure serializer).
 * </p>
 * <p>
 * Registration ids are positions in {@link #registeredTypes()}: every instance of a cluster must
 * run the same list, so new types go at its end.
 * </p>
 */
public final class FudpKryo {

    private static final List<Class<?>> TYPES = ImmutableList.of(
            FiveTuple.class, FlowRecord.class, CorrelationFlowSet.class, CfsKind.class, CfsState.class,
            AllocationState.class, AgentState.class, AgentStatus.class, DecisionRecord.class, CfsSample.class,
            FlowHistorySample.class, ReplicatedHistory.Kind.class, ReplicatedHistory.Owner.class,
            ReplicatedHistory.Slot.class, ReplicatedHistory.Head.class, MultiValuedTimestamp.class,
            Facility.Enforcement.class, FacilityState.class, FacilityState.Skip.class);

    private static final KryoNamespace NAMESPACE = build();

    private FudpKryo() {
    }

    private static KryoNamespace build() {
        KryoNamespace.Builder b = KryoNamespace.newBuilder().setRegistrationRequired(true);
        for (Class<?> type : TYPES) {
            Serializer<?> own = ownSerializer(type);
            if (own == null) {
                b.register(type);
            } else {
                b.register(own, type);
            }
        }
        return b.build("fudp-store");
    }

    private static Serializer<?> ownSerializer(Class<?> type) {
        if (type == FiveTuple.class) {
            return new FiveTupleSerializer();
        } else if (type == CorrelationFlowSet.class) {
            return new CfsSerializer();
        } else if (type == AgentState.class) {
            return new AgentStateSerializer();
        } else if (type == DecisionRecord.class) {
            return new DecisionRecordSerializer();
        } else if (type == FacilityState.class) {
            return new FacilityStateSerializer();
        } else if (type == ReplicatedHistory.Owner.class) {
            return new OwnerSerializer();
        } else if (type == ReplicatedHistory.Slot.class) {
            return new SlotSerializer();
        } else if (type == ReplicatedHistory.Head.class) {
            return new HeadSerializer();
        }
        return null;
    }

    /**
     * Returns the namespace.
     *
     * @return the namespace, shared and thread-safe
     */
    public static KryoNamespace namespace() {
        return NAMESPACE;
    }

    /**
     * Returns the registered types, in registration order.
     *
     * @return types
     */
    public static List<Class<?>> registeredTypes() {
        return TYPES;
    }

    private static void writeLong(Output out, long v) {
        out.writeVarLong(v, false);
    }

    private static long readLong(Input in) {
        return in.readVarLong(false);
    }

    private static void writeTuple(Kryo kryo, Output out, FiveTuple t) {
        kryo.writeObject(out, t);
    }

    private static FiveTuple readTuple(Kryo kryo, Input in) {
        return kryo.readObject(in, FiveTuple.class);
    }

    /**
     * A 5-tuple: protocol, address length, both addresses, both ports.
     */
    static final class FiveTupleSerializer extends Serializer<FiveTuple> {

        /**
         * Creates the serializer of an immutable type.
         */
        FiveTupleSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, FiveTuple t) {
            byte[] src = t.src().getAddress();
            out.writeByte(t.protocol());
            out.writeByte(src.length);
            out.writeBytes(src);
            out.writeBytes(t.dst().getAddress());
            out.writeShort(t.srcPort());
            out.writeShort(t.dstPort());
        }

        @Override
        public FiveTuple read(Kryo kryo, Input in, Class<FiveTuple> type) {
            int protocol = in.readByteUnsigned();
            int length = in.readByteUnsigned();
            try {
                InetAddress src = InetAddress.getByAddress(in.readBytes(length));
                InetAddress dst = InetAddress.getByAddress(in.readBytes(length));
                return new FiveTuple(protocol, src, dst, in.readShortUnsigned(), in.readShortUnsigned());
            } catch (UnknownHostException e) {
                throw new KryoException("bad address length " + length, e);
            }
        }
    }

    /**
     * A CFS view, through its builder.
     */
    static final class CfsSerializer extends Serializer<CorrelationFlowSet> {

        /**
         * Creates the serializer of an immutable type.
         */
        CfsSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, CorrelationFlowSet c) {
            out.writeString(c.id());
            kryo.writeObject(out, c.kind());
            out.writeString(c.egress().orElse(null));
            out.writeString(c.linkDst().orElse(null));
            writeLong(out, c.capacityBps());
            writeTuples(kryo, out, c.tcpFlows());
            writeTuples(kryo, out, c.udpFlows());
            writeLong(out, c.tcpThroughputBps());
            writeLong(out, c.udpThroughputBps());
            writeLong(out, c.udpDemandBps());
            out.writeDouble(c.jainIndex());
            kryo.writeObject(out, c.state());
            out.writeString(c.stateReason());
            out.writeVarInt(c.lightTcpFlows(), true);
            out.writeString(c.tcpEvidence());
            out.writeVarInt(c.responsiveUdpFlows(), true);
            out.writeVarInt(c.udpPrincipals(), true);
            out.writeVarInt(c.topPrincipals().size(), true);
            for (PrincipalShare p : c.topPrincipals()) {
                out.writeString(p.principal());
                out.writeVarInt(p.flows(), true);
                writeLong(out, p.bps());
            }
            writeLong(out, c.tcpFloorBps());
            out.writeVarInt(c.units(), true);
            writeLong(out, c.unitsBps());
            writeLong(out, c.unitsLimitBps());
        }

        @Override
        public CorrelationFlowSet read(Kryo kryo, Input in, Class<CorrelationFlowSet> type) {
            String id = in.readString();
            CorrelationFlowSet.Builder b = CorrelationFlowSet.builder(id, kryo.readObject(in, CfsKind.class));
            b.egress(in.readString(), in.readString());
            b.capacityBps(readLong(in));
            Set<FiveTuple> tcp = readTuples(kryo, in);
            b.flows(tcp, readTuples(kryo, in));
            long tcpBps = readLong(in);
            long udpBps = readLong(in);
            b.totals(tcpBps, udpBps, readLong(in), in.readDouble());
            CfsState state = kryo.readObject(in, CfsState.class);
            b.state(state, in.readString());
            int light = in.readVarInt(true);
            b.lightTcp(light, in.readString());
            b.responsiveUdp(in.readVarInt(true));
            int principals = in.readVarInt(true);
            int shown = in.readVarInt(true);
            List<PrincipalShare> top = new ArrayList<>(Math.min(shown, 8));
            for (int i = 0; i < shown; i++) {
                top.add(new PrincipalShare(in.readString(), in.readVarInt(true), readLong(in)));
            }
            b.principals(principals, top, readLong(in));
            int units = in.readVarInt(true);
            long unitsBps = readLong(in);
            return b.units(units, unitsBps, readLong(in)).build();
        }

        private static void writeTuples(Kryo kryo, Output out, Set<FiveTuple> tuples) {
            out.writeVarInt(tuples.size(), true);
            for (FiveTuple t : tuples) {
                writeTuple(kryo, out, t);
            }
        }

        private static Set<FiveTuple> readTuples(Kryo kryo, Input in) {
            int n = in.readVarInt(true);
            // The view copies the set into its own; the order (the loop's) is kept.
            Set<FiveTuple> tuples = new LinkedHashSet<>(n * 4 / 3 + 1);
            for (int i = 0; i < n; i++) {
                tuples.add(readTuple(kryo, in));
            }
            return tuples;
        }
    }

    /**
     * An agent view, through its constructor.
     */
    static final class AgentStateSerializer extends Serializer<AgentState> {

        /**
         * Creates the serializer of an immutable type.
         */
        AgentStateSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, AgentState a) {
            out.writeString(a.facilityId());
            kryo.writeObject(out, a.status());
            writeLong(out, a.lastHeartbeatMs());
            writeLong(out, a.lastSentSeq());
            writeLong(out, a.lastAckedSeq());
            writeLong(out, a.lastAckedMs());
            writeLong(out, a.framesSent());
            writeLong(out, a.resends());
            out.writeVarInt(a.rejectedFrames().size(), true);
            for (Map.Entry<String, Long> e : a.rejectedFrames().entrySet()) {
                out.writeString(e.getKey());
                writeLong(out, e.getValue());
            }
            out.writeString(a.reason());
            kryo.writeObject(out, a.enforcement());
            out.writeVarInt(a.unmetered(), true);
        }

        @Override
        public AgentState read(Kryo kryo, Input in, Class<AgentState> type) {
            String facilityId = in.readString();
            AgentStatus status = kryo.readObject(in, AgentStatus.class);
            long[] n = new long[6];
            for (int i = 0; i < n.length; i++) {
                n[i] = readLong(in);
            }
            int size = in.readVarInt(true);
            Map<String, Long> rejected = new TreeMap<>();
            for (int i = 0; i < size; i++) {
                rejected.put(in.readString(), readLong(in));
            }
            AgentState a = new AgentState(facilityId, status, n[0], n[1], n[2], n[3], n[4], n[5], rejected,
                    in.readString());
            return a.as(kryo.readObject(in, Facility.Enforcement.class), in.readVarInt(true));
        }
    }

    /**
     * A decision record, through its constructor.
     */
    static final class DecisionRecordSerializer extends Serializer<DecisionRecord> {

        /**
         * Creates the serializer of an immutable type.
         */
        DecisionRecordSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, DecisionRecord d) {
            out.writeString(d.cfsId());
            writeLong(out, d.period());
            writeLong(out, d.timeMs());
            out.writeBoolean(d.reallocated());
            out.writeBoolean(d.dryRun());
            out.writeVarInt(d.tcpCount(), false);
            out.writeVarInt(d.udpCount(), false);
            writeLong(out, d.measuredTcpBps());
            writeLong(out, d.predictedTcpBps());
            writeLong(out, d.deviationBps());
            writeLong(out, d.bandLowBps());
            writeLong(out, d.bandHighBps());
            writeLong(out, d.udpAverageBps());
            writeLong(out, d.availableBps());
            out.writeBoolean(d.inBand());
            out.writeVarInt(d.allocations().size(), true);
            for (Map.Entry<FiveTuple, Long> e : d.allocations().entrySet()) {
                writeTuple(kryo, out, e.getKey());
                writeLong(out, e.getValue());
            }
            out.writeString(d.reason());
        }

        @Override
        public DecisionRecord read(Kryo kryo, Input in, Class<DecisionRecord> type) {
            String cfsId = in.readString();
            long period = readLong(in);
            long timeMs = readLong(in);
            boolean reallocated = in.readBoolean();
            boolean dryRun = in.readBoolean();
            int tcpCount = in.readVarInt(false);
            int udpCount = in.readVarInt(false);
            long[] n = new long[7];
            for (int i = 0; i < n.length; i++) {
                n[i] = readLong(in);
            }
            boolean inBand = in.readBoolean();
            int size = in.readVarInt(true);
            Map<FiveTuple, Long> allocations = new LinkedHashMap<>(size * 4 / 3 + 1);
            for (int i = 0; i < size; i++) {
                allocations.put(readTuple(kryo, in), readLong(in));
            }
            return new DecisionRecord(cfsId, period, timeMs, reallocated, dryRun, tcpCount, udpCount,
                    n[0], n[1], n[2], n[3], n[4], n[5], n[6], inBand, allocations, in.readString());
        }
    }

    /**
     * A facility's view, through its constructor: the controller in charge, the budget (two
     * numbers, not a registered type), the rules' use, the skips by why, the refusals and the installs
     * that failed without the switch's word.
     */
    static final class FacilityStateSerializer extends Serializer<FacilityState> {

        /**
         * Creates the serializer of an immutable type.
         */
        FacilityStateSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, FacilityState f) {
            out.writeString(f.facilityId());
            out.writeString(f.controller());
            writeLong(out, f.controllingSinceMs());
            writeLong(out, f.epoch());
            out.writeVarInt(f.budget().rules(), true);
            out.writeVarInt(f.budget().packetInsPerS(), true);
            out.writeVarLong(f.budget().heavyBps(), true);
            out.writeVarInt(f.rulesInUse(), true);
            out.writeVarInt(f.ruleCap(), true);
            out.writeVarInt(f.flows(), true);
            out.writeVarInt(f.aggregates(), true);
            out.writeVarInt(f.failedOpen(), true);
            Map<FacilityState.Skip, Long> skipped = f.skipped();
            out.writeVarInt(skipped.size(), true);
            for (Map.Entry<FacilityState.Skip, Long> e : skipped.entrySet()) {
                kryo.writeObject(out, e.getKey());
                writeLong(out, e.getValue());
            }
            writeLong(out, f.refusals());
            out.writeString(f.lastRefusal());
            writeLong(out, f.pausedUntilMs());
            writeLong(out, f.installFailures());
            out.writeVarInt(f.rulesRetrying(), true);
            out.writeString(f.lastInstallFailure());
        }

        @Override
        public FacilityState read(Kryo kryo, Input in, Class<FacilityState> type) {
            String facilityId = in.readString();
            String controller = in.readString();
            long sinceMs = readLong(in);
            long epoch = readLong(in);
            int rules = in.readVarInt(true);
            int packetIns = in.readVarInt(true);
            FlowBudget budget = new FlowBudget(rules, packetIns, in.readVarLong(true));
            int rulesInUse = in.readVarInt(true);
            int ruleCap = in.readVarInt(true);
            int flows = in.readVarInt(true);
            int aggregates = in.readVarInt(true);
            int failedOpen = in.readVarInt(true);
            int size = in.readVarInt(true);
            Map<FacilityState.Skip, Long> skipped = new TreeMap<>();
            for (int i = 0; i < size; i++) {
                skipped.put(kryo.readObject(in, FacilityState.Skip.class), readLong(in));
            }
            long refusals = readLong(in);
            String lastRefusal = in.readString();
            FacilityState f = new FacilityState(facilityId, controller, sinceMs, epoch, budget, rulesInUse, ruleCap,
                    flows, skipped, refusals, lastRefusal, readLong(in)).withAggregates(aggregates)
                    .withFailedOpen(failedOpen);
            return f.withInstallFailures(readLong(in), in.readVarInt(true), in.readString());
        }
    }

    /**
     * A history's owner: which history, and the CFS id or 5-tuple.
     */
    static final class OwnerSerializer extends Serializer<ReplicatedHistory.Owner> {

        /**
         * Creates the serializer of an immutable type.
         */
        OwnerSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, ReplicatedHistory.Owner o) {
            kryo.writeObject(out, o.kind());
            kryo.writeClassAndObject(out, o.id());
        }

        @Override
        public ReplicatedHistory.Owner read(Kryo kryo, Input in, Class<ReplicatedHistory.Owner> type) {
            ReplicatedHistory.Kind kind = kryo.readObject(in, ReplicatedHistory.Kind.class);
            return new ReplicatedHistory.Owner(kind, kryo.readClassAndObject(in));
        }
    }

    /**
     * The key of a history record: its owner and sequence number.
     */
    static final class SlotSerializer extends Serializer<ReplicatedHistory.Slot> {

        /**
         * Creates the serializer of an immutable type.
         */
        SlotSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, ReplicatedHistory.Slot s) {
            kryo.writeObject(out, s.owner());
            out.writeVarLong(s.seq(), true);
        }

        @Override
        public ReplicatedHistory.Slot read(Kryo kryo, Input in, Class<ReplicatedHistory.Slot> type) {
            ReplicatedHistory.Owner owner = kryo.readObject(in, ReplicatedHistory.Owner.class);
            return new ReplicatedHistory.Slot(owner, in.readVarLong(true));
        }
    }

    /**
     * The range of a history.
     */
    static final class HeadSerializer extends Serializer<ReplicatedHistory.Head> {

        /**
         * Creates the serializer of an immutable type.
         */
        HeadSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, ReplicatedHistory.Head h) {
            out.writeVarLong(h.first(), true);
            out.writeVarLong(h.next(), true);
        }

        @Override
        public ReplicatedHistory.Head read(Kryo kryo, Input in, Class<ReplicatedHistory.Head> type) {
            long first = in.readVarLong(true);
            return new ReplicatedHistory.Head(first, in.readVarLong(true));
        }
    }
}
