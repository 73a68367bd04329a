// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import static org.fudp.lab.LabFixture.PERIOD;
import static org.fudp.lab.LabFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.LimitEntry;
import org.fudp.protocol.MessageType;
import org.junit.jupiter.api.Test;

/**
 * The product's loop hosted on a fake bridge: monitor text in, ovs-ofctl text, Packet-Outs and CSV rows
 * out. Keys are the loop's: flow number n, rule role r (DIRECT 0, TO_ADJUSTOR 1, FROM_ADJUSTOR 2,
 * CLOSING_FIN 3, CLOSING_RST 4) give key n * 8 + r, cookie 0xfd00000000000000 + key.
 */
class LabHostTest {

    private static final String UDP = LabFixture.flowText("udp", 1, "10.0.0.1", 40003, "10.0.0.4", 5203, null);
    private static final String TCP = LabFixture.flowText("tcp", 2, "10.0.0.2", 50002, "10.0.0.4", 5202, "ack");
    /** UDP1 is the first flow learnt: keys 9 (to the adjustor) and 10 (back); TCP the second: 16, 19, 20. */
    private static final long UDP_IN = 9;
    private static final long UDP_BACK = 10;
    private static final long TCP_DIRECT = 16;

    private final LabFixture f = new LabFixture();

    /** The agent up, TCP and UDP learnt, and 1 s of TCP at 2 Mbit/s and UDP at 40, none of it limited yet. */
    private void firstPeriodWithUdpUnlimited() {
        f.agentUp();
        f.monitor(UDP);
        f.monitor(TCP);
        f.at(T0 + PERIOD);
        f.sw.count(TCP_DIRECT, 2e6, PERIOD);
        f.sw.count(UDP_IN, 40e6, PERIOD);
        f.sw.count(UDP_BACK, 40e6, PERIOD);
        f.runDue();
    }

    @Test
    void startInstallsTheBaseRulesWithTheAgentsFramesGoingToTheControllerWhole() {
        assertTrue(f.sw.added.contains("priority=0,actions=controller:128"), f.sw.added.toString());
        assertTrue(f.sw.added.contains("priority=20,in_port=11,dl_type=0x88b5,actions=controller:65535"));
        assertTrue(f.sw.added.contains("priority=2,in_port=12,actions=drop"));
        assertTrue(f.sw.added.contains("priority=1,ip,nw_dst=10.0.0.4,actions=controller:128,output:4"));
        assertTrue(f.sw.added.contains("priority=10,icmp,nw_dst=10.0.0.4,actions=output:4"));
    }

    @Test
    void startDeletesTheRulesAnEarlierControllerLeftSoTheirFlowsAreLearntAgain() {
        // As ONOS removes rules its store does not hold (FlowRuleManager, allowExtraneousRules
        // false by default): a controller that crashed left rules that would keep its flows from
        // ever reaching the new one as packet-ins.
        LabFixture restarted = new LabFixture(
                "cookie=0xfd00000000000009,priority=100,idle_timeout=10,udp,nw_src=10.0.0.1,nw_dst=10.0.0.4,"
                        + "tp_src=40003,tp_dst=5203,actions=output:11",
                "cookie=0xab,priority=5,ip,nw_dst=10.0.0.9,actions=output:3");
        assertEquals(List.of("cookie=0xfd00000000000000/0xff80000000000000"), restarted.deletedAtStart);
        String flows = restarted.sw.dumpFlows();
        assertFalse(flows.contains("0xfd00000000000009"), flows);
        assertTrue(flows.contains("cookie=0xab,"), "another's rule stays: " + flows);
        restarted.monitor(UDP);
        assertTrue(restarted.sw.added.stream().anyMatch(r -> r.startsWith("cookie=0xfd00000000000009,")),
                "the flow's packet-in installs its rule again: " + restarted.sw.added);
    }

