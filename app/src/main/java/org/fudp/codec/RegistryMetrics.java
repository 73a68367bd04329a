// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Metric;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import com.google.common.collect.ImmutableMap;
import org.fudp.loop.api.records.CfsState;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * FUDP's metrics in ONOS's registry ({@code FUDP.*}, what {@code onos> metrics} lists) in Prometheus
 * form. ONOS names them {@code FUDP.<feature>.<name>}, with dots, and a facility's device id inside the
 * name; Prometheus names cannot hold either, so:
 * <ul>
 *     <li>{@code FUDP.<feature>.<name>} becomes {@code fudp_<feature>_<name in snake case>}, e.g.
 *     {@code FUDP.adjustor.agentsUp} {@code fudp_adjustor_agents_up};</li>
 *     <li>a counter's name ends with {@code _total}, e.g. {@code fudp_loop_periods_total};</li>
 *     <li>a timer is a summary in seconds, e.g. {@code fudp_loop_period_time_seconds} with quantiles 0.5,
 *     0.95 and 0.99 and {@code _count} (a Dropwizard timer keeps no sum);</li>
 *     <li>{@code FUDP.facility.<device>.<name>} becomes {@code fudp_facility_<name>{facility="<device>"}};</li>
 *     <li>{@code FUDP.cfs.<state>} becomes {@code fudp_cfs_sets{state="<STATE>"}}, the state as the REST
 *     API writes it ({@code notEnforced}: {@code NOT_ENFORCED}).</li>
 * </ul>
 * Values keep their units: counts, and bit/s where the name says so.
 */
public final class RegistryMetrics {

    /** What every FUDP metric's ONOS name starts with. */
    public static final String PREFIX = "FUDP.";

    private static final double[] QUANTILES = {0.5, 0.95, 0.99};

    /** What each metric counts, by its ONOS name less {@code FUDP.} (a facility's less its device). */
    private static final Map<String, String> HELP = ImmutableMap.<String, String>builder()
            .put("loop.periods", "control periods run by this instance's loop")
            .put("loop.periodTime", "time this instance's loop took for each control period (counter reads, "
                    + "FUDPA for every set, records), seconds")
            .put("loop.reallocations", "periods in which a correlation flow set was reallocated and its limits "
                    + "sent (not in dry-run)")
            .put("adjustor.framesSent", "control frames sent to adjustors (snapshots, deltas, heartbeats, "
                    + "clear-alls)")
            .put("adjustor.framesResent", "snapshots sent again for want of an ACK")
            .put("adjustor.framesRejected", "control frames rejected, by the controller (bad MAC, unknown key, "
                    + "replay) or by an agent")
            .put("adjustor.framesForeign", "frames of the control EtherType from a port of a facility's switch "
                    + "other than its adjustor's, dropped unread")
            .put("adjustor.agentUp", "adjustor agents coming up")
            .put("adjustor.agentDown", "adjustor agents declared down")
            .put("adjustor.agentsUp", "adjustor agents up now")
            .put("cfs", "correlation flow sets of this instance's loop in each state now")
            .put("facility.rulesInUse", "FUDP's rules at the switch of a facility this instance controls")
            .put("facility.ruleCap", "rules FUDP may hold at the facility's switch now: its rule budget, or fewer "
                    + "after the switch refused a rule")
            .put("facility.aggregates", "of the rules in use, a sampled facility's aggregate rules")
            .put("facility.failedOpen", "UDP flows at the facility forwarded straight on, unlimited, while its "
                    + "adjustor cannot hold a limit (failed open)")
            .put("facility.skipped", "new flows at the facility given no rules of their own, every reason")
            .put("facility.refusals", "rules the facility's switch refused")
            .put("sflow.datagrams", "sFlow datagrams taken from accepted sources")
            .put("sflow.malformed", "sFlow datagrams that were not sFlow v5")
            .put("sflow.unknownAgentSamples", "sFlow samples of an agent no facility names")
            .put("sflow.misnamedAgentSamples", "sFlow samples naming another facility's agent than the agent "
                    + "address they came from, dropped")
            .put("sflow.refusedDatagrams", "sFlow datagrams dropped undecoded: their source is no configured "
                    + "agent's address and not in sflowSources")
            .build();

    private RegistryMetrics() {
    }

