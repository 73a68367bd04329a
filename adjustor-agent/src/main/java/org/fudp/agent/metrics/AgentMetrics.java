// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.metrics;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.RejectReason;

/**
 * What the agent counts, and its rendering in the Prometheus text format (version 0.0.4).
 * Thread-safe.
 */
public final class AgentMetrics {

    /** Upper bounds of the apply-latency histogram buckets, seconds. */
    static final double[] APPLY_BUCKETS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

    private final AtomicLong framesReceived = new AtomicLong();
    private final AtomicLong framesAccepted = new AtomicLong();
    private final AtomicLong framesIgnored = new AtomicLong();
    private final AtomicLong flowsLimited = new AtomicLong();
    private final AtomicLong applyFailures = new AtomicLong();
    private final AtomicLong lastSnapshotId = new AtomicLong();
    private final AtomicLong lastAppliedSequence = new AtomicLong();
    private final AtomicLong lastApplyEpochMillis = new AtomicLong();
    private final AtomicLong lastControllerFrameMillis = new AtomicLong();
    private final AtomicLong failSafeActive = new AtomicLong();
    private final AtomicLong failSafeTriggers = new AtomicLong();
    private final AtomicLong waitingForController = new AtomicLong();
    private final AtomicLong heartbeatsSent = new AtomicLong();
    private final AtomicLong sendErrors = new AtomicLong();
    private final AtomicLong snapshotsTimedOut = new AtomicLong();
    private final AtomicLong snapshotsDropped = new AtomicLong();
    private final EnumMap<AckResult, AtomicLong> acks = new EnumMap<>(AckResult.class);
    private final long[] applyBucketCounts = new long[APPLY_BUCKETS.length];
    private long applyCount;
    private double applySumSeconds;
    private double lastApplySeconds;
    private volatile Supplier<Map<RejectReason, Long>> rejects = () -> Map.of();

    /**
     * Creates zeroed metrics.
     */
    public AgentMetrics() {
        for (AckResult r : AckResult.values()) {
            acks.put(r, new AtomicLong());
        }
    }

    /**
     * Sets where rejection counts come from (the frame verifier keeps them).
     *
     * @param source current counts by reason
     */
    public void rejectSource(Supplier<Map<RejectReason, Long>> source) {
        this.rejects = source;
    }

    /** Counts a captured control frame, valid or not. */
    public void frameReceived() {
        framesReceived.incrementAndGet();
    }

    /**
     * Counts a frame that passed every check.
     *
     * @param nowMillis when, for the controller-silence gauge
     */
    public void frameAccepted(long nowMillis) {
        framesAccepted.incrementAndGet();
        lastControllerFrameMillis.set(nowMillis);
    }

    /** Counts a valid frame the agent has no use for (for example another agent's ACK). */
    public void frameIgnored() {
        framesIgnored.incrementAndGet();
    }

    /**
     * Records one apply.
     *
     * @param seconds how long it took
     * @param ok whether it succeeded
     * @param nowMillis when it finished
     */
    public synchronized void applied(double seconds, boolean ok, long nowMillis) {
        applyCount++;
        applySumSeconds += seconds;
        lastApplySeconds = seconds;
        for (int i = 0; i < APPLY_BUCKETS.length; i++) {
            if (seconds <= APPLY_BUCKETS[i]) {
                applyBucketCounts[i]++;
            }
        }
        if (ok) {
            lastApplyEpochMillis.set(nowMillis);
        } else {
            applyFailures.incrementAndGet();
        }
    }

    /**
     * Records the state after a change.
     *
     * @param flows flows limited now
     * @param snapshotId last applied snapshot id
     * @param sequence last applied sequence
     */
    public void state(long flows, long snapshotId, long sequence) {
        flowsLimited.set(flows);
        lastSnapshotId.set(snapshotId);
        lastAppliedSequence.set(sequence);
    }

    /**
     * Counts an ACK sent.
     *
     * @param result its result
     */
    public void ackSent(AckResult result) {
        acks.get(result).incrementAndGet();
    }

    /** Counts a heartbeat sent. */
    public void heartbeatSent() {
        heartbeatsSent.incrementAndGet();
    }

    /** Counts a frame the agent failed to send. */
    public void sendError() {
        sendErrors.incrementAndGet();
    }

    /**
     * Records whether the fail-safe is in force.
     *
     * @param active true once the controller has been silent too long, false when it speaks again
     */
    public void failSafe(boolean active) {
        if (active && failSafeActive.getAndSet(1) == 0) {
            failSafeTriggers.incrementAndGet();
        } else if (!active) {
            failSafeActive.set(0);
        }
    }

    /**
     * Records whether the agent knows where to send: until then it sends nothing.
     *
     * @param waiting true while no controller frame has given it an address (and none is configured)
     */
    public void waitingForController(boolean waiting) {
        waitingForController.set(waiting ? 1 : 0);
    }

