// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.fudp.agent.config.AgentConfig;
import org.fudp.agent.control.AdjustorControl;
import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.agent.net.FrameChannel;
import org.fudp.agent.tc.FlowShaper;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.FrameVerifier;
import org.fudp.protocol.RejectReason;
import org.fudp.protocol.SnapshotAssembler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running agent: a receive loop (frames to verifier to control logic to ACKs) and a timer
 * (heartbeats, fail-safe, snapshot timeouts). Setting up and tearing down the interfaces is the
 * caller's business ({@link AdjustorAgentMain}).
 *
 * <p>Without {@code control.peer-mac} the agent sends nothing, heartbeats included, until an
 * authentic controller frame tells it where the controller is: a broadcast would be flooded by the
 * switch, and ONOS would learn the adjustor as a host on whatever port the flood came in (issue 25).
 * The controller needs no first word from the agent: it heartbeats every period regardless.
 */
public final class AgentDaemon {

    private static final Logger LOG = LoggerFactory.getLogger(AgentDaemon.class);
    /** At most one log line per rejection reason in this interval, so a flood cannot fill the log. */
    private static final long REJECT_LOG_INTERVAL_MILLIS = 10_000;

    private final AgentConfig config;
    private final FrameChannel channel;
    private final Clock clock;
    private final AgentMetrics metrics;
    private final FrameVerifier verifier;
    private final FrameEncoder encoder;
    private final AdjustorControl control;
    private final PrintStream dryRun;
    private final Map<RejectReason, Long> lastRejectLog = new EnumMap<>(RejectReason.class);
    private final Object sendLock = new Object();
    /** True until a controller frame gives the agent an address (never, with control.peer-mac). */
    private volatile boolean waiting;
    private ScheduledExecutorService timer;

    /**
     * Wires the agent together.
     *
     * @param config configuration
     * @param shaper the data plane
     * @param channel control frames in and out
     * @param metrics counters
     * @param agentId this agent's sender id
     * @param clock wall clock
     * @param dryRun where to print tc batches and ACKs instead of running and sending them, or null
     */
    public AgentDaemon(AgentConfig config, FlowShaper shaper, FrameChannel channel, AgentMetrics metrics,
                       long agentId, Clock clock, PrintStream dryRun) {
        this.config = Objects.requireNonNull(config, "config");
        this.channel = Objects.requireNonNull(channel, "channel");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.dryRun = dryRun;
        this.verifier = new FrameVerifier(config.keys(), config.maxPayload(), config.maxClockSkewMillis(), clock);
        metrics.rejectSource(verifier::rejectCounts);
        // A restart starts a new, larger epoch, so the controller sees it and resends a snapshot.
        this.encoder = new FrameEncoder(config.keys(), agentId, clock.millis(), 0, clock);
        encoder.markFromAgent(config.markDirection());
        SnapshotAssembler assembler = new SnapshotAssembler(config.snapshotMaxPending(), config.snapshotMaxEntries(),
                config.snapshotTimeoutMillis(), clock);
        this.control = new AdjustorControl(shaper, assembler, verifier, metrics, clock, agentId,
                config.heartbeatMillis() * config.silentPeriods(), config.failSafeAction(), dryRun);
        // Load the JCE provider and the codec now, not while the first snapshot waits for its ACK.
        new FrameEncoder(config.keys(), agentId, 0, 0, clock).heartbeat(0);
        waiting = config.peerMac() == null;
        metrics.waitingForController(waiting);
    }

    /**
     * Returns the control logic, for status.
     *
     * @return control
     */
    public AdjustorControl control() {
        return control;
    }

