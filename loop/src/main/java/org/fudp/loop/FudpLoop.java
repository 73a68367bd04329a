// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.commands.MeterSpec;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.settings.PrincipalRule;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.loop.collect.PerFlowCollection;
import org.fudp.loop.enforce.MeterBackend;
import org.fudp.loop.flow.Membership;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.loop.sampling.PacketSample;
import org.fudp.protocol.FiveTuple;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The FUDP closed loop (paper, Fig. 2) without a host. FIC learns flows from packet-ins and
 * measures them from their rules' counters, flows that share a bottleneck form correlation flow
 * sets, FUDPA ({@code org.fudp.algorithm}) decides per set each period, and UFC tells the
 * adjustors the limits in force.
 * <p>
 * Each method takes one event and the time it happened, and returns what the host must do. The
 * loop reads no clock and sends nothing; the host calls it from one thread at a time (it is not
 * thread-safe) and executes the returned {@link Actions} in order.
 * </p>
 */
public final class FudpLoop {

    private final LoopParts parts;
    private LoopSettings settings;
    private List<TrafficClass> classes = List.of();
    private long periods;
    private long lastPeriodMs;

    /**
     * Creates the loop.
     *
     * @param settings the tunables
     * @param network what the host knows of the network
     * @param keyText the key file's content ("keyId = hexkey" lines), null if there is none:
     *                nothing can then be sent to or verified from an adjustor
     * @param epochMs the controller's epoch, e.g. its start time; must grow across restarts
     * @throws IllegalArgumentException if the key text is unusable
     */
    public FudpLoop(LoopSettings settings, NetworkView network, String keyText, long epochMs) {
        this.settings = settings;
        this.parts = new LoopParts(settings, network, keyText, epochMs, this::policy, this::principal);
    }

    private Actions begin(long nowMs) {
        parts.clock.set(nowMs);
        return new Actions();
    }

    // ---------------------------------------------------------------- configuration

    /**
     * Applies new tunables. New α or β restart every set's prediction; a new EtherType or sender
     * id starts a newer epoch and resends every desired state; rule settings apply to new flows;
     * enabling, disabling and dry-run take effect at the next period.
     *
     * @param nowMs the time
     * @param next the new settings
     * @return what to do
     */
    public Actions configure(long nowMs, LoopSettings next) {
        Actions out = begin(nowMs);
        LoopSettings old = settings;
        settings = next;
        parts.adjustors.setSettings(next);
        parts.meters.setSettings(next);
        parts.unitMeters.setSettings(next);
        parts.failOver.meters().setSettings(next);
        parts.collection.setSettings(next);
        if (!old.fudpa().equals(next.fudpa())) {
            // The predictors' state was built with the old weights.
            parts.decisions.clear();
        }
        if (old.controlEtherType() != next.controlEtherType() || old.senderId() != next.senderId()) {
            newEpoch(nowMs, parts.adjustors.keyText(), out);
        }
        steer(nowMs, out);
        return out;
    }

    /**
     * Sets the operator's traffic classes (docs/algorithm.md, "Policies"); from the next period each
     * flow gets the policy of the first class that matches it.
     *
     * @param next the classes, in order
     */
    public void setClasses(List<TrafficClass> next) {
        classes = List.copyOf(next);
    }

    // The policy of the first class that matches the flow.
    private FlowPolicy policy(TrackedFlow f) {
        return TrafficClass.policyOf(classes, f.tuple(), f.dscp());
    }

    // Whom an unresponsive UDP flow's traffic counts for: its class's rule, else the settings'.
    private String principal(TrackedFlow f) {
        TrafficClass c = classes.isEmpty() ? null : TrafficClass.classOf(classes, f.tuple(), f.dscp());
        PrincipalRule rule = c == null || c.principal() == null ? settings.principal() : c.principal();
        return rule.keyOf(f.tuple(), c == null ? "" : c.name());
    }

