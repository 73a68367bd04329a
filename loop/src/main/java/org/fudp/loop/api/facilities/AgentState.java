// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.facilities;


import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.fudp.loop.api.settings.Facility;

/**
 * What the controller knows of the enforcer at one facility: the adjustor agent, or the switch's
 * meters ({@link #enforcement()}). A metered facility has no agent to hear from: its snapshot is
 * acknowledged when every limit's meter is in force or refused, and it names the flows it could
 * not meter.
 */
public final class AgentState {

    private final Facility.Enforcement enforcement;
    private final int unmetered;
    private final String facilityId;
    private final AgentStatus status;
    private final long lastHeartbeatMs;
    private final long lastSentSeq;
    private final long lastAckedSeq;
    private final long lastAckedMs;
    private final long framesSent;
    private final long resends;
    private final Map<String, Long> rejectedFrames;
    private final String reason;

    /**
     * Creates an agent view.
     *
     * @param facilityId the facility switch the agent's adjustor hangs off
     * @param status liveness
     * @param lastHeartbeatMs when a frame was last received from it, 0 if never
     * @param lastSentSeq sequence number of the last snapshot sent, 0 if none
     * @param lastAckedSeq sequence number of the last snapshot it acknowledged, 0 if none
     * @param lastAckedMs when it last acknowledged, 0 if never
     * @param framesSent control frames sent to it
     * @param resends snapshots sent again for want of an acknowledgement
     * @param rejectedFrames frames from or about it that were rejected, by reason
     * @param reason why it is not working as it should, "" when it is
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public AgentState(String facilityId, AgentStatus status, long lastHeartbeatMs, long lastSentSeq,
                      long lastAckedSeq, long lastAckedMs, long framesSent, long resends,
                      Map<String, Long> rejectedFrames, String reason) {
        this(Facility.Enforcement.ADJUSTOR, 0, facilityId, status, lastHeartbeatMs, lastSentSeq, lastAckedSeq,
                lastAckedMs, framesSent, resends, rejectedFrames, reason);
    }

    @SuppressWarnings("checkstyle:ParameterNumber")
    private AgentState(Facility.Enforcement enforcement, int unmetered, String facilityId, AgentStatus status,
                       long lastHeartbeatMs, long lastSentSeq, long lastAckedSeq, long lastAckedMs, long framesSent,
                       long resends, Map<String, Long> rejectedFrames, String reason) {
        this.enforcement = Objects.requireNonNull(enforcement, "enforcement");
        this.unmetered = unmetered;
        this.facilityId = Objects.requireNonNull(facilityId, "facilityId");
        this.status = Objects.requireNonNull(status, "status");
        this.lastHeartbeatMs = lastHeartbeatMs;
        this.lastSentSeq = lastSentSeq;
        this.lastAckedSeq = lastAckedSeq;
        this.lastAckedMs = lastAckedMs;
        this.framesSent = framesSent;
        this.resends = resends;
        this.rejectedFrames = Collections.unmodifiableMap(new TreeMap<>(rejectedFrames));
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /**
     * Returns the view of a facility that enforces with its switch's meters.
     *
     * @param facilityId the facility switch
     * @param lastSentSeq the desired state's number, 0 if none
     * @param lastAckedSeq the number of the last desired state whose every meter was in force or refused
     * @param lastAckedMs when that was, 0 if never
     * @param metersRequested meters asked of the switch
     * @param unmetered flows the switch refused a meter, left unlimited
     * @param reason why the last of them was refused, "" if none is
     * @return the view, status {@link AgentStatus#UP}
     */
    public static AgentState metered(String facilityId, long lastSentSeq, long lastAckedSeq, long lastAckedMs,
                                     long metersRequested, int unmetered, String reason) {
        return new AgentState(Facility.Enforcement.METER, unmetered, facilityId, AgentStatus.UP, 0, lastSentSeq,
                lastAckedSeq, lastAckedMs, metersRequested, 0, Map.of(), reason);
    }

