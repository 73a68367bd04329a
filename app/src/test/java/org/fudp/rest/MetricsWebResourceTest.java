// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.junit.jupiter.api.Test;

import javax.ws.rs.core.Response;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET /metrics: FUDP's metrics in the Prometheus text format, for what Prometheus asks.
 */
class MetricsWebResourceTest extends ResourceTestBase {

    /** What Prometheus 2.x sends. */
    private static final String PROMETHEUS_ACCEPT = "application/openmetrics-text;version=1.0.0,"
            + "application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1";

    @Test
    void aScrapeGetsTheRegistrysAndTheViewsMetricsAsText() {
        metrics.createCounter(metrics.registerComponent("FUDP"), metrics.registerComponent("FUDP")
                .registerFeature("loop"), "periods").inc(3);
        Response r = target("metrics").request().header("Accept", PROMETHEUS_ACCEPT).get();
        String text = r.readEntity(String.class);
        assertEquals(200, r.getStatus(), text);
        assertEquals("text/plain;charset=utf-8;version=0.0.4", r.getMediaType().toString().replace(" ", ""));
        assertTrue(text.contains("\n# TYPE fudp_loop_periods_total counter\nfudp_loop_periods_total 3\n"), text);
        assertTrue(text.contains("fudp_set_state{cfs=\"bottleneck:set1\",state=\"FAIR\"} 1\n"), text);
        assertTrue(text.contains("fudp_agent_up{facility=\"of:0000000000000006\",enforcement=\"ADJUSTOR\"} 0\n"),
                text);
    }
}