    @Test
    void packetInLineAndHexBecomeTheLoopsRulesInOvsSyntax() {
        f.agentUp();
        f.monitor(UDP);
        f.monitor(TCP);
        f.monitor(UDP);
        List<String> flows = f.sw.added.subList(f.sw.added.size() - 5, f.sw.added.size());
        assertEquals(List.of(
                // a UDP flow's rules match the DSCP it was learnt with (the packet's nw_tos 0)
                "cookie=0xfd00000000000009,priority=100,idle_timeout=10,udp,nw_src=10.0.0.1,nw_dst=10.0.0.4,"
                        + "tp_src=40003,tp_dst=5203,ip_dscp=0,actions=output:11",
                "cookie=0xfd0000000000000a,priority=101,idle_timeout=10,in_port=12,udp,nw_src=10.0.0.1,"
                        + "nw_dst=10.0.0.4,tp_src=40003,tp_dst=5203,ip_dscp=0,actions=output:4",
                "cookie=0xfd00000000000010,priority=100,idle_timeout=10,tcp,nw_src=10.0.0.2,nw_dst=10.0.0.4,"
                        + "tp_src=50002,tp_dst=5202,actions=output:4",
                // the closing rules: no idle timeout of their own, they go with their flow
                "cookie=0xfd00000000000013,priority=101,idle_timeout=0,tcp,nw_src=10.0.0.2,nw_dst=10.0.0.4,"
                        + "tp_src=50002,tp_dst=5202,tcp_flags=+fin,actions=controller:128,output:4",
                "cookie=0xfd00000000000014,priority=101,idle_timeout=0,tcp,nw_src=10.0.0.2,nw_dst=10.0.0.4,"
                        + "tp_src=50002,tp_dst=5202,tcp_flags=+rst,actions=controller:128,output:4"),
                flows, "a known flow's next packet-in adds nothing");
        assertTrue(f.log.stream().anyMatch(l -> l.contains("New flow udp-10.0.0.1-40003-10.0.0.4-5203 at br in "
                + "bottleneck:set1, steered through the adjustor")), f.log.toString());
    }

    @Test
    void aUdpFlowGoesStraightOnUntilTheAgentHoldsTheStateThenItsRuleIsModifiedIntoTheAdjustor() {
        // Fail open (issue 33): before the agent is heard, the flow's rule sends it straight on.
        f.monitor(UDP);
        String straight = "cookie=0xfd00000000000009,priority=100,idle_timeout=10,udp,nw_src=10.0.0.1,"
                + "nw_dst=10.0.0.4,tp_src=40003,tp_dst=5203,ip_dscp=0,actions=output:";
        assertTrue(f.sw.added.contains(straight + "4"), f.sw.added.toString());
        assertTrue(f.log.stream().anyMatch(l -> l.contains("New flow udp-10.0.0.1-40003-10.0.0.4-5203 at br in "
                + "bottleneck:set1, straight on while its adjustor cannot hold a limit")), f.log.toString());
        assertTrue(f.sw.modified.isEmpty(), f.sw.modified.toString());
        // Up, and holding what the loop wants: the same rule (its cookie, so its counters) modified in place.
        f.agentUp();
        assertEquals(List.of(straight + "11"), f.sw.modified);
        assertTrue(f.log.stream().anyMatch(l -> l.contains("Adjustor at br holds the limits: 1 UDP flow(s) of br "
                + "steered through it again")), f.log.toString());
    }

    @Test
    void ruleThatIdledOutBecomesRuleRemovedAndTheFlowsOtherRuleIsDeleted() {
        f.monitor(UDP);
        f.sw.idleOut(RuleText.cookie(UDP_IN));
        f.period(1);
        assertEquals(List.of("cookie=0xfd0000000000000a/-1"), f.sw.deleted);
        assertTrue(f.sw.rules.isEmpty());
        f.monitor(UDP);
        assertTrue(f.sw.rules.containsKey(RuleText.cookie(2 * 8 + 1)), "the flow is learnt anew: " + f.sw.rules);
    }

