// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.fudp.api.FudpService;
import org.fudp.codec.PrometheusText;
import org.fudp.codec.RegistryMetrics;
import org.fudp.codec.ViewMetrics;
import org.onlab.metrics.MetricsService;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Response;

/**
 * FUDP's metrics for Prometheus to scrape: this instance's counters and gauges from ONOS's metrics
 * registry, and the shared views' sets, limits, agents and budgets (docs/rest.md, "Metrics").
 */
@Path("metrics")
public class MetricsWebResource extends AbstractWebResource {

    /**
     * Gets FUDP's metrics in Prometheus's text exposition format, for Prometheus to scrape. The format is
     * version 0.0.4 (text/plain); the names are ONOS's FUDP metric names made valid Prometheus names, e.g.
     * fudp_facility_aggregates{facility="DEVICE"} for FUDP.facility.DEVICE.aggregates, followed by the
     * shared views' sets, limits, agents and budgets.
     *
     * @return 200 OK with the metrics as text/plain
     */
    @GET
    @Produces(PrometheusText.CONTENT_TYPE)
    public Response getMetrics() {
        PrometheusText text = new PrometheusText();
        RegistryMetrics.write(get(MetricsService.class).getMetrics(), text);
        ViewMetrics.write(get(FudpService.class), text);
        return Response.ok(text.toString(), PrometheusText.CONTENT_TYPE).build();
    }
}
