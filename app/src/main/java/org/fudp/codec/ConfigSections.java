// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.fudp.api.Bottleneck;
import org.fudp.api.FacilityConfig;
import org.fudp.config.FudpConfig;
import org.fudp.loop.api.settings.TrafficClass;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code facilities}, {@code bottlenecks} and {@code classes} sections of the FUDP network
 * config, read and written by {@link FudpConfig} itself, so REST and CLI accept exactly what
 * {@code onos-netcfg} accepts, with the same messages, and show what it would show.
 */
public final class ConfigSections {

    /** Name of the facilities section. */
    public static final String FACILITIES = "facilities";
    /** Name of the bottlenecks section. */
    public static final String BOTTLENECKS = "bottlenecks";
    /** Name of the traffic classes section. */
    public static final String CLASSES = "classes";

    // The config object is a scratch parser here; its subject is never looked at.
    private static final ApplicationId SCRATCH = new DefaultApplicationId(0, "org.fudp.app");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ConfigSections() {
    }

    /**
     * Validates and reads facilities.
     *
     * @param body {@code {"facilities": [...]}} or the bare array
     * @return the facilities
     * @throws IllegalArgumentException listing every bad field by path, e.g.
     *         {@code facilities[0].returnPort: must differ from adjustorPort, both are 3}
     */
    public static List<FacilityConfig> facilities(JsonNode body) {
        FudpConfig config = parse(body, FACILITIES);
        List<FacilityConfig> facilities = config.facilities();
        // A field the facility value cannot carry would be dropped on its way to the network config: refuse
        // it, naming it, rather than accept what would silently not be kept.
        List<String> dropped = uncarried(config.node().get(FACILITIES), encodeFacilities(facilities),
                FACILITIES);
        if (!dropped.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", dropped));
        }
        return facilities;
    }

    /**
     * Names every field of what was given that is not in what will be written, recursively.
     *
     * @param given the JSON as given
     * @param written the same values as they will be written
     * @param path the path of {@code given}
     * @return one error per field that would be dropped, by path
     */
    static List<String> uncarried(JsonNode given, JsonNode written, String path) {
        List<String> out = new ArrayList<>();
        if (given.isArray()) {
            for (int i = 0; i < given.size(); i++) {
                out.addAll(uncarried(given.get(i), written.path(i), path + "[" + i + "]"));
            }
        } else if (given.isObject()) {
            given.fields().forEachRemaining(e -> {
                String at = path + "." + e.getKey();
                if (written.has(e.getKey())) {
                    out.addAll(uncarried(e.getValue(), written.get(e.getKey()), at));
                } else if (!isDefaultEnforcement(e.getKey(), e.getValue())) {
                    out.add(at + ": cannot be carried through the REST API and would be dropped; set it in the"
                            + " network config (onos-netcfg)");
                }
            });
        }
        return out;
    }

    // "enforcement": "adjustor" is the default, which the config does not write.
    private static boolean isDefaultEnforcement(String field, JsonNode value) {
        return "enforcement".equals(field) && "adjustor".equals(value.asText());
    }

    /**
     * Validates and reads bottlenecks.
     *
     * @param body {@code {"bottlenecks": [...]}} or the bare array
     * @return the bottlenecks
     * @throws IllegalArgumentException listing every bad field by path
     */
    public static List<Bottleneck> bottlenecks(JsonNode body) {
        return parse(body, BOTTLENECKS).bottlenecks();
    }

    /**
     * Validates and reads traffic classes.
     *
     * @param body {@code {"classes": [...]}} or the bare array
     * @return the classes, in order
     * @throws IllegalArgumentException listing every bad field by path
     */
    public static List<TrafficClass> classes(JsonNode body) {
        return parse(body, CLASSES).classes();
    }

    /**
     * Writes traffic classes as the network config holds them.
     *
     * @param classes the classes
     * @return JSON array
     */
    public static ArrayNode encodeClasses(List<TrafficClass> classes) {
        return (ArrayNode) scratch(MAPPER.createObjectNode()).classes(classes).node().get(CLASSES);
    }

    /**
     * Writes facilities as the network config holds them.
     *
     * @param facilities the facilities
     * @return JSON array
     */
    public static ArrayNode encodeFacilities(List<FacilityConfig> facilities) {
        return (ArrayNode) scratch(MAPPER.createObjectNode()).facilities(facilities).node().get(FACILITIES);
    }

    /**
     * Writes bottlenecks as the network config holds them.
     *
     * @param bottlenecks the bottlenecks
     * @return JSON array
     */
    public static ArrayNode encodeBottlenecks(List<Bottleneck> bottlenecks) {
        return (ArrayNode) scratch(MAPPER.createObjectNode()).bottlenecks(bottlenecks).node().get(BOTTLENECKS);
    }

    private static FudpConfig parse(JsonNode body, String section) {
        JsonNode array = body;
        if (body != null && body.isObject()) {
            JsonFields.onlyFields(body, "", ImmutableSet.of(section));
            array = body.get(section);
        }
        if (array == null || !array.isArray()) {
            throw new IllegalArgumentException(section + ": must be an array (the body is {\"" + section
                    + "\": [...]} or the bare array), was " + JsonFields.describe(array));
        }
        ObjectNode root = MAPPER.createObjectNode();
        root.set(section, array.deepCopy());
        FudpConfig config = scratch(root);
        List<String> errors = config.errors();
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", errors));
        }
        return config;
    }

    private static FudpConfig scratch(ObjectNode root) {
        FudpConfig config = new FudpConfig();
        config.init(SCRATCH, FudpConfig.CONFIG_KEY, root, MAPPER, null);
        return config;
    }
}
