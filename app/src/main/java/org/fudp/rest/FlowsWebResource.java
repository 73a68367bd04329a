// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.api.FudpService;
import org.fudp.codec.FudpQueries;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * Flows seen at the FUDP facilities, with their rates and allocations.
 */
@Path("flows")
public class FlowsWebResource extends AbstractWebResource {

    /**
     * Gets the tracked flows, optionally filtered. Each flow has its 5-tuple and protocol, the
     * facility and CFS, its delivered rate and demand, its allocation and since when it is known.
     *
     * @param protocol only flows of this protocol: tcp, udp or a protocol number
     * @param cfs only flows of this correlation flow set id
     * @param facility only flows seen at this facility device id
     * @return 200 OK with {"flows": [...]}; 400 BAD REQUEST if a filter is malformed
     * @onos.rsModel Flows
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getFlows(@QueryParam("protocol") String protocol, @QueryParam("cfs") String cfs,
                             @QueryParam("facility") String facility) {
        ObjectNode root = mapper().createObjectNode();
        ArrayNode array = root.putArray("flows");
        FudpQueries.flows(get(FudpService.class), protocol, cfs, facility)
                .forEach(r -> array.add(codec(FlowRecord.class).encode(r, this)));
        return ok(root).build();
    }

    /**
     * Gets one flow by its id, PROTO-SRC-SRCPORT-DST-DSTPORT.
     *
     * @param flowId flow id, e.g. udp-10.0.0.1-5001-10.0.0.4-5201
     * @return 200 OK with the flow; 400 BAD REQUEST if the id is malformed; 404 NOT FOUND if the
     *         flow is not tracked
     * @onos.rsModel Flow
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Path("{flowId}")
    public Response getFlow(@PathParam("flowId") String flowId) {
        FlowRecord flow = FudpQueries.flow(get(FudpService.class), flowId);
        return ok(codec(FlowRecord.class).encode(flow, this)).build();
    }
}
