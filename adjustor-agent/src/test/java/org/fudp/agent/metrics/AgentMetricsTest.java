// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.RejectReason;
import org.junit.jupiter.api.Test;

/**
 * The Prometheus exposition: every series present from the start, histogram buckets cumulative,
 * and served over HTTP.
 */
class AgentMetricsTest {

    @Test
    void everyRejectReasonIsExportedEvenAtZero() {
        AgentMetrics m = new AgentMetrics();
        m.rejectSource(() -> Map.of(RejectReason.BAD_MAC, 3L));
        String text = m.render();
        for (RejectReason r : RejectReason.values()) {
            assertTrue(text.contains("fudp_agent_frames_rejected_total{reason=\"" + r.label() + "\"} "
                    + (r == RejectReason.BAD_MAC ? 3 : 0)), r.label());
        }
    }

    @Test
    void applyHistogramIsCumulative() {
        AgentMetrics m = new AgentMetrics();
        m.applied(0.004, true, 1_000_000);
        m.applied(0.2, true, 2_000_000);
        m.applied(7, false, 3_000_000);
        String text = m.render();
        assertTrue(text.contains("fudp_agent_apply_seconds_bucket{le=\"0.005\"} 1"), text);
        assertTrue(text.contains("fudp_agent_apply_seconds_bucket{le=\"0.25\"} 2"), text);
        assertTrue(text.contains("fudp_agent_apply_seconds_bucket{le=\"10\"} 3"), text);
        assertTrue(text.contains("fudp_agent_apply_seconds_bucket{le=\"+Inf\"} 3"), text);
        assertTrue(text.contains("fudp_agent_apply_seconds_count 3"), text);
        assertTrue(text.contains("fudp_agent_apply_failures_total 1"), text);
        assertTrue(text.contains("fudp_agent_last_apply_timestamp_seconds 2000"), text);
    }

    @Test
    void stateAndAcksAreExported() {
        AgentMetrics m = new AgentMetrics();
        m.state(12, 5, 40);
        m.ackSent(AckResult.APPLIED);
        m.failSafe(true);
        m.failSafe(true);
        String text = m.render();
        assertTrue(text.contains("fudp_agent_flows_limited 12\n"), text);
        assertTrue(text.contains("fudp_agent_last_snapshot_id 5\n"), text);
        assertTrue(text.contains("fudp_agent_acks_sent_total{result=\"applied\"} 1"), text);
        assertTrue(text.contains("fudp_agent_failsafe_triggers_total 1\n"), text);
    }

    @Test
    void servedOnLoopback() throws Exception {
        AgentMetrics m = new AgentMetrics();
        m.state(3, 1, 1);
        try (MetricsServer s = new MetricsServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), m)) {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + s.address().getPort() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
            assertTrue(r.body().contains("fudp_agent_flows_limited 3"));
        }
    }
}
