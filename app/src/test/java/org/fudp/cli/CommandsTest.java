// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.algorithm.whatif.WhatIfRunner;
import org.fudp.codec.TestFudpService;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What each FUDP command prints, in text and with {@code -j}.
 */
class CommandsTest extends CommandTestBase {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static List<String> lines(String text) {
        return List.of(text.split("\n"));
    }

    @Test
    void cfsListsEverySetWithBandAndJain() {
        List<String> lines = lines(run(new CfsCommand(), false));
        assertEquals(4, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("id "));
        assertTrue(lines.get(1).startsWith("bottleneck:set1"));
        assertTrue(lines.get(1).contains("FAIR") && lines.get(1).contains("10.00M") && lines.get(1).contains("0.999"),
                lines.get(1));
        assertTrue(lines.get(1).contains("2.09M..3.78M") && lines.get(1).contains("3.32M in band"), lines.get(1));
        assertTrue(lines.get(1).endsWith(" -"), "nothing to add to FAIR: " + lines.get(1));
        assertTrue(lines.get(2).contains("3.60M out of band") && lines.get(2).endsWith(" -"), lines.get(2));
        assertTrue(lines.get(3).startsWith(TestFudpService.PATH_SET) && lines.get(3).endsWith("-"), lines.get(3));
    }

    @Test
    void cfsTableShowsASetNotEnforcedAndWhy() {
        service.set2NotEnforced();
        List<String> lines = lines(run(new CfsCommand(), false));
        assertTrue(lines.get(0).endsWith("udp avg           why"), lines.get(0));
        String set2 = lines.get(2);
        assertTrue(set2.startsWith("bottleneck:set2              NOT_ENFORCED    10.00M"), set2);
        assertTrue(set2.endsWith("3.60M out of band " + TestFudpService.SET2_NOT_ENFORCED), set2);
        // The columns stay aligned: the state column is as wide as its longest word.
        assertEquals(lines.get(1).indexOf("10.00M"), set2.indexOf("10.00M"));
    }

    @Test
    void cfsDetailSaysWhyASetIsNotEnforced() {
        service.set2NotEnforced();
        CfsCommand c = new CfsCommand();
        c.cfsId = TestFudpService.SET2;
        List<String> lines = lines(run(c, false));
        assertEquals("id=bottleneck:set2, kind=CONFIGURED, state=NOT_ENFORCED", lines.get(0));
        assertEquals("why: " + TestFudpService.SET2_NOT_ENFORCED, lines.get(1));
        c.cfsId = TestFudpService.SET1;
        assertTrue(lines(run(c, false)).get(1).startsWith("bottleneck="), "no why line for a fair set");
    }

    @Test
    void cfsDetailSaysWhatIsLimitedAsAUnit() {
        service.set2WithAUnit();
        CfsCommand c = new CfsCommand();
        c.cfsId = TestFudpService.SET2;
        String text = run(c, false);
        assertTrue(lines(text).contains("limited as a unit: 1 aggregate rule offering 47.00M, metered to 3.30M"), text);
        c.cfsId = TestFudpService.SET1;
        assertTrue(lines(run(c, false)).stream().noneMatch(l -> l.startsWith("limited as a unit")), "none in set1");
    }

    @Test
    void cfsShowsOneSetInDetail() {
        CfsCommand c = new CfsCommand();
        c.cfsId = TestFudpService.SET2;
        String text = run(c, false);
        assertTrue(text.contains("id=bottleneck:set2, kind=CONFIGURED, state=ADJUSTING"), text);
        assertTrue(text.contains("bottleneck=of:0000000000000002/3 -> of:0000000000000003/1, capacity=10.00M"), text);
        assertTrue(text.contains("last decision: period 3 at 2025-11-24T16:00:03Z: UDP average above band"), text);
        assertTrue(text.contains("band=3.00M..3.40M, udp avg=3.60M (out of band)"), text);
        assertTrue(text.contains("allocation udp-10.0.0.2-5002-10.0.0.3-5203 = 3.33M"), text);
        assertTrue(text.contains("tcp flow tcp-10.0.0.2-40003-10.0.0.3-5201"), text);
    }

