// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.api.FudpService;
import org.fudp.protocol.FlowIds;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.Comparator;

/**
 * UDP rate limits: what each adjustor was told, and what it acknowledged.
 */
@Path("allocations")
public class AllocationsWebResource extends AbstractWebResource {

    /**
     * Gets the current UDP allocations. Each has the flow, the facility whose adjustor
     * enforces it, the limit told and the sequence number of the snapshot that carried it,
     * whether the adjustor acknowledged that snapshot, and whether it was computed in dry-run.
     *
     * @return 200 OK with {"allocations": [...]}
     * @onos.rsModel Allocations
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getAllocations() {
        ObjectNode root = mapper().createObjectNode();
        ArrayNode array = root.putArray("allocations");
        get(FudpService.class).getAllocations().stream()
                .sorted(Comparator.comparing((AllocationState a) -> a.facilityId())
                        .thenComparing(a -> FlowIds.id(a.flow())))
                .forEach(a -> array.add(codec(AllocationState.class).encode(a, this)));
        return ok(root).build();
    }
}
