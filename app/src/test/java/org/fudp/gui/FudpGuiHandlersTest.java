// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.fudp.loop.api.records.CfsState;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.api.FudpService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.onosproject.app.ApplicationService;
import org.onosproject.core.CoreService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.topo.PropertyPanel;
import org.onosproject.ui.topo.TopoJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.fudp.gui.GuiScenario.S1;
import static org.fudp.gui.GuiScenario.S2;
import static org.fudp.gui.GuiScenario.S3;
import static org.fudp.gui.GuiScenario.S4;
import static org.fudp.gui.GuiScenario.S5;
import static org.fudp.gui.GuiScenario.S6;
import static org.fudp.gui.GuiScenario.SET1;
import static org.fudp.gui.GuiScenario.SET2;
import static org.fudp.gui.GuiScenario.SET3;
import static org.fudp.gui.GuiScenario.SET4;
import static org.fudp.gui.GuiScenario.SET5;
import static org.fudp.gui.GuiScenario.cp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/**
 * Drives the GUI's real message handlers and overlay with the paper's testbed and checks what
 * they send; the JSON is recorded under target/gui-fixtures for the browser tests.
 */
class FudpGuiHandlersTest {

    private FakeFudpService fudp;
    private GuiRecorder ui;
    /** The GUI component's executor, driven by hand: a refresh happens when the test says so. */
    private ScheduledExecutorService executor;
    private final List<Runnable> refreshes = new ArrayList<>();

    @BeforeEach
    void setUp() {
        fudp = GuiScenario.service();
        ui = new GuiRecorder();
        executor = mock(ScheduledExecutorService.class);
        when(executor.scheduleWithFixedDelay(any(), eq(FudpTopoMessageHandler.PUSH_PERIOD_MS),
                eq(FudpTopoMessageHandler.PUSH_PERIOD_MS), eq(TimeUnit.MILLISECONDS))).thenAnswer(call -> {
                    Runnable refresh = call.getArgument(0);
                    refreshes.add(refresh);
                    ScheduledFuture<?> task = mock(ScheduledFuture.class);
                    when(task.cancel(anyBoolean())).thenAnswer(cancel -> refreshes.remove(refresh));
                    return task;
                });
    }

    /** One period passes: every refresh still scheduled runs once. */
    private void period() {
        new ArrayList<>(refreshes).forEach(Runnable::run);
    }

    @BeforeAll
    static void clearOldRecordings() throws IOException {
        // A fixture left from an older run could vouch for a field the handlers no longer send.
        if (Files.isDirectory(GuiRecorder.FIXTURES)) {
            try (Stream<Path> old = Files.list(GuiRecorder.FIXTURES)) {
                for (Path p : old.filter(f -> f.toString().endsWith(".json")).collect(Collectors.toList())) {
                    Files.delete(p);
                }
            }
        }
    }

    @AfterAll
    static void recordEventNames() {
        // What the browser test compares the JS's event names with.
        ObjectNode events = GuiRecorder.MAPPER.createObjectNode();
        ArrayNode requests = events.putArray("requests");
        GuiRecorder r = new GuiRecorder();
        for (UiMessageHandler h : List.of(new FudpViewMessageHandler(),
                new FudpTopoMessageHandler(Executors.newSingleThreadScheduledExecutor()))) {
            h.init(r, GuiRecorder.directory(Map.of(FudpService.class, GuiScenario.service())));
            h.messageTypes().stream().sorted().forEach(requests::add);
            h.destroy();
        }
        ArrayNode sent = events.putArray("sent");
        synchronized (GuiRecorder.SENT_EVENTS) {
            GuiRecorder.SENT_EVENTS.forEach(sent::add);
        }
        events.put("overlayId", FudpTopoOverlay.OVERLAY_ID);
        events.putArray("buttons").add(FudpTopoOverlay.SHOW_CFS_BUTTON.id());
        events.put("cfsKey", FudpTopoOverlay.CFS_KEY);
        events.putArray("views").add(FudpGuiComponent.VIEW_ID).add(FudpGuiComponent.TOPO_VIEW_ID);
        GuiRecorder.record("java-events", events);
    }