    /**
     * Returns the traffic classes in force.
     *
     * @return classes, in order
     */
    public List<TrafficClass> classes() {
        return classes;
    }

    /**
     * Takes new keys (the key file changed): a newer epoch, and every desired state is sent again.
     *
     * @param nowMs the time
     * @param newKeyText the key file's content, null if there is none
     * @return what to do
     * @throws IllegalArgumentException if the key text is unusable; the old keys stay in force
     */
    public Actions setKeys(long nowMs, String newKeyText) {
        Actions out = begin(nowMs);
        newEpoch(nowMs, newKeyText, out);
        return out;
    }

    private void newEpoch(long nowMs, String keys, Actions out) {
        parts.adjustors.renew(nowMs, keys, 0, out);
        parts.backend.tick(nowMs, out);
    }

    /**
     * Makes these the facilities. A removed or changed facility's adjustor is told to drop its
     * limits, and its flows are forgotten and their rules removed.
     *
     * @param nowMs the time
     * @param next the facilities in force
     * @return what to do
     */
    public Actions setFacilities(long nowMs, Collection<Facility> next) {
        Actions out = begin(nowMs);
        parts.setFacilities(nowMs, next, out);
        steer(nowMs, out);
        return out;
    }

    // ---------------------------------------------------------------- handing facilities over

    /**
     * Returns where this loop is with a facility, for another controller instance to take it
     * over: its flows and their limits in force, the sets they are in, and this loop's epoch.
     *
     * @param facilityId the facility
     * @return the checkpoint, empty if this loop does not control the facility
     */
    public Optional<FacilityCheckpoint> checkpoint(String facilityId) {
        return parts.handover.checkpoint(facilityId, parts.clock.millis());
    }

    /**
     * Takes a facility over from the controller instance that left the checkpoint: its flows'
     * rules as they are on the switch (not installed again), their limits, the sets' predictions;
     * then announces this controller to the adjustor under a newer epoch than the checkpoint's,
     * with the same limits, so that the agent holds its limits throughout.
     *
     * @param nowMs the time
     * @param facility the facility, as configured
     * @param c where the previous controller left it; null if it left nothing (a new facility)
     * @return what to do
     */
    public Actions adopt(long nowMs, Facility facility, FacilityCheckpoint c) {
        Actions out = begin(nowMs);
        boolean ours = parts.facilities.containsKey(facility.id());
        parts.handover.adopt(nowMs, facility, c, settings, lastPeriodMs, out);
        // Its units are held by meters where the switch has them, as a facility set by configuration.
        parts.unitMeters.setFacilities(parts.facilities.values(), nowMs, out);
        parts.failOver.setFacilities(parts.facilities.values(), nowMs, out);
        steer(nowMs, out);
        if (!ours && c != null) {
            // After the rules taken over are the host's: their way out is set at the next event.
            parts.failOpen.tookOver(facility.id(), nowMs, settings);
        }
        return out;
    }

    /**
     * Stops controlling a facility that another controller instance takes over: its flows are
     * forgotten here but their rules stay on the switch, and its adjustor keeps its limits (no
     * CLEAR_ALL). Nothing is published: the views are the next controller's to keep.
     *
     * @param nowMs the time
     * @param facilityId the facility
     * @return what to do
     */
    public Actions handOver(long nowMs, String facilityId) {
        Actions out = begin(nowMs);
        // The units' and the fail-over's meters go first, their rules handed over without one: the next controller
        // cannot know them, and holds those flows again once it has measured them.
        for (MeterBackend m : List.of(parts.unitMeters, parts.failOver.meters())) {
            m.setDesired(facilityId, List.of());
            m.tick(nowMs, out);
            m.handOver(facilityId);
        }
        parts.handover.handOver(facilityId, out);
        return out;
    }

    // ---------------------------------------------------------------- FIC, passive

