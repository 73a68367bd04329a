// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.commands;

import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.protocol.FiveTuple;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the loop wants done after one event, for the host to execute in this order: remove rules,
 * add rules, forward the packet (for a packet-in), emit frames; then publish the state changes
 * and write the notices. Frames are in the order they must leave (sequence numbers grow).
 */
public final class Actions {

    /** Marks "no packet to forward". */
    public static final long NO_PORT = -1;

    private final List<RuleSpec> rulesToAdd = new ArrayList<>();
    private final List<RuleSpec> rulesToRemove = new ArrayList<>();
    private final List<RuleSpec> rulesTakenOver = new ArrayList<>();
    private final List<RuleSpec> rulesHandedOver = new ArrayList<>();
    private final List<MeterSpec> metersToAdd = new ArrayList<>();
    private final List<RuleSpec> rulesToModify = new ArrayList<>();
    private final List<MeterSpec> metersToRemove = new ArrayList<>();
    private final List<FrameOut> frames = new ArrayList<>();
    private long forwardPort = NO_PORT;
    private boolean consumed;
    private final Map<FiveTuple, FlowRecord> flows = new LinkedHashMap<>();
    private final Set<FiveTuple> flowsGone = new LinkedHashSet<>();
    private final Map<String, CorrelationFlowSet> cfss = new LinkedHashMap<>();
    private final Set<String> cfssGone = new LinkedHashSet<>();
    private final Map<FiveTuple, AllocationState> allocations = new LinkedHashMap<>();
    private final Set<FiveTuple> allocationsGone = new LinkedHashSet<>();
    private final Map<String, AgentState> agents = new LinkedHashMap<>();
    private final Map<String, FacilityState> facilities = new LinkedHashMap<>();
    private final Set<String> agentsGone = new LinkedHashSet<>();
    private final List<DecisionRecord> decisions = new ArrayList<>();
    private final Map<String, CfsSample> cfsSamples = new LinkedHashMap<>();
    private final Map<FiveTuple, FlowHistorySample> flowSamples = new LinkedHashMap<>();
    private final List<Notice> notices = new ArrayList<>();

    public Actions() {
    }

    /**
     * Returns actions that do nothing, for a host event the loop need not see.
     *
     * @return empty actions
     */
    public static Actions none() {
        return new Actions();
    }

    // ---------------------------------------------------------------- filled by the loop

    public void addRules(Collection<RuleSpec> rules) {
        rulesToAdd.addAll(rules);
    }

    public void removeRules(Collection<RuleSpec> rules) {
        rulesToRemove.addAll(rules);
    }

    public void takeOverRules(Collection<RuleSpec> rules) {
        rulesTakenOver.addAll(rules);
    }

    public void handOverRules(Collection<RuleSpec> rules) {
        rulesHandedOver.addAll(rules);
    }

    public void addMeter(MeterSpec meter) {
        metersToAdd.add(meter);
    }

    public void modifyRule(RuleSpec rule) {
        rulesToModify.add(rule);
    }

    public void removeMeter(MeterSpec meter) {
        metersToRemove.add(meter);
    }

    public void emit(FrameOut frame) {
        frames.add(frame);
    }

    public void forward(long port) {
        forwardPort = port;
    }

    public void consume() {
        consumed = true;
    }

    public void putFlow(FlowRecord v) {
        flowsGone.remove(v.flow());
        flows.put(v.flow(), v);
    }

    public void flowGone(FiveTuple flow) {
        flows.remove(flow);
        flowSamples.remove(flow);
        flowsGone.add(flow);
    }

    public void putCfs(CorrelationFlowSet v) {
        cfssGone.remove(v.id());
        cfss.put(v.id(), v);
    }

    public void cfsGone(String id) {
        cfss.remove(id);
        cfsSamples.remove(id);
        cfssGone.add(id);
    }

    public void putAllocation(AllocationState v) {
        allocationsGone.remove(v.flow());
        allocations.put(v.flow(), v);
    }

    public void allocationGone(FiveTuple flow) {
        allocations.remove(flow);
        allocationsGone.add(flow);
    }

    public void putAgent(AgentState v) {
        agentsGone.remove(v.facilityId());
        agents.put(v.facilityId(), v);
    }

    public void putFacility(FacilityState v) {
        facilities.put(v.facilityId(), v);
    }

    public void agentGone(String facilityId) {
        agents.remove(facilityId);
        agentsGone.add(facilityId);
    }

    public void addDecision(DecisionRecord d) {
        decisions.add(d);
    }

    public void addCfsSample(String cfsId, CfsSample s) {
        cfsSamples.put(cfsId, s);
    }

