// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.commands.FrameOut;
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
import org.fudp.protocol.MutableClock;
import org.fudp.protocol.RejectReason;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The wire side of the adjustor sessions (paper, Section 4.3): encodes snapshots, clear-alls and
 * heartbeats with the shared codec ({@code org.fudp.protocol}), signed with each facility's key
 * and wrapped in Ethernet frames of the control EtherType; verifies what the agents send back.
 * One epoch for all facilities; a new key ring or EtherType makes a new channel with a newer epoch.
 */
public final class AdjustorChannel {

    /**
     * Source MAC of control frames: locally administered, so it collides with no NIC. Agents
     * need not know it; they answer to it and the switch sends their frames to the controller.
     */
    public static final byte[] CONTROLLER_MAC = {0x02, (byte) 0xfd, 0, 0, 0, 0x01};

    /** How far a frame's timestamp may be from our clock before it is taken for a replay. */
    static final long MAX_CLOCK_SKEW_MS = 120_000;

    /** What an agent's frame told. */
    static final class Received {
        final boolean ignore;
        final String rejected;
        final long agentEpoch;
        final long agentSnapshotId;
        final AckStatus ack;

        private Received(boolean ignore, String rejected, long agentEpoch, long agentSnapshotId, AckStatus ack) {
            this.ignore = ignore;
            this.rejected = rejected;
            this.agentEpoch = agentEpoch;
            this.agentSnapshotId = agentSnapshotId;
            this.ack = ack;
        }

        static Received rejected(String reason) {
            return new Received(false, reason, 0, 0, null);
        }
    }

    private final KeyRing keys;
    private final String keyText;
    private final long senderId;
    private final long epoch;
    private final int etherType;
    private final MutableClock clock;
    private final FrameVerifier verifier;
    private final Map<String, FrameEncoder> encoders = new HashMap<>();
    /** The key id each facility's encoder signs with. */
    private final Map<String, Integer> encoderKeyIds = new HashMap<>();

    /**
     * Creates a channel.
     *
     * @param keyText the key file's content ("keyId = hexkey" lines), null if there is none
     * @param senderId our sender id
     * @param epoch our epoch; a restarted sender numbers from 1 again, so it needs a newer one
     * @param etherType the control EtherType
     * @param clock the loop's event clock
     * @throws IllegalArgumentException if the key text is unusable
     */
    AdjustorChannel(String keyText, long senderId, long epoch, int etherType, MutableClock clock) {
        this.keyText = keyText;
        this.keys = keyText == null ? null : KeyRing.parse(keyText);
        this.senderId = senderId;
        this.epoch = epoch;
        this.etherType = etherType;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.verifier = keys == null ? null
                : new FrameVerifier(keys, FrameCodec.MAX_PAYLOAD_BYTES, MAX_CLOCK_SKEW_MS, clock);
    }

    public long epoch() {
        return epoch;
    }

    int etherType() {
        return etherType;
    }

    /**
     * Checks that the key ring holds a facility's key.
     *
     * @param f the facility
     * @return null if frames can be signed for it, else the problem
     */
    String keyProblem(Facility f) {
        if (keys == null) {
            return "no key file";
        }
        return keys.contains(f.keyId()) ? null
                : "key id " + Integer.toUnsignedString(f.keyId()) + " is not in the key file";
    }

    private FrameEncoder encoder(Facility f) {
        FrameEncoder e = encoders.computeIfAbsent(f.id(),
                id -> new FrameEncoder(signing(f), senderId, epoch, 0, clock));
        // A facility given another key id (a key rotation's last step) signs with it from its next frame,
        // and its sequence goes on: the agent refuses a sequence that goes back within an epoch.
        Integer before = encoderKeyIds.put(f.id(), f.keyId());
        if (before != null && before != f.keyId()) {
            e.setKeys(signing(f));
        }
        return e;
    }

