// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.api.FudpService;
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
 * Correlation flow sets: the flows that share a bottleneck, and how FUDP controls them.
 */
@Path("cfs")
public class CfsWebResource extends AbstractWebResource {

    /**
     * Gets every correlation flow set. Each one has its bottleneck and capacity, member flows,
     * the last period's rates and Jain's index, and from its latest decision the predicted TCP
     * aggregate, the deviation, the fairness band, the UDP average, whether that average is in
     * the band, and the decision itself with the time it was taken.
     *
     * @return 200 OK with {"cfs": [...]}
     * @onos.rsModel CorrelationFlowSets
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getCorrelationFlowSets() {
        ObjectNode root = mapper().createObjectNode();
        ArrayNode array = root.putArray("cfs");
        get(FudpService.class).getCorrelationFlowSets().stream()
                .sorted(Comparator.comparing(CorrelationFlowSet::id))
                .forEach(c -> array.add(codec(CorrelationFlowSet.class).encode(c, this)));
        return ok(root).build();
    }

    /**
     * Gets one correlation flow set. The id may contain slashes (a link's connect points).
     *
     * @param id CFS id, e.g. bottleneck:set1
     * @return 200 OK with the CFS; 404 NOT FOUND if there is no such CFS
     * @onos.rsModel CorrelationFlowSet
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Path("{id: .+}")
    public Response getCorrelationFlowSet(@PathParam("id") String id) {
        CorrelationFlowSet cfs = FudpQueries.cfs(get(FudpService.class), id);
        return ok(codec(CorrelationFlowSet.class).encode(cfs, this)).build();
    }
}
