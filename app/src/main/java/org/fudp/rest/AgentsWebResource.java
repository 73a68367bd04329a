package org.fudp.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.AgentState;
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
import java.util.Comparator;

/**
 * The flow adjustor agents at the facilities.
 */
@Path("agents")
public class AgentsWebResource extends AbstractWebResource {

    /**
     * Gets every adjustor agent: its state, last heartbeat, the last snapshot sent and the
     * last acknowledged, and the rejected frames by reason.
     *
     * @return 200 OK with {"agents": [...]}
     * @onos.rsModel Agents
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getAgents() {
        ObjectNode root = mapper().createObjectNode();
        ArrayNode array = root.putArray("agents");
        get(FudpService.class).getAgents().stream()
                .sorted(Comparator.comparing(a -> a.facilityId()))
                .forEach(a -> array.add(codec(AgentState.class).encode(a, this)));
        return ok(root).build();
    }

    /**
     * Gets the adjustor agent of one facility.
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
        AgentState agent = get(FudpService.class).getAgent(FudpQueries.deviceId("deviceId", deviceId))
                .orElseThrow(() -> new ItemNotFoundException("device " + deviceId + " is not a facility"));
        return ok(codec(AgentState.class).encode(agent, this)).build();
    }
}
