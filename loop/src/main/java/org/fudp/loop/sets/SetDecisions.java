// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.flow.Membership;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.flow.UdpUnit;
import org.fudp.loop.flow.Unmatched;
import org.fudp.algorithm.Allocations;
import org.fudp.algorithm.CfsController;
import org.fudp.algorithm.CfsInput;
import org.fudp.algorithm.ControllerState;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.algorithm.FlowSample;
import org.fudp.algorithm.FudpaConfig;
import org.fudp.algorithm.Protocol;
import org.fudp.protocol.FiveTuple;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * FUDPA per set and period (paper, section 4.2): one {@link CfsController} per correlation flow set,
 * fed its members' samples, and what each set told its UDP flows, so that a period knows which sets it
 * changed.
 */
public final class SetDecisions {

    /** The flow id under which what a set carries without rules of its own and below the join rate reaches FUDPA. */
    private static final String UNMATCHED_PREFIX = "unmatched:";
    /** The flow ids under which a set's light TCP reaches FUDPA, one per flow it counts as. */
    private static final String LIGHT_PREFIX = "light:";
    private static final FlowPolicy UNMATCHED = FlowPolicy.of("unmatched", 1, 0, Double.POSITIVE_INFINITY, true);

    private final Map<String, CfsController> controllers = new HashMap<>();
    private final Map<String, Map<FiveTuple, Long>> toldByCfs = new HashMap<>();
    private final Set<String> changed = new HashSet<>();
    private final Function<TrackedFlow, String> principal;
    private final Map<String, SetPrincipals> principals = new HashMap<>();
    private final Map<UdpUnit, Long> unitAllocations = new IdentityHashMap<>();
    private final Map<String, List<UdpUnit>> unitsBySet = new HashMap<>();
    private final Map<String, List<UdpUnit>> unmeasuredBySet = new HashMap<>();

    /**
     * Creates the decisions of a loop.
     *
     * @param principal whom each unresponsive UDP flow's traffic counts for ({@code PrincipalRule#keyOf})
     */
    public SetDecisions(Function<TrackedFlow, String> principal) {
        this.principal = principal;
    }

