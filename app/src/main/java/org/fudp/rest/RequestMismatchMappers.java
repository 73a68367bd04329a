// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import javax.ws.rs.NotAcceptableException;
import javax.ws.rs.NotAllowedException;
import javax.ws.rs.NotSupportedException;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Request;
import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;
import javax.ws.rs.ext.Provider;
import java.util.Set;
import java.util.TreeSet;

/**
 * Answers a request that matches a path but not its method or media types the way FUDP answers
 * a bad field: JSON {@code {"code": N, "message": "FIELD: ..."}} naming what to change, the
 * method or the {@code Content-Type} or {@code Accept} header. Without these Jersey answers 405,
 * 415 and 406 with an empty body (found by REST fuzzing, tools/test.d/17-rest-fuzz).
 */
public final class RequestMismatchMappers {

    private RequestMismatchMappers() {
    }

    private static Response reply(Response.Status status, String message) {
        ObjectNode body = JsonNodeFactory.instance.objectNode()
                .put("code", status.getStatusCode())
                .put("message", message);
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body.toString()).build();
    }

    private static String quoted(String value) {
        return value == null ? "none" : "\"" + value + "\"";
    }

    /** 405 naming the method and the allowed ones, keeping the Allow header. */
    @Provider
    public static class MethodNotAllowed implements ExceptionMapper<NotAllowedException> {
        @Context
        private Request request;

        @Override
        public Response toResponse(NotAllowedException e) {
            Set<String> allowed = new TreeSet<>(e.getResponse().getAllowedMethods());
            Response r = reply(Response.Status.METHOD_NOT_ALLOWED, "(method): " + request.getMethod()
                    + " is not allowed here, allowed: " + String.join(", ", allowed));
            return Response.fromResponse(r).allow(allowed).build();
        }
    }

    /** 415 naming the Content-Type header. */
    @Provider
    public static class UnsupportedMediaType implements ExceptionMapper<NotSupportedException> {
        @Context
        private HttpHeaders headers;

        @Override
        public Response toResponse(NotSupportedException e) {
            return reply(Response.Status.UNSUPPORTED_MEDIA_TYPE, HttpHeaders.CONTENT_TYPE
                    + ": must be application/json, was " + quoted(headers.getHeaderString(HttpHeaders.CONTENT_TYPE)));
        }
    }

    /** 406 naming the Accept header. */
    @Provider
    public static class NotAcceptable implements ExceptionMapper<NotAcceptableException> {
        @Context
        private HttpHeaders headers;

        @Override
        public Response toResponse(NotAcceptableException e) {
            return reply(Response.Status.NOT_ACCEPTABLE, HttpHeaders.ACCEPT + ": must allow what this path gives"
                    + " (application/json for the API, text/plain for /metrics), was "
                    + quoted(headers.getHeaderString(HttpHeaders.ACCEPT)));
        }
    }
}
