// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.fudp.api.FudpService;
import org.fudp.codec.TestCodecService;
import org.fudp.gui.FakeFudpService;
import org.fudp.gui.GuiRecorder;
import org.fudp.gui.GuiScenario;
import org.junit.jupiter.api.Test;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.codec.CodecService;

import javax.ws.rs.client.WebTarget;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Records what the REST API answers for the GUI's scenario ({@link GuiScenario}: the paper's
 * testbed, a set behind a silent agent, a TCP-only set, a set whose limit is not in force, 150
 * periods of history) and for an empty controller, under {@code target/gui-fixtures/rest/} and
 * {@code rest-empty/}. The FUDP page's browser tests serve these files as
 * {@code /onos/fudp/<path>}, so the page is tested with the JSON of the real resources and codecs.
 */
class PageFixturesTest extends ResourceTestBase {

    /** What the page reads, besides each set's history. */
    private static final List<String> READS = List.of("control", "cfs", "flows", "allocations", "agents");

    /** A warning as FudpManager reports it (StatsPollCheck's text for a 1 s period). */
    static final String WARNING = "controlPeriodMs 1000 is shorter than two polls of the flow statistics "
            + "(flowPollFrequency 5 s of org.onosproject.provider.of.flow.impl.OpenFlowRuleProvider): periods "
            + "see zero, one or two fresh samples; set controlPeriodMs to at least 10000 or flowPollFrequency "
            + "to at most 1";

    private void use(FudpService fudp) throws ReflectiveOperationException {
        swapServices(new TestServiceDirectory().add(FudpService.class, fudp)
                .add(CodecService.class, new TestCodecService()));
    }

    private JsonNode record(String file, WebTarget request) {
        Reply r = get(request);
        assertEquals(200, r.status, request.getUri() + ": " + r.text);
        GuiRecorder.record(file, r.body);
        return r.body;
    }

    /**
     * Names a history fixture as the browser tests look it up.
     *
     * @param cfsId CFS id
     * @return file name
     */
    static String historyFile(String cfsId) {
        return "history-" + cfsId.replaceAll("[^A-Za-z0-9]+", "_");
    }

    @Test
    void recordsTheScenario() throws ReflectiveOperationException {
        FakeFudpService fudp = GuiScenario.service();
        fudp.setWarnings(List.of(WARNING));
        use(fudp);
        Map<String, JsonNode> answers = new HashMap<>();
        for (String path : READS) {
            answers.put(path, record("rest/" + path, target(path)));
        }
        JsonNode sets = answers.get("cfs").get("cfs");
        assertEquals(5, sets.size());
        for (JsonNode set : sets) {
            String id = set.get("id").asText();
            JsonNode history = record("rest/" + historyFile(id), target("history").queryParam("cfs", id));
            assertEquals(GuiScenario.HISTORY, history.get("cfs").get(0).get("samples").size(), id);
        }
        assertEquals(WARNING, answers.get("control").get("warnings").get(0).asText());
        JsonNode agents = answers.get("agents").get("agents");
        assertEquals("silent for more than 15000 ms", agents.get(1).get("reason").asText());
    }

    @Test
    void recordsAnEmptyController() throws ReflectiveOperationException {
        use(new FakeFudpService());
        for (String path : READS) {
            JsonNode answer = record("rest-empty/" + path, target(path));
            assertTrue(!answer.has(path) || answer.get(path).isEmpty(), path + ": " + answer);
        }
    }
}
