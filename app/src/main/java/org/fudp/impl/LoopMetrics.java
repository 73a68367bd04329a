package org.fudp.impl;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Timer;
import org.fudp.loop.Actions;
import org.fudp.loop.AgentState;
import org.fudp.loop.AgentStatus;
import org.fudp.loop.DecisionRecord;
import org.onlab.metrics.MetricsComponent;
import org.onlab.metrics.MetricsFeature;
import org.onlab.metrics.MetricsService;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The loop's counters in ONOS's metrics registry, so that {@code onos> metrics} and
 * {@code GET /onos/v1/metrics} show them beside ONOS's own: names {@code FUDP.loop.*} and
 * {@code FUDP.adjustor.*}.
 * <p>
 * Counts come from what the loop returns, on the loop's thread. The agents' frame counters are
 * cumulative per adjustor session, so they are turned into increments here; a session that starts
 * over (facility reconfigured) counts from zero again instead of going backwards.
 * </p>
 */
final class LoopMetrics {

    /** Component name in ONOS's registry; every metric of the app starts with it. */
    static final String COMPONENT = "FUDP";

    private final MetricsService service;
    private final MetricsComponent component;
    private final MetricsFeature loopFeature;
    private final MetricsFeature adjustorFeature;
    private final Counter periods;
    private final Counter reallocations;
    private final Timer periodTime;
    private final Counter framesSent;
    private final Counter framesResent;
    private final Counter framesRejected;
    private final Counter agentUps;
    private final Counter agentDowns;
    private final Map<String, AgentState> lastAgents = new HashMap<>();
    /** Every metric registered, to take them all out again. */
    private final List<Map.Entry<MetricsFeature, String>> registered = new ArrayList<>();
    private volatile int agentsUp;

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
        agentUps = counter(adjustorFeature, "agentUp");
        agentDowns = counter(adjustorFeature, "agentDown");
        service.registerMetric(component, adjustorFeature, "agentsUp", (Gauge<Integer>) () -> agentsUp);
        registered.add(Map.entry(adjustorFeature, "agentsUp"));
    }

    private Counter counter(MetricsFeature feature, String name) {
        registered.add(Map.entry(feature, name));
        return service.createCounter(component, feature, name);
    }

    /**
     * Counts one control period and how long the loop took for it.
     *
     * @param nanos the period's duration
     */
    void period(long nanos) {
        periods.inc();
        periodTime.update(nanos, TimeUnit.NANOSECONDS);
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
    }
}