    /**
     * Returns this view as another enforcement's, for a store that reads one back.
     *
     * @param kind the enforcement
     * @param unmeteredFlows the flows that could not be metered
     * @return the view
     */
    public AgentState as(Facility.Enforcement kind, int unmeteredFlows) {
        return new AgentState(kind, unmeteredFlows, facilityId, status, lastHeartbeatMs, lastSentSeq, lastAckedSeq,
                lastAckedMs, framesSent, resends, rejectedFrames, reason);
    }

    /**
     * Returns how the facility enforces limits.
     *
     * @return the adjustor or the switch's meters
     */
    public Facility.Enforcement enforcement() {
        return enforcement;
    }

    /**
     * Returns how many flows the switch refused a meter; they are counted but unlimited.
     *
     * @return 0 for an adjustor facility
     */
    public int unmetered() {
        return unmetered;
    }

    /**
     * Returns the facility switch.
     *
     * @return device id
     */
    public String facilityId() {
        return facilityId;
    }

    /**
     * Returns the liveness.
     *
     * @return status
     */
    public AgentStatus status() {
        return status;
    }

    /**
     * Tells whether the agent is up.
     *
     * @return true if heard from within the heartbeat timeout
     */
    public boolean isUp() {
        return status == AgentStatus.UP;
    }

    /**
     * Returns when a frame was last received from the agent.
     *
     * @return epoch milliseconds, 0 if never
     */
    public long lastHeartbeatMs() {
        return lastHeartbeatMs;
    }

    /**
     * Returns the sequence number of the last snapshot sent.
     *
     * @return sequence number, 0 if none
     */
    public long lastSentSeq() {
        return lastSentSeq;
    }

    /**
     * Returns the sequence number of the last acknowledged snapshot.
     *
     * @return sequence number, 0 if none
     */
    public long lastAckedSeq() {
        return lastAckedSeq;
    }

    /**
     * Tells whether every snapshot sent has been acknowledged.
     *
     * @return true if nothing is outstanding
     */
    public boolean inSync() {
        return lastAckedSeq >= lastSentSeq;
    }

    /**
     * Returns when the agent last acknowledged a snapshot.
     *
     * @return epoch milliseconds, 0 if never
     */
    public long lastAckedMs() {
        return lastAckedMs;
    }

    /**
     * Returns how many control frames were sent to the agent.
     *
     * @return frame count
     */
    public long framesSent() {
        return framesSent;
    }

    /**
     * Returns how many snapshots were sent again for want of an acknowledgement.
     *
     * @return resend count
     */
    public long resends() {
        return resends;
    }

    /**
     * Returns the counts of rejected frames by reason (the agent's reject reasons it
     * reported, and frames the controller could not accept, e.g. a bad authentication tag).
     *
     * @return reason to count
     */
    public Map<String, Long> rejectedFrames() {
        return rejectedFrames;
    }

    /**
     * Returns why the agent is not working as it should, in words an operator can act on: no key,
     * a key id the key file lacks, never heard from, silent too long, its frames rejected (a
     * different key?), a snapshot it could not apply.
     *
     * @return the reason, "" when all is well
     */
    public String reason() {
        return reason;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AgentState)) {
            return false;
        }
        AgentState that = (AgentState) o;
        return enforcement == that.enforcement && unmetered == that.unmetered
                && lastHeartbeatMs == that.lastHeartbeatMs && lastSentSeq == that.lastSentSeq
                && lastAckedSeq == that.lastAckedSeq && lastAckedMs == that.lastAckedMs
                && framesSent == that.framesSent && resends == that.resends
                && facilityId.equals(that.facilityId) && status == that.status
                && rejectedFrames.equals(that.rejectedFrames) && reason.equals(that.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(enforcement, unmetered, facilityId, status, lastHeartbeatMs, lastSentSeq, lastAckedSeq,
                lastAckedMs, framesSent, resends, rejectedFrames, reason);
    }

    @Override
    public String toString() {
        return (enforcement == Facility.Enforcement.METER ? "meters at " : "agent at ") + facilityId + " " + status
                + ", sent " + lastSentSeq + ", acked " + lastAckedSeq
                + (unmetered == 0 ? "" : ", " + unmetered + " unmetered")
                + (rejectedFrames.isEmpty() ? "" : ", rejected " + rejectedFrames)
                + (reason.isEmpty() ? "" : ": " + reason);
    }
}