    private <H extends UiMessageHandler> H init(H handler) {
        handler.init(ui, GuiRecorder.directory(Map.of(FudpService.class, fudp)));
        return handler;
    }

    private JsonNode ask(UiMessageHandler h, String event, ObjectNode payload) {
        int before = ui.messages.size();
        h.process(GuiRecorder.request(event, payload));
        assertTrue(ui.messages.size() > before, event + " got no answer");
        return ui.last();
    }

    private static ObjectNode payload() {
        return GuiRecorder.MAPPER.createObjectNode();
    }

    private static JsonNode row(JsonNode rows, String id) {
        for (JsonNode r : rows) {
            if (r.path("id").asText().equals(id)) {
                return r;
            }
        }
        throw new AssertionError("no row " + id + " in " + rows);
    }

    @Test
    void tableListsEverySetWithItsFiguresAndState() {
        JsonNode msg = ask(init(new FudpViewMessageHandler()), FudpViewMessageHandler.TABLE_REQ, payload());
        GuiRecorder.record("cfs-table", msg);
        assertEquals("fudpCfsDataResponse", msg.path("event").asText());
        JsonNode rows = msg.path("payload").path("fudpCfss");
        assertEquals(5, rows.size());

        JsonNode set1 = row(rows, SET1);
        assertEquals("of:0000000000000002/2 \u2192 of:0000000000000004/1", set1.path("bottleneck").asText());
        assertEquals("1.00 Gb/s", set1.path("capacity").asText());
        assertEquals("91%", set1.path("utilization").asText());
        assertEquals("1.00", set1.path("jain").asText());
        assertEquals("2", set1.path("tcp").asText());
        assertEquals("1", set1.path("udp").asText());
        assertEquals("1", set1.path("limited").asText());
        assertEquals("fair", set1.path("state").asText());
        assertEquals("", set1.path("stateReason").asText(), "nothing to add to fair");

        assertEquals("0", set1.path("responsive").asText());

        JsonNode set2 = row(rows, SET2);
        assertEquals("97%", set2.path("utilization").asText());
        assertEquals("0.81", set2.path("jain").asText());
        assertEquals("adjusting", set2.path("state").asText());
        assertEquals("3", set2.path("udp").asText());
        assertEquals("1", set2.path("responsive").asText(), "its QUIC flow passed its responsiveness test");
        assertEquals("2", set2.path("limited").asText());
        assertEquals("no agent", row(rows, SET3).path("state").asText());
        assertEquals("noagent", row(rows, SET3).path("stateCss").asText());
        assertEquals(GuiScenario.SET3_WHY, row(rows, SET3).path("stateReason").asText());
        JsonNode set5 = row(rows, SET5);
        assertEquals("not enforced", set5.path("state").asText());
        assertEquals("notenforced", set5.path("stateCss").asText());
        assertEquals(GuiScenario.SET5_WHY, set5.path("stateReason").asText());
        assertEquals("1", set5.path("limited").asText(), "a limit decided, not in force");

        JsonNode set4 = row(rows, SET4);
        assertEquals("to 10.0.7.7", set4.path("bottleneck").asText());
        assertEquals("n/a", set4.path("capacity").asText());
        assertEquals("n/a", set4.path("utilization").asText());
        assertEquals("no UDP", set4.path("state").asText());
    }

    @Test
    void tableSortsJainAsANumber() {
        ObjectNode sort = payload().put("firstCol", "jain").put("firstDir", "asc");
        JsonNode rows = ask(init(new FudpViewMessageHandler()), FudpViewMessageHandler.TABLE_REQ, sort)
                .path("payload").path("fudpCfss");
        List<String> order = new ArrayList<>();
        rows.forEach(r -> order.add(r.path("id").asText()));
        // 0.51, 0.59, 0.90, 0.9998 (shown 1.00), 1.0: text order would agree here only by luck.
        assertEquals(List.of(SET5, SET3, SET2, SET1, SET4), order);
    }

    @Test
    void emptyTableSaysWhy() {
        fudp.sets.clear();
        JsonNode msg = ask(init(new FudpViewMessageHandler()), FudpViewMessageHandler.TABLE_REQ, payload());
        GuiRecorder.record("cfs-table-empty", msg);
        assertEquals(0, msg.path("payload").path("fudpCfss").size());
        assertTrue(msg.path("payload").path("annots").path("no_rows_msg").asText().contains("No correlation"));
    }

