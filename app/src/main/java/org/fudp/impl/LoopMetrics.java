// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Timer;
import com.google.common.collect.ImmutableMap;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.facilities.FacilityState;
import org.onlab.metrics.MetricsComponent;
import org.onlab.metrics.MetricsFeature;
import org.onlab.metrics.MetricsService;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;

/**
 * The loop's counters in ONOS's metrics registry, so that {@code onos> metrics} and
 * {@code GET /onos/v1/metrics} show them beside ONOS's own: names {@code FUDP.loop.*},
 * {@code FUDP.adjustor.*}, {@code FUDP.cfs.*}, {@code FUDP.facility.*} and {@code FUDP.sflow.*}.
 * <p>
 * Counts come from what the loop returns, on the loop's thread. The agents' frame counters are
 * cumulative per adjustor session, so they are turned into increments here; a session that starts
 * over (facility reconfigured) counts from zero again instead of going backwards. The sets' gauges,
 * one per control state ({@code FUDP.cfs.fair}, {@code FUDP.cfs.notEnforced}, ...), count the sets
 * this instance's loop publishes in that state, so an alert can watch the sets whose limits are not
 * in force or whose agent is missing.
 * </p>
 * <p>
 * Each facility this instance's loop controls has six gauges, {@code FUDP.facility.<device id>.}
 * {@code rulesInUse}, {@code ruleCap}, {@code aggregates} (of the rules in use, a sampled facility's
 * aggregates), {@code failedOpen} (UDP flows forwarded straight on, unlimited, while the adjustor cannot hold a
 * limit), {@code skipped} (new flows given no rules of their own, every
 * reason) and {@code refusals} (rules its switch refused), from the facility's view as the loop last
 * published it. They come with the facility's first view and go when its agent goes (the facility
 * left the config) or when a whole period passed without its view: every period publishes each
 * facility the loop controls, so the facility was handed over to another instance, whose gauges
 * take over.
 * </p>
 */
final class LoopMetrics {

    /** Component name in ONOS's registry; every metric of the app starts with it. */
    static final String COMPONENT = "FUDP";
    /** Each facility's gauges, after its device id, and what each reads of the facility's view. */
    static final Map<String, ToLongFunction<FacilityState>> FACILITY_GAUGES =
            ImmutableMap.<String, ToLongFunction<FacilityState>>builder()
                    .put("rulesInUse", FacilityState::rulesInUse)
                    .put("ruleCap", FacilityState::ruleCap)
                    .put("aggregates", FacilityState::aggregates)
                    .put("failedOpen", FacilityState::failedOpen)
                    .put("skipped", v -> v.skipped().values().stream().mapToLong(Long::longValue).sum())
                    .put("refusals", FacilityState::refusals).build();

    private final MetricsService service;
    private final MetricsComponent component;
    private final MetricsFeature loopFeature;
    private final MetricsFeature adjustorFeature;
    private final MetricsFeature cfsFeature;
    private final MetricsFeature facilityFeature;
    private final Counter periods;
    private final Counter reallocations;
    private final Timer periodTime;
    private final Counter framesSent;
    private final Counter framesResent;
    private final Counter framesRejected;
    private final Counter framesForeign;
    private final Counter agentUps;
    private final Counter agentDowns;
    private final Map<String, AgentState> lastAgents = new HashMap<>();
    private final Map<String, CfsState> lastSetStates = new HashMap<>();
    /** Every metric registered, to take them all out again. */
    private final List<Map.Entry<MetricsFeature, String>> registered = new ArrayList<>();
    private volatile int agentsUp;
    /** Sets by state, replaced whole on the loop's thread, read by the registry's reporters. */
    private volatile Map<CfsState, Integer> setsByState = Map.of();
    /** Each facility's last view, written on the loop's thread, read by the registry's reporters. */
    private final Map<String, FacilityState> facilityViews = new ConcurrentHashMap<>();
    /** The facilities published since the last period. */
    private final Set<String> publishedSincePeriod = new HashSet<>();

