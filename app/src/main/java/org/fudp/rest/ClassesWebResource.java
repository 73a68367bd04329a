// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpService;
import org.fudp.codec.ConfigSections;
import org.fudp.loop.api.settings.TrafficClass;
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
 * The traffic classes (docs/configuration.md): a convenience over the FUDP network config, with its
 * validation.
 */
@Path("classes")
public class ClassesWebResource extends AbstractWebResource {

    /**
     * Gets the traffic classes in force, in order, in the network config's form.
     *
     * @return 200 OK with {"classes": [...]}
     * @onos.rsModel Classes
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getClasses() {
        return ok(body(get(FudpService.class).getTrafficClasses())).build();
    }

    /**
     * Replaces the traffic classes. The body is validated exactly as the network config is; if any
     * field is wrong nothing changes. Facilities and bottlenecks stay as they are.
     *
     * @param stream {"classes": [...]}
     * @return 200 OK with the classes accepted; 400 BAD REQUEST naming every bad field
     * @onos.rsModel Classes
     */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response putClasses(InputStream stream) {
        List<TrafficClass> classes = ConfigSections.classes(RequestBodies.read(mapper(), stream));
        get(FudpAdminService.class).setTrafficClasses(classes);
        return ok(body(classes)).build();
    }

    private ObjectNode body(List<TrafficClass> classes) {
        ObjectNode root = mapper().createObjectNode();
        root.set(ConfigSections.CLASSES, ConfigSections.encodeClasses(classes));
        return root;
    }
}
