// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The controller's side of one facility's adjustor agent: liveness from heartbeats and
 * acknowledgements, the desired state and whether the agent has acknowledged it, when to send it
 * (again), and when the limits it carries took effect. Not thread-safe.
 */
final class AdjustorSession {

    private final Facility facility;
    private AgentStatus status = AgentStatus.UNKNOWN;
    private long lastHeardMs;
    private long lastAckedMs;
    private long snapshotCounter;
    private List<FlowLimit> desired = new ArrayList<>();
    private List<FlowLimit> sentLimits = List.of();
    private Map<FiveTuple, FlowLimit> inForce = Map.of();
    private long desiredId;
    private long ackedId;
    private long sentId;
    private long highestSentId;
    private long sentAtMs;
    private long framesSent;
    private long lastSentAnyMs;
    private long agentEpoch = -1;
    private long resends;
    private boolean agentMayHoldLimits;
    private long limitsSentAtMs = -1;
    private String lastRejected;
    private String lastApplyFailure;
    private String supersededBy;
    private long limitsAckedAtMs = -1;
    private final Map<String, Long> rejects = new TreeMap<>();

    AdjustorSession(Facility facility) {
        this.facility = facility;
    }

    Facility facility() {
        return facility;
    }

    AgentStatus status() {
        return status;
    }

    long desiredId() {
        return desiredId;
    }

    long sentId() {
        return sentId;
    }

    /**
     * Sets the limits the agent should hold.
     *
     * @param limits the limits, one per flow
     * @return true if they differ from the previous desired state (a new snapshot id was taken)
     */
    boolean setDesired(List<FlowLimit> limits) {
        if (new HashSet<>(limits).equals(new HashSet<>(desired))) {
            return false;
        }
        desired = new ArrayList<>(limits);
        desiredId = ++snapshotCounter;
        return true;
    }

    /**
     * Sends what is due: the desired state if never sent or unacknowledged for too long, a
     * heartbeat if the controller has been silent for a heartbeat interval; and declares the agent
     * down after its heartbeat timeout.
     *
     * @param nowMs the time
     * @param settings timeouts and whether limits are enforced
     * @param channel the wire
     * @param out where frames and notices go
     * @return true if the agent's view changed
     */
    boolean tick(long nowMs, LoopSettings settings, AdjustorChannel channel, Actions out) {
        if (supersededBy != null) {
            return false;
        }
        boolean changed = false;
        if (status == AgentStatus.UP && nowMs - lastHeardMs > settings.heartbeatTimeoutMs()) {
            status = AgentStatus.DOWN;
            out.warn("Adjustor agent at " + facility.id() + " is silent for " + settings.heartbeatTimeoutMs()
                    + " ms: down");
            changed = true;
        }
        changed |= sendIfDue(nowMs, settings, channel, out);
        if (nowMs - lastSentAnyMs >= settings.heartbeatIntervalMs()) {
            int frames = channel.heartbeat(facility, desiredId, out);
            if (frames > 0) {
                lastSentAnyMs = nowMs;
                framesSent += frames;
            }
        }
        return changed;
    }

    /**
     * Sends the desired state if it was never sent, or is unacknowledged for longer than the ack
     * timeout (the heartbeat timeout while the agent is not up, so a dead agent is not flooded).
     * Without enforcement (dry-run, disabled) only a state that releases limits this controller
     * set is sent.
     */
    private boolean sendIfDue(long nowMs, LoopSettings settings, AdjustorChannel channel, Actions out) {
        if (desiredId == 0 || ackedId >= desiredId || (!settings.enforce() && !agentMayHoldLimits)) {
            return false;
        }
        boolean resend = sentId == desiredId;
        if (resend) {
            long wait = status == AgentStatus.UP ? settings.ackTimeoutMs() : settings.heartbeatTimeoutMs();
            if (nowMs - sentAtMs < wait) {
                return false;
            }
        }
        // An id goes on the wire once per epoch: an agent that applied a snapshot whose ACK was
        // lost REFUSES its id again (protocol 2.3.2), so a resend is a new snapshot of the same limits.
        long id = desiredId <= highestSentId ? snapshotCounter + 1 : desiredId;
        int frames = channel.snapshot(facility, id, desired, out);
        if (frames == 0) {
            return false;
        }
        if (id != desiredId) {
            snapshotCounter = id;
            desiredId = id;
        }
        highestSentId = id;
        if (resend) {
            resends++;
        } else {
            limitsSentAtMs = nowMs;
            limitsAckedAtMs = -1;
        }
        sentId = desiredId;
        sentLimits = List.copyOf(desired);
        sentAtMs = nowMs;
        framesSent += frames;
        lastSentAnyMs = nowMs;
        agentMayHoldLimits |= !desired.isEmpty();
        return true;
    }

    /**
     * Records an authenticated frame from the agent.
     *
     * @param nowMs arrival time
     * @param epoch the agent's epoch
     * @param agentSnapshotId the snapshot the agent says it holds
     * @param answersUs whether the frame acknowledges one of ours: an agent that first shows up
     *                  that way (this controller announced itself first, taking a facility over)
     *                  has our state and needs no resend
     * @return true if the agent was not up before (it appeared or reappeared)
     */
    boolean heard(long nowMs, long epoch, long agentSnapshotId, boolean answersUs) {
        lastHeardMs = nowMs;
        lastRejected = null;
        boolean appeared = status != AgentStatus.UP;
        boolean restarted = agentEpoch >= 0 && epoch != agentEpoch;
        agentEpoch = epoch;
        status = AgentStatus.UP;
        if ((appeared && !answersUs) || restarted || (ackedId > 0 && agentSnapshotId < ackedId)) {
            // It (re)appeared, restarted, or holds less than it acknowledged: send it the whole
            // desired state again, whatever it acknowledged before.
            resync();
            if (desiredId == 0) {
                desiredId = ++snapshotCounter;
            }
        }
        return appeared;
    }

