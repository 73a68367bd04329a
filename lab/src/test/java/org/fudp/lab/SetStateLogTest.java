// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import static org.fudp.lab.LabFixture.PERIOD;
import static org.fudp.lab.LabFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The host publishes each set's state: a controller.log line when it changes ("Set set1 NOT_ENFORCED: ..."),
 * and the state in the per-period CSV's last column. The fault run (lab/py/faults.py, agent-hang and
 * meter-refused) reads both.
 */
class SetStateLogTest {

    private static final String UDP = LabFixture.flowText("udp", 1, "10.0.0.1", 40003, "10.0.0.4", 5203, null);
    private static final String TCP = LabFixture.flowText("tcp", 2, "10.0.0.2", 50002, "10.0.0.4", 5202, "ack");
    private static final long UDP_IN = 9;
    private static final long UDP_BACK = 10;
    private static final long TCP_DIRECT = 16;
    /** Metered: the UDP flow's one rule (key 8) carries its meter; TCP's is 16. */
    private static final long UDP_METERED = 8;

    private static List<String> stateLines(LabFixture f) {
        return f.log.stream().filter(l -> l.startsWith("Set set1 ") && !l.startsWith("Set set1 members:"))
                .collect(Collectors.toList());
    }

    private static List<String> memberLines(LabFixture f) {
        return f.log.stream().filter(l -> l.startsWith("Set set1 members:")).collect(Collectors.toList());
    }

    private static String state(String csvRow) {
        return csvRow.substring(csvRow.lastIndexOf(',') + 1);
    }

    private static void adjustorPeriod(LabFixture f, int k) {
        f.at(T0 + k * PERIOD);
        f.sw.count(TCP_DIRECT, 2e6, PERIOD);
        f.sw.count(UDP_IN, 40e6, PERIOD);
        f.sw.count(UDP_BACK, 40e6, PERIOD);
        f.runDue();
    }

    @Test
    void limitsTheAgentDoesNotAcknowledgeAreNotEnforcedThenTheAgentIsDownAndTheAckMakesTheSetFair() {
        // Fail open: nothing holds the flood while the agent is down.
        LabFixture f = new LabFixture("\nwhenAdjustorDown = open\n", List.of());
        f.agentUp();
        f.monitor(UDP);
        f.monitor(TCP);
        adjustorPeriod(f, 1);
        f.newMessages();
        // The agent hangs: no ACK, no heartbeat.
        adjustorPeriod(f, 2);
        List<String> lines = stateLines(f);
        assertTrue(lines.get(0).startsWith("Set set1 ADJUSTING"), lines.toString());
        assertEquals(List.of("Set set1 members: 1 TCP [tcp-10.0.0.2-50002-10.0.0.4-5202], 1 UDP "
                + "[udp-10.0.0.1-40003-10.0.0.4-5203]"), memberLines(f), "the members, once: " + f.log);
        String notEnforced = lines.get(lines.size() - 1);
        assertTrue(notEnforced.startsWith("Set set1 NOT_ENFORCED: the agent at br has not acknowledged the limit of "
                + "udp-10.0.0.1-40003-10.0.0.4-5203 at 5000 kbit/s; it runs unlimited"), lines.toString());
        List<String> rows = f.csvRows();
        assertEquals(List.of("ADJUSTING", "NOT_ENFORCED"), rows.stream().map(SetStateLogTest::state)
                .collect(Collectors.toList()), rows.toString());
        // Only a change is logged: the same state a period later, its reason's figures moved, is not.
        adjustorPeriod(f, 3);
        assertEquals(lines.size(), stateLines(f).size(), stateLines(f).toString());
        // The agent's silence outlasts the lab's 5 s: NO_AGENT, and why.
        for (int k = 4; k <= 7; k++) {
            adjustorPeriod(f, k);
        }
        lines = stateLines(f);
        assertTrue(lines.get(lines.size() - 1).startsWith("Set set1 NO_AGENT: the adjustor agent at br is not up"),
                lines.toString());
        assertEquals("NO_AGENT", state(f.csvRows().get(f.csvRows().size() - 1)));
        // It continues: a heartbeat, the resent limits acknowledged.
        f.at(T0 + 7 * PERIOD + 100);
        f.agentUp();
        f.at(T0 + 7 * PERIOD + 700);
        f.runDue();
        f.ackAll();
        adjustorPeriod(f, 8);
        adjustorPeriod(f, 9);
        lines = stateLines(f);
        assertEquals("Set set1 FAIR", lines.get(lines.size() - 1), lines.toString());
    }

    @Test
    void whileTheAgentIsDownAMeterOnTheSwitchHoldsTheFloodAndTheSetSaysSo() {
        LabFixture f = new LabFixture();
        f.agentUp();
        f.monitor(UDP);
        f.monitor(TCP);
        adjustorPeriod(f, 1);
        f.newMessages();
        for (int k = 2; k <= 8; k++) {
            adjustorPeriod(f, k);
        }
        List<String> lines = stateLines(f);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("Set set1 NO_AGENT")), "down a moment: " + lines);
        assertEquals(1, f.sw.meters.size(), "a meter for the flood: " + f.sw.meters);
        long meter = f.sw.meters.keySet().iterator().next();
        assertTrue(f.sw.meters.get(meter).contains("rate=5000"), "at its limit: " + f.sw.meters);
        assertTrue(f.sw.modified.stream().anyMatch(r -> r.contains("meter:" + meter)), "its rule points at it: "
                + f.sw.modified);
        assertFalse(lines.get(lines.size() - 1).startsWith("Set set1 NO_AGENT"), "held: " + lines);
    }

    @Test
    void aMeterRefusedOnceIsNotEnforcedWithTheRefusalThenTheRetryIsAcceptedAndTheSetFair() {
        LabFixture f = new LabFixture(true);
        // As when another meter holds the id the controller takes first (OVS: OFPMMFC_METER_EXISTS).
        f.sw.refuse.put(1L, "OFPMMFC_METER_EXISTS");
        f.monitor(LabFixture.flowText("udp", 1, "10.0.0.1", 40003, "10.0.0.4", 5203, null));
        f.monitor(TCP);
        for (int k = 1; k <= 5; k++) {
            f.at(T0 + k * PERIOD);
            f.sw.count(TCP_DIRECT, 2e6, PERIOD);
            f.sw.count(UDP_METERED, 40e6, PERIOD);
            f.runDue();
        }
        List<String> lines = stateLines(f);
        String refused = lines.stream().filter(l -> l.startsWith("Set set1 NOT_ENFORCED")).findFirst()
                .orElseThrow(() -> new AssertionError(f.log.toString()));
        assertTrue(refused.contains("the limit of udp-10.0.0.1-40003-10.0.0.4-5203 is refused: OFPMMFC_METER_EXISTS"),
                refused);
        assertTrue(f.sw.meters.containsKey(2L), "the meter asked for again (a new id) is on the bridge: "
                + f.sw.meters);
        assertTrue(lines.get(lines.size() - 1).startsWith("Set set1 FAIR")
                || lines.get(lines.size() - 1).startsWith("Set set1 ADJUSTING"), lines.toString());
        assertTrue(f.csvRows().stream().anyMatch(r -> r.endsWith(",NOT_ENFORCED")), f.csvRows().toString());
    }
}