    /**
     * Runs until {@link #stop} is called: receives on the calling thread, heartbeats on a timer.
     *
     * @throws IOException if the channel fails
     */
    public void run() throws IOException {
        // Two threads: heartbeats must keep leaving while a long apply holds the control logic, on
        // which the fail-safe check waits.
        timer = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "fudp-timer");
            t.setDaemon(true);
            return t;
        });
        if (waiting) {
            LOG.info("sending nothing, heartbeats included, until a controller's frame arrives (control.peer-mac "
                    + "is empty)");
        }
        timer.scheduleAtFixedRate(this::heartbeat, 0, config.heartbeatMillis(), TimeUnit.MILLISECONDS);
        timer.scheduleAtFixedRate(this::tick, config.heartbeatMillis(), config.heartbeatMillis(),
                TimeUnit.MILLISECONDS);
        try {
            channel.receive(this::onFrame);
        } finally {
            timer.shutdownNow();
        }
    }

    /** Stops the receive loop. */
    public void stop() {
        channel.stopReceiving();
    }

    /**
     * Handles one captured frame.
     *
     * @param frame the Ethernet frame
     */
    void onFrame(byte[] frame) {
        try {
            handle(frame);
        } catch (RuntimeException e) {
            // One bad frame or a bug in its handling must not end the receive loop.
            LOG.error("handling a control frame failed", e);
        }
    }

    private void handle(byte[] frame) {
        metrics.frameReceived();
        EthernetFrame eth;
        try {
            eth = EthernetFrame.parse(frame);
        } catch (IllegalArgumentException e) {
            return;
        }
        if (eth.etherType() != config.etherType()) {
            return;
        }
        ControlMessage m;
        try {
            m = verifier.verify(eth.payload());
        } catch (FrameRejectedException e) {
            logRejection(e, eth);
            return;
        }
        metrics.frameAccepted(clock.millis());
        LOG.debug("accepted {}", m);
        // The control logic decides whether this frame's source becomes the reply address: only the
        // controller in charge's frames move it (docs/protocol.md, section 3.1).
        List<AckStatus> acks = control.onMessage(m, eth.src());
        if (waiting && control.replyMac().isPresent()) {
            waiting = false;
            metrics.waitingForController(false);
            LOG.info("first frame from controller {}/{}: ACKs and heartbeats go to {}", m.header().senderId(),
                    m.header().epoch(), EthernetFrame.formatMac(control.replyMac().orElseThrow()));
        }
        for (AckStatus a : acks) {
            sendAck(a);
        }
    }

    private void logRejection(FrameRejectedException e, EthernetFrame eth) {
        long now = clock.millis();
        synchronized (lastRejectLog) {
            Long last = lastRejectLog.get(e.reason());
            if (last != null && now - last < REJECT_LOG_INTERVAL_MILLIS) {
                return;
            }
            lastRejectLog.put(e.reason(), now);
        }
        LOG.warn("rejected a control frame from {}: {} (further {} rejections are counted, logged at most "
                + "every {} s)", EthernetFrame.formatMac(eth.src()), e.getMessage(), e.reason().label(),
                REJECT_LOG_INTERVAL_MILLIS / 1000);
    }

    /** Sends one heartbeat; the timer calls it every period. */
    void heartbeat() {
        try {
            long snapshot = control.appliedSnapshotId();
            if (send(() -> encoder.heartbeat(snapshot), "heartbeat")) {
                metrics.heartbeatSent();
            }
        } catch (RuntimeException e) {
            // A periodic task that throws is never run again.
            LOG.error("heartbeat failed", e);
        }
    }

    /** Runs the periodic checks; the timer calls it every period. */
    void tick() {
        try {
            Optional<AckStatus> status = control.onTick();
            status.ifPresent(this::sendAck);
        } catch (RuntimeException e) {
            LOG.error("periodic check failed", e);
        }
    }

    private void sendAck(AckStatus a) {
        if (send(() -> encoder.ack(a), "ACK " + a)) {
            metrics.ackSent(a.result());
        }
    }

    /**
     * Numbers and sends one frame. Encoding and sending happen under one lock: receivers reject a
     * sequence number below one they have seen, so frames must leave in the order they are numbered,
     * even though ACKs (receive thread) and heartbeats (timer thread) are built on different threads.
     */
    private boolean send(Supplier<byte[]> encode, String what) {
        byte[] dst = config.peerMac() != null ? config.peerMac() : control.replyMac().orElse(null);
        if (dst == null) {
            LOG.debug("not sending {}: no controller has spoken yet", what);
            return false;
        }
        if (dryRun != null) {
            if (!what.startsWith("heartbeat")) {
                dryRun.println("# would send " + what);
            }
            return false;
        }
        synchronized (sendLock) {
            try {
                channel.send(EthernetFrame.build(dst, channel.localMac(), config.etherType(), encode.get()));
                return true;
            } catch (IOException e) {
                metrics.sendError();
                LOG.warn("cannot send {}: {}", what, e.getMessage());
                return false;
            }
        }
    }
}
