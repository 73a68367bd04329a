package org.fudp.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.fudp.api.AgentState;
import org.fudp.api.Facility;
import org.fudp.protocol.FlowLimit;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The controller's side of one facility's adjustor agent: liveness from heartbeats and
 * acknowledgements, the desired state and whether the agent has acknowledged it, and when to
 * send it (again). Not thread-safe; the manager serializes access.
 */
final class AgentTracker {

    private final Facility facility;
    private AgentState.Status status = AgentState.Status.UNKNOWN;
    private long lastHeardMs;
    private long lastAckedMs;
    private long snapshotCounter;
    private List<FlowLimit> desired = ImmutableList.of();
    private long desiredId;
    private long ackedId;
    private long sentId;
    private long sentAtMs;
    private long framesSent;
    private long lastSentAnyMs;
    private long agentEpoch = -1;
    private long resends;
    private boolean agentMayHoldLimits;
    private final Map<String, Long> rejects = new TreeMap<>();

    AgentTracker(Facility facility) {
        this.facility = facility;
    }

    Facility facility() {
        return facility;
    }

    AgentState.Status status() {
        return status;
    }

    List<FlowLimit> desired() {
        return desired;
    }

    long desiredId() {
        return desiredId;
    }

    long ackedId() {
        return ackedId;
    }

    /**
     * Sets the limits the agent should hold.
     *
     * @param limits the limits, one per flow
     * @return true if they differ from the previous desired state (a new snapshot id was taken)
     */
    boolean setDesired(List<FlowLimit> limits) {
        if (ImmutableSet.copyOf(limits).equals(ImmutableSet.copyOf(desired))) {
            return false;
        }
        desired = ImmutableList.copyOf(limits);
        desiredId = ++snapshotCounter;
        return true;
    }

    /**
     * Tells whether the desired state should be sent now: it was never sent, or it is
     * unacknowledged for longer than the ack timeout (the heartbeat timeout while the agent is
     * not up, so a dead agent is not flooded). Without enforcement (dry-run, disabled) only a
     * state that releases limits this controller set is sent.
     *
     * @param nowMs current time
     * @param ackTimeoutMs acknowledgement timeout
     * @param heartbeatTimeoutMs heartbeat timeout
     * @param enforce whether limits are enforced
     * @return true to send
     */
    boolean shouldSend(long nowMs, long ackTimeoutMs, long heartbeatTimeoutMs, boolean enforce) {
        if (desiredId == 0 || ackedId >= desiredId) {
            return false;
        }
        if (!enforce && !agentMayHoldLimits) {
            return false;
        }
        if (sentId != desiredId) {
            return true;
        }
        long wait = status == AgentState.Status.UP ? ackTimeoutMs : heartbeatTimeoutMs;
        return nowMs - sentAtMs >= wait;
    }

    /**
     * Records that the desired state was sent.
     *
     * @param nowMs send time
     * @param frames frames sent
     */
    void sent(long nowMs, int frames) {
        if (sentId == desiredId) {
            resends++;
        }
        sentId = desiredId;
        sentAtMs = nowMs;
        framesSent += frames;
        lastSentAnyMs = nowMs;
        agentMayHoldLimits |= !desired.isEmpty();
    }

    /**
     * Tells whether the controller has been silent toward the agent for a heartbeat interval.
     *
     * @param nowMs current time
     * @param intervalMs heartbeat interval
     * @return true to send a heartbeat
     */
    boolean heartbeatDue(long nowMs, long intervalMs) {
        return nowMs - lastSentAnyMs >= intervalMs;
    }

    /**
     * Records a heartbeat sent to the agent.
     *
     * @param nowMs send time
     * @param frames frames sent
     */
    void heartbeatSent(long nowMs, int frames) {
        lastSentAnyMs = nowMs;
        framesSent += frames;
    }

    /**
     * Records an authenticated frame from the agent.
     *
     * @param nowMs arrival time
     * @param epoch the agent's epoch
     * @param agentSnapshotId the snapshot the agent says it holds
     * @return true if the agent was not up before (it appeared or reappeared)
     */
    boolean heard(long nowMs, long epoch, long agentSnapshotId) {
        lastHeardMs = nowMs;
        boolean appeared = status != AgentState.Status.UP;
        boolean restarted = agentEpoch >= 0 && epoch != agentEpoch;
        agentEpoch = epoch;
        status = AgentState.Status.UP;
        if (appeared || restarted || (ackedId > 0 && agentSnapshotId < ackedId)) {
            // It (re)appeared, restarted, or holds less than it acknowledged: send it the whole
            // desired state again, whatever it acknowledged before.
            ackedId = 0;
            sentId = 0;
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
     */
    void acknowledged(long nowMs, long snapshotId, String result, Map<String, Long> agentRejects) {
        agentRejects.forEach((reason, n) -> rejects.put("agent:" + reason, n));
        if (!"APPLIED".equals(result)) {
            rejects.merge("agent:" + result, 1L, Long::sum);
            return;
        }
        if (snapshotId == sentId && snapshotId > ackedId) {
            ackedId = snapshotId;
            lastAckedMs = nowMs;
            if (snapshotId == desiredId && desired.isEmpty()) {
                agentMayHoldLimits = false;
            }
        }
    }

    /**
     * Counts a frame the controller rejected.
     *
     * @param reason why
     */
    void rejected(String reason) {
        rejects.merge("controller:" + reason, 1L, Long::sum);
    }

    /**
     * Declares the agent down after its heartbeat timeout.
     *
     * @param nowMs current time
     * @param heartbeatTimeoutMs heartbeat timeout
     * @return true if it just went down
     */
    boolean checkAlive(long nowMs, long heartbeatTimeoutMs) {
        if (status == AgentState.Status.UP && nowMs - lastHeardMs > heartbeatTimeoutMs) {
            status = AgentState.Status.DOWN;
            return true;
        }
        return false;
    }

    /**
     * Tells whether a limit sent with a snapshot is acknowledged.
     *
     * @param snapshotId the snapshot
     * @return true once the agent acknowledged that snapshot or a later one
     */
    boolean isAcknowledged(long snapshotId) {
        return snapshotId > 0 && ackedId >= snapshotId;
    }

    /**
     * Forgets what the agent acknowledged, so the whole desired state is sent again (after the
     * controller's epoch changed, acknowledgements of the old one no longer count).
     */
    void resync() {
        ackedId = 0;
        sentId = 0;
    }

    /**
     * Takes a new snapshot id for a message outside the desired-state cycle (clear-all).
     *
     * @return the id
     */
    long nextSnapshotId() {
        return ++snapshotCounter;
    }

    long sentId() {
        return sentId;
    }

    AgentState view() {
        return new AgentState(facility.deviceId(), status, lastHeardMs, Math.max(sentId, 0), ackedId,
                lastAckedMs, framesSent, resends, rejects);
    }
}