    @Test
    void detailsListUdpFlowsFirstWithDemandRateAndAllocation() {
        FudpViewMessageHandler h = init(new FudpViewMessageHandler());
        for (String id : List.of(SET1, SET2, SET3, SET4, SET5)) {
            JsonNode msg = ask(h, FudpViewMessageHandler.DETAILS_REQ, payload().put("id", id));
            GuiRecorder.record("cfs-details-" + id.replaceAll("[^A-Za-z0-9]+", "_"), msg);
        }
        JsonNode p = ask(h, FudpViewMessageHandler.DETAILS_REQ, payload().put("id", SET2)).path("payload");
        assertEquals("fudpCfsDetailsResponse", ui.last().path("event").asText());
        assertTrue(p.path("found").asBoolean());
        assertEquals("adjusting", p.path("cfs").path("state").asText());
        JsonNode flows = p.path("flows");
        assertEquals(4, flows.size());
        assertEquals("udp-10.0.0.1-5002-10.0.0.3-6002", flows.get(0).path("id").asText());
        assertEquals("600.0 Mb/s", flows.get(0).path("demand").asText());
        assertEquals("420.0 Mb/s", flows.get(0).path("rate").asText());
        assertEquals("330.0 Mb/s", flows.get(0).path("allocation").asText());
        assertTrue(flows.get(0).path("limited").asBoolean());
        assertTrue(flows.get(0).path("pending").asBoolean(), "Set2's limits are not acknowledged yet");
        assertFalse(flows.get(3).path("pending").asBoolean(), "a TCP flow has no limit to acknowledge");
        assertEquals("tcp", flows.get(3).path("protocol").asText());
        assertEquals("", flows.get(3).path("allocation").asText());
        assertEquals("UDP average above band", p.path("decision").path("reason").asText());
        assertEquals("", p.path("cfs").path("stateReason").asText());

        JsonNode chart = p.path("chart");
        assertEquals(4, chart.path("flows").size());
        JsonNode jain = chart.path("jain");
        assertEquals(GuiScenario.HISTORY, jain.size());
        assertEquals(0.0, jain.get(jain.size() - 1).get(0).asDouble(), 1e-9);
        assertEquals(-(GuiScenario.HISTORY - 1), jain.get(0).get(0).asDouble(), 1e-9);
        // The chart's last Jain point is the set's index now.
        assertEquals(fudp.sets.get(SET2).jainIndex(), jain.get(jain.size() - 1).get(1).asDouble(), 0.05);
    }

    /** Issue 35: each UDP flow's class by its responsiveness test and what the test found; the set's count. */
    @Test
    void detailsSayWhatEachUdpFlowsResponsivenessTestMakesItAndHowManyPassed() {
        JsonNode p = ask(init(new FudpViewMessageHandler()), FudpViewMessageHandler.DETAILS_REQ,
                payload().put("id", SET2)).path("payload");
        assertEquals("1 of 3 UDP flows, counted with the TCP", p.path("cfs").path("responsiveUdp").asText());
        JsonNode flows = p.path("flows");
        JsonNode flood = flows.get(0);
        assertEquals("unresponsive", flood.path("responsiveness").asText());
        assertEquals(GuiScenario.FLOOD_FAILED, flood.path("responsiveEvidence").asText());
        JsonNode quic = flows.get(2);
        assertEquals(GuiScenario.Q_H3.toString(), quic.path("id").asText());
        assertEquals("responsive", quic.path("responsiveness").asText());
        assertEquals(GuiScenario.QUIC_PASSED, quic.path("responsiveEvidence").asText());
        assertEquals("none", quic.path("allocation").asText(), "never limited");
        assertFalse(quic.path("limited").asBoolean());
        assertEquals("responsive: counted with its set's TCP, not limited", quic.path("why").asText());
        assertEquals("", flows.get(3).path("responsiveness").asText(), "TCP has no such class");
        JsonNode set1 = ask(init(new FudpViewMessageHandler()), FudpViewMessageHandler.DETAILS_REQ,
                payload().put("id", SET1)).path("payload").path("cfs");
        assertEquals("", set1.path("responsiveUdp").asText(), "none passed: nothing to say");
    }

