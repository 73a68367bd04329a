// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpService;
import org.fudp.api.KeyFileStatus;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * The controller's key file (component property {@code keyFile}): what is in force, and rereading it
 * after a key was added or removed in place.
 */
@Path("keys")
public class KeysWebResource extends AbstractWebResource {

    /**
     * Gets the key file as this instance last read it: its path, the ids of the keys in force (never
     * the keys) and what is wrong with it.
     *
     * @return 200 OK with {"path", "keyIds", "readMs", "keysTakenMs", "warnings"}
     * @onos.rsModel KeyFile
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getKeys() {
        return ok(codec(KeyFileStatus.class).encode(get(FudpService.class).getKeyFileStatus(), this)).build();
    }

    /**
     * Rereads the key file and puts its keys in force, as setting keyFile again does. Takes no body. A
     * file that cannot be read or holds a bad line changes nothing: the keys in force stay.
     *
     * @return 200 OK with the key file's status after the read; 409 CONFLICT naming the file and why it
     *         cannot be used
     */
    @POST
    @Path("reload")
    @Produces(MediaType.APPLICATION_JSON)
    public Response reloadKeys() {
        // An IllegalStateException becomes ONOS's 409 {"code": 409, "message": ...}.
        KeyFileStatus s = get(FudpAdminService.class).reloadKeys();
        return ok(codec(KeyFileStatus.class).encode(s, this)).build();
    }
}
