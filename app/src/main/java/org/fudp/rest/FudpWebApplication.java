// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.onlab.rest.AbstractWebApplication;

import java.util.Set;

/**
 * The FUDP REST application: ONOS's authorization filter, error mappers and JSON writer plus
 * FUDP's resources, a mapper that makes a refused network config a 400, mappers that make a
 * wrong method or media type a JSON error naming it, and the FUDP page.
 */
public class FudpWebApplication extends AbstractWebApplication {

    @Override
    public Set<Class<?>> getClasses() {
        return getClasses(CfsWebResource.class, FlowsWebResource.class, AllocationsWebResource.class,
                AgentsWebResource.class, HistoryWebResource.class, BottlenecksWebResource.class,
                ClassesWebResource.class, FacilitiesWebResource.class, WhatIfWebResource.class,
                ControlWebResource.class, KeysWebResource.class, MetricsWebResource.class,
                InvalidFieldExceptionMapper.class, RequestMismatchMappers.MethodNotAllowed.class,
                RequestMismatchMappers.UnsupportedMediaType.class, RequestMismatchMappers.NotAcceptable.class,
                PageWebResource.class);
    }
}