    @Test
    void chartKeepsOnlyTheLastFiveMinutes() {
        fudp = GuiScenario.service();
        // Stretch the history's time axis: one sample every 10 s, 150 samples = 25 minutes.
        List<CfsSample> stretched = new ArrayList<>();
        for (CfsSample s : fudp.cfsHistory.get(SET1)) {
            long t = GuiScenario.END_MS - (GuiScenario.END_MS - s.timeMs()) * 10;
            stretched.add(new CfsSample(t, s.tcpBps(), s.udpBps(), s.udpDemandBps(),
                    s.jainIndex(), s.state()));
        }
        fudp.cfsHistory.put(SET1, stretched);
        JsonNode jain = ask(init(new FudpViewMessageHandler()), FudpViewMessageHandler.DETAILS_REQ,
                payload().put("id", SET1)).path("payload").path("chart").path("jain");
        assertEquals(31, jain.size());
        assertEquals(-300.0, jain.get(0).get(0).asDouble(), 1e-9);
    }

    @Test
    void aSetWithoutHistoryYetHasAnEmptyChart() {
        // Right after activation: the set exists, no period has been recorded yet.
        fudp.cfsHistory.remove(SET1);
        fudp.sets.get(SET1).tcpFlows().forEach(fudp.flowHistory::remove);
        fudp.sets.get(SET1).udpFlows().forEach(fudp.flowHistory::remove);
        JsonNode msg = ask(init(new FudpViewMessageHandler()), FudpViewMessageHandler.DETAILS_REQ,
                payload().put("id", SET1));
        GuiRecorder.record("cfs-details-nohistory", msg);
        JsonNode chart = msg.path("payload").path("chart");
        assertEquals(0, chart.path("jain").size());
        assertEquals(3, chart.path("flows").size());
        chart.path("flows").forEach(f -> assertEquals(0, f.path("points").size()));
        assertEquals(3, msg.path("payload").path("flows").size(), "the flows show all the same");
    }

    @Test
    void detailsOfAGoneSetSayNotFound() {
        JsonNode msg = ask(init(new FudpViewMessageHandler()), FudpViewMessageHandler.DETAILS_REQ,
                payload().put("id", "bottleneck:gone"));
        GuiRecorder.record("cfs-details-missing", msg);
        assertFalse(msg.path("payload").path("found").asBoolean());
        assertEquals("bottleneck:gone", msg.path("payload").path("id").asText());
    }

    @Test
    void overlayStartSendsLabelledColouredLinksAndBadgedFacilities() {
        FudpTopoMessageHandler h = init(new FudpTopoMessageHandler(executor));
        assertFalse(h.pushing(), "no highlights before the overlay is selected");
        JsonNode msg = ask(h, FudpTopoMessageHandler.TOPO_START, payload());
        GuiRecorder.record("topo-highlights", msg);
        assertTrue(h.pushing());
        assertEquals("showHighlights", msg.path("event").asText());
        JsonNode links = msg.path("payload").path("links");
        assertEquals(4, links.size(), "Set1, Set2, Set3 and Set5 have links; Set4 has none");

        JsonNode set1 = link(links, "of:0000000000000002/2-of:0000000000000004/1");
        assertEquals("util 91% \u00b7 J 1.00", set1.path("label").asText());
        assertEquals("primary fudp-fair", set1.path("css").asText());
        assertEquals("primary fudp-adjusting",
                link(links, "of:0000000000000002/3-of:0000000000000003/1").path("css").asText());
        // Canonical key: the smaller end first, whatever the CFS's direction.
        JsonNode set3 = link(links, "of:0000000000000002/4-of:0000000000000005/2");
        assertEquals("primary fudp-noagent", set3.path("css").asText());
        assertEquals("util 100% \u00b7 J 0.59", set3.path("label").asText());
        JsonNode set5 = link(links, "of:0000000000000002/5-of:0000000000000006/1");
        assertEquals("primary fudp-notenforced", set5.path("css").asText(), "never the green of fair");
        assertEquals("util 98% \u00b7 J 0.51", set5.path("label").asText());

        JsonNode devices = msg.path("payload").path("devices");
        assertEquals(3, devices.size());
        assertEquals("i", device(devices, S1.toString()).path("badge").path("status").asText());
        assertEquals("4", device(devices, S1.toString()).path("badge").path("txt").asText());
        assertEquals("agent up, 4 UDP flows limited",
                device(devices, S1.toString()).path("badge").path("msg").asText());
        assertEquals("e", device(devices, S5.toString()).path("badge").path("status").asText());
        assertEquals("0", device(devices, S5.toString()).path("badge").path("txt").asText());
        assertEquals("w", device(devices, S6.toString()).path("badge").path("status").asText());

        JsonNode stop = ask(h, FudpTopoMessageHandler.TOPO_STOP, payload());
        GuiRecorder.record("topo-highlights-cleared", stop);
        assertFalse(h.pushing());
        assertEquals(0, stop.path("payload").path("links").size());
        assertEquals(0, stop.path("payload").path("devices").size());
        h.destroy();
    }

