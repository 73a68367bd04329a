// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.api.Bottleneck;
import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpService;
import org.fudp.codec.ConfigSections;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;

/**
 * The configured bottlenecks: a convenience over the FUDP network config, with its validation.
 */
@Path("bottlenecks")
public class BottlenecksWebResource extends AbstractWebResource {

    /**
     * Gets the bottlenecks in force, in the network config's form.
     *
     * @return 200 OK with {"bottlenecks": [...]}
     * @onos.rsModel Bottlenecks
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getBottlenecks() {
        return ok(body(get(FudpService.class).getBottlenecks())).build();
    }

    /**
     * Replaces the bottlenecks. The body is validated exactly as the network config is; if any
     * field is wrong nothing changes. The facilities stay as they are.
     *
     * @param stream {"bottlenecks": [...]}
     * @return 200 OK with the bottlenecks accepted; 400 BAD REQUEST naming every bad field
     * @onos.rsModel Bottlenecks
     */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response putBottlenecks(InputStream stream) {
        List<Bottleneck> bottlenecks = ConfigSections.bottlenecks(RequestBodies.read(mapper(), stream));
        FudpAdminService admin = get(FudpAdminService.class);
        admin.setBottlenecks(bottlenecks);
        return ok(body(bottlenecks)).build();
    }

    private ObjectNode body(List<Bottleneck> bottlenecks) {
        ObjectNode root = mapper().createObjectNode();
        root.set(ConfigSections.BOTTLENECKS, ConfigSections.encodeBottlenecks(bottlenecks));
        return root;
    }
}