    /**
     * Handles a TCP or UDP packet a facility switch sent to the controller. A flow not seen before
     * gets its rules; the packet itself goes straight on toward its destination (its flow's rules
     * take over once they are on the switch). A closing segment (FIN, RST) takes its connection,
     * both directions, out of its set at once.
     *
     * @param nowMs arrival time
     * @param p the packet
     * @return what to do
     */
    public Actions packetIn(long nowMs, PacketIn p) {
        Actions out = begin(nowMs);
        Facility f = parts.facilities.get(p.facilityId());
        if (f != null) {
            parts.collection.packetIn(nowMs, f, p, out);
        }
        return out;
    }

    /**
     * Handles the removal of one of the loop's rules (it idled out, or someone removed it): its
     * flow is forgotten, and its other rules removed. A starved TCP member's rule is installed again
     * instead: its retransmission timeouts outgrow the idle timeout, and it stays counted in its set
     * ({@link Membership#starved()}).
     *
     * @param nowMs the time
     * @param ruleKey the rule's key
     * @return what to do
     */
    public Actions ruleRemoved(long nowMs, long ruleKey) {
        Actions out = begin(nowMs);
        parts.collection.ruleRemoved(nowMs, ruleKey, out);
        return out;
    }

    /**
     * Handles a switch's refusal of one of the loop's rules (its table is full, or it does not take
     * the match): the flow is forgotten, its other rules removed, and the facility learns no new flow
     * for a while and holds no more rules than it did ({@link PerFlowCollection}).
     *
     * @param nowMs the time
     * @param ruleKey the rule's key
     * @param reason the switch's error, as the host has it
     * @return what to do
     */
    public Actions ruleRefused(long nowMs, long ruleKey, String reason) {
        Actions out = begin(nowMs);
        parts.collection.ruleRefused(nowMs, ruleKey, reason, out);
        return out;
    }

    /**
     * Names the controller instance this loop runs in, for the facilities' views.
     *
     * @param name e.g. the ONOS node id
     */
    public void setController(String name) {
        parts.views.setController(name);
    }

    /**
     * Sets what flow collection may cost a facility's switch.
     *
     * @param facilityId the facility
     * @param budget its rule and packet-in budget, and whether its flows are found by sampling
     * @param nowMs the time
     * @return what to do: the aggregate rules a facility no longer sampled has no use for go
     */
    public Actions setBudget(long nowMs, String facilityId, FlowBudget budget) {
        Actions out = begin(nowMs);
        parts.collection.setBudget(facilityId, budget, out);
        return out;
    }

    /**
     * Takes packets a facility switch sampled and sent to the controller (sFlow). On a facility whose
     * budget samples, they find the heavy flows, which get rules of their own; elsewhere they are
     * ignored.
     *
     * @param nowMs when they arrived
     * @param facilityId the facility whose switch sampled them
     * @param samples the sampled packets
     * @return what to do
     */
    public Actions samples(long nowMs, String facilityId, List<PacketSample> samples) {
        Actions out = begin(nowMs);
        Facility f = parts.facilities.get(facilityId);
        if (f != null) {
            parts.collection.samples(nowMs, f, samples, out);
        }
        return out;
    }

    // ---------------------------------------------------------------- UFC, the meters' side

    /**
     * Handles the host's word that a meter the loop asked for is in force on its switch.
     *
     * @param nowMs the time
     * @param facilityId the switch
     * @param meterKey the meter's {@link MeterSpec#key()}
     * @return what to do: the flow's rule now points at the meter, its previous meter goes
     */
    public Actions meterAdded(long nowMs, String facilityId, long meterKey) {
        Actions out = begin(nowMs);
        parts.meters.added(nowMs, facilityId, meterKey, out);
        parts.unitMeters.added(nowMs, facilityId, meterKey, out);
        parts.failOver.meters().added(nowMs, facilityId, meterKey, out);
        return meterAnswered(facilityId, out);
    }