    @Test
    void overlayKeepsRefreshingUntilStopped() {
        FudpTopoMessageHandler h = init(new FudpTopoMessageHandler(executor));
        ask(h, FudpTopoMessageHandler.TOPO_START, payload());
        fudp.sets.put(SET1, fudp.sets.get(SET1).toBuilder().state(CfsState.ADJUSTING).build());
        int started = ui.messages.size();
        period();
        assertEquals(started + 1, ui.messages.size(), "one refresh a period (every two seconds)");
        assertEquals("primary fudp-adjusting", link(ui.last().path("payload").path("links"),
                "of:0000000000000002/2-of:0000000000000004/1").path("css").asText());
        h.destroy();
        int after = ui.messages.size();
        period();
        assertEquals(after, ui.messages.size(), "nothing after the connection closed");
        assertTrue(refreshes.isEmpty(), "the refresh is cancelled");
    }

    @Test
    void withGui2ActiveHighlightsArePushedUnasked() {
        // GUI2 cannot select an app's overlay, so nothing would ever send fudpTopoStart.
        FudpTopoMessageHandler h = new FudpTopoMessageHandler(executor);
        h.init(ui, GuiRecorder.directory(Map.of(FudpService.class, fudp,
                CoreService.class, new Gui2Services.Core(), ApplicationService.class, new Gui2Services.Apps(true))));
        assertTrue(h.pushing());
        period();
        assertEquals("showHighlights", ui.last().path("event").asText());
        assertEquals(4, ui.last().path("payload").path("links").size());
        h.destroy();
        assertFalse(h.pushing());
        assertTrue(refreshes.isEmpty(), "the refresh is cancelled");
    }

    @Test
    void withTheLegacyGuiNothingIsPushedUnasked() {
        FudpTopoMessageHandler h = new FudpTopoMessageHandler(executor);
        h.init(ui, GuiRecorder.directory(Map.of(FudpService.class, fudp,
                CoreService.class, new Gui2Services.Core(), ApplicationService.class, new Gui2Services.Apps(false))));
        assertFalse(h.pushing(), "another overlay's highlights must not be overwritten");
        h.destroy();
    }

    @Test
    void aLinkSharedBySetsShowsTheWorstStateAndBothLabels() {
        CorrelationFlowSet set2 = fudp.sets.get(SET2);
        // Set2's traffic in the other direction of Set1's link.
        fudp.sets.put(SET2, set2.toBuilder().egress(cp(S4, 1).toString(), cp(S2, 2).toString()).build());
        JsonNode links = new GuiRecorderHighlights(fudp).links();
        JsonNode shared = link(links, "of:0000000000000002/2-of:0000000000000004/1");
        assertEquals("primary fudp-adjusting", shared.path("css").asText());
        assertEquals("util 97% \u00b7 J 0.81 | util 91% \u00b7 J 1.00", shared.path("label").asText());
    }