    LoopMetrics(MetricsService service) {
        this.service = service;
        component = service.registerComponent(COMPONENT);
        loopFeature = component.registerFeature("loop");
        adjustorFeature = component.registerFeature("adjustor");
        periods = counter(loopFeature, "periods");
        reallocations = counter(loopFeature, "reallocations");
        periodTime = service.createTimer(component, loopFeature, "periodTime");
        registered.add(Map.entry(loopFeature, "periodTime"));
        framesSent = counter(adjustorFeature, "framesSent");
        framesResent = counter(adjustorFeature, "framesResent");
        framesRejected = counter(adjustorFeature, "framesRejected");
        framesForeign = counter(adjustorFeature, "framesForeign");
        agentUps = counter(adjustorFeature, "agentUp");
        agentDowns = counter(adjustorFeature, "agentDown");
        service.registerMetric(component, adjustorFeature, "agentsUp", (Gauge<Integer>) () -> agentsUp);
        registered.add(Map.entry(adjustorFeature, "agentsUp"));
        cfsFeature = component.registerFeature("cfs");
        for (CfsState state : CfsState.values()) {
            String name = gaugeName(state);
            service.registerMetric(component, cfsFeature, name,
                    (Gauge<Integer>) () -> setsByState.getOrDefault(state, 0));
            registered.add(Map.entry(cfsFeature, name));
        }
        facilityFeature = component.registerFeature("facility");
    }

    /**
     * Registers the sFlow collector's gauges, {@code FUDP.sflow.datagrams}, {@code .malformed},
     * {@code .unknownAgentSamples}, {@code .refusedDatagrams} and {@code .misnamedAgentSamples}: a sampled
     * facility whose switch's datagrams are dropped finds no heavy flow, and only these say why; refused
     * datagrams and misnamed samples are also what someone who is no configured agent sent.
     *
     * @param sflow this instance's collector
     */
    void sflow(SflowCollector sflow) {
        MetricsFeature feature = component.registerFeature("sflow");
        Map<String, LongSupplier> gauges = Map.of("datagrams", sflow::datagrams, "malformed", sflow::malformed,
                "unknownAgentSamples", sflow::unknown, "refusedDatagrams", sflow::refused,
                "misnamedAgentSamples", sflow::misnamed);
        gauges.forEach((name, value) -> {
            service.registerMetric(component, feature, name, (Gauge<Long>) value::getAsLong);
            registered.add(Map.entry(feature, name));
        });
    }

    /**
     * Names the gauge of the sets in a state: the state in lower camel case.
     *
     * @param state a control state
     * @return e.g. "notEnforced" for NOT_ENFORCED, shown as FUDP.cfs.notEnforced
     */
    static String gaugeName(CfsState state) {
        StringBuilder name = new StringBuilder();
        boolean wordStarts = false;
        for (char c : state.name().toLowerCase(Locale.ROOT).toCharArray()) {
            if (c == '_') {
                wordStarts = true;
            } else {
                name.append(wordStarts ? Character.toUpperCase(c) : c);
                wordStarts = false;
            }
        }
        return name.toString();
    }

    private Counter counter(MetricsFeature feature, String name) {
        registered.add(Map.entry(feature, name));
        return service.createCounter(component, feature, name);
    }

    /** Counts a control frame that came from a port other than its facility's adjustor's, dropped. */
    void foreignControlFrame() {
        framesForeign.inc();
    }

    /**
     * Counts one control period and how long the loop took for it.
     *
     * @param nanos the period's duration
     */
    void period(long nanos) {
        periods.inc();
        periodTime.update(nanos, TimeUnit.NANOSECONDS);
        // Every period publishes each facility the loop controls: one not seen since the last period
        // is another instance's now.
        for (String id : List.copyOf(facilityViews.keySet())) {
            if (!publishedSincePeriod.contains(id)) {
                dropFacility(id);
            }
        }
        publishedSincePeriod.clear();
    }

