package org.fudp.impl;

import com.google.common.collect.ImmutableMap;
import org.fudp.api.Facility;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.FrameVerifier;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.RejectReason;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.PacketService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Enforcement through the tc flow adjustor (paper, Section 4.3): allocations are encoded with
 * the shared codec ({@code org.fudp.protocol}), signed with the facility's key, wrapped in
 * Ethernet frames of the control EtherType and emitted as Packet-Outs out of the port facing
 * the adjustor. The agent's acknowledgements and heartbeats come back as packet-ins and are
 * handed to {@link #receive}.
 */
final class TcAdjustorBackend implements EnforcementBackend {

    /**
     * Source MAC of control frames: locally administered, so it collides with no NIC. Agents
     * need not know it; they answer to it and the switch sends their frames to the controller.
     */
    static final MacAddress CONTROLLER_MAC = MacAddress.valueOf("02:fd:00:00:00:01");

    /** How far a frame's timestamp may be from our clock before it is taken for a replay. */
    static final long MAX_CLOCK_SKEW_MS = 120_000;

    private final Logger log = LoggerFactory.getLogger(getClass());

    private final PacketService packetService;
    private final Clock clock;
    private final long senderId;
    private final long epoch;
    private final int etherType;
    private final KeyRing keys;
    private final String keyText;
    private final FrameVerifier verifier;
    private final AgentFeedback feedback;
    private final Map<DeviceId, FrameEncoder> encoders = new HashMap<>();

    /**
     * Creates the backend.
     *
     * @param packetService where Packet-Outs go
     * @param clock time source for frame timestamps and replay checks
     * @param senderId our sender id in the frame header
     * @param epoch our epoch; grows with every activation
     * @param etherType control EtherType
     * @param keyText content of the key file, or null if there is none (nothing can be sent)
     * @param feedback receives what agents report
     */
    TcAdjustorBackend(PacketService packetService, Clock clock, long senderId, long epoch, int etherType,
                      String keyText, AgentFeedback feedback) {
        this.packetService = packetService;
        this.clock = clock;
        this.senderId = senderId;
        this.epoch = epoch;
        this.etherType = etherType;
        this.keyText = keyText;
        this.keys = keyText == null ? null : KeyRing.parse(keyText);
        this.verifier = keys == null ? null
                : new FrameVerifier(keys, FrameCodec.MAX_PAYLOAD_BYTES, MAX_CLOCK_SKEW_MS, clock);
        this.feedback = feedback;
    }

    /**
     * Returns the control EtherType this backend sends and expects.
     *
     * @return EtherType
     */
    int etherType() {
        return etherType;
    }

    /**
     * Returns our epoch.
     *
     * @return epoch
     */
    long epoch() {
        return epoch;
    }

    private synchronized FrameEncoder encoder(Facility f) {
        if (keys == null) {
            return null;
        }
        FrameEncoder e = encoders.get(f.deviceId());
        if (e == null) {
            // The facility's key id picks the signing key; the ring's other keys stay accepted.
            KeyRing ring = KeyRing.parse(keyText + "\nactive = " + Integer.toUnsignedString(f.keyId()) + "\n");
            e = new FrameEncoder(ring, senderId, epoch, 0, clock);
            encoders.put(f.deviceId(), e);
        }
        return e;
    }

    /**
     * Checks that the key file holds a facility's key.
     *
     * @param f the facility
     * @return null if it can be signed for, else the problem
     */
    String keyProblem(Facility f) {
        if (keys == null) {
            return "no key file";
        }
        return keys.contains(f.keyId()) ? null
                : "key id " + Integer.toUnsignedString(f.keyId()) + " is not in the key file";
    }

    // Sends are synchronized: numbering (in the encoder) and emitting must happen in one step, or a
    // frame numbered later could leave first and the agent would drop the earlier one as a replay
    // (docs/protocol.md, section 3).
    @Override
    public synchronized int sendSnapshot(Facility facility, long snapshotId, Collection<FlowLimit> limits) {
        FrameEncoder e = usableEncoder(facility);
        if (e == null) {
            return 0;
        }
        return emitAll(facility, e.snapshot(snapshotId, limits, FrameEncoder.DEFAULT_MAX_PAYLOAD));
    }

    @Override
    public synchronized int sendClearAll(Facility facility, long snapshotId) {
        FrameEncoder e = usableEncoder(facility);
        if (e == null) {
            return 0;
        }
        return emitAll(facility, List.of(e.clearAll(snapshotId)));
    }

    @Override
    public synchronized int sendHeartbeat(Facility facility, long snapshotId) {
        if (keyProblem(facility) != null) {
            return 0;
        }
        return emitAll(facility, List.of(encoder(facility).heartbeat(snapshotId)));
    }

    private FrameEncoder usableEncoder(Facility facility) {
        String problem = keyProblem(facility);
        if (problem != null) {
            log.warn("Cannot send to the adjustor of {}: {}", facility.deviceId(), problem);
            return null;
        }
        return encoder(facility);
    }

    private int emitAll(Facility f, List<byte[]> payloads) {
        for (byte[] payload : payloads) {
            byte[] frame = EthernetFrame.build(f.adjustorMac().toBytes(), CONTROLLER_MAC.toBytes(),
                    etherType, payload);
            packetService.emit(new DefaultOutboundPacket(f.deviceId(),
                    DefaultTrafficTreatment.builder().setOutput(f.adjustorPort()).build(),
                    ByteBuffer.wrap(frame)));
        }
        return payloads.size();
    }

    /**
     * Handles a control frame that arrived at a facility switch.
     *
     * @param f the facility
     * @param frame the whole Ethernet frame
     */
    void receive(Facility f, byte[] frame) {
        if (verifier == null) {
            feedback.rejected(f, "NO_KEY");
            return;
        }
        ControlMessage m;
        try {
            EthernetFrame eth = EthernetFrame.parse(frame);
            m = verifier.verify(eth.payload());
        } catch (FrameRejectedException e) {
            log.debug("Rejected control frame at {}: {}", f.deviceId(), e.getMessage());
            feedback.rejected(f, e.reason().name());
            return;
        } catch (IllegalArgumentException e) {
            feedback.rejected(f, RejectReason.TRUNCATED.name());
            return;
        }
        if (m.header().senderId() == senderId) {
            // Our own frame, looped back through the adjustor's bridge.
            return;
        }
        long now = clock.millis();
        long agentEpoch = m.header().epoch();
        if (m.type() == MessageType.HEARTBEAT) {
            feedback.heard(f, now, agentEpoch, m.header().snapshotId());
        } else if (m.type() == MessageType.ACK && m.ack().isPresent()) {
            AckStatus ack = m.ack().get();
            feedback.heard(f, now, agentEpoch, ack.lastAppliedSnapshotId());
            boolean ours = ack.ackedSenderId() == senderId && ack.ackedEpoch() == epoch;
            if (ours && (ack.ackedType() == MessageType.SNAPSHOT || ack.ackedType() == MessageType.CLEAR_ALL)) {
                ImmutableMap.Builder<String, Long> rejects = ImmutableMap.builder();
                ack.rejects().forEach((r, n) -> rejects.put(r.name(), n));
                feedback.acknowledged(f, ack.lastAppliedSnapshotId(), ack.result().name(), rejects.build());
            }
        }
    }
}