    @Test
    void aSetWhoseLimitIsNotInForceOutranksAnAdjustmentButNotAMissingAgent() {
        assertEquals(List.of(CfsState.values()).stream().sorted().collect(Collectors.toList()),
                FudpHighlighter.SEVERITY.stream().sorted().collect(Collectors.toList()), "every state has a rank");
        CorrelationFlowSet set2 = fudp.sets.get(SET2);
        // Set2 (adjusting) shares Set5's link, in the other direction.
        fudp.sets.put(SET2, set2.toBuilder().egress(cp(S6, 1).toString(), cp(S2, 5).toString()).build());
        String shared = "of:0000000000000002/5-of:0000000000000006/1";
        assertEquals("primary fudp-notenforced",
                link(new GuiRecorderHighlights(fudp).links(), shared).path("css").asText());
        fudp.sets.put(SET2, fudp.sets.get(SET2).toBuilder().state(CfsState.NO_AGENT).build());
        assertEquals("primary fudp-noagent",
                link(new GuiRecorderHighlights(fudp).links(), shared).path("css").asText());
    }

    @Test
    void everyStateHasItsOwnWordAndStyleAndNotEnforcedIsNotFair() {
        List<String> words = new ArrayList<>();
        List<String> styles = new ArrayList<>();
        for (CfsState state : CfsState.values()) {
            words.add(GuiFormat.state(state));
            styles.add(GuiFormat.stateCss(state));
        }
        assertEquals(List.of("fair", "adjusting", "not enforced", "no agent", "no UDP"), words);
        assertEquals(List.of("fair", "adjusting", "notenforced", "noagent", "noudp"), styles);
    }

    @Test
    void theDetailsOfASetNotEnforcedSayWhyAndWhichFlowStarves() {
        JsonNode p = ask(init(new FudpViewMessageHandler()), FudpViewMessageHandler.DETAILS_REQ,
                payload().put("id", SET5)).path("payload");
        assertEquals("not enforced", p.path("cfs").path("state").asText());
        assertEquals("notenforced", p.path("cfs").path("stateCss").asText());
        assertEquals(GuiScenario.SET5_WHY, p.path("cfs").path("stateReason").asText());
        JsonNode flows = p.path("flows");
        assertEquals("97.0 Mb/s", flows.get(0).path("rate").asText(), "UDP runs above its limit");
        assertEquals("50.0 Mb/s", flows.get(0).path("allocation").asText());
        assertTrue(flows.get(0).path("pending").asBoolean());
        assertEquals(GuiScenario.STARVED, flows.get(1).path("why").asText());
    }

    @Test
    void theLinkOfASetNotEnforcedSaysWhyInItsDetails() {
        ObjectNode json = linkDetails(cp(S6, 1), cp(S2, 5), "topo-details-link-notenforced");
        assertEquals(SET5, json.path("propValues").path(FudpTopoOverlay.CFS_KEY).asText());
        assertEquals("not enforced", json.path("propValues").path("fudp-0-state").asText());
        assertEquals("Why", json.path("propLabels").path("fudp-0-why").asText());
        assertEquals(GuiScenario.SET5_WHY, json.path("propValues").path("fudp-0-why").asText());
    }

