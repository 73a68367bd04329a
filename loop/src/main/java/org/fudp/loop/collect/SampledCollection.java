// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.checkpoints.FlowCheckpoint;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.settings.PrincipalRule;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.flow.FlowTable;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.flow.UdpUnits;
import org.fudp.loop.flow.Unmatched;
import org.fudp.loop.sampling.PacketSample;
import org.fudp.protocol.FiveTuple;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * FIC within a switch's budgets (DevoFlow's lesson: handle only the flows that matter). On a facility
 * whose {@link FlowBudget#sampled() budget says so}, no flow costs a packet-in: aggregate rules, one
 * per protocol and bottleneck prefix (or destination, see {@link Aggregates}), forward and count every flow,
 * and the switch's packet sampling (sFlow) finds the heavy ones, which get rules of their own through the
 * {@link PerFlowCollection}, within the same budgets. Elsewhere it is the per-flow collection, unchanged.
 */
public final class SampledCollection implements FlowCollection {

    private static final int[] PROTOCOLS = {FiveTuple.TCP, FiveTuple.UDP};

    private final PerFlowCollection perFlow;
    private final NetworkView network;
    private final Aggregates aggregates;
    private final Map<String, HeavyFlows> heavy = new HashMap<>();
    private final Map<String, TcpSightings> sightings = new HashMap<>();
    private LoopSettings settings;

    /**
     * Creates the collection.
     *
     * @param settings the tunables
     * @param network where flows go and which set they are in
     * @param perFlow the flows with rules of their own
     */
    public SampledCollection(LoopSettings settings, NetworkView network, PerFlowCollection perFlow) {
        this.settings = settings;
        this.network = network;
        this.perFlow = perFlow;
        this.aggregates = perFlow.aggregates();
    }

    @Override
    public void samples(long nowMs, Facility f, List<PacketSample> samples, Actions out) {
        FlowBudget budget = perFlow.budget(f.id());
        if (!budget.sampled()) {
            return;
        }
        HeavyFlows h = heavy.computeIfAbsent(f.id(), k -> new HeavyFlows());
        for (PacketSample s : samples) {
            FiveTuple t = s.flow();
            if (perFlow.flows().get(t) != null || network.cfsOf(f.id(), t.dst()).isEmpty()) {
                // Known already, or of no set: a flow no set shares is never limited, so not counted.
                continue;
            }
            OptionalLong onward = network.onwardPort(f.id(), t.dst(), s.dstMac());
            if (onward.isEmpty() || f.isAdjustorSide(onward.getAsLong())) {
                // sFlow names the in-port by interface index, not OpenFlow port: only the way on is known.
                continue;
            }
            if (t.protocol() == FiveTuple.TCP) {
                sightings.computeIfAbsent(f.id(), k -> new TcpSightings()).offer(nowMs, t,
                        network.cfsOf(f.id(), t.dst()).get().cfsId(), s.estimatedBytes());
            }
            AddressPrefix to = network.aggregatePrefix(f.id(), t.dst(), onward.getAsLong());
            // Both protocols' aggregates at once: TCP that arrives into a UDP flood is starved from its first
            // segment and seldom sampled, and only its aggregate's counters show it (LightTcp).
            for (int protocol : PROTOCOLS) {
                if (!aggregates.has(f.id(), protocol, to) && perFlow.reserve(nowMs, f.id(), 1, out)) {
                    Optional<RuleSpec> made = aggregates.add(f.id(), protocol, to, onward.getAsLong(), settings);
                    if (made.isPresent()) {
                        out.addRules(List.of(made.get()));
                    } else {
                        perFlow.release(f.id(), 1);
                    }
                }
            }
            if (t.protocol() == FiveTuple.UDP && !settings.principal().equals(PrincipalRule.FLOW)) {
                // Whose traffic the unit carries: the swarm's host is one principal, its learnt flows and its part
                // of the unit alike (per 5-tuple, the unit stays one flow).
                aggregates.sampledUdp(f.id(), to, settings.principal().keyOf(t, ""), s.estimatedBytes());
            }
            if (h.offer(nowMs, t, s.estimatedBytes(), s.payloadHead(), budget.heavyBps())
                    && perFlow.take(nowMs, f, t, s.dscp(), onward.getAsLong(), out) && h.looksLikeQuic(t)) {
                // A candidate for the responsiveness test, no more (docs/algorithm.md, "Responsive UDP").
                perFlow.flows().get(t).responsiveness().hint();
            }
        }
    }

    @Override
    public Map<String, Unmatched> unmatched(long nowMs) {
        Map<String, Unmatched> out = aggregates.bySet(network);
        for (TcpSightings s : sightings.values()) {
            s.bySet(nowMs, t -> perFlow.flows().get(t) != null)
                    .forEach((id, n) -> out.computeIfAbsent(id, k -> new Unmatched()).sightedTcp += n);
        }
        return out;
    }

    @Override
    public void packetIn(long nowMs, Facility f, PacketIn p, Actions out) {
        perFlow.packetIn(nowMs, f, p, out);
    }

    @Override
    public void ruleRemoved(long nowMs, long ruleKey, Actions out) {
        Optional<RuleSpec> gone = aggregates.remove(ruleKey);
        if (gone.isPresent()) {
            perFlow.release(gone.get().facilityId(), 1);
        } else {
            perFlow.ruleRemoved(nowMs, ruleKey, out);
        }
    }

    @Override
    public void ruleRefused(long nowMs, long ruleKey, String reason, Actions out) {
        Optional<RuleSpec> gone = aggregates.remove(ruleKey);
        if (gone.isEmpty()) {
            perFlow.ruleRefused(nowMs, ruleKey, reason, out);
            return;
        }
        RuleSpec r = gone.get();
        long pause = perFlow.refused(nowMs, r.facilityId(), reason);
        perFlow.release(r.facilityId(), 1);
        // ONOS keeps a refused rule and sends it again at every poll until the app removes it.
        out.removeRules(List.of(r));
        out.warn("The switch " + r.facilityId() + " refused the aggregate rule " + r + " (" + reason + "): no new "
                + "flow or aggregate gets rules for " + pause / 1000 + " s, and FUDP holds at most "
                + perFlow.view(r.facilityId(), nowMs).ruleCap() + " rules there");
    }

    @Override
    public void measure(long nowMs, Map<Long, RuleCounter> counters, Map<Long, MeterReading> meters) {
        perFlow.measure(nowMs, counters, meters);
        aggregates.measure(counters);
    }

    @Override
    public void poll(Collection<RuleCounter> counters) {
        perFlow.poll(counters);
    }

    @Override
    public boolean rebase(String facilityId, Map<Long, RuleCounter> counters, Map<Long, MeterReading> meters,
                          long notBeforeMs) {
        return perFlow.rebase(facilityId, counters, meters, notBeforeMs);
    }

    @Override
    public TrackedFlow adopt(Facility facility, FlowCheckpoint c, Actions out) {
        return perFlow.adopt(facility, c, out);
    }

    @Override
    public List<TrackedFlow> handOver(String facilityId, Actions out) {
        // The aggregates stay on the switch and go on forwarding; the next controller, as it samples, makes
        // the very same rules (Aggregates#number), not second ones of the same match.
        List<RuleSpec> rules = aggregates.at(facilityId);
        rules.forEach(r -> aggregates.remove(r.key()));
        out.handOverRules(rules);
        heavy.remove(facilityId);
        sightings.remove(facilityId);
        return perFlow.handOver(facilityId, out);
    }

    @Override
    public void forget(String facilityId, Actions out) {
        removeAggregates(facilityId, out);
        heavy.keySet().removeIf(id -> facilityId == null || id.equals(facilityId));
        sightings.keySet().removeIf(id -> facilityId == null || id.equals(facilityId));
        perFlow.forget(facilityId, out);
    }

    private void removeAggregates(String facilityId, Actions out) {
        List<RuleSpec> rules = aggregates.at(facilityId);
        for (RuleSpec r : rules) {
            aggregates.remove(r.key());
            perFlow.release(r.facilityId(), 1);
        }
        out.removeRules(rules);
    }

    @Override
    public void setBudget(String facilityId, FlowBudget budget, Actions out) {
        boolean wasSampled = perFlow.budget(facilityId).sampled();
        perFlow.setBudget(facilityId, budget, out);
        if (wasSampled && !budget.sampled()) {
            // Left on the switch, they would forward every new flow past its packet-in.
            removeAggregates(facilityId, out);
            heavy.remove(facilityId);
            sightings.remove(facilityId);
        }
    }

    @Override
    public FacilityState view(String facilityId, long nowMs) {
        return perFlow.view(facilityId, nowMs).withAggregates(aggregates.at(facilityId).size());
    }

    @Override
    public void recount() {
        perFlow.recount();
    }

    @Override
    public void setSettings(LoopSettings s) {
        settings = s;
        perFlow.setSettings(s);
    }

    @Override
    public FlowTable flows() {
        return perFlow.flows();
    }

    @Override
    public UdpUnits units() {
        return perFlow.units();
    }
}