    @Test
    void theAgentsFramesAreVerifiedAndADecisionBecomesACsvRow() {
        firstPeriodWithUdpUnlimited();
        assertTrue(f.log.contains("Adjustor agent at br is up"), f.log.toString());

        List<ControlMessage> sent = f.newMessages();
        ControlMessage snapshot = sent.stream().filter(m -> m.type() == MessageType.SNAPSHOT).reduce((a, b) -> b)
                .orElseThrow();
        List<LimitEntry> limits = snapshot.entries();
        assertEquals(1, limits.size());
        // Eq. 3 capped by the 10 Mbit/s bottleneck, max-min over two flows
        assertEquals(5e6, limits.get(0).rateBps(), 5e6 * 0.01);
        List<String> rows = f.csvRows();
        assertEquals(1, rows.size(), rows.toString());
        assertTrue(rows.get(0).startsWith(T0 + PERIOD + ",set1,1,ABOVE_BAND,false,false,1,1,2.0000,2.0000,"),
                rows.get(0));
        // Then the Packet-Outs so far and the set's state: limits just decided, not yet acknowledged.
        assertTrue(rows.get(0).endsWith(",40.0000,udp-10.0.0.1-40003-10.0.0.4-5203=5.000," + f.sw.frames.size()
                + ",ADJUSTING"), rows.get(0));

        f.at(T0 + PERIOD + 30);
        f.monitor(f.ack(snapshot));
        String agent = f.log.stream().filter(l -> l.startsWith("agent at br: ")).reduce((a, b) -> b).orElseThrow();
        assertTrue(agent.contains(snapshot.header().snapshotId() + " acknowledged"), f.log.toString());
        assertTrue(agent.endsWith("rejected {}"), "the ACK passed the HMAC check");
        // The set's state line comes last: limits in force now, changed this period.
        assertEquals("Set set1 ADJUSTING", f.log.get(f.log.size() - 1), f.log.toString());
    }

    @Test
    void afterAnAckTheNextPeriodMeasuresOnlyTrafficUnderTheNewLimits() {
        firstPeriodWithUdpUnlimited();
        // The agent applies the limit 100 ms later; the counters show it 150 ms after that.
        f.at(T0 + PERIOD + 100);
        f.ackAll();
        f.at(T0 + PERIOD + 250);
        f.sw.count(TCP_DIRECT, 2e6, 250);
        f.sw.count(UDP_IN, 40e6, 250);
        f.sw.count(UDP_BACK, 40e6, 250);
        assertEquals(T0 + PERIOD + 250, f.host.loop().rebaseDueMs().getAsLong(), "the re-base is due");
        assertTrue(f.host.nextDueMs() <= T0 + PERIOD + 250);
        f.runDue();
        f.at(T0 + 2 * PERIOD);
        f.sw.count(TCP_DIRECT, 5e6, 750);
        f.sw.count(UDP_IN, 40e6, 750);
        f.sw.count(UDP_BACK, 5e6, 750);
        f.runDue();
        String row = f.csvRows().get(f.csvRows().size() - 1);
        assertTrue(row.contains(",5.0000,udp-"), "the UDP average is its limit alone: " + row);
        assertFalse(row.contains("ABOVE_BAND"), row);
    }

    @Test
    void aSetWithoutTcpHasNoBandInTheCsv() {
        f.monitor(UDP);
        f.at(T0 + PERIOD);
        f.sw.count(UDP_IN, 40e6, PERIOD);
        f.sw.count(UDP_BACK, 40e6, PERIOD);
        f.runDue();
        String row = f.csvRows().get(0);
        assertTrue(row.contains(",NO_TCP,true,"), row);
        assertTrue(row.contains(",NaN,NaN,40.0000,"), "band blank, UDP average known: " + row);
    }

    /**
     * At ONOS's cadence (issue 33) the host reads the switch at its statistics polls only, once a second, and a
     * period takes the last poll's counters: a lab that read them at each 1 s period, and every 100 ms between,
     * ran a cadence ONOS cannot.
     */
    @Test
    void atOnosCadenceCountersAreReadAtThePollsOnlyAndAPeriodTakesTheLastPolls() {
        LabFixture onos = new LabFixture("\ncounterPollSeconds = 1\nperiodSeconds = 2\n", List.of());
        assertEquals(1000, onos.config.counterPollMillis());
        onos.agentUp();
        onos.monitor(UDP);
        onos.sw.dumps = 0;
        for (long t = 100; t <= 4_000; t += 100) {
            onos.at(T0 + t);
            onos.sw.count(UDP_IN, 4e6, 100);
            onos.sw.count(UDP_BACK, 4e6, 100);
            onos.runDue();
        }
        assertEquals(4, onos.sw.dumps, "one read a second, none for the two periods");
        assertTrue(onos.csv.toString().contains("set1"), "the periods ran: " + onos.csv);
        assertEquals(100, new LabFixture().config.counterPollMillis(), "the lab's own cadence by default");
    }

    @Test
    void stopTellsTheAgentToDropItsLimitsAndDeletesTheLoopsRules() {
        f.agentUp();
        f.monitor(TCP);
        f.host.stop(T0 + 10);
        assertEquals(MessageType.CLEAR_ALL, f.newMessages().get(0).type());
        assertTrue(f.sw.rules.isEmpty(), f.sw.rules.toString());
    }
}
