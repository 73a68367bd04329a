// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm.whatif;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.algorithm.CfsInput;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.algorithm.FlowSample;
import org.fudp.algorithm.FudpaConfig;
import org.fudp.algorithm.Protocol;

import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads what-if JSON strictly: an unknown or mistyped field, a bad value or a duplicate id is
 * refused with a {@link WhatIfInputException} naming the field's path.
 */
public final class WhatIfParser {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private static final Set<String> ROOT_FIELDS = Set.of("config", "classes", "periods");
    private static final Set<String> CLASS_FIELDS = Set.of("weight", "minBps", "capBps", "exempt");
    private static final Set<String> CONFIG_FIELDS =
            Set.of("preset", "alpha", "beta", "hysteresis", "noiseFloorBps", "maxMissingPeriods", "settle",
                    "tcpFloorPrincipals", "principals");
    private static final Set<String> PERIOD_FIELDS = Set.of("cfs");
    private static final Set<String> CFS_FIELDS = Set.of("id", "capacityBps", "flows");
    private static final Set<String> FLOW_FIELDS =
            Set.of("id", "protocol", "rateBps", "demandBps", "class", "principal");
    private static final int MAX_SHOWN = 40;

    private WhatIfParser() {
    }

    /**
     * Reads a JSON document.
     *
     * @param in the document; not closed
     * @return the parsed tree
     * @throws WhatIfInputException if the input is empty or not valid JSON (field {@code input})
     * @throws IOException if reading fails
     */
    public static JsonNode readJson(InputStream in) throws WhatIfInputException, IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new WhatIfInputException("input",
                    "not valid JSON" + where + ": " + firstLine(e.getOriginalMessage()));
        } catch (CharConversionException e) {
            // Bytes Jackson took for UTF-32 but are not: bad input like any other, not a failure to read.
            throw new WhatIfInputException("input", "not valid JSON: " + firstLine(e.getMessage()));
        }
        if (root == null || root.isMissingNode()) {
            throw new WhatIfInputException("input", "is empty, expected a JSON object");
        }
        return root;
    }

    /**
     * Converts a JSON tree to a what-if input.
     *
     * @param root the document
     * @return the input
     * @throws WhatIfInputException naming the first bad field
     */
    public static WhatIfInput parse(JsonNode root) throws WhatIfInputException {
        requireObject(root, "input", ROOT_FIELDS, "");
        FudpaConfig config = parseConfig(root.get("config"));
        Map<String, FlowPolicy> classes = parseClasses(root.get("classes"));
        JsonNode periods = requireArray(root, "periods", "");
        List<List<CfsInput>> parsed = new ArrayList<>(periods.size());
        for (int p = 0; p < periods.size(); p++) {
            parsed.add(parsePeriod(periods.get(p), "periods[" + p + "]", classes));
        }
        return new WhatIfInput(config, parsed);
    }

    // Traffic classes by name: {"voice": {"exempt": true}, "video": {"weight": 2, "capBps": 8e6}}.
    private static Map<String, FlowPolicy> parseClasses(JsonNode node) throws WhatIfInputException {
        Map<String, FlowPolicy> out = new TreeMap<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isObject()) {
            throw new WhatIfInputException("classes", "must be a JSON object of classes by name, was " + shown(node));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String path = "classes." + e.getKey();
            if (e.getKey().isEmpty()) {
                throw new WhatIfInputException("classes", "a class name must not be empty");
            }
            JsonNode c = e.getValue();
            requireObject(c, path, CLASS_FIELDS, path + ".");
            double weight = present(c, "weight") ? number(c.get("weight"), path + ".weight") : 1;
            double min = present(c, "minBps") ? number(c.get("minBps"), path + ".minBps") : 0;
            double cap = present(c, "capBps") ? number(c.get("capBps"), path + ".capBps") : Double.POSITIVE_INFINITY;
            boolean exempt = false;
            if (present(c, "exempt")) {
                if (!c.get("exempt").isBoolean()) {
                    throw new WhatIfInputException(path + ".exempt", "must be true or false, was "
                            + shown(c.get("exempt")));
                }
                exempt = c.get("exempt").booleanValue();
            }
            try {
                out.put(e.getKey(), FlowPolicy.of(e.getKey(), weight, min, cap, exempt));
            } catch (IllegalArgumentException ex) {
                String msg = ex.getMessage();
                int colon = msg.indexOf(": ");
                throw new WhatIfInputException(path + "." + msg.substring(0, colon), msg.substring(colon + 2));
            }
        }
        return out;
    }

    private static FudpaConfig parseConfig(JsonNode node) throws WhatIfInputException {
        if (node == null || node.isNull()) {
            return FudpaConfig.defaults();
        }
        requireObject(node, "config", CONFIG_FIELDS, "config.");
        FudpaConfig.Builder b = FudpaConfig.builder();
        if (present(node, "preset")) {
            // The other fields, if given, change the preset.
            JsonNode v = node.get("preset");
            String preset = v.isTextual() ? v.textValue() : "";
            if (preset.equals("paper")) {
                b = FudpaConfig.paper().toBuilder();
            } else if (!preset.equals("defaults")) {
                throw new WhatIfInputException("config.preset", "must be \"paper\" or \"defaults\", was " + shown(v));
            }
        }
        if (present(node, "settle")) {
            JsonNode v = node.get("settle");
            if (!v.isBoolean()) {
                throw new WhatIfInputException("config.settle", "must be true or false, was " + shown(v));
            }
            b.settle(v.booleanValue());
        }
        if (present(node, "alpha")) {
            b.alpha(finite(node.get("alpha"), "config.alpha"));
        }
        if (present(node, "beta")) {
            b.beta(finite(node.get("beta"), "config.beta"));
        }
        if (present(node, "hysteresis")) {
            b.hysteresis(finite(node.get("hysteresis"), "config.hysteresis"));
        }
        if (present(node, "noiseFloorBps")) {
            b.noiseFloorBps(finite(node.get("noiseFloorBps"), "config.noiseFloorBps"));
        }
        if (present(node, "maxMissingPeriods")) {
            JsonNode v = node.get("maxMissingPeriods");
            if (!v.isIntegralNumber() || !v.canConvertToInt()) {
                throw new WhatIfInputException("config.maxMissingPeriods", "must be an integer >= 0, was " + shown(v));
            }
            b.maxMissingPeriods(v.intValue());
        }
        if (present(node, "principals")) {
            JsonNode v = node.get("principals");
            if (!v.isBoolean()) {
                throw new WhatIfInputException("config.principals", "must be true or false, was " + shown(v));
            }
            b.principals(v.booleanValue());
        }
        if (present(node, "tcpFloorPrincipals")) {
            JsonNode v = node.get("tcpFloorPrincipals");
            if (!v.isIntegralNumber() || !v.canConvertToInt()) {
                throw new WhatIfInputException("config.tcpFloorPrincipals",
                        "must be an integer, 0 for no floor, was " + shown(v));
            }
            b.tcpFloorPrincipals(v.intValue());
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            // FudpaConfig names the field first: "alpha: must be ...".
            String msg = e.getMessage();
            int colon = msg.indexOf(": ");
            throw new WhatIfInputException("config." + msg.substring(0, colon), msg.substring(colon + 2));
        }
    }

    private static List<CfsInput> parsePeriod(JsonNode node, String path, Map<String, FlowPolicy> classes)
            throws WhatIfInputException {
        requireObject(node, path, PERIOD_FIELDS, path + ".");
        JsonNode sets = requireArray(node, "cfs", path + ".");
        List<CfsInput> inputs = new ArrayList<>(sets.size());
        Set<String> ids = new HashSet<>();
        for (int c = 0; c < sets.size(); c++) {
            String cfsPath = path + ".cfs[" + c + "]";
            CfsInput input = parseCfs(sets.get(c), cfsPath, classes);
            if (!ids.add(input.cfsId())) {
                throw new WhatIfInputException(cfsPath + ".id", "duplicate CFS id " + quote(input.cfsId())
                        + " in the same period");
            }
            inputs.add(input);
        }
        return inputs;
    }

    private static CfsInput parseCfs(JsonNode node, String path, Map<String, FlowPolicy> classes)
            throws WhatIfInputException {
        requireObject(node, path, CFS_FIELDS, path + ".");
        String id = requireId(node, path + ".id");
        double capacity = Double.NaN;
        if (present(node, "capacityBps")) {
            capacity = number(node.get("capacityBps"), path + ".capacityBps");
            if (capacity <= 0) {
                throw new WhatIfInputException(path + ".capacityBps",
                        "must be a finite number > 0, was " + shown(node.get("capacityBps")));
            }
        }
        JsonNode flows = requireArray(node, "flows", path + ".");
        List<FlowSample> samples = new ArrayList<>(flows.size());
        Set<String> flowIds = new HashSet<>();
        for (int f = 0; f < flows.size(); f++) {
            String flowPath = path + ".flows[" + f + "]";
            FlowSample s = parseFlow(flows.get(f), flowPath, classes);
            if (!flowIds.add(s.flowId())) {
                throw new WhatIfInputException(flowPath + ".id", "duplicate flow id " + quote(s.flowId())
                        + " in the same CFS");
            }
            samples.add(s);
        }
        return CfsInput.of(id, capacity, samples);
    }

    private static FlowSample parseFlow(JsonNode node, String path, Map<String, FlowPolicy> classes)
            throws WhatIfInputException {
        requireObject(node, path, FLOW_FIELDS, path + ".");
        String id = requireId(node, path + ".id");
        JsonNode p = node.get("protocol");
        Protocol protocol;
        if (p != null && p.isTextual() && p.asText().toLowerCase(Locale.ROOT).equals("tcp")) {
            protocol = Protocol.TCP;
        } else if (p != null && p.isTextual() && p.asText().toLowerCase(Locale.ROOT).equals("udp")) {
            protocol = Protocol.UDP;
        } else {
            throw new WhatIfInputException(path + ".protocol", "must be \"tcp\" or \"udp\", was "
                    + (p == null ? "absent" : shown(p)));
        }
        double rate = present(node, "rateBps") ? number(node.get("rateBps"), path + ".rateBps") : Double.NaN;
        double demand = present(node, "demandBps") ? number(node.get("demandBps"), path + ".demandBps") : Double.NaN;
        FlowSample sample = FlowSample.of(id, protocol, rate, demand);
        if (present(node, "class")) {
            JsonNode c = node.get("class");
            FlowPolicy policy = c.isTextual() ? classes.get(c.asText()) : null;
            if (policy == null) {
                throw new WhatIfInputException(path + ".class", "must name a class of \"classes\" ("
                        + (classes.isEmpty() ? "none defined" : String.join(", ", classes.keySet())) + "), was "
                        + shown(c));
            }
            sample = sample.withPolicy(policy);
        }
        if (present(node, "principal")) {
            // Who the flow's traffic counts for, e.g. its source host: FUDPA shares among principals first.
            JsonNode v = node.get("principal");
            if (!v.isTextual() || v.textValue().isEmpty()) {
                throw new WhatIfInputException(path + ".principal", "must be a non-empty string, was " + shown(v));
            }
            sample = sample.withPrincipal(v.textValue());
        }
        return sample;
    }

    private static void requireObject(JsonNode node, String path, Set<String> allowed, String prefix)
            throws WhatIfInputException {
        if (node == null || !node.isObject()) {
            throw new WhatIfInputException(path, "must be a JSON object, was " + shown(node));
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
            String name = it.next();
            if (!allowed.contains(name)) {
                throw new WhatIfInputException(prefix + name, "unknown field (expected one of "
                        + String.join(", ", new TreeSet<>(allowed)) + ")");
            }
        }
    }

    private static JsonNode requireArray(JsonNode parent, String name, String prefix) throws WhatIfInputException {
        JsonNode node = parent.get(name);
        if (node == null || !node.isArray()) {
            throw new WhatIfInputException(prefix + name, "must be a JSON array, was " + shown(node));
        }
        return node;
    }

    private static String requireId(JsonNode parent, String path) throws WhatIfInputException {
        JsonNode node = parent.get("id");
        if (node == null || !node.isTextual() || node.asText().isEmpty()) {
            throw new WhatIfInputException(path, "must be a non-empty string, was " + shown(node));
        }
        return node.asText();
    }

    private static boolean present(JsonNode parent, String name) {
        JsonNode v = parent.get(name);
        return v != null && !v.isNull();
    }

    private static double number(JsonNode node, String path) throws WhatIfInputException {
        if (node.isNumber()) {
            double v = node.asDouble();
            if (v >= 0 && v < Double.POSITIVE_INFINITY) {
                return v;
            }
        }
        throw new WhatIfInputException(path, "must be a finite number >= 0, was " + shown(node));
    }

    private static double finite(JsonNode node, String path) throws WhatIfInputException {
        if (node.isNumber() && Double.isFinite(node.asDouble())) {
            return node.asDouble();
        }
        throw new WhatIfInputException(path, "must be a finite number, was " + shown(node));
    }

    private static String shown(JsonNode node) {
        if (node == null) {
            return "absent";
        }
        String s = node.toString();
        return s.length() <= MAX_SHOWN ? s : s.substring(0, MAX_SHOWN) + "...";
    }

    private static String quote(String s) {
        return '"' + s + '"';
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
