// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.codec.PrometheusText;
import org.fudp.codec.RegistryMetrics;
import org.fudp.codec.TestFudpService;
import org.fudp.codec.ViewMetrics;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onlab.metrics.MetricsManager;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 33: the app's metrics as Prometheus scrapes them from GET /onos/fudp/metrics: the gauges and
 * counters LoopMetrics registers in ONOS's own registry, under valid names (no dots, the device a label),
 * and the shared views' sets, limits, agents and budgets. The text is checked by hand here and, where
 * the Prometheus Python client is installed (Debian's python3-prometheus-client), by its parser.
 */
class PrometheusExpositionTest {

    private static final String S1 = "of:0000000000000001";

    @TempDir
    Path tmp;

    private String exposition(MetricsManager registry) {
        PrometheusText text = new PrometheusText();
        RegistryMetrics.write(registry.getMetrics(), text);
        ViewMetrics.write(new TestFudpService(), text);
        return text.toString();
    }

    private static MetricsManager registryWithAFacility() {
        MetricsManager registry = new MetricsManager();
        LoopMetrics metrics = new LoopMetrics(registry);
        metrics.sflow(new SflowCollector((d, s) -> { }));
        metrics.period(2_500_000);
        metrics.facilities(List.of(new FacilityState(S1, "onos-1", 1, 1, new FlowBudget(64, 50), 12, 64, 9,
                TestFudpService.skips(1, 2, 0, 0), 1, "TABLE_FULL", 0).withAggregates(4)), Set.of());
        return registry;
    }

    @Test
    void onosNamesBecomeValidNamesWithTheDeviceAndTheStateAsLabels() {
        String text = exposition(registryWithAFacility());
        List<String> lines = List.of(text.split("\n"));
        assertTrue(lines.contains("# TYPE fudp_loop_periods_total counter"), text);
        assertTrue(lines.contains("fudp_loop_periods_total 1"));
        assertTrue(lines.contains("# HELP fudp_loop_periods_total control periods run by this instance's loop"
                + " (ONOS metric FUDP.loop.periods)"));
        assertTrue(lines.contains("fudp_facility_aggregates{facility=\"" + S1 + "\"} 4"));
        assertTrue(lines.contains("fudp_facility_rules_in_use{facility=\"" + S1 + "\"} 12"));
        assertTrue(lines.contains("fudp_facility_skipped{facility=\"" + S1 + "\"} 3"));
        assertTrue(lines.contains("fudp_adjustor_agents_up 0"));
        assertTrue(lines.contains("fudp_sflow_refused_datagrams 0"));
        assertTrue(lines.contains("fudp_loop_period_time_seconds{quantile=\"0.5\"} 0.0025"));
        assertTrue(lines.contains("fudp_loop_period_time_seconds_count 1"));
        assertTrue(lines.contains("fudp_set_jain_index{cfs=\"bottleneck:set1\"} 0.9993"));
        assertTrue(lines.contains("fudp_set_state{cfs=\"bottleneck:set2\",state=\"ADJUSTING\"} 1"));
        assertTrue(lines.contains("fudp_limit_bps{flow=\"udp-10.0.0.1-5001-10.0.0.4-5203\",cfs=\"bottleneck:set1\","
                + "facility=\"" + S1 + "\"} 3333333"));
        assertTrue(lines.contains("fudp_facility_rule_budget{facility=\"of:0000000000000006\"} 64"));
        assertTrue(lines.stream().filter(l -> !l.startsWith("#")).noneMatch(l -> l.contains("FUDP.")),
                "no ONOS name is a metric name, only in the help");
        for (CfsState s : CfsState.values()) {
            // LoopMetrics names the gauge FUDP.cfs.notEnforced; the label says NOT_ENFORCED, as REST does.
            assertTrue(lines.contains("fudp_cfs_sets{state=\"" + s.name() + "\"} 0"), s + " from FUDP.cfs."
                    + LoopMetrics.gaugeName(s));
        }
        String[] all = text.split("\n");
        for (int i = 0; i < all.length; i++) {
            if (all[i].startsWith("# HELP ")) {
                assertTrue(all[i + 1].startsWith("# TYPE " + all[i].split(" ")[2] + " "), all[i + 1]);
            }
        }
    }

    /** Issue 35: how many of each set's UDP flows are responsive, under test or unresponsive. */
    @Test
    void eachSetCountsItsUdpFlowsByWhatTheirResponsivenessTestMakesThem() {
        TestFudpService fudp = new TestFudpService();
        fudp.quicInSet1();
        PrometheusText text = new PrometheusText();
        ViewMetrics.write(fudp, text);
        List<String> lines = List.of(text.toString().split("\n"));
        String set1 = "fudp_set_udp_flows{cfs=\"bottleneck:set1\",responsiveness=";
        assertTrue(lines.contains(set1 + "\"responsive\"} 1"), text.toString());
        assertTrue(lines.contains(set1 + "\"unresponsive\"} 1"));
        assertTrue(lines.contains(set1 + "\"candidate\"} 0"));
        assertTrue(lines.contains(set1 + "\"testing\"} 0"));
        assertTrue(lines.contains("fudp_set_udp_flows{cfs=\"bottleneck:set2\",responsiveness=\"unresponsive\"} 1"));
        assertTrue(lines.contains("fudp_set_udp_flows{cfs=\"" + TestFudpService.PATH_SET
                + "\",responsiveness=\"responsive\"} 0"), "a set without UDP has every class at 0");
        assertTrue(lines.contains("fudp_set_flows{cfs=\"bottleneck:set1\",protocol=\"udp\"} 2"),
                "by protocol: the responsive flow is UDP");
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("# HELP fudp_set_udp_flows the set's UDP flows by what "
                + "their responsiveness test makes them")), text.toString());
    }

    @Test
    void othersMetricsAreLeftOut() {
        MetricsManager registry = registryWithAFacility();
        registry.createCounter(registry.registerComponent("net"), registry.registerComponent("net")
                .registerFeature("flows"), "rules").inc();
        assertFalse(exposition(registry).contains("rules_total"), "ONOS's own are at /onos/v1/metrics");
    }

    @Test
    void prometheusOwnParserReadsItAll() throws Exception {
        String python = pythonWithPrometheusClient();
        assumeTrue(python != null, "no python3 with prometheus_client (Debian: python3-prometheus-client)");
        Path file = tmp.resolve("metrics.txt");
        Files.writeString(file, exposition(registryWithAFacility()), StandardCharsets.UTF_8);
        Path out = tmp.resolve("families.txt");
        Process p = new ProcessBuilder(python, "-c", CHECK, file.toString()).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the parser did not finish");
        String families = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), families);
        List<String> got = List.of(families.split("\n"));
        for (String f : List.of("fudp_loop_periods counter 1", "fudp_loop_period_time_seconds summary 4",
                "fudp_cfs_sets gauge 5", "fudp_facility_rules_in_use gauge 1", "fudp_set_state gauge 15",
                "fudp_set_jain_index gauge 3", "fudp_set_udp_flows gauge 12", "fudp_limit_bps gauge 2",
                "fudp_set_udp_principals gauge 3", "fudp_set_tcp_floor_bps gauge 3", "fudp_set_units gauge 3",
                "fudp_set_units_limit_bps gauge 3",
                "fudp_agent_up gauge 2")) {
            assertTrue(got.contains(f), f + " in " + got);
        }
    }

    /**
     * Parses the file with the Prometheus client's own text parser, then checks what that parser lets
     * pass: every family typed and documented, valid names, no sample twice, one HELP per family.
     */
    private static final String CHECK = String.join("\n",
            "import re, sys",
            "from prometheus_client.parser import text_string_to_metric_families",
            "text = open(sys.argv[1], encoding='utf-8').read()",
            "name = re.compile(r'[a-zA-Z_:][a-zA-Z0-9_:]*$')",
            "label = re.compile(r'[a-zA-Z_][a-zA-Z0-9_]*$')",
            "seen = set()",
            "for f in text_string_to_metric_families(text):",
            "    assert f.type in ('counter', 'gauge', 'summary'), (f.name, f.type)",
            "    assert f.documentation, f.name",
            "    for s in f.samples:",
            "        assert name.match(s.name) and all(label.match(k) for k in s.labels), s",
            "        key = (s.name, tuple(sorted(s.labels.items())))",
            "        assert key not in seen, key",
            "        seen.add(key)",
            "    print(f.name, f.type, len(f.samples))",
            "helps = [l.split()[2] for l in text.splitlines() if l.startswith('# HELP ')]",
            "assert len(helps) == len(set(helps)), helps");

    // The first python3 that has the Prometheus client: the one on the PATH may be another install.
    private static String pythonWithPrometheusClient() throws InterruptedException {
        for (String python : List.of("python3", "/usr/bin/python3")) {
            try {
                Process p = new ProcessBuilder(python, "-c", "import prometheus_client.parser")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    return python;
                }
            } catch (IOException e) {
                // not installed there
            }
        }
        return null;
    }

    /** The dashboard in tools/ asks only for what the app exposes. */
    @Test
    void everyMetricTheGrafanaDashboardAsksForIsExposed() throws IOException {
        String dashboard = Files.readString(Paths.get("..", "tools", "grafana-fudp.json"), StandardCharsets.UTF_8);
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(dashboard);
        Set<String> exposed = new java.util.HashSet<>();
        for (String line : exposition(registryWithAFacility()).split("\n")) {
            if (!line.startsWith("#")) {
                exposed.add(line.split("[{ ]")[0]);
            }
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("fudp_[a-z_]+").matcher(dashboard);
        int asked = 0;
        while (m.find()) {
            asked++;
            assertTrue(exposed.contains(m.group()), m.group() + " is not exposed");
        }
        assertTrue(asked > 20, "the dashboard's queries were read");
    }

    @Test
    void aValueIsWrittenAsTheFormatReadsIt() {
        PrometheusText t = new PrometheusText();
        t.add("x", "gauge", "a \\ and a\nline", Map.of("l", "a\"b\\c\nd"), 1.5);
        assertEquals("# HELP x a \\\\ and a\\nline\n# TYPE x gauge\nx{l=\"a\\\"b\\\\c\\nd\"} 1.5\n", t.toString());
    }
}
