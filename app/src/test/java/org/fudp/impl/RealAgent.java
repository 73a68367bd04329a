// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.agent.config.FailSafeAction;
import org.fudp.agent.control.AdjustorControl;
import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.agent.tc.ApplyReport;
import org.fudp.agent.tc.FlowShaper;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.FrameVerifier;
import org.fudp.protocol.Hex;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.MutableClock;
import org.fudp.protocol.SnapshotAssembler;
import org.onlab.packet.MacAddress;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The real agent's control logic ({@link AdjustorControl} of the adjustor agent, fail-safe action keep) behind a
 * facility's adjustor port, with a shaper that holds the limits it is told instead of tc: it takes the frames
 * the controllers sent, verifies and applies them as the agent does, and sends its ACKs and heartbeats back as
 * the frames a switch would hand ONOS as packet-ins.
 */
final class RealAgent implements FlowShaper {

    /** The agent's sender id. */
    static final long AGENT_ID = 0xA6E7L;
    private static final byte[] CONTROLLER_MAC = MacAddress.valueOf("02:00:00:00:00:aa").toBytes();
    private static final byte[] AGENT_MAC = MacAddress.valueOf("02:fd:00:00:00:01").toBytes();

    private final FrameVerifier verifier;
    private final AdjustorControl control;
    private final FrameEncoder encoder;
    private final Supplier<Iterable<byte[]>> frames;
    private final Consumer<byte[]> toController;
    /** The limits the shaper holds now. */
    Set<FlowLimit> held = new HashSet<>();
    /** The controllers the agent obeyed, in order (sender ids). */
    final List<Long> appliedFrom = new ArrayList<>();
    /** The epochs of the controllers in charge, in order: a new entry when the sender or its epoch changes. */
    final List<Long> epochs = new ArrayList<>();
    /** The type of every verified message from a controller, in order. */
    final List<MessageType> received = new ArrayList<>();
    /** The fewest limits the agent held after any frame once it first held some. */
    int fewestHeld = Integer.MAX_VALUE;

    /**
     * Creates the agent.
     *
     * @param clock the time, shared with the controllers
     * @param keyId the id of the key it shares with them
     * @param keyHex that key
     * @param frames the control frames the controllers sent since it last asked, whole Ethernet frames; a
     *               controller's are read when the agent gets to them, after it answered those before
     * @param toController takes each of its frames, whole, to the controller that gets the switch's packet-ins
     */
    RealAgent(MutableClock clock, int keyId, String keyHex, Supplier<Iterable<byte[]>> frames,
              Consumer<byte[]> toController) {
        KeyRing keys = KeyRing.of(keyId, Hex.decode(keyHex));
        this.verifier = new FrameVerifier(keys, 9000, 0, clock);
        this.control = new AdjustorControl(this, new SnapshotAssembler(4, 10_000, 5_000, clock), verifier,
                new AgentMetrics(), clock, AGENT_ID, 10_000, FailSafeAction.KEEP, null);
        this.encoder = new FrameEncoder(keys, AGENT_ID, 1, 0, clock);
        this.frames = frames;
        this.toController = toController;
    }

    @Override
    public ApplyReport apply(Collection<FlowLimit> desired) {
        held = new HashSet<>(desired);
        return new ApplyReport(0, 0, 0, 0, "");
    }

    @Override
    public void clear() {
        held = new HashSet<>();
    }

    @Override
    public Set<FlowLimit> current() {
        return held;
    }

    @Override
    public String plan(Collection<FlowLimit> desired) {
        return "";
    }

    /** Takes every frame the controllers sent, and answers each acknowledgement. */
    void receive() {
        for (byte[] frame : frames.get()) {
            ControlMessage m;
            try {
                m = verifier.verify(EthernetFrame.parse(frame).payload());
            } catch (FrameRejectedException e) {
                continue;
            }
            received.add(m.type());
            List<AckStatus> acks = control.onMessage(m);
            control.controllerInCharge().ifPresent(c -> {
                boolean newSender = appliedFrom.isEmpty() || appliedFrom.get(appliedFrom.size() - 1) != c.senderId();
                if (newSender) {
                    appliedFrom.add(c.senderId());
                }
                if (newSender || epochs.get(epochs.size() - 1) != c.epoch()) {
                    epochs.add(c.epoch());
                }
            });
            if (!held.isEmpty() || fewestHeld != Integer.MAX_VALUE) {
                fewestHeld = Math.min(fewestHeld, held.size());
            }
            for (AckStatus a : acks) {
                send(encoder.ack(a));
            }
        }
    }

    /** Sends one heartbeat. */
    void heartbeat() {
        send(encoder.heartbeat(control.appliedSnapshotId()));
    }

    private void send(byte[] payload) {
        toController.accept(EthernetFrame.build(CONTROLLER_MAC, AGENT_MAC, EthernetFrame.DEFAULT_ETHER_TYPE, payload));
    }
}
