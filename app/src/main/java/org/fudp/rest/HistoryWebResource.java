// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.fudp.api.FudpService;
import org.fudp.codec.FudpQueries;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * The bounded in-memory time series kept per CFS and per flow, for charts.
 */
@Path("history")
public class HistoryWebResource extends AbstractWebResource {

    /**
     * Gets the history of one or every CFS: per period the TCP and UDP rates, the UDP demand,
     * Jain's index and the state; the decisions; and per member flow its demand, throughput
     * and allocation. Only entries newer than since are returned, so a chart can poll with the
     * time of the last entry it has.
     *
     * @param cfs CFS id; every current CFS when absent
     * @param since epoch milliseconds; only newer entries are returned (default 0)
     * @return 200 OK with {"since": ..., "cfs": [...]}; 400 BAD REQUEST if since is not a
     *         non-negative integer; 404 NOT FOUND if the CFS is unknown
     * @onos.rsModel History
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getHistory(@QueryParam("cfs") String cfs, @QueryParam("since") String since) {
        long sinceMs = RequestBodies.epochMs("since", since);
        return ok(FudpQueries.history(get(FudpService.class), cfs, sinceMs, this)).build();
    }
}
