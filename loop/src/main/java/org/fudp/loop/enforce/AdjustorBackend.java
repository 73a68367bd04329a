// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.MutableClock;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Enforcement through the tc flow adjustor (paper, Section 4.3): one {@link AdjustorSession} per
 * facility over one {@link AdjustorChannel}. Replacing the channel (new keys, new EtherType)
 * takes a newer epoch, and every session sends its whole desired state again.
 */
public final class AdjustorBackend implements EnforcementBackend {

    private final Map<String, AdjustorSession> sessions = new LinkedHashMap<>();
    private final MutableClock clock;
    private LoopSettings settings;
    private AdjustorChannel channel;
    private String keyText;

    /**
     * Creates the backend.
     *
     * @param settings the tunables (sender id, control EtherType)
     * @param keyText the key file's content, null if there is none
     * @param epochMs the controller's epoch
     * @param clock the loop's clock, for the frames' times
     * @throws IllegalArgumentException if the key text is unusable
     */
    public AdjustorBackend(LoopSettings settings, String keyText, long epochMs, MutableClock clock) {
        this.settings = settings;
        this.clock = clock;
        this.keyText = keyText;
        this.channel = new AdjustorChannel(keyText, settings.senderId(), epochMs, settings.controlEtherType(), clock);
    }

    public void setSettings(LoopSettings s) {
        settings = s;
    }

    public AdjustorChannel channel() {
        return channel;
    }

    public String keyText() {
        return keyText;
    }

    /**
     * Replaces the wire under these keys and the settings in force, at an epoch newer than the current one and
     * than {@code above} (a new channel numbers its frames from 1 again, so the agent accepts it only from a
     * newer epoch): acknowledgements of the old epoch no longer count, and every session sends its whole
     * desired state again.
     *
     * @param nowMs the time
     * @param keys the key file's content, null if there is none
     * @param above an epoch the new one must exceed, such as the one the agent obeyed last
     * @param out where notices go
     * @throws IllegalArgumentException if the keys are unusable; nothing changes then
     */
    public void renew(long nowMs, String keys, long above, Actions out) {
        AdjustorChannel next = new AdjustorChannel(keys, settings.senderId(),
                Math.max(nowMs, Math.max(channel.epoch(), above) + 1), settings.controlEtherType(), clock);
        keyText = keys;
        channel = next;
        for (AdjustorSession s : sessions.values()) {
            s.newEpoch();
            warnIfNoKey(s.facility(), out);
        }
    }

    private void warnIfNoKey(Facility f, Actions out) {
        String problem = channel.keyProblem(f);
        if (problem != null) {
            out.warn("Facility " + f.id() + ": " + problem + "; its adjustor cannot be controlled");
        }
    }

    @Override
    public void setFacilities(Collection<Facility> facilities, long nowMs, Actions out) {
        Map<String, Facility> wanted = new LinkedHashMap<>();
        facilities.forEach(f -> wanted.put(f.id(), f));
        for (AdjustorSession s : List.copyOf(sessions.values())) {
            if (!s.facility().sameWiring(wanted.get(s.facility().id()))) {
                s.clearAll(channel, out);
                sessions.remove(s.facility().id());
                out.agentGone(s.facility().id());
            }
        }
        for (Facility f : facilities) {
            if (!sessions.containsKey(f.id())) {
                AdjustorSession s = new AdjustorSession(f);
                sessions.put(f.id(), s);
                warnIfNoKey(f, out);
                out.putAgent(view(s));
            }
        }
    }

    @Override
    public void handOver(String facilityId) {
        // No CLEAR_ALL: the agent keeps its limits until the next controller's snapshot.
        sessions.remove(facilityId);
    }

    @Override
    public void setDesired(String facilityId, List<FlowLimit> limits) {
        AdjustorSession s = sessions.get(facilityId);
        if (s != null) {
            s.setDesired(limits);
        }
    }