    /**
     * Records incomplete snapshots the assembler gave up on.
     *
     * @param timedOut total timed out so far
     * @param dropped total dropped for bounds or contradictions so far
     */
    public void snapshotsAbandoned(long timedOut, long dropped) {
        snapshotsTimedOut.set(timedOut);
        snapshotsDropped.set(dropped);
    }

    /**
     * Returns the number of flows limited.
     *
     * @return flows
     */
    public long flowsLimited() {
        return flowsLimited.get();
    }

    /**
     * Renders every metric in the Prometheus text format.
     *
     * @return exposition text
     */
    public synchronized String render() {
        StringBuilder s = new StringBuilder(4096);
        counter(s, "fudp_agent_frames_received_total", "Control frames captured, valid or not.",
                framesReceived.get());
        counter(s, "fudp_agent_frames_accepted_total", "Control frames that passed every check.",
                framesAccepted.get());
        counter(s, "fudp_agent_frames_ignored_total", "Valid frames the agent has no use for.", framesIgnored.get());
        header(s, "fudp_agent_frames_rejected_total", "Control frames rejected, by reason.", "counter");
        Map<RejectReason, Long> r = rejects.get();
        for (RejectReason reason : RejectReason.values()) {
            s.append("fudp_agent_frames_rejected_total{reason=\"").append(reason.label()).append("\"} ")
                    .append(r.getOrDefault(reason, 0L)).append('\n');
        }
        gauge(s, "fudp_agent_flows_limited", "Flows limited now.", flowsLimited.get());
        header(s, "fudp_agent_apply_seconds", "Time to apply a snapshot, delta or clear to tc.", "histogram");
        for (int i = 0; i < APPLY_BUCKETS.length; i++) {
            s.append("fudp_agent_apply_seconds_bucket{le=\"").append(format(APPLY_BUCKETS[i])).append("\"} ")
                    .append(applyBucketCounts[i]).append('\n');
        }
        s.append("fudp_agent_apply_seconds_bucket{le=\"+Inf\"} ").append(applyCount).append('\n');
        s.append("fudp_agent_apply_seconds_sum ").append(format(applySumSeconds)).append('\n');
        s.append("fudp_agent_apply_seconds_count ").append(applyCount).append('\n');
        gauge(s, "fudp_agent_last_apply_seconds", "Duration of the last apply.", lastApplySeconds);
        counter(s, "fudp_agent_apply_failures_total", "Applies tc refused.", applyFailures.get());
        gauge(s, "fudp_agent_last_snapshot_id", "Id of the last applied snapshot.", lastSnapshotId.get());
        gauge(s, "fudp_agent_last_applied_sequence", "Sequence of the last applied state-changing message.",
                lastAppliedSequence.get());
        gauge(s, "fudp_agent_last_apply_timestamp_seconds", "Unix time of the last successful apply.",
                lastApplyEpochMillis.get() / 1000.0);
        gauge(s, "fudp_agent_last_controller_frame_timestamp_seconds",
                "Unix time of the last valid controller frame.", lastControllerFrameMillis.get() / 1000.0);
        gauge(s, "fudp_agent_failsafe_active", "1 while the controller has been silent too long.",
                failSafeActive.get());
        counter(s, "fudp_agent_failsafe_triggers_total", "Times the fail-safe acted.", failSafeTriggers.get());
        gauge(s, "fudp_agent_waiting_for_controller",
                "1 until a controller's frame (or control.peer-mac) gives the agent an address; it sends nothing.",
                waitingForController.get());
        header(s, "fudp_agent_acks_sent_total", "ACKs sent, by result.", "counter");
        for (AckResult a : AckResult.values()) {
            s.append("fudp_agent_acks_sent_total{result=\"").append(a.name().toLowerCase(Locale.ROOT))
                    .append("\"} ").append(acks.get(a).get()).append('\n');
        }
        counter(s, "fudp_agent_heartbeats_sent_total", "Heartbeats sent.", heartbeatsSent.get());
        counter(s, "fudp_agent_send_errors_total", "Frames the agent failed to send.", sendErrors.get());
        counter(s, "fudp_agent_snapshots_timed_out_total", "Incomplete snapshots that timed out.",
                snapshotsTimedOut.get());
        counter(s, "fudp_agent_snapshots_dropped_total", "Incomplete snapshots dropped for bounds or conflicts.",
                snapshotsDropped.get());
        return s.toString();
    }

    private static void header(StringBuilder s, String name, String help, String type) {
        s.append("# HELP ").append(name).append(' ').append(help).append('\n');
        s.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void counter(StringBuilder s, String name, String help, long v) {
        header(s, name, help, "counter");
        s.append(name).append(' ').append(v).append('\n');
    }

    private static void gauge(StringBuilder s, String name, String help, double v) {
        header(s, name, help, "gauge");
        s.append(name).append(' ').append(format(v)).append('\n');
    }

    private static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