    /**
     * Runs FUDPA for every set of the period.
     *
     * @param nowMs the period's time
     * @param period the loop's period number, for the records
     * @param settings the tunables
     * @param policy each flow's policy, null when no traffic class is configured
     * @param groups the sets
     * @param members their members
     * @param unmatched what each set carries in flows without rules of their own: its UDP units, counted and
     *        limited as flows, and its TCP aggregates, load no member accounts for unless its light TCP counts it
     * @param light each set's light TCP as counted this period
     * @param departedTcp the TCP flows that left each set this period
     * @param departures told how each set was judged
     * @param allocations filled with every UDP flow's allocation
     * @param out where the decision records go
     * @return the decisions, by set
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public Map<String, Decision> decide(long nowMs, long period, LoopSettings settings,
                                 Function<TrackedFlow, FlowPolicy> policy, Map<String, CfsAssignment> groups,
                                 Map<String, List<TrackedFlow>> members, Map<String, Unmatched> unmatched,
                                 LightTcp light,
                                 Map<String, Departures.Departed> departedTcp, Departures departures,
                                 Map<FiveTuple, Long> allocations, Actions out) {
        // A set that lost every member starts afresh when flows return.
        controllers.keySet().retainAll(groups.keySet());
        toldByCfs.keySet().retainAll(groups.keySet());
        principals.keySet().retainAll(groups.keySet());
        changed.clear();
        unitAllocations.clear();
        unitsBySet.clear();
        unmeasuredBySet.clear();
        departures.newPeriod();
        Map<String, Decision> decisions = new LinkedHashMap<>();
        if (!settings.enabled()) {
            controllers.clear();
            toldByCfs.clear();
            principals.clear();
            return decisions;
        }
        for (Map.Entry<String, List<TrackedFlow>> e : members.entrySet()) {
            String id = e.getKey();
            Map<String, FiveTuple> byId = new HashMap<>();
            List<FlowSample> samples = new ArrayList<>();
            for (TrackedFlow f : e.getValue()) {
                FlowSample s = f.sample();
                if (policy != null) {
                    s = s.withPolicy(policy.apply(f));
                }
                if (s.protocol() == Protocol.UDP) {
                    // TCP and responsive flows (counted as TCP) stay principals of their own.
                    s = s.withPrincipal(principal.apply(f));
                }
                byId.put(s.flowId(), f.tuple());
                samples.add(s);
            }
            LightTcp.Counted lightTcp = light.counted(id);
            int lightFlows = lightTcp == null ? 0 : lightTcp.flows;
            for (int i = 0; i < lightFlows; i++) {
                // TCP below the join rate, starved or found only in samples: n and W count it (LightTcp).
                samples.add(FlowSample.tcp(LIGHT_PREFIX + id + ":" + i, lightTcp.bps / lightFlows));
            }
            Unmatched u = unmatched.get(id);
            double load = u == null || lightFlows > 0 ? 0 : u.tcpBps;
            Map<String, UdpUnit> unitById = new LinkedHashMap<>();
            List<UdpUnit> unmeasured = new ArrayList<>();
            for (UdpUnit unit : u == null ? List.<UdpUnit>of() : u.units) {
                if (!unit.isMeasured()) {
                    unmeasured.add(unit);
                }
                if (unit.isMeasured() && unit.demandBps() >= Membership.JOIN_BPS) {
                    // UDP no rule of its own measures is a UDP flow all the same, once it carries what a flow must to
                    // join its set: of the principals its samples show, each its part, or of its own or its source's.
                    List<UdpUnit.Part> parts = unit.parts();
                    for (int j = 0; j < parts.size(); j++) {
                        UdpUnit.Part p = parts.get(j);
                        String partId = parts.size() == 1 ? unit.id() : unit.id() + "/" + j;
                        samples.add(FlowSample.udp(partId, unit.throughputBps() * p.fraction,
                                unit.demandBps() * p.fraction).withPrincipal(p.principal));
                        unitById.put(partId, unit);
                    }
                } else if (unit.isMeasured()) {
                    load += unit.throughputBps();
                }
            }
            if (load > 0) {
                // Mice, TCP not found yet: they load the link like an exempt flow, neither limited nor counted in n,
                // W or m (docs/algorithm.md, "Inputs under aggregation").
                samples.add(FlowSample.udp(UNMATCHED_PREFIX + id, load, load).withPolicy(UNMATCHED));
            }
            unitsBySet.put(id, List.copyOf(new LinkedHashSet<>(unitById.values())));
            unmeasuredBySet.put(id, unmeasured);
            CfsAssignment g = groups.get(id);
            CfsInput input = g.capacityBps() > 0 ? CfsInput.of(id, g.capacityBps(), samples) : CfsInput.of(id, samples);
            Departures.Departed departed = departedTcp.get(id);
            if (departed != null) {
                input = input.withTcpDepartures(departed.flows, departed.bps);
            }
            Decision d = controllers.computeIfAbsent(id, k -> new CfsController(k, settings.fudpa())).step(input);
            decisions.put(id, d);
            principals.put(id, SetPrincipals.of(samples, d, settings.fudpa(), settings.enforce(), g.capacityBps()));
            departures.judged(id, d.reason().isFair());
            Allocations a = d.allocations();
            Map<FiveTuple, Long> told = new LinkedHashMap<>();
            for (int i = 0; i < a.size(); i++) {
                FiveTuple t = byId.get(a.flowId(i));
                UdpUnit unit = unitById.get(a.flowId(i));
                long bps = Math.max(1, Math.round(a.rateBps(i)));
                if (t != null) {
                    allocations.put(t, bps);
                    told.put(t, bps);
                } else if (unit != null) {
                    // One meter holds the unit: its parts' allocations together.
                    long all = unitAllocations.merge(unit, bps, Long::sum);
                    told.put(unit.tuple(), all);
                }
            }
            if (!told.equals(toldByCfs.put(id, told))) {
                changed.add(id);
            }
            out.addDecision(DecisionRecord.of(d, period, nowMs, settings.dryRun(), told));
        }
        return decisions;
    }

    /**
     * Returns this period's allocations of the units.
     *
     * @return bit/s by unit
     */
    public Map<UdpUnit, Long> unitAllocations() {
        return unitAllocations;
    }

    /**
     * Returns the units a set counted in the last period.
     *
     * @param cfsId the set
     * @return its units, none for a set not decided
     */
    public List<UdpUnit> units(String cfsId) {
        return unitsBySet.getOrDefault(cfsId, List.of());
    }

    /**
     * Returns the units of a set whose rule's counter has not been read yet: UDP just taken into one rule, which
     * may starve the set's TCP while nothing measures it.
     *
     * @param cfsId the set
     * @return them, none for a set not decided
     */
    public List<UdpUnit> unmeasuredUnits(String cfsId) {
        return unmeasuredBySet.getOrDefault(cfsId, List.of());
    }

    /**
     * Tells whether this period changed a set's allocations.
     *
     * @param cfsId the set
     * @return true if so
     */
    public boolean changed(String cfsId) {
        return changed.contains(cfsId);
    }

    /**
     * Returns a set's principals and TCP floor in the last period.
     *
     * @param cfsId the set
     * @return them, {@link SetPrincipals#NONE} for a set not decided
     */
    public SetPrincipals principals(String cfsId) {
        return principals.getOrDefault(cfsId, SetPrincipals.NONE);
    }

    /**
     * Returns a set's controller state, for a checkpoint.
     *
     * @param cfsId the set
     * @return its state, null if the set has no controller
     */
    public ControllerState state(String cfsId) {
        CfsController c = controllers.get(cfsId);
        return c == null ? null : c.state();
    }

    /**
     * Resumes a set where another controller instance left it, unless it runs here already.
     *
     * @param cfsId the set
     * @param config FUDPA's tunables
     * @param state its state under the instance before
     */
    public void resume(String cfsId, FudpaConfig config, ControllerState state) {
        controllers.computeIfAbsent(cfsId, k -> CfsController.resume(k, config, state));
    }

    /**
     * Drops every set's prediction (new weights, or the loop stops).
     */
    public void clear() {
        controllers.clear();
    }
}
