// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import com.codahale.metrics.Gauge;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.junit.jupiter.api.Test;
import org.onlab.metrics.MetricsManager;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sets' and the facilities' gauges in ONOS's own metrics registry ({@code MetricsManager}, which
 * {@code onos> metrics} and {@code GET /onos/v1/metrics} read): one per control state, counting
 * the sets the loop publishes in it; and per facility, its rules in use, rule cap, skipped new flows
 * and refused rules.
 */
class LoopMetricsTest {

    private final MetricsManager registry = new MetricsManager();

    private int gauge(String name) {
        Gauge<?> g = (Gauge<?>) registry.getMetrics().get(name);
        assertTrue(g != null, name + " is not registered: " + registry.getMetrics().keySet());
        return (Integer) g.getValue();
    }

    private static CorrelationFlowSet set(String id, CfsState state, String why) {
        return CorrelationFlowSet.builder(id, CfsKind.CONFIGURED).state(state, why).build();
    }

    @Test
    void theSflowCollectorsCountsAreGauges() {
        LoopMetrics metrics = new LoopMetrics(registry);
        metrics.sflow(new SflowCollector((d, samples) -> { }));
        for (String name : List.of("datagrams", "malformed", "unknownAgentSamples", "refusedDatagrams")) {
            Gauge<?> g = (Gauge<?>) registry.getMetrics().get("FUDP.sflow." + name);
            assertTrue(g != null, name + " is not registered: " + registry.getMetrics().keySet());
            assertEquals(0L, g.getValue(), name + " before any datagram");
        }
        metrics.remove();
        assertFalse(registry.getMetrics().containsKey("FUDP.sflow.datagrams"), "removed with the others");
    }

    @Test
    void everyStateHasItsGauge() {
        LoopMetrics metrics = new LoopMetrics(registry);
        List<String> names = new ArrayList<>();
        for (CfsState state : CfsState.values()) {
            names.add(LoopMetrics.gaugeName(state));
            assertEquals(0, gauge("FUDP.cfs." + LoopMetrics.gaugeName(state)), state + " before any period");
        }
        assertEquals(List.of("fair", "adjusting", "notEnforced", "noAgent", "noUdp"), names);
        metrics.remove();
    }

    @Test
    void setsAreCountedByTheirStateUntilTheyChangeOrGo() {
        LoopMetrics metrics = new LoopMetrics(registry);
        metrics.sets(List.of(set("bottleneck:a", CfsState.FAIR, ""),
                set("bottleneck:b", CfsState.NOT_ENFORCED, "the agent at of:0000000000000001 has not acknowledged"
                        + " the limit of udp-10.0.0.1-5001-10.0.0.4-5203 at 5000 kbit/s; it runs unlimited (for 10 s)"),
                set("bottleneck:c", CfsState.NO_AGENT, "the adjustor agent at of:0000000000000006 is not up"),
                set("bottleneck:d", CfsState.NOT_ENFORCED, "the limit of udp-10.0.0.2-5002-10.0.0.3-5203 is refused"
                        + ": OUT_OF_METERS (for 3 s)")), Set.of());
        assertEquals(2, gauge("FUDP.cfs.notEnforced"));
        assertEquals(1, gauge("FUDP.cfs.noAgent"));
        assertEquals(1, gauge("FUDP.cfs.fair"));
        assertEquals(0, gauge("FUDP.cfs.adjusting"));

        // b's limit comes into force, d is gone; a and c are unchanged, so not published again.
        metrics.sets(List.of(set("bottleneck:b", CfsState.FAIR, "")), Set.of("bottleneck:d"));
        assertEquals(0, gauge("FUDP.cfs.notEnforced"));
        assertEquals(2, gauge("FUDP.cfs.fair"));
        assertEquals(1, gauge("FUDP.cfs.noAgent"));

        // An event that publishes no set changes no count.
        metrics.record(Actions.none());
        assertEquals(2, gauge("FUDP.cfs.fair"));

        metrics.remove();
        assertTrue(registry.getMetrics().keySet().stream().noneMatch(n -> n.startsWith("FUDP.")),
                "left behind: " + registry.getMetrics().keySet());
    }

    private static final String S1 = "of:0000000000000001";
    private static final String S2 = "of:0000000000000002";

    private Number number(String name) {
        Gauge<?> g = (Gauge<?>) registry.getMetrics().get(name);
        assertTrue(g != null, name + " is not registered: " + registry.getMetrics().keySet());
        return (Number) g.getValue();
    }

    private List<Long> facilityGauges(String facilityId) {
        List<Long> values = new ArrayList<>();
        for (String what : List.of("rulesInUse", "ruleCap", "aggregates", "skipped", "refusals")) {
            values.add(number("FUDP.facility." + facilityId + "." + what).longValue());
        }
        return values;
    }

    private boolean hasGauges(String facilityId) {
        return registry.getMetrics().keySet().stream().anyMatch(n -> n.startsWith("FUDP.facility." + facilityId));
    }

    private static FacilityState view(String facilityId, int rules, int cap, long skippedByBudget, long refusals) {
        return new FacilityState(facilityId, "onos-1", 1, 1, new FlowBudget(1000, 200), rules, cap, rules,
                Map.of(FacilityState.Skip.RULE_BUDGET, skippedByBudget, FacilityState.Skip.SWITCH_REFUSED,
                        2 * refusals), refusals, refusals > 0 ? "TABLE_FULL" : "", 0).withAggregates(rules / 4);
    }

    @Test
    void eachFacilityHasGaugesOfItsRulesUntilItLeavesOrIsHandedOver() {
        LoopMetrics metrics = new LoopMetrics(registry);
        assertFalse(hasGauges(""), "no facility, no gauge");
        metrics.period(1);
        metrics.facilities(List.of(view(S1, 12, 1000, 0, 0), view(S2, 40, 40, 1, 1)), Set.of());
        assertEquals(List.of(12L, 1000L, 3L, 0L, 0L), facilityGauges(S1));
        assertEquals(List.of(40L, 40L, 10L, 3L, 1L), facilityGauges(S2), "skipped counts every reason");

        // The next period: s1's switch refuses a rule too; the gauges read the new view.
        metrics.period(1);
        metrics.facilities(List.of(view(S1, 13, 13, 0, 1), view(S2, 40, 40, 1, 1)), Set.of());
        assertEquals(List.of(13L, 13L, 3L, 2L, 1L), facilityGauges(S1));

        // s2 is handed over: this loop publishes it no more, and after a whole period its gauges go.
        metrics.period(1);
        metrics.facilities(List.of(view(S1, 13, 13, 0, 1)), Set.of());
        assertTrue(hasGauges(S2), "published in the period before");
        metrics.period(1);
        assertFalse(hasGauges(S2), "another instance's now");
        assertTrue(hasGauges(S1));

        // s1 leaves the config: its agent goes, and its gauges with it.
        metrics.facilities(List.of(), Set.of(S1));
        assertFalse(hasGauges(S1));
        metrics.facilities(List.of(view(S1, 1, 1000, 0, 0)), Set.of());
        assertEquals(List.of(1L, 1000L, 0L, 0L, 0L), facilityGauges(S1), "back in the config, counted again");

        metrics.remove();
        assertTrue(registry.getMetrics().keySet().stream().noneMatch(n -> n.startsWith("FUDP.")),
                "left behind: " + registry.getMetrics().keySet());
    }
}