    /**
     * Handles the host's word that a meter could not be put in force.
     *
     * @param nowMs the time
     * @param facilityId the switch
     * @param meterKey the meter's {@link MeterSpec#key()}
     * @param reason why (the switch's error, a full table, a feature it lacks)
     * @return what to do: the flow stays counted, unlimited; a notice says so
     */
    public Actions meterFailed(long nowMs, String facilityId, long meterKey, String reason) {
        Actions out = begin(nowMs);
        parts.meters.failed(nowMs, facilityId, meterKey, reason, out);
        parts.unitMeters.failed(nowMs, facilityId, meterKey, reason, out);
        parts.failOver.meters().failed(nowMs, facilityId, meterKey, reason, out);
        return meterAnswered(facilityId, out);
    }

    // The switch answered a meter request: the facility's enforcement and its sets' states may have changed.
    private Actions meterAnswered(String facilityId, Actions out) {
        parts.views.publishFacility(facilityId, settings, lastPeriodMs, out);
        parts.views.republishSets(settings, out);
        return out;
    }

    /**
     * Handles the host's word that a flow taken over lost the meter its rule pointed at (the rule was
     * installed again, and no meter of the app at its limit was left on the switch).
     *
     * @param nowMs the time
     * @param facilityId the switch
     * @param flow the flow
     * @return what to do: a new meter for its limit
     */
    public Actions meterLost(long nowMs, String facilityId, FiveTuple flow) {
        Actions out = begin(nowMs);
        parts.meters.lost(facilityId, flow, out);
        parts.backend.tick(nowMs, out);
        parts.views.publishFacility(facilityId, settings, lastPeriodMs, out);
        return out;
    }

    // ---------------------------------------------------------------- UFC, the adjustors' side

    /**
     * Handles a control frame (the control EtherType) that arrived at a facility switch: an
     * adjustor agent's acknowledgement or heartbeat.
     *
     * @param nowMs arrival time
     * @param facilityId where it arrived
     * @param frame the whole Ethernet frame
     * @return what to do; always {@link Actions#consumed()}
     */
    public Actions controlFrame(long nowMs, String facilityId, byte[] frame) {
        Actions out = begin(nowMs);
        out.consume();
        if (!parts.facilities.containsKey(facilityId)) {
            return out;
        }
        parts.backend.receive(nowMs, facilityId, frame, out);
        steer(nowMs, out);
        // An acknowledgement can turn a set from adjusting to fair before the next period.
        parts.views.publishAllocations(facilityId, settings, lastPeriodMs, out);
        parts.views.republishSets(settings, out);
        return out;
    }

    /**
     * Checks liveness and sends what is due: unacknowledged states again, heartbeats.
     *
     * @param nowMs the time
     * @return what to do
     */
    public Actions tick(long nowMs) {
        Actions out = begin(nowMs);
        boolean changed = parts.backend.tick(nowMs, out);
        steer(nowMs, out);
        if (changed) {
            parts.facilities.keySet().forEach(id -> parts.views.publishAllocations(id, settings, lastPeriodMs, out));
            parts.views.republishSets(settings, out);
        }
        return out;
    }

    // Fail open: UDP goes through an adjustor only while it can hold a limit; fail over: meters hold it meanwhile.
    private void steer(long nowMs, Actions out) {
        parts.failOpen.update(nowMs, parts.facilities, settings, parts.backend, parts.flows, out);
        parts.failOver.update(nowMs, parts.facilities, settings, parts.limits, out);
    }

    // ---------------------------------------------------------------- the period

    /**
     * Runs one control period: FIC active (counters to rates), membership and sets, FUDPA per
     * set, the limits in force, UFC (each facility's desired state, sent if changed), and the
     * views, decisions and history of the period.
     *
     * @param nowMs the period's time
     * @param counters the counters of the loop's rules as read now; a rule that is missing has
     *                 no new sample this period
     * @return what to do
     */
    public Actions period(long nowMs, Collection<RuleCounter> counters) {
        return period(nowMs, counters, List.of());
    }

