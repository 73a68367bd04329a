// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent;

import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns the agent's Prometheus text into the few lines an operator reads first.
 */
final class StatusReport {

    private StatusReport() {
    }

    /**
     * Parses the samples of an exposition, keyed by name plus labels as written.
     *
     * @param text Prometheus text
     * @return value by sample key
     */
    static Map<String, Double> samples(String text) {
        Map<String, Double> m = new TreeMap<>();
        for (String line : text.split("\n", -1)) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int sp = line.lastIndexOf(' ');
            if (sp < 0) {
                continue;
            }
            try {
                m.put(line.substring(0, sp), Double.parseDouble(line.substring(sp + 1)));
            } catch (NumberFormatException e) {
                // Not one of ours; skip it.
                continue;
            }
        }
        return m;
    }

    /**
     * Formats a summary.
     *
     * @param text Prometheus text from the agent
     * @param nowMillis the current time
     * @return several lines of text
     */
    static String format(String text, long nowMillis) {
        Map<String, Double> s = samples(text);
        StringBuilder out = new StringBuilder();
        StringBuilder rejected = new StringBuilder();
        long rejectedTotal = 0;
        for (Map.Entry<String, Double> e : s.entrySet()) {
            if (e.getKey().startsWith("fudp_agent_frames_rejected_total{") && e.getValue() > 0) {
                String reason = e.getKey().replaceAll(".*reason=\"([^\"]*)\".*", "$1");
                rejected.append(rejected.length() == 0 ? "" : ", ").append(reason).append(' ')
                        .append(e.getValue().longValue());
                rejectedTotal += e.getValue().longValue();
            }
        }
        out.append(String.format(Locale.ROOT, "frames:      %d received, %d accepted, %d rejected%s%n",
                get(s, "fudp_agent_frames_received_total"), get(s, "fudp_agent_frames_accepted_total"), rejectedTotal,
                rejected.length() == 0 ? "" : " (" + rejected + ")"));
        out.append(String.format(Locale.ROOT, "flows:       %d limited%n", get(s, "fudp_agent_flows_limited")));
        long applies = get(s, "fudp_agent_apply_seconds_count");
        double sum = s.getOrDefault("fudp_agent_apply_seconds_sum", 0.0);
        out.append(String.format(Locale.ROOT, "snapshot:    id %d, sequence %d, applied %s%n",
                get(s, "fudp_agent_last_snapshot_id"), get(s, "fudp_agent_last_applied_sequence"),
                ago(s.getOrDefault("fudp_agent_last_apply_timestamp_seconds", 0.0), nowMillis)));
        out.append(String.format(Locale.ROOT, "applies:     %d, %d failed, last %.2f ms, mean %.2f ms%n", applies,
                get(s, "fudp_agent_apply_failures_total"),
                s.getOrDefault("fudp_agent_last_apply_seconds", 0.0) * 1e3, applies == 0 ? 0 : sum / applies * 1e3));
        out.append(String.format(Locale.ROOT, "controller:  %s; fail-safe %s%n",
                get(s, "fudp_agent_waiting_for_controller") == 1
                        ? "waiting: none has spoken, so the agent sends nothing (not even heartbeats)"
                        : "last heard " + ago(s.getOrDefault("fudp_agent_last_controller_frame_timestamp_seconds", 0.0),
                                nowMillis),
                get(s, "fudp_agent_failsafe_active") == 1 ? "ACTIVE" : "off"));
        return out.toString();
    }

    private static long get(Map<String, Double> s, String key) {
        return s.getOrDefault(key, 0.0).longValue();
    }

    private static String ago(double epochSeconds, long nowMillis) {
        if (epochSeconds <= 0) {
            return "never";
        }
        long millis = (long) (epochSeconds * 1000);
        return String.format(Locale.ROOT, "%s (%.1f s ago)", Instant.ofEpochMilli(millis),
                (nowMillis - millis) / 1000.0);
    }
}
