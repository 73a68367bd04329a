// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.checkpoints.FlowCheckpoint;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.flow.FlowTable;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.flow.UdpUnits;
import org.fudp.loop.flow.Unmatched;
import org.fudp.loop.sampling.PacketSample;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * FIC, flow information collection (paper, Fig. 2): which flows the loop knows at each facility,
 * the rules that steer and count them, and their rates. The loop asks it for flows; how they are
 * found and counted is the strategy's: {@link PerFlowCollection}, a packet-in and rules of its own
 * for each flow, within the facility's {@link FlowBudget}; {@link SampledCollection}, aggregate rules
 * and sampling, with rules of their own only for the heavy flows.
 */
public interface FlowCollection {

    /**
     * Handles a TCP or UDP packet a facility switch sent to the controller.
     *
     * @param nowMs arrival time
     * @param f the facility it arrived at
     * @param p the packet
     * @param out where rules, the packet's way on and notices go
     */
    void packetIn(long nowMs, Facility f, PacketIn p, Actions out);

    /**
     * Handles the removal of one of the collection's rules (it idled out, or someone removed it).
     *
     * @param nowMs the time
     * @param ruleKey the rule's key
     * @param out where removals and rules installed again go
     */
    void ruleRemoved(long nowMs, long ruleKey, Actions out);

    /**
     * Handles a switch's refusal of one of the collection's rules (its table is full, or it does not
     * take the match): the rule is not in force.
     *
     * @param nowMs the time
     * @param ruleKey the rule's key
     * @param reason the switch's error, as the host has it
     * @param out where removals and notices go
     */
    void ruleRefused(long nowMs, long ruleKey, String reason, Actions out);

    /**
     * Feeds a period's counters to every flow's estimators.
     *
     * @param nowMs the period's time
     * @param counters rule counters by rule key
     * @param meters meter readings by meter key
     */
    void measure(long nowMs, Map<Long, RuleCounter> counters, Map<Long, MeterReading> meters);

    /**
     * Takes counters read between periods: they tell when each flow's traffic stopped.
     *
     * @param counters the counters read
     */
    void poll(Collection<RuleCounter> counters);

    /**
     * Starts a new measurement window for a facility's flows at counters read after new limits took
     * effect.
     *
     * @param facilityId the facility
     * @param counters rule counters by rule key
     * @param meters meter readings by meter key
     * @param notBeforeMs only readings at or after this time count
     * @return true if every flow of the facility now starts at or after that time
     */
    boolean rebase(String facilityId, Map<Long, RuleCounter> counters, Map<Long, MeterReading> meters,
                   long notBeforeMs);

    /**
     * Takes a flow over from the checkpoint another controller instance left: its rules are on the
     * switch, not installed again.
     *
     * @param facility the facility
     * @param c the flow as checkpointed
     * @param out where the rules taken over go
     * @return the flow, null if the collection knows it already
     */
    TrackedFlow adopt(Facility facility, FlowCheckpoint c, Actions out);

    /**
     * Stops collecting at a facility another instance takes over: its flows are forgotten here, their
     * rules stay on the switch.
     *
     * @param facilityId the facility
     * @param out where the rules handed over go
     * @return the flows handed over
     */
    List<TrackedFlow> handOver(String facilityId, Actions out);

    /**
     * Forgets the flows of a facility and removes their rules.
     *
     * @param facilityId the facility, null for every facility
     * @param out where the removals go
     */
    void forget(String facilityId, Actions out);

    /**
     * Sets a facility's budget.
     *
     * @param facilityId the facility
     * @param budget its rule and packet-in budget, and whether its flows are found by sampling
     * @param out where rules that the new budget has no use for go
     */
    void setBudget(String facilityId, FlowBudget budget, Actions out);

    /**
     * Takes packets a facility switch sampled (sFlow): on a sampled facility, they find its heavy
     * flows; elsewhere they are not needed.
     *
     * @param nowMs when they arrived
     * @param f the facility
     * @param samples the sampled packets, TCP and UDP
     * @param out where rules and notices go
     */
    void samples(long nowMs, Facility f, List<PacketSample> samples, Actions out);

    /**
     * Returns what each set carries in flows without rules of their own, as last counted, and the TCP
     * connections among them that samples show.
     *
     * @param nowMs the time
     * @return by set id; a set with none is absent
     */
    Map<String, Unmatched> unmatched(long nowMs);

    /**
     * Returns what the collection costs a facility's switch now, and what it left out.
     *
     * @param facilityId the facility
     * @param nowMs the time
     * @return the view
     */
    FacilityState view(String facilityId, long nowMs);

    /**
     * Takes the period's membership: flows that joined their set this period no longer count as flows
     * that carry little.
     */
    void recount();

    /**
     * Applies new tunables: rule settings apply to new flows.
     *
     * @param s the settings
     */
    void setSettings(LoopSettings s);

    /**
     * Returns the flows, in the order they were learnt.
     *
     * @return the table
     */
    FlowTable flows();

    /**
     * Returns the UDP carried, counted and limited as one flow per aggregate rule.
     *
     * @return the units
     */
    UdpUnits units();
}
