// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.fudp.loop.api.facilities.AgentState;
import org.fudp.api.FudpService;
import org.onlab.util.ItemNotFoundException;
import org.fudp.codec.FudpQueries;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * The flow adjustor agents at the facilities (or the switches' meters), each with its facility's
 * controller in charge and rule budget.
 */
@Path("agents")
public class AgentsWebResource extends AbstractWebResource {

    /**
     * Gets every facility's enforcer: its state, last heartbeat, the last snapshot sent and the
     * last acknowledged, the rejected frames by reason; and the facility's controller (the ONOS
     * instance in charge, since when, its epoch) and flow collection (rules in use, cap and
     * budget, packet-in budget, new flows skipped by why, rules the switch refused).
     *
     * @return 200 OK with {"agents": [...]}
     * @onos.rsModel Agents
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getAgents() {
        return ok(FudpQueries.agents(get(FudpService.class), this)).build();
    }

    /**
     * Gets the enforcer of one facility, with the facility's controller and flow collection.
     *
     * @param deviceId facility device id, e.g. of:0000000000000001
     * @return 200 OK with the agent; 400 BAD REQUEST naming deviceId if it is not a device id;
     *         404 NOT FOUND if the device is not a facility
     * @onos.rsModel Agent
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Path("{deviceId}")
    public Response getAgent(@PathParam("deviceId") String deviceId) {
        FudpService service = get(FudpService.class);
        AgentState agent = service.getAgent(FudpQueries.deviceId("deviceId", deviceId))
                .orElseThrow(() -> new ItemNotFoundException("device " + deviceId + " is not a facility"));
        return ok(FudpQueries.agent(service, agent, this)).build();
    }
}