    /**
     * Records an acknowledgement. One that did not apply leaves the snapshot unacknowledged,
     * so it is sent again after the ack timeout.
     *
     * @param nowMs arrival time
     * @param snapshotId the acknowledged snapshot
     * @param result APPLIED, or why the agent did not apply it
     * @param agentRejects the agent's own rejected-frame counters
     * @return true if it acknowledged the desired state
     */
    boolean acknowledged(long nowMs, long snapshotId, String result, Map<String, Long> agentRejects) {
        agentRejects.forEach((reason, n) -> rejects.put("agent:" + reason, n));
        if (!"APPLIED".equals(result)) {
            rejects.merge("agent:" + result, 1L, Long::sum);
            // The ACK of a message not applied carries the state in force, not the message's id.
            lastApplyFailure = "snapshot " + sentId + " not applied: " + result + " (the agent holds snapshot "
                    + snapshotId + ")";
            if ("STALE".equals(result) && sentId == desiredId) {
                // Our newest order is older than the agent's controller in charge: another
                // controller took the adjustor over. Stop, heartbeats included (protocol 3.1).
                supersededBy = "superseded: the agent follows a newer controller (snapshot " + desiredId
                        + " was STALE); this instance sends it nothing until its next epoch";
            }
            return false;
        }
        lastApplyFailure = null;
        if (snapshotId != sentId || snapshotId <= ackedId) {
            return false;
        }
        ackedId = snapshotId;
        lastAckedMs = nowMs;
        Map<FiveTuple, FlowLimit> applied = new HashMap<>();
        sentLimits.forEach(l -> applied.put(l.flow(), l));
        inForce = applied;
        if (snapshotId == desiredId) {
            if (desired.isEmpty()) {
                agentMayHoldLimits = false;
            }
            if (limitsSentAtMs >= 0 && limitsAckedAtMs < 0) {
                limitsAckedAtMs = nowMs;
            }
        }
        return snapshotId == desiredId;
    }

    /**
     * Counts a frame the controller rejected.
     *
     * @param reason why
     */
    void rejected(String reason) {
        rejects.merge("controller:" + reason, 1L, Long::sum);
        lastRejected = reason;
    }

    /**
     * Tells whether a snapshot is acknowledged.
     *
     * @param snapshotId the snapshot
     * @return true once the agent acknowledged that snapshot or a later one
     */
    boolean isAcknowledged(long snapshotId) {
        return snapshotId > 0 && ackedId >= snapshotId;
    }

    /**
     * Forgets what the agent acknowledged, so the whole desired state is sent again (the agent
     * restarted, or the controller's epoch changed and old acknowledgements no longer count).
     */
    void resync() {
        ackedId = 0;
        sentId = 0;
        inForce = Map.of();
    }

    /**
     * Returns the limit the agent holds a flow to: one of the last state it acknowledged applying.
     *
     * @param flow the flow
     * @return the limit, null if the agent acknowledged none for it (or none since it restarted)
     */
    FlowLimit inForce(FiveTuple flow) {
        return inForce.get(flow);
    }

    /**
     * Starts over under the controller's new epoch: the whole desired state is sent again, also to
     * an agent that had gone over to another controller (the new epoch may be newer than its).
     */
    void newEpoch() {
        resync();
        supersededBy = null;
    }

    /**
     * Tells the agent to drop every limit, outside the desired-state cycle (the facility is
     * removed or the controller stops).
     *
     * @param channel the wire
     * @param out where the frame goes
     */
    void clearAll(AdjustorChannel channel, Actions out) {
        channel.clearAll(facility, ++snapshotCounter, out);
    }

    /**
     * Returns when the limits of the desired state were first sent, and when acknowledged.
     *
     * @return {sent, acknowledged}, -1 for "not yet"
     */
    long[] limitsTiming() {
        return new long[]{limitsSentAtMs, limitsAckedAtMs};
    }

    /**
     * Marks the desired state's limits as measured under (the window was re-based).
     */
    void limitsMeasured() {
        limitsSentAtMs = -1;
        limitsAckedAtMs = -1;
    }

    /**
     * Returns the agent's view, with why it is not working as it should.
     *
     * @param keyProblem what keeps frames from being signed or verified for it, null if nothing
     * @param heartbeatTimeoutMs the heartbeat timeout in force
     * @return the view
     */
    AgentState view(String keyProblem, long heartbeatTimeoutMs) {
        return new AgentState(facility.id(), status, lastHeardMs, Math.max(sentId, 0), ackedId, lastAckedMs,
                framesSent, resends, rejects, reason(keyProblem, heartbeatTimeoutMs));
    }

    private String reason(String keyProblem, long heartbeatTimeoutMs) {
        if (keyProblem != null) {
            return keyProblem + ": control frames can be neither sent nor verified";
        }
        if (supersededBy != null) {
            return supersededBy;
        }
        String rejected = lastRejected == null ? "" : "; its last frame was rejected: " + lastRejected
                + ("BAD_MAC".equals(lastRejected) ? " (signed with another key?)" : "");
        switch (status) {
            case UNKNOWN:
                return "never heard from" + rejected;
            case DOWN:
                return "silent for more than " + heartbeatTimeoutMs + " ms" + rejected;
            default:
                return lastApplyFailure == null ? "" : lastApplyFailure;
        }
    }
}
