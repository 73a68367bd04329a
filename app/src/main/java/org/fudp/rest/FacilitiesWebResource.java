// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.api.FacilityConfig;
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
 * The configured facilities (FUDP switches and their adjustors): a convenience over the FUDP
 * network config, with its validation.
 */
@Path("facilities")
public class FacilitiesWebResource extends AbstractWebResource {

    /**
     * Gets the facilities in force, in the network config's form.
     *
     * @return 200 OK with {"facilities": [...]}
     * @onos.rsModel Facilities
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getFacilities() {
        return ok(body(get(FudpService.class).getFacilities())).build();
    }

    /**
     * Replaces the facilities. The body is validated exactly as the network config is; if any
     * field is wrong nothing changes. The bottlenecks stay as they are.
     *
     * @param stream {"facilities": [...]}
     * @return 200 OK with the facilities accepted; 400 BAD REQUEST naming every bad field
     * @onos.rsModel Facilities
     */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response putFacilities(InputStream stream) {
        List<FacilityConfig> facilities = ConfigSections.facilities(RequestBodies.read(mapper(), stream));
        FudpAdminService admin = get(FudpAdminService.class);
        admin.setFacilities(facilities);
        return ok(body(facilities)).build();
    }

    private ObjectNode body(List<FacilityConfig> facilities) {
        ObjectNode root = mapper().createObjectNode();
        root.set(ConfigSections.FACILITIES, ConfigSections.encodeFacilities(facilities));
        return root;
    }
}