    @Test
    void facilityDetailsListItsSetsFlows() {
        FudpTopoOverlay overlay = new FudpTopoOverlay(fudp);
        PropertyPanel pp = switchPanel(S1.toString()).navPath("device");
        overlay.modifyDeviceDetails(pp, S1);
        ObjectNode json = TopoJson.json(pp);
        GuiRecorder.record("topo-details-device", details(json));
        assertEquals("agent up", json.path("propValues").path("fudp-agent").asText());
        assertEquals("4", json.path("propValues").path("fudp-limited").asText());
        assertEquals(SET1, json.path("propValues").path(FudpTopoOverlay.CFS_KEY).asText());
        assertEquals("demand 800.0 Mb/s, rate 300.0 Mb/s, alloc 300.0 Mb/s",
                json.path("propValues").path("fudp-0-flow-0").asText());
        assertEquals("udp-10.0.0.1-5001-10.0.0.4-6001", json.path("propLabels").path("fudp-0-flow-0").asText());
        assertEquals("demand 310.0 Mb/s, rate 310.0 Mb/s, alloc n/a (TCP)",
                json.path("propValues").path("fudp-0-flow-1").asText());
        assertEquals(SET2, json.path("propValues").path("fudp-1-id").asText());
        assertTrue(json.path("propValues").path("fudp-1-why").isMissingNode(), "adjusting, nothing to add");
        assertEquals("Responsive UDP", json.path("propLabels").path("fudp-1-responsive").asText());
        assertEquals("1 of 3 UDP flows, counted with the TCP", json.path("propValues").path("fudp-1-responsive")
                .asText());
        assertTrue(json.path("propValues").path("fudp-0-responsive").isMissingNode(), "Set1's UDP flow is a flood");
        assertEquals(GuiScenario.Q_H3.toString(), json.path("propLabels").path("fudp-1-flow-2").asText());
        assertEquals("demand 100.0 Mb/s, rate 100.0 Mb/s, alloc none, responsive",
                json.path("propValues").path("fudp-1-flow-2").asText());
        assertEquals("demand 600.0 Mb/s, rate 420.0 Mb/s, alloc 330.0 Mb/s", json.path("propValues")
                .path("fudp-1-flow-0").asText(), "an unresponsive flow's class goes without saying");
        assertEquals(SET4, json.path("propValues").path("fudp-2-id").asText());
        assertEquals(SET5, json.path("propValues").path("fudp-3-id").asText());
        assertEquals("not enforced", json.path("propValues").path("fudp-3-state").asText());
        assertEquals(GuiScenario.SET5_WHY, json.path("propValues").path("fudp-3-why").asText());
        assertEquals("fudpShowCfs", json.path("buttons").get(json.path("buttons").size() - 1).asText());
        // Who is in charge of s1, and its rules: its switch refused one, so its cap is the rules it holds.
        FacilityState s1 = fudp.getFacilityState(S1).orElseThrow();
        assertEquals("onos-1 since 2023-11-14T22:03:20Z, epoch 1699999400000",
                json.path("propValues").path("fudp-controller").asText());
        assertEquals(s1.rulesInUse() + " of " + s1.rulesInUse() + " in use (budget 1000)",
                json.path("propValues").path("fudp-rules").asText());
        assertEquals("1: " + GuiScenario.REFUSED, json.path("propValues").path("fudp-refusals").asText());

        PropertyPanel plain = switchPanel(S2.toString());
        int before = plain.properties().size();
        overlay.modifyDeviceDetails(plain, S2);
        assertEquals(before, plain.properties().size(), "a switch that is no facility is left alone");
        assertTrue(plain.buttons().isEmpty());
    }

    @Test
    void aSampledFacilitysRulesSayHowManyAreAggregates() {
        FacilityState sampled = new FacilityState("of:0000000000000001",
                new org.fudp.loop.api.settings.FlowBudget(900, 200, 1_000_000), 31, 900, 6, Map.of(), 0, "", 0)
                .withAggregates(4);
        assertEquals("31 of 900 in use, 4 aggregates (budget 900)", GuiFormat.rules(sampled));
    }

    @Test
    void bottleneckLinkDetailsListItsSetsFlowsInEitherDirection() {
        // Selected from its far end: the overlay finds the set whichever way round.
        ObjectNode json = linkDetails(cp(S4, 1), cp(S2, 2), "topo-details-link");
        assertEquals(SET1, json.path("propValues").path(FudpTopoOverlay.CFS_KEY).asText());
        assertEquals("fair", json.path("propValues").path("fudp-0-state").asText());
        assertEquals("91%", json.path("propValues").path("fudp-0-util").asText());
        assertTrue(json.path("propLabels").path("fudp-0-flow-2").asText().startsWith("tcp-"));

        PropertyPanel other = linkPanel(cp(S1, 3), cp(S2, 1));
        int before = other.properties().size();
        new FudpTopoOverlay(fudp).modifyInfraLinkDetails(other, cp(S1, 3), cp(S2, 1));
        assertEquals(before, other.properties().size(), "a link without a CFS is left alone");
        assertTrue(other.buttons().isEmpty());
    }