    /**
     * Runs one control period with the readings of the meters of metered facilities as well: what
     * passed a flow's meter is what the flow delivered (its rule counts what it offered).
     *
     * @param nowMs the period's time
     * @param counters the counters of the loop's rules as read now
     * @param meterReadings the counters of the loop's meters as read now
     * @return what to do
     */
    public Actions period(long nowMs, Collection<RuleCounter> counters, Collection<MeterReading> meterReadings) {
        Actions out = begin(nowMs);
        periods++;
        lastPeriodMs = nowMs;
        parts.period.run(nowMs, periods, settings, classes.isEmpty() ? null : this::policy, counters, meterReadings,
                out);
        steer(nowMs, out);
        parts.views.publish(nowMs, parts.facilities.keySet(), parts.period.sets(), settings, out);
        return out;
    }

    /**
     * Takes counters read between periods (a statistics poll). They change no rate; they tell when
     * each flow's traffic stopped, so that the period can see a flow that ended within it.
     *
     * @param nowMs the time
     * @param counters the counters read; a rule that is missing has no new reading
     * @return what to do (nothing, today)
     */
    public Actions poll(long nowMs, Collection<RuleCounter> counters) {
        Actions out = begin(nowMs);
        parts.collection.poll(counters);
        return out;
    }

    // ---------------------------------------------------------------- measuring under new limits

    /**
     * Returns when the host should read the counters again and call {@link #rebase}: after new
     * limits took effect at an adjustor, so that the next period measures the traffic under them
     * and not the traffic before (otherwise a just-limited flow still looks too fast for one more
     * period and is reallocated twice).
     *
     * @return the time, empty if nothing is pending
     */
    public OptionalLong rebaseDueMs() {
        return parts.windows.dueMs();
    }

    /**
     * Starts a new measurement window for the flows of every facility whose new limits are in
     * force, at counters read after they took effect. A facility whose flows all got such a
     * counter is done; otherwise it is tried again at the next call.
     *
     * @param nowMs the time of the read
     * @param counters the counters read now
     * @return what to do (nothing, today)
     */
    public Actions rebase(long nowMs, Collection<RuleCounter> counters) {
        return rebase(nowMs, counters, List.of());
    }

    /**
     * Starts a new measurement window, as {@link #rebase(long, Collection)}, with the meters of
     * metered facilities read as well.
     *
     * @param nowMs the time of the read
     * @param counters the counters read now
     * @param meterReadings the meters read now
     * @return what to do (nothing, today)
     */
    public Actions rebase(long nowMs, Collection<RuleCounter> counters, Collection<MeterReading> meterReadings) {
        Actions out = begin(nowMs);
        parts.windows.rebase(nowMs, RuleCounter.byKey(counters), MeterReading.byKey(meterReadings));
        return out;
    }

    // ---------------------------------------------------------------- stopping

    /**
     * Stops: every adjustor is told to drop its limits and every rule is to be removed.
     *
     * @param nowMs the time
     * @return what to do
     */
    public Actions stop(long nowMs) {
        Actions out = begin(nowMs);
        parts.backend.stop(out);
        parts.unitMeters.stop(out);
        parts.failOver.meters().stop(out);
        parts.collection.forget(null, out);
        parts.decisions.clear();
        parts.limits.clear();
        parts.light.clear();
        return out;
    }

    // ---------------------------------------------------------------- status

    /**
     * Returns the number of periods run.
     *
     * @return periods since the loop was created
     */
    public long periods() {
        return periods;
    }

    /**
     * Returns when the last period ran.
     *
     * @return epoch milliseconds, 0 before the first
     */
    public long lastPeriodMs() {
        return lastPeriodMs;
    }

    /**
     * Returns the settings in force.
     *
     * @return settings
     */
    public LoopSettings settings() {
        return settings;
    }
}