    /**
     * Counts what one event made the loop do.
     *
     * @param a the loop's actions
     */
    void record(Actions a) {
        framesSent.inc(a.frames().size());
        for (DecisionRecord d : a.decisions()) {
            if (d.reallocated() && !d.dryRun()) {
                reallocations.inc();
            }
        }
        a.agentsGone().forEach(lastAgents::remove);
        for (AgentState now : a.agents().values()) {
            AgentState before = lastAgents.put(now.facilityId(), now);
            framesResent.inc(increase(before == null ? 0 : before.resends(), now.resends()));
            framesRejected.inc(increase(before == null ? 0 : rejected(before), rejected(now)));
            boolean wasUp = before != null && before.status() == AgentStatus.UP;
            if (!wasUp && now.isUp()) {
                agentUps.inc();
            } else if (wasUp && now.status() == AgentStatus.DOWN) {
                agentDowns.inc();
            }
        }
        agentsUp = (int) lastAgents.values().stream().filter(AgentState::isUp).count();
        sets(a.cfss().values(), a.cfssGone());
        facilities(a.facilities().values(), a.agentsGone());
    }

    /**
     * Keeps the facilities' views for their gauges: a facility seen first gets its gauges, a
     * facility gone (its agent went with it) loses them.
     *
     * @param published the facilities' views published
     * @param gone the ids of the facilities that left the config
     */
    void facilities(Collection<FacilityState> published, Collection<String> gone) {
        gone.forEach(this::dropFacility);
        for (FacilityState f : published) {
            publishedSincePeriod.add(f.facilityId());
            if (facilityViews.put(f.facilityId(), f) == null) {
                FACILITY_GAUGES.forEach((what, value) -> facilityGauge(f.facilityId(), what, value));
            }
        }
    }

    private void facilityGauge(String facilityId, String what, ToLongFunction<FacilityState> value) {
        String name = facilityGaugeName(facilityId, what);
        service.registerMetric(component, facilityFeature, name, (Gauge<Long>) () -> {
            FacilityState v = facilityViews.get(facilityId);
            return v == null ? 0L : value.applyAsLong(v);
        });
    }

    /**
     * Names a facility's gauge within the {@code facility} feature.
     *
     * @param facilityId the facility's device id
     * @param what rulesInUse, ruleCap, skipped or refusals
     * @return e.g. "of:0000000000000001.rulesInUse", shown as FUDP.facility.of:0000000000000001.rulesInUse
     */
    static String facilityGaugeName(String facilityId, String what) {
        return facilityId + "." + what;
    }

    private void dropFacility(String facilityId) {
        publishedSincePeriod.remove(facilityId);
        if (facilityViews.remove(facilityId) != null) {
            for (String what : FACILITY_GAUGES.keySet()) {
                service.removeMetric(component, facilityFeature, facilityGaugeName(facilityId, what));
            }
        }
    }

    /**
     * Counts the sets by state after the loop published some and dropped others.
     *
     * @param published the sets published, new or changed
     * @param gone the ids of the sets gone
     */
    void sets(Collection<CorrelationFlowSet> published, Collection<String> gone) {
        if (published.isEmpty() && gone.isEmpty()) {
            return;
        }
        gone.forEach(lastSetStates::remove);
        published.forEach(c -> lastSetStates.put(c.id(), c.state()));
        Map<CfsState, Integer> counts = new EnumMap<>(CfsState.class);
        lastSetStates.values().forEach(state -> counts.merge(state, 1, Integer::sum));
        setsByState = counts;
    }

    private static long rejected(AgentState s) {
        return s.rejectedFrames().values().stream().mapToLong(Long::longValue).sum();
    }

    private static long increase(long before, long now) {
        return now >= before ? now - before : now;
    }

    /** Takes the app's metrics out of ONOS's registry. */
    void remove() {
        registered.forEach(m -> service.removeMetric(component, m.getKey(), m.getValue()));
        List.copyOf(facilityViews.keySet()).forEach(this::dropFacility);
    }
}
