// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.control;

import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.fudp.agent.config.FailSafeAction;
import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.agent.tc.FlowShaper;
import org.fudp.agent.tc.ShaperException;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EntryOp;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.FrameHeader;
import org.fudp.protocol.FrameVerifier;
import org.fudp.protocol.LimitEntry;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.Snapshot;
import org.fudp.protocol.SnapshotAssembler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns verified control messages into tc state and acknowledgements. A SNAPSHOT is the full
 * desired state, a DELTA changes the last applied snapshot, a CLEAR_ALL empties it; each is
 * handed to the {@link FlowShaper} as one full desired set, so the shaper reconciles in one batch.
 * Ordering rules are those of docs/protocol.md section 3, and section 3.1 decides which controller
 * is obeyed, counts for the fail-safe and gets the replies when several talk to the adjustor. No
 * networking here: callers feed messages and ticks, send the returned ACKs, and address replies
 * to {@link #replyMac()}. Thread-safe.
 */
public final class AdjustorControl {

    private static final Logger LOG = LoggerFactory.getLogger(AdjustorControl.class);

    private final FlowShaper shaper;
    private final SnapshotAssembler assembler;
    private final FrameVerifier verifier;
    private final AgentMetrics metrics;
    private final Clock clock;
    private final long agentId;
    private final long silenceMillis;
    private final FailSafeAction failSafeAction;
    private final PrintStream dryRun;

    /** The desired state the shaper holds (or would hold, in a dry run). */
    private final Map<FiveTuple, FlowLimit> desired = new LinkedHashMap<>();
    /** Whether the applied state is a known snapshot a delta may build on. */
    private boolean haveBase;
    /**
     * Whether the ordering fields below are set. While they are, appliedSender and appliedEpoch
     * name the controller in charge (section 3.1); an agent that has applied nothing has none.
     */
    private boolean haveOrder;
    private long appliedSender;
    private long appliedEpoch;
    private long appliedSequence;
    /** Volatile so heartbeats can read it while a long apply holds the lock. */
    private volatile long appliedSnapshotId;
    private long lastHeardMillis;
    private boolean failSafeActive;
    /** Where replies go; volatile so heartbeats can read it while a long apply holds the lock. */
    private volatile byte[] replyMac;
    /** The superseded controller last warned about, so one that keeps sending logs one warning, not one a frame. */
    private ControllerId lastRefused;

    /**
     * Creates the control logic.
     *
     * @param shaper applies limits to the data plane
     * @param assembler reassembles snapshot fragments
     * @param verifier the verifier whose counters ACKs report
     * @param metrics counters to update
     * @param clock clock for the fail-safe
     * @param agentId this agent's sender id (frames from it are its own and ignored)
     * @param silenceMillis controller silence after which the fail-safe acts
     * @param failSafeAction what the fail-safe does
     * @param dryRun where to print the tc batches instead of running them, or null to run them
     */
    public AdjustorControl(FlowShaper shaper, SnapshotAssembler assembler, FrameVerifier verifier,
                           AgentMetrics metrics, Clock clock, long agentId, long silenceMillis,
                           FailSafeAction failSafeAction, PrintStream dryRun) {
        this.shaper = Objects.requireNonNull(shaper, "shaper");
        this.assembler = Objects.requireNonNull(assembler, "assembler");
        this.verifier = Objects.requireNonNull(verifier, "verifier");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.agentId = agentId;
        this.silenceMillis = silenceMillis;
        this.failSafeAction = Objects.requireNonNull(failSafeAction, "failSafeAction");
        this.dryRun = dryRun;
        for (FlowLimit l : shaper.current()) {
            desired.put(l.flow(), l);
        }
        this.lastHeardMillis = clock.millis();
        publishState();
    }

    /**
     * Handles one verified message whose source MAC does not matter (it never becomes the reply
     * address).
     *
     * @param m the message
     * @return the ACKs to send, in order (none for heartbeats and incomplete snapshots)
     */
    public List<AckStatus> onMessage(ControlMessage m) {
        return onMessage(m, null);
    }

    /**
     * Handles one verified message.
     *
     * @param m the message
     * @param sourceMac the source MAC of the Ethernet frame that carried it, or null if unknown
     * @return the ACKs to send, in order (none for heartbeats and incomplete snapshots); send them
     *         to {@link #replyMac()} as it is after this call
     */
    public synchronized List<AckStatus> onMessage(ControlMessage m, byte[] sourceMac) {
        FrameHeader h = m.header();
        if (h.senderId() == agentId || m.type() == MessageType.ACK || h.fromAgent()) {
            // Our own frames, looped back, or another agent's: nothing for us to do.
            metrics.frameIgnored();
            return List.of();
        }
        if (sourceMac != null && !haveOrder) {
            // Nobody in charge: this controller is the one to answer, already while its first snapshot
            // applies, so heartbeats reach it meanwhile (the agent is silent until a controller speaks).
            replyMac = sourceMac.clone();
        }
        if (mayCommand(h.senderId(), h.epoch())) {
            // Only a controller whose orders would be obeyed shows that the adjustor is looked after:
            // a superseded one that still talks (partitioned old master) must not hold off the fail-safe.
            lastHeardMillis = clock.millis();
            if (failSafeActive) {
                LOG.info("controller {} is speaking again; fail-safe off", h.senderId());
                failSafeActive = false;
                metrics.failSafe(false);
            }
        } else {
            LOG.debug("{} from controller {}/{} does not count: controller {}/{} is in charge", m.type(),
                    h.senderId(), h.epoch(), appliedSender, appliedEpoch);
        }
        List<AckStatus> acks = new ArrayList<>(1);
        switch (m.type()) {
            case SNAPSHOT:
                SnapshotAssembler.Outcome done = assembler.offerFragment(m);
                metrics.snapshotsAbandoned(assembler.timedOutCount(), assembler.droppedCount());
                if (done.kind() == SnapshotAssembler.OutcomeKind.COMPLETE) {
                    acks.add(onSnapshot(done.snapshot().orElseThrow()));
                } else if (done.kind() != SnapshotAssembler.OutcomeKind.INCOMPLETE) {
                    acks.add(onRefusedSnapshot(h, done));
                }
                break;
            case DELTA:
                acks.add(onDelta(m));
                break;
            case CLEAR_ALL:
                acks.add(onClear(h));
                break;
            default:
                // HEARTBEAT: liveness only, already noted.
                break;
        }
        // Checked after handling, so the ACK of the message that put its sender in charge goes to it.
        // A newer controller's heartbeat does not move the replies: only taking charge does.
        if (sourceMac != null && (!haveOrder || h.senderId() == appliedSender && h.epoch() >= appliedEpoch)) {
            replyMac = sourceMac.clone();
        }
        return acks;
    }

    /**
     * Tells whether a sender's orders would be obeyed now: there is no controller in charge, it is
     * the controller in charge (a new epoch of it included), or another controller with a newer epoch.
     */
    private boolean mayCommand(long sender, long epoch) {
        if (!haveOrder) {
            return true;
        }
        return sender == appliedSender ? epoch >= appliedEpoch : epoch > appliedEpoch;
    }

    private boolean isNewer(long sender, long epoch, long sequence) {
        if (!haveOrder) {
            return true;
        }
        if (sender != appliedSender) {
            // Controller change: sequences of two senders cannot be compared, epochs can, because a
            // controller that takes over uses an epoch above every earlier one for this adjustor.
            return epoch > appliedEpoch;
        }
        return epoch > appliedEpoch || epoch == appliedEpoch && sequence > appliedSequence;
    }

    /** Logs why a state-changing message is STALE and builds the ACK saying so. */
    private AckStatus stale(MessageType type, long sender, long epoch, long sequence, String what) {
        if (sender != appliedSender) {
            ControllerId refused = new ControllerId(sender, epoch);
            if (!refused.equals(lastRefused)) {
                LOG.warn("{} from controller {}/{} refused (STALE): controller {}/{} is in charge (further orders "
                        + "from {} are logged at debug)", what, sender, epoch, appliedSender, appliedEpoch, refused);
                lastRefused = refused;
            } else {
                LOG.debug("{} from controller {} refused (STALE)", what, refused);
            }
        } else {
            LOG.info("{} (seq {}) is older than the applied state (seq {}); ignored", what, sequence,
                    appliedSequence);
        }
        return ack(type, AckResult.STALE, sender, epoch, sequence);
    }

    private AckStatus onSnapshot(Snapshot s) {
        if (!isNewer(s.senderId(), s.epoch(), s.lastSequence())) {
            return stale(MessageType.SNAPSHOT, s.senderId(), s.epoch(), s.lastSequence(),
                    "snapshot " + s.snapshotId());
        }
        Map<FiveTuple, FlowLimit> next = new LinkedHashMap<>();
        for (FlowLimit l : s.limits()) {
            next.put(l.flow(), l);
        }
        if (!apply(next, "snapshot " + s.snapshotId())) {
            return ack(MessageType.SNAPSHOT, AckResult.APPLY_FAILED, s.senderId(), s.epoch(), s.lastSequence());
        }
        applied(s.senderId(), s.epoch(), s.lastSequence(), s.snapshotId());
        return ack(MessageType.SNAPSHOT, AckResult.APPLIED, s.senderId(), s.epoch(), s.lastSequence());
    }

    /**
     * Answers a snapshot that broke a sender rule (reused id, a flow twice): STALE if its sender
     * could not command anyway, otherwise REFUSED. Nothing is applied either way. Called once per
     * such snapshot, when its last fragment completes it, never per fragment (docs/protocol.md,
     * section 4), so the ACK carries that fragment's sequence like any snapshot's.
     */
    private AckStatus onRefusedSnapshot(FrameHeader h, SnapshotAssembler.Outcome done) {
        if (!isNewer(h.senderId(), h.epoch(), done.sequence())) {
            return stale(MessageType.SNAPSHOT, h.senderId(), h.epoch(), done.sequence(),
                    "snapshot " + done.snapshotId());
        }
        LOG.warn("snapshot {} from controller {}/{} (seq {}) refused: {}; limits unchanged", done.snapshotId(),
                h.senderId(), h.epoch(), done.sequence(),
                done.kind() == SnapshotAssembler.OutcomeKind.ID_REUSED
                        ? "its id was already used in this epoch" : "it names a flow twice");
        return ack(MessageType.SNAPSHOT, AckResult.REFUSED, h.senderId(), h.epoch(), done.sequence());
    }

    private AckStatus onDelta(ControlMessage m) {
        FrameHeader h = m.header();
        if (!isNewer(h.senderId(), h.epoch(), h.sequence())) {
            return stale(MessageType.DELTA, h.senderId(), h.epoch(), h.sequence(), "delta");
        }
        if (!haveBase || h.senderId() != appliedSender || h.epoch() != appliedEpoch
                || h.snapshotId() != appliedSnapshotId) {
            LOG.info("delta seq {} builds on snapshot {} of {}/{}, but the applied state is {}; asking for a snapshot",
                    h.sequence(), h.snapshotId(), h.senderId(), h.epoch(),
                    haveBase ? "snapshot " + appliedSnapshotId + " of " + appliedSender + "/" + appliedEpoch
                            : "unknown");
            return ack(MessageType.DELTA, AckResult.BASE_MISMATCH, h.senderId(), h.epoch(), h.sequence());
        }
        Map<FiveTuple, FlowLimit> next = new LinkedHashMap<>(desired);
        for (LimitEntry e : m.entries()) {
            if (e.op() == EntryOp.ADD) {
                next.put(e.flow(), e.limit());
            } else {
                next.remove(e.flow());
            }
        }
        if (!apply(next, "delta seq " + h.sequence())) {
            return ack(MessageType.DELTA, AckResult.APPLY_FAILED, h.senderId(), h.epoch(), h.sequence());
        }
        applied(h.senderId(), h.epoch(), h.sequence(), appliedSnapshotId);
        return ack(MessageType.DELTA, AckResult.APPLIED, h.senderId(), h.epoch(), h.sequence());
    }

    private AckStatus onClear(FrameHeader h) {
        if (!isNewer(h.senderId(), h.epoch(), h.sequence())) {
            // An older controller's clear-all is refused like its other orders: it no longer knows the state.
            return stale(MessageType.CLEAR_ALL, h.senderId(), h.epoch(), h.sequence(), "clear-all");
        }
        if (!apply(new LinkedHashMap<>(), "clear-all")) {
            return ack(MessageType.CLEAR_ALL, AckResult.APPLY_FAILED, h.senderId(), h.epoch(), h.sequence());
        }
        applied(h.senderId(), h.epoch(), h.sequence(), h.snapshotId());
        return ack(MessageType.CLEAR_ALL, AckResult.APPLIED, h.senderId(), h.epoch(), h.sequence());
    }

    private void applied(long sender, long epoch, long sequence, long snapshotId) {
        if (!haveOrder || sender != appliedSender || epoch != appliedEpoch) {
            LOG.info("controller {}/{} is now in charge{}", sender, epoch,
                    haveOrder ? " (was " + appliedSender + "/" + appliedEpoch + ")" : "");
        }
        haveOrder = true;
        haveBase = true;
        appliedSender = sender;
        appliedEpoch = epoch;
        appliedSequence = sequence;
        appliedSnapshotId = snapshotId;
        publishState();
    }

    /**
     * Hands the full desired set to the shaper. On failure the applied state stands if the shaper
     * left it unchanged; otherwise it is re-read from the shaper and no delta may build on it.
     */
    private boolean apply(Map<FiveTuple, FlowLimit> next, String what) {
        if (dryRun != null) {
            dryRun.println("# " + what + ": " + next.size() + " flows; tc batch that would run:");
            dryRun.print(shaper.plan(next.values()));
            dryRun.flush();
            desired.clear();
            desired.putAll(next);
            return true;
        }
        long t0 = System.nanoTime();
        try {
            shaper.apply(next.values());
            double seconds = (System.nanoTime() - t0) / 1e9;
            metrics.applied(seconds, true, clock.millis());
            desired.clear();
            desired.putAll(next);
            LOG.info("applied {}: {} flows limited in {} ms", what, next.size(),
                    String.format(java.util.Locale.ROOT, "%.2f", seconds * 1e3));
            return true;
        } catch (ShaperException e) {
            metrics.applied((System.nanoTime() - t0) / 1e9, false, clock.millis());
            if (e.stateUnchanged()) {
                // Refused before tc ran, or what ran was undone: the applied state, and a delta's base, stand.
                LOG.error("applying {} failed, limits unchanged: {}", what, e.getMessage());
                return false;
            }
            LOG.error("applying {} failed: {}", what, e.getMessage());
            lost();
            return false;
        } catch (RuntimeException e) {
            metrics.applied((System.nanoTime() - t0) / 1e9, false, clock.millis());
            LOG.error("applying {} failed: {}", what, e.getMessage());
            lost();
            return false;
        }
    }

    /** After an apply that left the data plane in neither state: re-reads it and forgets the base. */
    private void lost() {
        desired.clear();
        for (FlowLimit l : shaper.current()) {
            desired.put(l.flow(), l);
        }
        // The data plane now holds neither the old nor the new state exactly: no delta may build on it.
        haveBase = false;
        publishState();
    }

    /**
     * Runs periodic work: expires incomplete snapshots and applies the fail-safe.
     *
     * @return a status ACK to send if the fail-safe acted now
     */
    public synchronized Optional<AckStatus> onTick() {
        assembler.expire();
        metrics.snapshotsAbandoned(assembler.timedOutCount(), assembler.droppedCount());
        long silent = clock.millis() - lastHeardMillis;
        if (failSafeActive || silent <= silenceMillis) {
            return Optional.empty();
        }
        failSafeActive = true;
        metrics.failSafe(true);
        if (failSafeAction == FailSafeAction.CLEAR) {
            LOG.warn("no frame from a controller in charge for {} ms; fail-safe: clearing {} limits", silent,
                    desired.size());
            if (apply(new LinkedHashMap<>(), "fail-safe clear")) {
                haveBase = false;
                // No snapshot is in force: heartbeats say so, and a controller that comes back resends.
                appliedSnapshotId = 0;
                publishState();
            }
        } else {
            LOG.warn("no frame from a controller in charge for {} ms; fail-safe: keeping {} limits", silent,
                    desired.size());
        }
        return Optional.of(ack(null, AckResult.STATUS, 0, 0, 0));
    }

    /**
     * Returns a status report of the current state.
     *
     * @return an ACK body with result STATUS
     */
    public synchronized AckStatus status() {
        return ack(null, AckResult.STATUS, 0, 0, 0);
    }

    /**
     * Returns the desired state the shaper holds.
     *
     * @return a copy of the limits
     */
    public synchronized List<FlowLimit> limits() {
        return new ArrayList<>(desired.values());
    }

    /**
     * Returns the last applied snapshot id. Does not wait for an apply in progress.
     *
     * @return snapshot id, 0 before the first
     */
    public long appliedSnapshotId() {
        return appliedSnapshotId;
    }

    /**
     * Returns the controller in charge: the sender and epoch of the last applied snapshot, delta or
     * clear-all.
     *
     * @return the controller, or empty before anything was applied
     */
    public synchronized Optional<ControllerId> controllerInCharge() {
        return haveOrder ? Optional.of(new ControllerId(appliedSender, appliedEpoch)) : Optional.empty();
    }

    /**
     * Returns where ACKs and heartbeats should go: the source MAC of the controller in charge's last
     * frame, or before anyone is in charge, of the last controller frame (from its arrival, so also
     * while it is being applied). Does not wait for an apply in progress.
     *
     * @return a copy of the MAC, or empty before a controller frame with a known source arrived
     */
    public Optional<byte[]> replyMac() {
        byte[] mac = replyMac;
        return mac == null ? Optional.empty() : Optional.of(mac.clone());
    }

    /**
     * Tells whether the fail-safe is in force.
     *
     * @return true while the controller is silent too long
     */
    public synchronized boolean failSafeActive() {
        return failSafeActive;
    }

    private void publishState() {
        metrics.state(desired.size(), appliedSnapshotId, appliedSequence);
    }

    private AckStatus ack(MessageType type, AckResult result, long sender, long epoch, long sequence) {
        return new AckStatus(type, result, sender, epoch, sequence, appliedSnapshotId, appliedSequence,
                desired.size(), verifier.acceptedCount(), verifier.rejectCounts());
    }
}