    @Override
    public boolean tick(long nowMs, Actions out) {
        boolean changed = false;
        for (AdjustorSession s : sessions.values()) {
            if (s.tick(nowMs, settings, channel, out)) {
                out.putAgent(view(s));
                changed = true;
            }
        }
        return changed;
    }

    @Override
    public boolean receive(long nowMs, String facilityId, byte[] frame, Actions out) {
        AdjustorSession s = sessions.get(facilityId);
        if (s == null) {
            return false;
        }
        AdjustorChannel.Received r = channel.receive(frame);
        if (r.ignore) {
            return false;
        }
        if (r.rejected != null) {
            s.rejected(r.rejected);
            out.putAgent(view(s));
            return false;
        }
        AckStatus ack = r.ack;
        boolean answersUs = ack != null && channel.answersUs(ack);
        if (s.heard(nowMs, r.agentEpoch, r.agentSnapshotId, answersUs)) {
            out.info("Adjustor agent at " + facilityId + " is up");
        }
        boolean acked = false;
        if (answersUs) {
            String result = ack.result().name();
            acked = s.acknowledged(nowMs, ack.lastAppliedSnapshotId(), result, AdjustorChannel.agentRejects(ack));
            if (!"APPLIED".equals(result)) {
                // The ACK names the state the agent keeps, not the message it did not apply.
                out.warn("Adjustor agent at " + facilityId + " did not apply our message (sequence "
                        + ack.ackedSequence() + "): " + result + "; it keeps snapshot " + ack.lastAppliedSnapshotId());
            }
        }
        // An agent that (re)appeared gets the whole desired state now, not at the next tick.
        s.tick(nowMs, settings, channel, out);
        out.putAgent(view(s));
        return acked;
    }

    @Override
    public boolean isUp(String facilityId) {
        AdjustorSession s = sessions.get(facilityId);
        return s != null && s.status() == AgentStatus.UP;
    }

    @Override
    public OptionalLong inForceBps(String facilityId, FiveTuple flow) {
        AdjustorSession s = sessions.get(facilityId);
        // An agent that is not up holds nothing the controller can vouch for.
        FlowLimit l = s == null || s.status() != AgentStatus.UP ? null : s.inForce(flow);
        return l == null ? OptionalLong.empty() : OptionalLong.of(l.rateBps());
    }

    @Override
    public long sentDesiredId(String facilityId) {
        AdjustorSession s = sessions.get(facilityId);
        return s != null && s.sentId() == s.desiredId() ? s.desiredId() : 0;
    }

    @Override
    public boolean desiredAcknowledged(String facilityId) {
        AdjustorSession s = sessions.get(facilityId);
        return s != null && s.isAcknowledged(s.desiredId());
    }

    @Override
    public Optional<long[]> rebaseWindow(String facilityId) {
        AdjustorSession s = sessions.get(facilityId);
        if (s == null) {
            return Optional.empty();
        }
        long[] t = s.limitsTiming();
        if (t[0] < 0) {
            return Optional.empty();
        }
        // Counters show the new limits once the agent has applied them (its ACK) and the switch has
        // refreshed its counters; without an ACK, from 0.8 of a period after sending at the latest
        // (the agent's very first tc class took 0.3-0.7 s in the lab).
        if (t[1] >= 0) {
            return Optional.of(new long[]{t[1] + settings.counterLagMs(), t[1]});
        }
        return Optional.of(new long[]{t[0] + settings.periodMs() * 4 / 5, t[0]});
    }

    @Override
    public void rebased(String facilityId) {
        AdjustorSession s = sessions.get(facilityId);
        if (s != null) {
            s.limitsMeasured();
        }
    }

    @Override
    public Optional<AgentState> view(String facilityId) {
        AdjustorSession s = sessions.get(facilityId);
        return s == null ? Optional.empty() : Optional.of(view(s));
    }

    private AgentState view(AdjustorSession s) {
        return s.view(channel.keyProblem(s.facility()), settings.heartbeatTimeoutMs());
    }

    @Override
    public void stop(Actions out) {
        for (AdjustorSession s : sessions.values()) {
            s.clearAll(channel, out);
        }
    }
}
