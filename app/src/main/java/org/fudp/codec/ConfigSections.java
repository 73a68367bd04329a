package org.fudp.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.fudp.api.Bottleneck;
import org.fudp.api.Facility;
import org.fudp.config.FudpConfig;
import org.fudp.loop.TrafficClass;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;

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
    public static List<Facility> facilities(JsonNode body) {
        return parse(body, FACILITIES).facilities();
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
    public static ArrayNode encodeFacilities(List<Facility> facilities) {
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