    /** A metric's Prometheus name (without a counter's or a timer's suffix), labels and help. */
    static final class Mapped {
        final String name;
        final Map<String, String> labels;
        final String help;

        Mapped(String name, Map<String, String> labels, String help) {
            this.name = name;
            this.labels = labels;
            this.help = help;
        }
    }

    /**
     * Writes every FUDP metric of ONOS's registry; other apps' are left out.
     *
     * @param metrics the registry's metrics by name, as {@code MetricsService.getMetrics()} gives them
     * @param out where they go
     */
    public static void write(Map<String, Metric> metrics, PrometheusText out) {
        new TreeMap<>(metrics).forEach((name, metric) -> {
            if (name.startsWith(PREFIX) && name.indexOf('.', PREFIX.length()) > 0) {
                write(map(name), metric, out);
            }
        });
    }

    private static void write(Mapped m, Metric metric, PrometheusText out) {
        if (metric instanceof Counter) {
            out.add(m.name + "_total", "counter", m.help, m.labels, ((Counter) metric).getCount());
        } else if (metric instanceof Timer) {
            String family = m.name + "_seconds";
            Snapshot s = ((Timer) metric).getSnapshot();
            for (double q : QUANTILES) {
                Map<String, String> labels = new LinkedHashMap<>(m.labels);
                labels.put("quantile", PrometheusText.number(q));
                out.add(family, "summary", m.help, family, labels, s.getValue(q) / 1e9);
            }
            out.add(family, "summary", m.help, family + "_count", m.labels, ((Timer) metric).getCount());
        } else if (metric instanceof Gauge) {
            Object v = ((Gauge<?>) metric).getValue();
            if (v instanceof Number) {
                out.add(m.name, "gauge", m.help, m.labels, ((Number) v).doubleValue());
            } else if (v instanceof Boolean) {
                out.add(m.name, "gauge", m.help, m.labels, (Boolean) v ? 1 : 0);
            }
        }
    }

    /**
     * Maps an ONOS metric name to its Prometheus name and labels.
     *
     * @param onosName e.g. {@code FUDP.facility.of:0000000000000001.aggregates}
     * @return e.g. {@code fudp_facility_aggregates} with {@code facility="of:0000000000000001"}
     */
    static Mapped map(String onosName) {
        String rest = onosName.substring(PREFIX.length());
        int dot = rest.indexOf('.');
        String feature = rest.substring(0, dot);
        String tail = rest.substring(dot + 1);
        int last = tail.lastIndexOf('.');
        if ("facility".equals(feature) && last > 0) {
            String what = tail.substring(last + 1);
            return new Mapped("fudp_facility_" + snake(what), Map.of("facility", tail.substring(0, last)),
                    help("facility." + what, PREFIX + "facility.<device>." + what));
        }
        if ("cfs".equals(feature)) {
            return new Mapped("fudp_cfs_sets", Map.of("state", state(tail)), help("cfs", PREFIX + "cfs.<state>"));
        }
        return new Mapped("fudp_" + snake(feature) + "_" + snake(tail), Map.of(), help(rest, onosName));
    }

    // The family's help says which ONOS metrics it holds: one help for all of a family's samples.
    private static String help(String key, String onosName) {
        return HELP.getOrDefault(key, "FUDP metric") + " (ONOS metric " + onosName + ")";
    }

    // The REST API's name of the state whose gauge LoopMetrics names in lower camel case.
    private static String state(String gaugeName) {
        for (CfsState s : CfsState.values()) {
            if (snake(gaugeName).equals(s.name().toLowerCase(Locale.ROOT))) {
                return s.name();
            }
        }
        return gaugeName;
    }

    /**
     * Writes a name in snake case, with anything a Prometheus name cannot hold made an underscore.
     *
     * @param name e.g. {@code unknownAgentSamples}
     * @return e.g. {@code unknown_agent_samples}
     */
    static String snake(String name) {
        StringBuilder out = new StringBuilder();
        for (char c : name.toCharArray()) {
            if (Character.isUpperCase(c)) {
                if (out.length() > 0) {
                    out.append('_');
                }
                out.append(Character.toLowerCase(c));
            } else {
                out.append(Character.isLetterOrDigit(c) && c < 128 ? c : '_');
            }
        }
        return out.toString();
    }
}
