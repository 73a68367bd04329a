// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;

import java.util.Iterator;
import java.util.Set;

/**
 * Reads typed fields out of JSON objects and names the field, by its path, in every error, so a
 * REST client or a CLI user learns which value to fix.
 */
public final class JsonFields {

    private JsonFields() {
    }

    /**
     * Joins a parent path and a field name.
     *
     * @param path parent path, empty at the root
     * @param name field name
     * @return the field's path
     */
    public static String path(String path, String name) {
        return path == null || path.isEmpty() ? name : path + "." + name;
    }

    /**
     * Checks that a node is a JSON object.
     *
     * @param node the node, may be null
     * @param path its path, for the error
     * @return the object
     * @throws IllegalArgumentException if it is not an object
     */
    public static ObjectNode object(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException((path.isEmpty() ? "(body)" : path)
                    + ": must be a JSON object, was " + describe(node));
        }
        return (ObjectNode) node;
    }

    /**
     * Rejects fields not in the allowed set, so a typo is an error rather than silently ignored.
     *
     * @param node the object
     * @param path its path
     * @param allowed the field names it may have
     * @throws IllegalArgumentException naming the first unknown field
     */
    public static void onlyFields(JsonNode node, String path, Set<String> allowed) {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw new IllegalArgumentException(path(path, name) + ": unknown field, expected one of "
                        + String.join(", ", new java.util.TreeSet<>(allowed)));
            }
        }
    }

    /**
     * Returns a required integral field.
     *
     * @param node the object
     * @param path its path
     * @param name the field
     * @return the value
     * @throws IllegalArgumentException if absent or not an integer
     */
    public static long longValue(JsonNode node, String path, String name) {
        JsonNode v = node.get(name);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException(path(path, name) + ": must be an integer, was " + describe(v));
        }
        return v.asLong();
    }

    /**
     * Returns an optional integral field; JSON null or absence give the default.
     *
     * @param node the object
     * @param path its path
     * @param name the field
     * @param absent the value when absent or null
     * @return the value
     * @throws IllegalArgumentException if present and not an integer
     */
    public static long longValue(JsonNode node, String path, String name, long absent) {
        JsonNode v = node.get(name);
        return v == null || v.isNull() ? absent : longValue(node, path, name);
    }

    /**
     * Returns a number field; JSON null stands for "not a number" (unknown).
     *
     * @param node the object
     * @param path its path
     * @param name the field
     * @return the value, NaN for null
     * @throws IllegalArgumentException if absent or not a number
     */
    public static double doubleOrNaN(JsonNode node, String path, String name) {
        JsonNode v = node.get(name);
        if (v != null && v.isNull()) {
            return Double.NaN;
        }
        if (v == null || !v.isNumber()) {
            throw new IllegalArgumentException(path(path, name) + ": must be a number or null, was " + describe(v));
        }
        return v.asDouble();
    }

    /**
     * Returns a required boolean field.
     *
     * @param node the object
     * @param path its path
     * @param name the field
     * @return the value
     * @throws IllegalArgumentException if absent or not true/false
     */
    public static boolean bool(JsonNode node, String path, String name) {
        JsonNode v = node.get(name);
        if (v == null || !v.isBoolean()) {
            throw new IllegalArgumentException(path(path, name) + ": must be true or false, was " + describe(v));
        }
        return v.asBoolean();
    }

    /**
     * Returns a required string field.
     *
     * @param node the object
     * @param path its path
     * @param name the field
     * @return the value
     * @throws IllegalArgumentException if absent or not a string
     */
    public static String text(JsonNode node, String path, String name) {
        JsonNode v = node.get(name);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException(path(path, name) + ": must be a string, was " + describe(v));
        }
        return v.asText();
    }

    /**
     * Returns a required enum field, by constant name.
     *
     * @param node the object
     * @param path its path
     * @param name the field
     * @param type the enum
     * @param <E> enum type
     * @return the constant
     * @throws IllegalArgumentException if absent or not one of the constants
     */
    public static <E extends Enum<E>> E enumValue(JsonNode node, String path, String name, Class<E> type) {
        String t = text(node, path, name);
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(t)) {
                return e;
            }
        }
        StringBuilder allowed = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            allowed.append(allowed.length() == 0 ? "" : ", ").append(e.name());
        }
        throw new IllegalArgumentException(path(path, name) + ": must be one of " + allowed + ", was \"" + t + "\"");
    }

    /**
     * Returns a device id field.
     *
     * @param node the object
     * @param path its path
     * @param name the field
     * @return the device id
     * @throws IllegalArgumentException if absent or not a device URI
     */
    public static DeviceId deviceId(JsonNode node, String path, String name) {
        String t = text(node, path, name);
        if (!t.matches("[A-Za-z][A-Za-z0-9+.-]*:\\S+")) {
            throw new IllegalArgumentException(path(path, name)
                    + ": must be a device id such as of:0000000000000001, was \"" + t + "\"");
        }
        return DeviceId.deviceId(t);
    }

    /**
     * Formats a connect point as the network config does: {@code DEVICE/PORTNUMBER}.
     *
     * @param cp the connect point
     * @return text form
     */
    public static String connectPoint(ConnectPoint cp) {
        return cp.deviceId() + "/" + cp.port().toLong();
    }

    /**
     * Returns a connect point field in the form {@code DEVICE/PORTNUMBER}.
     *
     * @param node the object
     * @param path its path
     * @param name the field
     * @return the connect point
     * @throws IllegalArgumentException if absent or malformed
     */
    public static ConnectPoint connectPoint(JsonNode node, String path, String name) {
        String t = text(node, path, name);
        int slash = t.lastIndexOf('/');
        if (slash > 0 && t.substring(slash + 1).matches("[0-9]{1,10}")) {
            try {
                return ConnectPoint.deviceConnectPoint(t);
            } catch (IllegalArgumentException e) {
                // reported below
            }
        }
        throw new IllegalArgumentException(path(path, name)
                + ": must be a connect point such as of:0000000000000001/2, was \"" + t + "\"");
    }

    /**
     * Describes a JSON value for an error message.
     *
     * @param v the value, may be null
     * @return "missing" or the JSON text, shortened
     */
    public static String describe(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "missing";
        }
        String s = v.toString();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