    @Test
    void summaryCountsSetsLimitedFlowsAndAgents() {
        PropertyPanel pp = new PropertyPanel("ONOS Summary", "bird").addProp("version", "Version", "2.7.0")
                .addSeparator().addProp("devices", "Devices", 6).addProp("links", "Links", 10)
                .addProp("hosts", "Hosts", 6);
        new FudpTopoOverlay(fudp).modifySummary(pp);
        ObjectNode json = TopoJson.json(pp);
        GuiRecorder.record("topo-summary", GuiRecorder.request("showSummary", json));
        assertEquals("5", json.path("propValues").path("fudp-sets").asText());
        assertEquals("4", json.path("propValues").path("fudp-limited").asText());
        assertEquals("1 of 3", json.path("propValues").path("fudp-agents").asText());
        assertTrue(json.path("propValues").path("fudp-warning-0").isMissingNode(), "no warning, no line");
    }

    @Test
    void summaryShowsWhatTheOperatorShouldFix() {
        fudp.warnings = List.of("controlPeriodMs 5000 is shorter than two polls of the flow statistics");
        PropertyPanel pp = new PropertyPanel("ONOS Summary", "bird");
        new FudpTopoOverlay(fudp).modifySummary(pp);
        ObjectNode json = TopoJson.json(pp);
        assertEquals("FUDP warning", json.path("propLabels").path("fudp-warning-0").asText());
        assertTrue(json.path("propValues").path("fudp-warning-0").asText().startsWith("controlPeriodMs 5000"));
    }

    @Test
    void topologyFixtureForTheBrowserHarness() {
        // The devices and links the harness draws, with the ids ONOS's legacy topology uses.
        ObjectNode topo = GuiRecorder.MAPPER.createObjectNode();
        ArrayNode devices = topo.putArray("devices");
        for (DeviceId d : List.of(S1, S2, S3, S4, S5, S6)) {
            devices.add(d.toString());
        }
        ArrayNode links = topo.putArray("links");
        for (ConnectPoint[] l : GuiScenario.links()) {
            links.add(GuiRecorder.MAPPER.createObjectNode()
                    .put("id", l[0] + "-" + l[1]).put("src", l[0].deviceId().toString())
                    .put("dst", l[1].deviceId().toString()));
        }
        GuiRecorder.record("topology", topo);
        assertEquals(5, links.size());
    }

    /** The details panel of the link between a and b as the overlay fills it, recorded for the browser tests. */
    private ObjectNode linkDetails(ConnectPoint a, ConnectPoint b, String fixture) {
        PropertyPanel pp = linkPanel(b, a);
        new FudpTopoOverlay(fudp).modifyInfraLinkDetails(pp, a, b);
        ObjectNode json = TopoJson.json(pp);
        GuiRecorder.record(fixture, details(json));
        return json;
    }

    private static ObjectNode details(ObjectNode pp) {
        return GuiRecorder.request("showDetails", pp);
    }

    // What ONOS's topology handler puts in the panels before the overlay adds FUDP's part.
    private static PropertyPanel switchPanel(String id) {
        return new PropertyPanel(id, "m_switch").id(id).addProp("uri", "URI", id)
                .addProp("vendor", "Vendor", "Nicira, Inc.").addProp("hw", "H/W Version", "Open vSwitch")
                .addProp("sw", "S/W Version", "3.1.0").addProp("protocol", "Protocol", "OF_13");
    }

    private static PropertyPanel linkPanel(ConnectPoint a, ConnectPoint b) {
        return new PropertyPanel("Link", "m_ports").id(a + "-" + b)
                .addProp("a", "A", a.toString()).addProp("b", "B", b.toString())
                .addProp("type", "Type", "DIRECT");
    }

    private static JsonNode link(JsonNode links, String id) {
        for (JsonNode l : links) {
            if (l.path("id").asText().equals(id)) {
                return l;
            }
        }
        throw new AssertionError("no link " + id + " in " + links);
    }

    private static JsonNode device(JsonNode devices, String id) {
        for (JsonNode d : devices) {
            if (d.path("id").asText().equals(id)) {
                return d;
            }
        }
        throw new AssertionError("no device " + id + " in " + devices);
    }

    /** The highlighter's output as JSON. */
    private static final class GuiRecorderHighlights {
        private final ObjectNode json;

        GuiRecorderHighlights(FudpService fudp) {
            json = TopoJson.json(new FudpHighlighter(fudp).createHighlights());
        }

        JsonNode links() {
            return json.path("links");
        }
    }
}
