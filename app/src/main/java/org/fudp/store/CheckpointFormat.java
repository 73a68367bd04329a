// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.fudp.algorithm.ControllerState;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.checkpoints.FlowCheckpoint;
import org.fudp.loop.api.checkpoints.ResponsiveCheckpoint;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FlowIds;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a checkpoint's head and its flow entries are written, and every way earlier builds wrote them
 * (docs/deploy.md, "Upgrades"). Field by field: the loop's value types are immutable and hold java.net
 * addresses, which Kryo's reflective serializer cannot build on a modern JDK.
 * <p>
 * A head or entry of this build starts with its format, one byte below 0x20 ({@link #FORMAT}); one of an
 * earlier build starts with its facility id, a Kryo string, whose first byte is a printable character or has
 * its top bit set. Earlier builds only appended fields, so an entry without a format byte is read up to where
 * it ends: the 8 fields of commit 72c3555 and before, then the DSCP and remark (aa198c0), then the
 * responsiveness (80b35b8). A head from before the split into head and entries (e5d1490) holds its flows.
 * </p>
 */
public final class CheckpointFormat {

    /** The format this build writes: the first with its number in front; the standing check's record. */
    static final int FORMAT = 4;
    // The first byte of a format number; anything from it up is the start of an earlier build's facility id.
    private static final int FIRST_ID_BYTE = 0x20;

    private CheckpointFormat() {
    }

    /** A checkpoint's head or entry written by a build this one cannot read. */
    public static final class UnreadableException extends KryoException {
        private static final long serialVersionUID = 1L;

        UnreadableException(String message) {
            super(message);
        }
    }

    // Reads the format byte; an earlier build's entry has none, and is read from its first byte.
    private static int format(Input in) {
        int at = in.position();
        int b = in.readByte() & 0xFF;
        if (b >= FIRST_ID_BYTE) {
            in.setPosition(at);
            return 0;
        }
        if (b != FORMAT) {
            throw new UnreadableException("checkpoint format " + b + ": this build reads formats up to " + FORMAT
                    + " and those before format numbers");
        }
        return b;
    }

    /** A facility's head: epoch, time, the sets' predictions (their allocations are the flows' limits). */
    static final class HeadSerializer extends com.esotericsoftware.kryo.Serializer<FacilityCheckpoint> {

        HeadSerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, FacilityCheckpoint c) {
            out.writeByte(FORMAT);
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

        @Override
        public FacilityCheckpoint read(Kryo kryo, Input in, Class<FacilityCheckpoint> type) {
            int format = format(in);
            String facilityId = in.readString();
            long epoch = in.readLong();
            long takenMs = in.readLong();
            int n = in.readInt(true);
            List<FlowCheckpoint> flows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                // Flows in a head of an earlier build are those from before the split: its 8 fields.
                flows.add(format == FORMAT ? readFlow(in) : readFirstFields(in));
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

    /** One flow entry: its facility, the epoch it was written under, the flow. */
    static final class FlowEntrySerializer extends com.esotericsoftware.kryo.Serializer<CheckpointStore.StoredFlow> {

        FlowEntrySerializer() {
            super(false, true);
        }

        @Override
        public void write(Kryo kryo, Output out, CheckpointStore.StoredFlow s) {
            out.writeByte(FORMAT);
            out.writeString(s.facilityId);
            out.writeLong(s.epoch);
            writeFlow(out, s.flow);
        }

        @Override
        public CheckpointStore.StoredFlow read(Kryo kryo, Input in, Class<CheckpointStore.StoredFlow> type) {
            int format = format(in);
            String facilityId = in.readString();
            long epoch = in.readLong();
            if (format == FORMAT) {
                return new CheckpointStore.StoredFlow(facilityId, epoch, readFlow(in));
            }
            FlowCheckpoint f = readFirstFields(in);
            if (!in.eof()) {
                f = readDscp(in, f);
            }
            if (!in.eof()) {
                f = f.withResponsiveness(readTests(in));
            }
            return new CheckpointStore.StoredFlow(facilityId, epoch, f);
        }
    }

    private static void writeFlow(Output out, FlowCheckpoint f) {
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
        out.writeBoolean(r.revoked());
        out.writeBoolean(r.distrusted());
        out.writeInt(r.strikes().size(), true);
        for (long t : r.strikes()) {
            out.writeLong(t);
        }
    }

    private static FlowCheckpoint readFlow(Input in) {
        FlowCheckpoint f = readDscp(in, readFirstFields(in));
        ResponsiveCheckpoint r = readTests(in);
        boolean revoked = in.readBoolean();
        boolean distrusted = in.readBoolean();
        int n = in.readInt(true);
        List<Long> strikes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            strikes.add(in.readLong());
        }
        return f.withResponsiveness(r.withStanding(revoked, distrusted, strikes));
    }

    // The fields every build wrote first: 5-tuple, ports and limit, set and membership (a build before DSCP
    // classes did not know the packets' DSCP).
    private static FlowCheckpoint readFirstFields(Input in) {
        return new FlowCheckpoint(FlowIds.parse("checkpoint", in.readString()), in.readLong(), in.readBoolean(),
                in.readLong(), in.readLong(), in.readLong(), in.readString(), in.readBoolean(), TrafficClass.NO_DSCP,
                false);
    }

    // The fields DSCP classes added (aa198c0): the packets' DSCP and whether they were remarked.
    private static FlowCheckpoint readDscp(Input in, FlowCheckpoint f) {
        return new FlowCheckpoint(f.flow(), f.onwardPort(), f.shaped(), f.sinceMs(), f.limitBps(), f.burstBytes(),
                f.cfsId(), f.member(), in.readInt(), in.readBoolean());
    }

    private static ResponsiveCheckpoint readTests(Input in) {
        return new ResponsiveCheckpoint(in.readBoolean(), in.readInt(true), in.readInt(true), in.readBoolean(),
                in.readLong(), in.readString());
    }
}
