// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.onlab.rest.exceptions.AbstractMapper;
import org.onosproject.net.config.InvalidFieldException;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.Provider;

/**
 * Answers a network config the store refused (for instance a {@code FudpConfigException} from
 * applying facilities or bottlenecks) with 400 and its message, which names the field, instead
 * of the 500 that ONOS's catch-all mapper would give a runtime exception.
 */
@Provider
public class InvalidFieldExceptionMapper extends AbstractMapper<InvalidFieldException> {

    @Override
    protected Response.Status responseStatus() {
        return Response.Status.BAD_REQUEST;
    }
}