    @Test
    void cfsJsonIsTheRestApisJson() throws Exception {
        JsonNode all = MAPPER.readTree(run(new CfsCommand(), true));
        assertEquals(3, all.get("cfs").size());
        CfsCommand one = new CfsCommand();
        one.cfsId = TestFudpService.SET1;
        JsonNode set1 = MAPPER.readTree(run(one, true));
        assertEquals(all.get("cfs").get(0), set1);
        assertEquals(5_864_219, set1.get("predictedTcpBps").asLong());
    }

    @Test
    void unknownCfsIsAnErrorWithoutTrace() {
        CfsCommand c = new CfsCommand();
        c.cfsId = "bottleneck:nope";
        assertEquals("", run(c, false));
        assertEquals("correlation flow set bottleneck:nope does not exist", errors().trim());
    }

    @Test
    void flowsFilterAndShowRates() {
        FlowsCommand c = new FlowsCommand();
        c.protocol = "udp";
        List<String> lines = lines(run(c, false));
        assertEquals(3, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(1).startsWith("udp-10.0.0.1-5001-10.0.0.4-5203"), lines.get(1));
        assertTrue(lines.get(1).contains("3.32M") && lines.get(1).contains("50.00M")
                && lines.get(1).contains("3.33M"), lines.get(1));
        FlowsCommand byCfs = new FlowsCommand();
        byCfs.cfs = TestFudpService.SET2;
        byCfs.protocol = "tcp";
        assertEquals(3, lines(run(byCfs, false)).size());
        FlowsCommand none = new FlowsCommand();
        none.facility = "of:0000000000000006";
        assertEquals("No flows", run(none, false).trim());
    }

    @Test
    void flowsJsonAndErrors() throws Exception {
        assertEquals(7, MAPPER.readTree(run(new FlowsCommand(), true)).get("flows").size());
        FlowsCommand one = new FlowsCommand();
        one.flowId = "udp-10.0.0.2-5002-10.0.0.3-5203";
        assertEquals(40_000_000, MAPPER.readTree(run(one, true)).get("demandBps").asLong());
        FlowsCommand bad = new FlowsCommand();
        bad.protocol = "quic";
        run(bad, false);
        assertTrue(errors().startsWith("protocol: must be tcp, udp"), errors());
        FlowsCommand unknown = new FlowsCommand();
        unknown.flowId = "udp-10.0.0.9-1-10.0.0.4-5201";
        run(unknown, false);
        assertEquals("flow udp-10.0.0.9-1-10.0.0.4-5201 is not tracked", errors().trim());
    }

    @Test
    void flowsSayWhatEachUdpFlowsResponsivenessTestMakesItAndOneFlowWhatItsTestsFound() {
        service.quicInSet1();
        FlowsCommand c = new FlowsCommand();
        c.cfs = TestFudpService.SET1;
        List<String> lines = lines(run(c, false));
        assertEquals(5, lines.size(), String.join("\n", lines));
        int at = lines.get(0).indexOf("responds");
        assertTrue(at > 0 && lines.get(0).indexOf("since") < at && at < lines.get(0).indexOf("class"), lines.get(0));
        String quic = FlowIds.id(TestFudpService.S1_QUIC);
        for (String line : lines.subList(1, lines.size())) {
            String kind = line.substring(at).split(" +")[0];
            assertEquals(line.startsWith("tcp-") ? "-" : line.startsWith(quic) ? "responsive" : "unresponsive", kind,
                    line);
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith(quic) && l.endsWith("responsive: counted with its set's "
                + "TCP, not limited")), String.join("\n", lines));

