// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.fudp.algorithm.whatif.WhatIfInputException;
import org.fudp.algorithm.whatif.WhatIfRunner;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.InputStream;

/**
 * What FUDP would decide over recorded periods, without touching the network.
 */
@Path("whatif")
public class WhatIfWebResource extends AbstractWebResource {

    /**
     * Runs the FUDP algorithm over the posted periods, in the same format as tools/fudp-whatif,
     * and returns each period's decisions: predicted TCP aggregate, deviation, band, UDP
     * average, whether UDP was fair, and the allocations in force. Rates are in bit/s. Nothing
     * in the running controller changes.
     *
     * @param stream {"config": {"alpha": ..., "beta": ...}, "periods": [{"cfs": [...]}]}
     * @return 200 OK with {"periods": [...]}; 400 BAD REQUEST naming the first bad field
     * @onos.rsModel WhatIfInput
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response whatIf(InputStream stream) {
        try {
            return ok(WhatIfRunner.run(RequestBodies.read(mapper(), stream)).toJson()).build();
        } catch (WhatIfInputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