    // The facility's key id picks the signing key; the ring's other keys stay accepted.
    private KeyRing signing(Facility f) {
        return KeyRing.parse(keyText + "\nactive = " + Integer.toUnsignedString(f.keyId()) + "\n");
    }

    /**
     * Encodes a facility's complete desired state.
     *
     * @param f the facility
     * @param snapshotId the state's id
     * @param limits every limit it should hold
     * @param out where the frames go
     * @return frames encoded, 0 if the facility has no usable key
     */
    int snapshot(Facility f, long snapshotId, Collection<FlowLimit> limits, Actions out) {
        if (keyProblem(f) != null) {
            return 0;
        }
        return emit(f, encoder(f).snapshot(snapshotId, limits, FrameEncoder.DEFAULT_MAX_PAYLOAD), out);
    }

    /**
     * Encodes an order to drop every limit.
     *
     * @param f the facility
     * @param snapshotId id of the resulting empty state
     * @param out where the frame goes
     * @return frames encoded
     */
    int clearAll(Facility f, long snapshotId, Actions out) {
        if (keyProblem(f) != null) {
            return 0;
        }
        return emit(f, List.of(encoder(f).clearAll(snapshotId)), out);
    }

    /**
     * Encodes a heartbeat.
     *
     * @param f the facility
     * @param snapshotId the controller's current snapshot id for it
     * @param out where the frame goes
     * @return frames encoded
     */
    int heartbeat(Facility f, long snapshotId, Actions out) {
        if (keyProblem(f) != null) {
            return 0;
        }
        return emit(f, List.of(encoder(f).heartbeat(snapshotId)), out);
    }

    private int emit(Facility f, List<byte[]> payloads, Actions out) {
        for (byte[] payload : payloads) {
            out.emit(new FrameOut(f.id(), f.adjustorPort(),
                    EthernetFrame.build(f.adjustorMac(), CONTROLLER_MAC, etherType, payload)));
        }
        return payloads.size();
    }

    /**
     * Verifies a control frame that arrived at a facility switch.
     *
     * @param frame the whole Ethernet frame
     * @return what it told
     */
    Received receive(byte[] frame) {
        if (verifier == null) {
            return Received.rejected("NO_KEY");
        }
        ControlMessage m;
        try {
            m = verifier.verify(EthernetFrame.parse(frame).payload());
        } catch (FrameRejectedException e) {
            return Received.rejected(e.reason().name());
        } catch (IllegalArgumentException e) {
            return Received.rejected(RejectReason.TRUNCATED.name());
        }
        if (m.header().senderId() == senderId) {
            // Our own frame, looped back through the adjustor's bridge.
            return new Received(true, null, 0, 0, null);
        }
        AckStatus ack = null;
        long agentSnapshot = m.header().snapshotId();
        if (m.type() == MessageType.ACK && m.ack().isPresent()) {
            ack = m.ack().get();
            agentSnapshot = ack.lastAppliedSnapshotId();
        } else if (m.type() != MessageType.HEARTBEAT) {
            return new Received(true, null, 0, 0, null);
        }
        return new Received(false, null, m.header().epoch(), agentSnapshot, ack);
    }

    /**
     * Tells whether an acknowledgement answers one of this channel's snapshots or clear-alls.
     *
     * @param ack the acknowledgement
     * @return true if it is ours
     */
    boolean answersUs(AckStatus ack) {
        return ack.ackedSenderId() == senderId && ack.ackedEpoch() == epoch
                && (ack.ackedType() == MessageType.SNAPSHOT || ack.ackedType() == MessageType.CLEAR_ALL);
    }

    /**
     * Returns an agent's own reject counters from an acknowledgement.
     *
     * @param ack the acknowledgement
     * @return counts by reason name
     */
    static Map<String, Long> agentRejects(AckStatus ack) {
        Map<String, Long> out = new LinkedHashMap<>();
        ack.rejects().forEach((r, n) -> out.put(r.name(), n));
        return out;
    }
}