        FlowsCommand one = new FlowsCommand();
        one.flowId = quic;
        List<String> alone = lines(run(one, false));
        assertEquals(3, alone.size(), String.join("\n", alone));
        assertEquals("responsiveness test: " + TestFudpService.QUIC_EVIDENCE, alone.get(2));
        FlowsCommand flood = new FlowsCommand();
        flood.flowId = FlowIds.id(TestFudpService.S1_UDP);
        assertEquals(2, lines(run(flood, false)).size(), "never tested: nothing to add");
    }

    @Test
    void cfsCountTheResponsiveUdpFlowsAndTheDetailNamesThem() {
        service.quicInSet1();
        List<String> lines = lines(run(new CfsCommand(), false));
        assertTrue(lines.get(0).startsWith("id ") && lines.get(0).contains("   n   m   r "), lines.get(0));
        String set1 = lines.get(1);
        int at = lines.get(0).indexOf("   n   m   r ");
        assertEquals("   2   2   1 ", set1.substring(at, at + 13), "2 TCP, 2 UDP of which 1 responsive: " + set1);
        assertEquals("   2   1   0 ", lines.get(2).substring(at, at + 13), lines.get(2));
        CfsCommand c = new CfsCommand();
        c.cfsId = TestFudpService.SET1;
        String text = run(c, false);
        assertTrue(text.contains("\nresponsive udp: 1 of 2 UDP flows, counted with the TCP\n"), text);
        assertTrue(text.contains("  udp flow " + FlowIds.id(TestFudpService.S1_QUIC) + " (responsive)\n"), text);
        assertTrue(text.contains("  udp flow " + FlowIds.id(TestFudpService.S1_UDP) + " (unresponsive)\n"), text);
        c.cfsId = TestFudpService.SET2;
        assertFalse(run(c, false).contains("responsive udp:"), "no line when none passed");
    }

    @Test
    void allocationsShowWhatWasAcknowledged() throws Exception {
        List<String> lines = lines(run(new AllocationsCommand(), false));
        assertEquals(3, lines.size());
        assertTrue(lines.get(1).contains("udp-10.0.0.1-5001-10.0.0.4-5203") && lines.get(1).contains(" 17 yes "),
                lines.get(1));
        assertTrue(lines.get(2).contains(" 18 no "), lines.get(2));
        assertEquals(2, MAPPER.readTree(run(new AllocationsCommand(), true)).get("allocations").size());
    }

    @Test
    void agentsShowLivenessRejectsAndWhy() throws Exception {
        List<String> lines = lines(run(new AgentsCommand(), false));
        assertEquals(3, lines.indexOf(""), "the agents' table: a header and two agents");
        assertTrue(lines.get(1).startsWith("of:0000000000000001  adjustor UP ")
                && lines.get(1).endsWith("{BAD_TAG=2}    -"), lines.get(1));
        assertTrue(lines.get(2).contains("DOWN")
                && lines.get(2).endsWith("none           silent for more than 15000 ms"), lines.get(2));
        JsonNode json = MAPPER.readTree(run(new AgentsCommand(), true));
        assertEquals("DOWN", json.get("agents").get(1).get("status").asText());
        assertEquals("silent for more than 15000 ms", json.get("agents").get(1).get("reason").asText());
    }

    @Test
    void agentsNameEachFacilitysControllerAndRulesWithTheSwitchsRefusals() throws Exception {
        List<String> lines = lines(run(new AgentsCommand(), false));
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("facility             controller"))
                .findFirst().orElseThrow());
        assertEquals("", lines.get(header - 1), "a blank line between the tables");
        assertEquals("facility             controller      in charge since                  epoch  rules    cap "
                + "budget pkt-in/s  sampled  flows  aggr   open  skipped                  refused  retried  "
                + "last refusal",
                lines.get(header));
        assertEquals("of:0000000000000001  onos-1          2025-11-24T15:59:00Z     1763999940000      9   1000 "
                + "  1000      200        -      7     -      0  none                           0        0  -",
                lines.get(header + 1));
        assertEquals("of:0000000000000006  onos-2          2025-11-24T15:59:30Z     1763999970000     40     40 "
                + "    64       50        -     40     -      0  PACKET_IN_BUDGET=2, SOURCE_QUOTA=1, SWITCH_REFUSED=3"
                + "       1        0  "
                + TestFudpService.REFUSED + " (learning paused until 2025-11-24T16:00:04Z)", lines.get(header + 2));

        JsonNode json = MAPPER.readTree(run(new AgentsCommand(), true)).get("agents");
        assertEquals("onos-2", json.get(1).get("controller").get("instance").asText());
        assertEquals(40, json.get(1).get("collection").get("ruleCap").asInt());

        // A sampled facility says from which rate a flow gets rules of its own, and how many rules are aggregates.
        org.onosproject.net.DeviceId one = org.onosproject.net.DeviceId.deviceId("of:0000000000000001");
        service.facilityStates.put(one, new org.fudp.loop.api.facilities.FacilityState(one.toString(),
                new org.fudp.loop.api.settings.FlowBudget(900, 200, 1_000_000), 31, 900, 6, java.util.Map.of(), 0, "",
                0)
                .withAggregates(4).withFailedOpen(2));
        assertTrue(lines(run(new AgentsCommand(), false)).stream().anyMatch(l -> l.startsWith("of:0000000000000001")
                && l.contains("    900      200  >=1.00M      6     4      2  none")),
                lines(run(new AgentsCommand(), false)).toString());
        assertEquals(2, MAPPER.readTree(run(new AgentsCommand(), true)).get("agents").get(0).get("collection")
                .get("failedOpen").asInt(), "UDP flows forwarded straight on while the adjustor cannot hold a limit");

        service.facilityStates.clear();
        assertTrue(lines(run(new AgentsCommand(), false)).contains(
                "of:0000000000000006  - (no controller has published this facility yet)"));
    }

    @Test
    void aMeteredFacilityShowsItsMetersAndTheFlowsItCouldNotMeter() throws Exception {
        String refused = "the switch refused udp-10.0.0.3-40003-10.0.0.4-5203 a meter: OUT_OF_METERS";
        service.agents.put(org.onosproject.net.DeviceId.deviceId("of:0000000000000009"),
                AgentState.metered("of:0000000000000009", 4, 4, 1_000, 5, 1, "1 flow(s) counted but unlimited; "
                        + refused));
        String line = lines(run(new AgentsCommand(), false)).stream().filter(l -> l.startsWith("of:0000000000000009"))
                .findFirst().orElseThrow();
        assertTrue(line.startsWith("of:0000000000000009  meters   UP      -  "), line);
        assertTrue(line.contains("1 unmetered") && line.endsWith(refused), line);
        JsonNode json = MAPPER.readTree(run(new AgentsCommand(), true)).get("agents").get(2);
        assertEquals("METER", json.get("enforcement").asText());
        assertEquals(1, json.get("unmetered").asInt());

        service.allocations.add(new AllocationState(FlowIds.parse("f", "udp-10.0.0.3-40003-10.0.0.4-5203"),
                "of:0000000000000009", "set1", 2_500_000, 4, 1_000, true, false).refused("OUT_OF_METERS"));
        String allocation = lines(run(new AllocationsCommand(), false)).stream()
                .filter(l -> l.startsWith("of:0000000000000009")).findFirst().orElseThrow();
        assertTrue(allocation.contains(" refused ") && allocation.endsWith("OUT_OF_METERS"), allocation);
    }

    @Test
    void classesShowMatchAndPolicyInOrder() throws Exception {
        assertEquals("No traffic classes (every flow is treated as in the paper)",
                run(new ClassesCommand(), false).strip());
        service.trafficClasses.addAll(org.fudp.codec.ConfigSections.classes(MAPPER.readTree("[{\"name\": \"video\","
                + " \"protocol\": \"udp\", \"dstPrefix\": \"10.0.2.0/24\", \"dstPorts\": \"5000-5100\", \"weight\": 2,"
                + " \"capBps\": 8000000}, {\"name\": \"voice\", \"srcPorts\": 5004, \"dscp\": [46, 34],"
                + " \"exempt\": true}]")));
        List<String> lines = lines(run(new ClassesCommand(), false));
        assertEquals(3, lines.size());
        assertTrue(lines.get(1).startsWith("video            udp   any                  10.0.2.0/24          any  ")
                && lines.get(1).endsWith("5000-5100   any          weight 2.0, cap 8.00M"), lines.get(1));
        assertTrue(lines.get(2).contains("5004") && lines.get(2).contains(" 34,46 ") && lines.get(2).endsWith("exempt"),
                lines.get(2));
        JsonNode json = MAPPER.readTree(run(new ClassesCommand(), true));
        assertEquals("5000-5100", json.get("classes").get(0).get("dstPorts").asText());
        assertEquals("[34,46]", json.get("classes").get(1).get("dscp").toString());
    }

    @Test
    void historyShowsPeriodsAndFlows() throws Exception {
        HistoryCommand c = new HistoryCommand();
        c.cfsId = TestFudpService.SET1;
        String text = run(c, false);
        assertTrue(text.startsWith("bottleneck:set1: 3 periods"), text);
        assertTrue(text.contains("2025-11-24T16:00:02Z         6.40M     3.32M    50.00M  0.990  ADJUSTING"), text);
        assertTrue(text.contains("udp-10.0.0.1-5001-10.0.0.4-5203: 3 periods"), text);
        c.since = TestFudpService.T0 + 2000;
        JsonNode json = MAPPER.readTree(run(c, true));
        assertEquals(1, json.get("cfs").get(0).get("samples").size());
        c.periods = 0;
        run(c, false);
        assertEquals("--periods: must be at least 1, was 0", errors().trim());
    }

    @Test
    void whatIfRunsAFile(@TempDir Path dir) throws Exception {
        String input = "{\"periods\": [{\"cfs\": [{\"id\": \"set1\", \"capacityBps\": 1.0e7, \"flows\": ["
                + "{\"id\": \"f1\", \"protocol\": \"tcp\", \"rateBps\": 2.0e5},"
                + "{\"id\": \"f3\", \"protocol\": \"udp\", \"rateBps\": 9.6e6, \"demandBps\": 5.0e7}]}]}]}";
        Path file = dir.resolve("periods.json");
        Files.writeString(file, input);
        WhatIfCommand c = new WhatIfCommand();
        c.file = file.toString();
        List<String> lines = lines(run(c, false));
        assertEquals(2, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(1).contains("set1") && lines.get(1).contains(" no ")
                && lines.get(1).endsWith("f3=4.90M"), lines.get(1));
        assertEquals(MAPPER.readTree(WhatIfRunner.run(MAPPER.readTree(input)).toJson().toString()),
                MAPPER.readTree(run(c, true)));
        Files.writeString(file, input.replace("9.6e6", "-1"));
        run(c, false);
        assertTrue(errors().startsWith("periods[0].cfs[0].flows[1].rateBps"), errors());
        c.file = dir.resolve("missing.json").toString();
        run(c, false);
        assertTrue(errors().startsWith("file: ") && errors().contains("does not exist"), errors());
    }

    @Test
    void controlShowsAndChangesTheMode() throws Exception {
        String text = run(new ControlCommand(), false);
        assertTrue(text.startsWith("enabled=true, dryRun=false, period=1000 ms, alpha=0.875, beta=0.25"), text);
        ControlCommand c = new ControlCommand();
        c.enabled = "false";
        c.dryRun = "on";
        JsonNode json = MAPPER.readTree(run(c, true));
        assertFalse(json.get("enabled").asBoolean());
        assertTrue(json.get("dryRun").asBoolean());
        assertEquals(List.of("setDryRun(true)", "setEnabled(false)"), service.adminCalls);
    }

    @Test
    void controlPrintsTheWarningsTheJsonCarries() throws Exception {
        // deploy.md and configuration.md send operators to fudp-control for key and poll warnings; only -j had them.
        service.controlWarnings = List.of("key file /opt/onos/config/fudp.keys is readable by group or others");
        String text = run(new ControlCommand(), false);
        assertTrue(text.contains("\nwarning: key file /opt/onos/config/fudp.keys is readable by group or others"),
                text);
        assertEquals("key file /opt/onos/config/fudp.keys is readable by group or others",
                MAPPER.readTree(run(new ControlCommand(), true)).get("warnings").get(0).asText());
    }

    @Test
    void controlRejectsABadValueAndChangesNothing() {
        ControlCommand c = new ControlCommand();
        c.enabled = "false";
        c.dryRun = "maybe";
        assertEquals("", run(c, false));
        assertEquals("--dry-run: must be true or false, was \"maybe\"", errors().trim());
        assertEquals(List.of(), service.adminCalls);
    }
}
