// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads request bodies and query values, turning every malformed input into an
 * {@link IllegalArgumentException} whose message names the field; ONOS's mapper answers it
 * with {@code 400 {"code": 400, "message": ...}}.
 */
final class RequestBodies {

    private RequestBodies() {
    }

    /**
     * Reads a JSON body.
     *
     * @param mapper the mapper
     * @param stream the body
     * @return the tree, never null
     * @throws IllegalArgumentException if the body is empty or not JSON, with line and column
     */
    static JsonNode read(ObjectMapper mapper, InputStream stream) {
        JsonNode root;
        try {
            root = mapper.readTree(stream);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            String msg = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().split("\n", 2)[0];
            throw new IllegalArgumentException("(body): malformed JSON" + where + ": " + msg, e);
        } catch (IOException e) {
            throw new IllegalArgumentException("(body): could not be read: " + e.getMessage(), e);
        }
        if (root == null || root.isMissingNode()) {
            throw new IllegalArgumentException("(body): is empty, expected a JSON object");
        }
        return root;
    }

    /**
     * Parses an optional epoch-milliseconds query value.
     *
     * @param name the parameter's name
     * @param value the value, null if absent
     * @return the value, 0 if absent
     * @throws IllegalArgumentException naming the parameter if it is not a non-negative integer
     */
    static long epochMs(String name, String value) {
        if (value == null || value.isEmpty()) {
            return 0;
        }
        if (value.matches("[0-9]{1,18}")) {
            return Long.parseLong(value);
        }
        throw new IllegalArgumentException(name + ": must be epoch milliseconds (a non-negative integer), was \""
                + value + "\"");
    }
}
