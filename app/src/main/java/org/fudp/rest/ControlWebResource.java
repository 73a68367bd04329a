// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableSet;
import org.fudp.api.ControlStatus;
import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpService;
import org.fudp.codec.JsonFields;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.InputStream;

/**
 * The control loop's mode: on or off, and dry-run.
 */
@Path("control")
public class ControlWebResource extends AbstractWebResource {

    private static final String ENABLED = "enabled";
    private static final String DRY_RUN = "dryRun";

    /**
     * Gets the control loop's mode and progress.
     *
     * @return 200 OK with {"enabled", "dryRun", "periodMs", "alpha", "beta", "periodsRun",
     *         "lastPeriodMs"}
     * @onos.rsModel ControlStatus
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getControl() {
        return ok(codec(ControlStatus.class).encode(get(FudpService.class).getControlStatus(), this)).build();
    }

    /**
     * Turns the control loop on or off and dry-run on or off. Give either field or both; a
     * field left out keeps its value. Off: flows are still measured, and every adjustor is told
     * to clear its limits. Dry-run: allocations are computed and reported but not sent.
     *
     * @param stream {"enabled": true, "dryRun": false}
     * @return 200 OK with the status after the change; 400 BAD REQUEST naming the bad field,
     *         and nothing changes
     * @onos.rsModel Control
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response postControl(InputStream stream) {
        JsonNode body = JsonFields.object(RequestBodies.read(mapper(), stream), "");
        JsonFields.onlyFields(body, "", ImmutableSet.of(ENABLED, DRY_RUN));
        if (!body.has(ENABLED) && !body.has(DRY_RUN)) {
            throw new IllegalArgumentException("(body): give enabled, dryRun or both");
        }
        // Validate both before changing either, so a rejected request changes nothing.
        Boolean enabled = body.has(ENABLED) ? JsonFields.bool(body, "", ENABLED) : null;
        Boolean dryRun = body.has(DRY_RUN) ? JsonFields.bool(body, "", DRY_RUN) : null;
        FudpAdminService admin = get(FudpAdminService.class);
        // Entering dry-run before enabling means no allocation is sent in between; leaving it
        // after disabling likewise.
        if (Boolean.TRUE.equals(dryRun)) {
            admin.setDryRun(true);
        }
        if (enabled != null) {
            admin.setEnabled(enabled);
        }
        if (Boolean.FALSE.equals(dryRun)) {
            admin.setDryRun(false);
        }
        return ok(codec(ControlStatus.class).encode(admin.getControlStatus(), this)).build();
    }
}
