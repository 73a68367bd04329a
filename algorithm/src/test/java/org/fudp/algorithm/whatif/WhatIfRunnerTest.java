// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm.whatif;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.algorithm.FudpaConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The what-if JSON format: what goes in, what comes out, and the errors an operator sees.
 */
class WhatIfRunnerTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The input of the issue's example, with the second TCP flow of Set 1 added. */
    private static final String ISSUE_EXAMPLE = "{\"config\": {\"alpha\": 0.875, \"beta\": 0.25}, \"periods\": ["
            + "{\"cfs\": [{\"id\": \"set1\", \"capacityBps\": 1.0e8, \"flows\": ["
            + "{\"id\": \"f1\", \"protocol\": \"tcp\", \"rateBps\": 4.0e7},"
            + "{\"id\": \"f2\", \"protocol\": \"tcp\", \"rateBps\": 0},"
            + "{\"id\": \"f3\", \"protocol\": \"udp\", \"rateBps\": 6.0e7, \"demandBps\": 5.0e8}]}]}]}";

    /** Lets JSON in tests use single quotes. */
    private static String q(String s) {
        return s.replace('\'', '"');
    }

    private static JsonNode json(String s) throws IOException {
        return MAPPER.readTree(s);
    }

    private static WhatIfResult run(String s) throws Exception {
        return WhatIfRunner.run(new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void issueExampleRoundTrip() throws Exception {
        JsonNode out = run(ISSUE_EXAMPLE).toJson();
        // The output is itself valid JSON that reads back to the same tree.
        assertEquals(MAPPER.writeValueAsString(out), MAPPER.writeValueAsString(json(MAPPER.writeValueAsString(out))));
        JsonNode d = out.get("periods").get(0).get("cfs").get(0);
        assertEquals("set1", d.get("id").asText());
        assertEquals(4.0e7, d.get("predictedTcpBps").asDouble(), 1e-6);
        assertEquals(0, d.get("deviationBps").asDouble(), 1e-6);
        assertEquals(2.0e7, d.get("bandLowBps").asDouble(), 1e-6);
        assertEquals(2.0e7, d.get("bandHighBps").asDouble(), 1e-6);
        assertEquals(6.0e7, d.get("udpAverageBps").asDouble(), 1e-6);
        assertFalse(d.get("fair").asBoolean());
        assertEquals("ABOVE_BAND", d.get("reason").asText());
        // BW = min(4e7 + 6e7, 1e8); y = 3.
        assertEquals(1.0e8, d.get("availableBps").asDouble(), 1e-6);
        assertEquals(1.0e8 / 3, d.get("allocations").get("f3").asDouble(), 1e-6);
        assertEquals(1, d.get("allocations").size());
        assertEquals(0.875, out.get("config").get("alpha").asDouble());
        assertEquals(0.05, out.get("config").get("hysteresis").asDouble());
    }

    @Test
    void quantitiesNotComputedAreNull() throws Exception {
        JsonNode d = run("{\"periods\": [{\"cfs\": [{\"id\": \"a\", \"flows\": ["
                + "{\"id\": \"t\", \"protocol\": \"TCP\", \"rateBps\": 5}]}]}]}").toJson()
                .get("periods").get(0).get("cfs").get(0);
        assertEquals("NO_UDP", d.get("reason").asText());
        assertTrue(d.get("udpAverageBps").isNull());
        assertTrue(d.get("availableBps").isNull());
        assertTrue(d.get("fair").asBoolean());
        assertEquals(0, d.get("allocations").size());
    }

    @Test
    void flowNeverLimitedIsAbsentAndLimitsPersistWhileFair() throws Exception {
        WhatIfResult r = run("{\"config\": {\"hysteresis\": 0, \"noiseFloorBps\": 0}, \"periods\": ["
                + "{\"cfs\": [{\"id\": \"a\", \"flows\": [{\"id\": \"t\", \"protocol\": \"tcp\", \"rateBps\": 2},"
                + "{\"id\": \"u\", \"protocol\": \"udp\", \"rateBps\": 98, \"demandBps\": 500}]}]},"
                + "{\"cfs\": [{\"id\": \"a\", \"flows\": [{\"id\": \"t\", \"protocol\": \"tcp\", \"rateBps\": 50},"
                + "{\"id\": \"u\", \"protocol\": \"udp\", \"rateBps\": 50, \"demandBps\": 500},"
                + "{\"id\": \"v\", \"protocol\": \"udp\", \"rateBps\": 50, \"demandBps\": 50}]}]}]}");
        JsonNode second = r.toJson().get("periods").get(1).get("cfs").get(0);
        assertEquals("IN_BAND", second.get("reason").asText());
        assertEquals(50, second.get("allocations").get("u").asDouble(), 1e-9);
        assertFalse(second.get("allocations").has("v"));
    }

    @Test
    void nullRateIsAMissingSample() throws Exception {
        WhatIfResult r = run("{\"periods\": ["
                + "{\"cfs\": [{\"id\": \"a\", \"flows\": [{\"id\": \"t\", \"protocol\": \"tcp\", \"rateBps\": 7e7}]}]},"
                + "{\"cfs\": [{\"id\": \"a\", \"flows\": [{\"id\": \"t\", \"protocol\": \"tcp\", \"rateBps\": null}]}]}"
                + "]}");
        JsonNode second = r.toJson().get("periods").get(1).get("cfs").get(0);
        assertEquals(1, second.get("missingSamples").asInt());
        assertEquals(7e7, second.get("measuredTcpBps").asDouble(), 1e-6);
    }

    @Test
    void aCfsAbsentForAPeriodStartsAnew() throws Exception {
        String a1 = q("{'cfs': [{'id': 'a', 'flows': [{'id': 't', 'protocol': 'tcp', 'rateBps': 1e7}]}]}");
        String a2 = q("{'cfs': [{'id': 'a', 'flows': [{'id': 't', 'protocol': 'tcp', 'rateBps': 9e7}]}]}");
        String none = "{\"cfs\": []}";
        JsonNode kept = run("{\"periods\": [" + a1 + "," + a2 + "]}").toJson().get("periods").get(1).get("cfs").get(0);
        JsonNode restarted = run("{\"periods\": [" + a1 + "," + none + "," + a2 + "]}").toJson()
                .get("periods").get(2).get("cfs").get(0);
        assertEquals(1, kept.get("period").asInt());
        assertTrue(kept.get("deviationBps").asDouble() > 0);
        assertEquals(0, restarted.get("period").asInt());
        assertEquals(9e7, restarted.get("predictedTcpBps").asDouble(), 1e-6);
    }

    static Stream<Arguments> badInputs() {
        return Stream.of(
            Arguments.of("rate not a number",
                "{'periods': [{'cfs': [{'id': 'a', 'flows': []}, {'id': 'b', 'flows': ["
                + "{'id': 'x', 'protocol': 'tcp', 'rateBps': 1}, {'id': 'y', 'protocol': 'tcp', 'rateBps': 1},"
                + "{'id': 'z', 'protocol': 'udp', 'rateBps': 'abc'}]}]}]}",
                "periods[0].cfs[1].flows[2].rateBps: must be a finite number >= 0, was 'abc'"),
            Arguments.of("negative demand",
                "{'periods': [{'cfs': [{'id': 'a', 'flows': [{'id': 'z', 'protocol': 'udp', 'rateBps': 1,"
                + " 'demandBps': -5}]}]}]}",
                "periods[0].cfs[0].flows[0].demandBps: must be a finite number >= 0, was -5"),
            Arguments.of("unknown protocol",
                "{'periods': [{'cfs': [{'id': 'a', 'flows': [{'id': 'z', 'protocol': 'sctp'}]}]}]}",
                "periods[0].cfs[0].flows[0].protocol: must be 'tcp' or 'udp', was 'sctp'"),
            Arguments.of("missing protocol",
                "{'periods': [{'cfs': [{'id': 'a', 'flows': [{'id': 'z'}]}]}]}",
                "periods[0].cfs[0].flows[0].protocol: must be 'tcp' or 'udp', was absent"),
            Arguments.of("misspelt field",
                "{'periods': [{'cfs': [{'id': 'a', 'flows': [{'id': 'z', 'protocol': 'tcp', 'rate': 5}]}]}]}",
                "periods[0].cfs[0].flows[0].rate: unknown field (expected one of class, demandBps, id, principal,"
                + " protocol, rateBps)"),
            Arguments.of("empty flow id",
                "{'periods': [{'cfs': [{'id': 'a', 'flows': [{'id': '', 'protocol': 'tcp'}]}]}]}",
                "periods[0].cfs[0].flows[0].id: must be a non-empty string, was ''"),
            Arguments.of("duplicate flow",
                "{'periods': [{'cfs': [{'id': 'a', 'flows': [{'id': 'z', 'protocol': 'tcp'},"
                + "{'id': 'z', 'protocol': 'udp'}]}]}]}",
                "periods[0].cfs[0].flows[1].id: duplicate flow id 'z' in the same CFS"),
            Arguments.of("duplicate cfs",
                "{'periods': [{'cfs': [{'id': 'a', 'flows': []}, {'id': 'a', 'flows': []}]}]}",
                "periods[0].cfs[1].id: duplicate CFS id 'a' in the same period"),
            Arguments.of("zero capacity",
                "{'periods': [{'cfs': [{'id': 'a', 'capacityBps': 0, 'flows': []}]}]}",
                "periods[0].cfs[0].capacityBps: must be a finite number > 0, was 0"),
            Arguments.of("flows not an array",
                "{'periods': [{'cfs': [{'id': 'a', 'flows': {}}]}]}",
                "periods[0].cfs[0].flows: must be a JSON array, was {}"),
            Arguments.of("no periods",
                "{'config': {}}",
                "periods: must be a JSON array, was absent"),
            Arguments.of("root not an object",
                "[1, 2]",
                "input: must be a JSON object, was [1,2]"),
            Arguments.of("alpha out of range",
                "{'config': {'alpha': 1.5}, 'periods': []}",
                "config.alpha: must be > 0 and < 1 (paper eq. 1), was 1.5"),
            Arguments.of("beta not a number",
                "{'config': {'beta': 'x'}, 'periods': []}",
                "config.beta: must be a finite number, was 'x'"),
            Arguments.of("hysteresis negative",
                "{'config': {'hysteresis': -0.1}, 'periods': []}",
                "config.hysteresis: must be >= 0 and < 1, was -0.1"),
            Arguments.of("missing periods not integer",
                "{'config': {'maxMissingPeriods': 1.5}, 'periods': []}",
                "config.maxMissingPeriods: must be an integer >= 0, was 1.5"),
            Arguments.of("unknown class",
                "{'classes': {'video': {'weight': 2}}, 'periods': [{'cfs': [{'id': 'a', 'flows': "
                + "[{'id': 'f', 'protocol': 'udp', 'class': 'voice'}]}]}]}",
                "periods[0].cfs[0].flows[0].class: must name a class of \"classes\" (video), was 'voice'"),
            Arguments.of("class weight zero",
                "{'classes': {'video': {'weight': 0}}, 'periods': []}",
                "classes.video.weight: must be a finite number > 0, was 0.0"),
            Arguments.of("class cap below its minimum",
                "{'classes': {'video': {'minBps': 5e6, 'capBps': 1e6}}, 'periods': []}",
                "classes.video.capBps: must be > 0 and at least minBps (5000000.0), was 1000000.0"),
            Arguments.of("class exempt not a boolean",
                "{'classes': {'voice': {'exempt': 1}}, 'periods': []}",
                "classes.voice.exempt: must be true or false, was 1"),
            Arguments.of("unknown preset",
                "{'config': {'preset': 'rfc'}, 'periods': []}",
                "config.preset: must be \"paper\" or \"defaults\", was 'rfc'"),
            Arguments.of("settle not a boolean",
                "{'config': {'settle': 'yes'}, 'periods': []}",
                "config.settle: must be true or false, was 'yes'"),
            Arguments.of("principals not a boolean",
                "{'config': {'principals': 1}, 'periods': []}",
                "config.principals: must be true or false, was 1"),
            Arguments.of("a negative K",
                "{'config': {'tcpFloorPrincipals': -1}, 'periods': []}",
                "config.tcpFloorPrincipals: must be 0 (no floor) to 1000000, was -1"),
            Arguments.of("a fractional K",
                "{'config': {'tcpFloorPrincipals': 1.5}, 'periods': []}",
                "config.tcpFloorPrincipals: must be an integer, 0 for no floor, was 1.5"),
            Arguments.of("an empty principal",
                "{'periods': [{'cfs': [{'id': 'a', 'flows': [{'id': 'u', 'protocol': 'udp', 'principal': ''}]}]}]}",
                "periods[0].cfs[0].flows[0].principal: must be a non-empty string, was ''"),
            Arguments.of("unknown config",
                "{'config': {'gamma': 1}, 'periods': []}",
                "config.gamma: unknown field (expected one of alpha, beta, hysteresis, maxMissingPeriods,"
                + " noiseFloorBps, preset, principals, settle, tcpFloorPrincipals)"));
    }

    @Test
    void thePaperPresetSelectsThePapersConfigurationAndOtherFieldsChangeIt() throws Exception {
        assertEquals(FudpaConfig.paper(), WhatIfParser.parse(new ObjectMapper().readTree(q(
                "{'config': {'preset': 'paper'}, 'periods': []}"))).config());
        assertEquals(FudpaConfig.paper().toBuilder().settle(true).build(), WhatIfParser.parse(new ObjectMapper()
                .readTree(q("{'config': {'preset': 'paper', 'settle': true}, 'periods': []}"))).config());
        assertEquals(FudpaConfig.defaults(), WhatIfParser.parse(new ObjectMapper().readTree(q(
                "{'config': {'preset': 'defaults'}, 'periods': []}"))).config());
        assertTrue(FudpaConfig.defaults().settle());
    }

    @Test
    void classesGiveTheirFlowsWeightsAndExemption() throws Exception {
        JsonNode out = run(q("{'classes': {'video': {'weight': 2}, 'voice': {'exempt': true}}, 'periods': [{'cfs': "
                + "[{'id': 'b', 'capacityBps': 1e7, 'flows': [{'id': 't', 'protocol': 'tcp', 'rateBps': 1e6},"
                + "{'id': 'v', 'protocol': 'udp', 'rateBps': 4e6, 'demandBps': 3e7, 'class': 'video'},"
                + "{'id': 'p', 'protocol': 'udp', 'rateBps': 1e6, 'demandBps': 1e6, 'class': 'voice'},"
                + "{'id': 'u', 'protocol': 'udp', 'rateBps': 4e6, 'demandBps': 3e7}]}]}]}")).toJson();
        JsonNode d = out.get("periods").get(0).get("cfs").get(0);
        // BW = min(1 + 4 + 4, 10 - 1) = 9 among t (L), v (2L) and u (L): L = 2.25.
        assertEquals(4.5e6, d.get("allocations").get("v").asDouble(), 1);
        assertEquals(2.25e6, d.get("allocations").get("u").asDouble(), 1);
        assertFalse(d.get("allocations").has("p"), "exempt");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInputNamesTheField(String what, String input, String message) {
        WhatIfInputException e = assertThrows(WhatIfInputException.class, () -> run(q(input)), what);
        assertEquals(q(message), e.getMessage());
    }

    @Test
    void badJsonSaysWhere() {
        WhatIfInputException e = assertThrows(WhatIfInputException.class, () -> run("{\"periods\": [\n  {,]}"));
        assertEquals("input", e.field());
        assertTrue(e.problem().startsWith("not valid JSON at line 2, column 5: Unexpected character"), e.problem());
    }

    @Test
    void duplicateKeysAndTrailingGarbageAreRefused() {
        WhatIfInputException dup = assertThrows(WhatIfInputException.class,
                () -> run("{\"periods\": [], \"periods\": []}"));
        assertTrue(dup.problem().contains("Duplicate field 'periods'"), dup.problem());
        assertThrows(WhatIfInputException.class, () -> run("{\"periods\": []} {}"));
    }

    @Test
    void emptyInputIsRefused() {
        WhatIfInputException e = assertThrows(WhatIfInputException.class, () -> run("  "));
        assertEquals("input: is empty, expected a JSON object", e.getMessage());
    }

    @Test
    void cliPrintsJsonForAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("in.json");
        Files.writeString(file, ISSUE_EXAMPLE);
        Cli r = cli(new String[] {file.toString()}, "");
        assertEquals(0, r.code);
        assertEquals("", r.err);
        assertEquals(json(MAPPER.writeValueAsString(run(ISSUE_EXAMPLE).toJson())), json(r.out));
    }

    @Test
    void cliReadsStdinForDash() throws Exception {
        Cli r = cli(new String[] {"-"}, ISSUE_EXAMPLE);
        assertEquals(0, r.code);
        assertEquals(json(MAPPER.writeValueAsString(run(ISSUE_EXAMPLE).toJson())), json(r.out));
    }

    @Test
    void cliBadInputExitsTwoWithOneLineAndNoStackTrace() {
        Cli r = cli(new String[] {"-"}, "{\"periods\": [{\"cfs\": [{\"id\": 5, \"flows\": []}]}]}");
        assertEquals(2, r.code);
        assertEquals("fudp-whatif: periods[0].cfs[0].id: must be a non-empty string, was 5\n", r.err);
        assertEquals("", r.out);
        Cli bad = cli(new String[] {"-"}, "{\n\"periods\": [\n\"oops");
        assertEquals(2, bad.code);
        assertEquals(1, bad.err.lines().count(), bad.err);
        assertFalse(bad.err.contains("Exception") || bad.err.contains("\tat "), bad.err);
    }

    @Test
    void cliMissingFileAndWrongArgumentsExitTwo(@TempDir Path dir) {
        Cli missing = cli(new String[] {dir.resolve("nope.json").toString()}, "");
        assertEquals(2, missing.code);
        assertTrue(missing.err.endsWith("nope.json: no such file\n"), missing.err);
        Cli none = cli(new String[0], "");
        assertEquals(2, none.code);
        assertTrue(none.err.startsWith("usage: fudp-whatif FILE|-"), none.err);
        Cli two = cli(new String[] {"a", "b"}, "");
        assertEquals(2, two.code);
        Cli help = cli(new String[] {"--help"}, "");
        assertEquals(0, help.code);
        assertTrue(help.out.startsWith("usage:"), help.out);
    }

    private static Cli cli(String[] args, String stdin) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        InputStream in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        int code = WhatIfRunner.cli(args, in, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static final class Cli {
        final int code;
        final String out;
        final String err;

        Cli(int code, String out, String err) {
            this.code = code;
            this.out = out;
            this.err = err;
        }
    }
}