    public void addFlowSample(FiveTuple flow, FlowHistorySample s) {
        flowSamples.put(flow, s);
    }

    public void info(String text) {
        notices.add(new Notice(Notice.Level.INFO, text));
    }

    public void warn(String text) {
        notices.add(new Notice(Notice.Level.WARN, text));
    }

    // ---------------------------------------------------------------- read by the host

    /**
     * Returns the rules to install.
     *
     * @return rules, in order
     */
    public List<RuleSpec> rulesToAdd() {
        return Collections.unmodifiableList(rulesToAdd);
    }

    /**
     * Returns the rules to remove.
     *
     * @return rules
     */
    public List<RuleSpec> rulesToRemove() {
        return Collections.unmodifiableList(rulesToRemove);
    }

    /**
     * Returns rules that are on the switch already, installed by another controller instance:
     * the host must know them as the loop's (to read their counters, to see them go) without
     * installing them again.
     *
     * @return rules
     */
    public List<RuleSpec> rulesTakenOver() {
        return Collections.unmodifiableList(rulesTakenOver);
    }

    /**
     * Returns rules another controller instance now owns: the host must stop treating them as
     * the loop's, and leave them on the switch.
     *
     * @return rules
     */
    public List<RuleSpec> rulesHandedOver() {
        return Collections.unmodifiableList(rulesHandedOver);
    }

    /**
     * Returns the meters to add, before any rule that points at them. A host tells the loop when
     * each is in force ({@code FudpLoop#meterAdded}) or why it failed ({@code FudpLoop#meterFailed}).
     *
     * @return meters, in order
     */
    public List<MeterSpec> metersToAdd() {
        return Collections.unmodifiableList(metersToAdd);
    }

    /**
     * Returns rules to modify in place (their meter changed), after the meters are added and before
     * any is removed; their counters go on.
     *
     * @return rules, in order
     */
    public List<RuleSpec> rulesToModify() {
        return Collections.unmodifiableList(rulesToModify);
    }

    /**
     * Returns the meters to remove, after the rules no longer point at them.
     *
     * @return meters, in order
     */
    public List<MeterSpec> metersToRemove() {
        return Collections.unmodifiableList(metersToRemove);
    }

    /**
     * Returns the frames to emit, in the order they must leave.
     *
     * @return frames
     */
    public List<FrameOut> frames() {
        return Collections.unmodifiableList(frames);
    }

    /**
     * Returns where the packet that caused a packet-in should go now.
     *
     * @return port, or {@link #NO_PORT} to leave it to others
     */
    public long forwardPort() {
        return forwardPort;
    }

    /**
     * Tells whether the packet was FUDP's own (a control frame) and must go no further.
     *
     * @return true if consumed
     */
    public boolean consumed() {
        return consumed;
    }

    public Map<FiveTuple, FlowRecord> flows() {
        return Collections.unmodifiableMap(flows);
    }

    public Set<FiveTuple> flowsGone() {
        return Collections.unmodifiableSet(flowsGone);
    }

    public Map<String, CorrelationFlowSet> cfss() {
        return Collections.unmodifiableMap(cfss);
    }

    public Set<String> cfssGone() {
        return Collections.unmodifiableSet(cfssGone);
    }

    public Map<FiveTuple, AllocationState> allocations() {
        return Collections.unmodifiableMap(allocations);
    }

    public Set<FiveTuple> allocationsGone() {
        return Collections.unmodifiableSet(allocationsGone);
    }

    public Map<String, AgentState> agents() {
        return Collections.unmodifiableMap(agents);
    }

    /**
     * Returns each facility's view: its controller in charge, and what flow collection costs its
     * switch against its budget.
     *
     * @return by facility id
     */
    public Map<String, FacilityState> facilities() {
        return Collections.unmodifiableMap(facilities);
    }

    public Set<String> agentsGone() {
        return Collections.unmodifiableSet(agentsGone);
    }

    public List<DecisionRecord> decisions() {
        return Collections.unmodifiableList(decisions);
    }

    public Map<String, CfsSample> cfsSamples() {
        return Collections.unmodifiableMap(cfsSamples);
    }

    public Map<FiveTuple, FlowHistorySample> flowSamples() {
        return Collections.unmodifiableMap(flowSamples);
    }

    public List<Notice> notices() {
        return Collections.unmodifiableList(notices);
    }

    @Override
    public String toString() {
        return "actions: +" + rulesToAdd.size() + " -" + rulesToRemove.size() + " rules, " + frames.size()
                + " frames, " + decisions.size() + " decisions, " + notices.size() + " notices";
    }
}
