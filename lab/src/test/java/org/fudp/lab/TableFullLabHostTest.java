// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import static org.fudp.lab.LabFixture.PERIOD;
import static org.fudp.lab.LabFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.fudp.protocol.EthernetFrame;
import org.junit.jupiter.api.Test;

/**
 * The lab's host on a bridge whose table holds 15 rules and refuses more ({@code flow_limit=15},
 * {@code overflow_policy=refuse}), answering as ovs-ofctl does: the lines of a batch before the refused
 * one go in, the rest never. The 11 base rules leave room for 4 of the loop's.
 */
class TableFullLabHostTest {

    private static final int LIMIT = 15;
    private static final String UDP = LabFixture.flowText("udp", 1, "10.0.0.1", 40003, "10.0.0.4", 5203, null);
    private static final String TCP = LabFixture.flowText("tcp", 2, "10.0.0.2", 50002, "10.0.0.4", 5202, "ack");
    private static final String TCP2 = LabFixture.flowText("tcp", 2, "10.0.0.2", 50004, "10.0.0.4", 5202, "ack");

    /** A fake bridge with a table limit, as OVS's flow_limit with overflow_policy=refuse. */
    static class LimitedSwitch implements Switch {
        final LabFixture.FakeSwitch sw;
        final List<List<String>> batches = new ArrayList<>();
        int baseRules;

        LimitedSwitch(LabFixture clock) {
            sw = new LabFixture.FakeSwitch(clock);
        }

        int size() {
            return baseRules + sw.rules.size();
        }

        @Override
        public void addFlows(List<String> rules) throws IOException {
            batches.add(List.copyOf(rules));
            for (String line : rules) {
                long cookie = LabFixture.FakeSwitch.cookieOf(line);
                if (!sw.rules.containsKey(cookie) && size() >= LIMIT) {
                    // What ovs-ofctl prints, and it stops: the later lines are never sent.
                    String echo = "ADD " + line.replaceFirst("^cookie=0x[0-9a-f]+,", "")
                            .replace(",actions=", String.format(Locale.ROOT, " cookie:0x%x actions=", cookie));
                    String text = "OFPT_ERROR (OF1.3) (xid=0x9): OFPFMFC_TABLE_FULL\nOFPT_FLOW_MOD (OF1.3) (xid=0x9): "
                            + echo + "\n";
                    throw FlowModRefusal.parse(text, rules, "ovs-ofctl add-flows failed: ...").orElseThrow();
                }
                if (cookie == 0) {
                    baseRules++;
                }
                sw.addFlows(List.of(line));
            }
        }

        @Override
        public void deleteFlows(List<String> matches) {
            sw.deleteFlows(matches);
        }

        @Override
        public String dumpFlows() {
            return sw.dumpFlows();
        }

        @Override
        public void packetOut(long port, byte[] frame) {
            sw.packetOut(port, frame);
        }

        @Override
        public void modifyFlows(List<String> rules) {
            sw.modifyFlows(rules);
        }

        @Override
        public void addMeter(String spec) throws IOException {
            sw.addMeter(spec);
        }

        @Override
        public void deleteMeter(long id) throws IOException {
            sw.deleteMeter(id);
        }

        @Override
        public String meterStats() {
            return sw.meterStats();
        }
    }

    private final LabFixture clock = new LabFixture();
    private final LimitedSwitch sw = new LimitedSwitch(clock);
    private final List<String> log = new ArrayList<>();
    private final MonitorParser monitor = new MonitorParser(LabFixture.BRIDGE, EthernetFrame.DEFAULT_ETHER_TYPE);
    private final LabHost host;

    TableFullLabHostTest() throws IOException {
        host = new LabHost(clock.config, sw, LabFixture.KEY_TEXT, T0,
                new PeriodCsv(new PrintWriter(new StringWriter())), log::add);
        host.start(T0);
        sw.sw.deleted.clear();
    }

    private void packetIn(String text) {
        for (String line : text.split("\n")) {
            monitor.line(line, clock.now).ifPresent(host::handle);
        }
    }

    private List<String> tableFullLines() {
        return log.stream().filter(l -> l.startsWith("WARN table full: ")).collect(Collectors.toList());
    }

    @Test
    void aRefusedFlowIsCountedLoggedAndWithdrawnWholeAndTheLoopPausesLearning() {
        assertEquals(11, sw.size(), "the base rules");
        packetIn(UDP);   // keys 9 and 10: in (13)
        packetIn(TCP);   // keys 16, 19 in (15); 20, its RST rule, refused
        assertEquals(List.of("WARN table full: 1 rules refused at br (1 by the switch, 0 not sent after it; 2 of 3 "
                + "installed; 1 refused in all); flows: tcp-10.0.0.2-50002-10.0.0.4-5202 [CLOSING_RST]; partly "
                + "installed: tcp-10.0.0.2-50002-10.0.0.4-5202"), tableFullLines(), log.toString());
        assertEquals(13, sw.size(), "the loop withdrew what went in of the refused flow");
        assertTrue(log.stream().anyMatch(l -> l.startsWith("WARN The switch br refused a rule of "
                + "tcp-10.0.0.2-50002-10.0.0.4-5202 (OFPFMFC_TABLE_FULL)")), log.toString());
        RuleRefusals r = host.refusals();
        assertEquals(1, r.tableFullRules());
        assertEquals(1, r.partlyInstalledFlows());
        assertTrue(r.take().isEmpty(), "the host handed the refusal to the loop");

        int batches = sw.batches.size();
        packetIn(TCP2);  // learning paused after the refusal: no rules asked for
        assertEquals(batches, sw.batches.size(), "no add-flows while paused: " + sw.batches);
        assertEquals(1, tableFullLines().size());
    }

    @Test
    void aRefusedFlowIsNeverTriedAgainNeitherAtItsNextPacketInsNorAfterADump() {
        packetIn(UDP);
        packetIn(TCP);
        int batches = sw.batches.size();
        List<String> withdrawn = List.copyOf(sw.sw.deleted);
        for (int i = 0; i < 5; i++) {
            packetIn(TCP2);
            packetIn(TCP);
        }
        clock.at(T0 + PERIOD);
        host.runDue(clock.now);
        assertEquals(batches, sw.batches.size(), "no add-flows after the refusal: " + sw.batches);
        assertEquals(withdrawn, sw.sw.deleted, "nothing else withdrawn, nothing taken for idled out");
        assertEquals(1, tableFullLines().size());
        assertFalse(log.stream().anyMatch(l -> l.startsWith("WARN ovs-ofctl add-flows failed")), log.toString());
    }

    @Test
    void aFailureThatNamesNoRefusedRuleInstallsNothingAsBefore() {
        List<String> lines = new ArrayList<>();
        RuleRefusals r = new RuleRefusals("br", lines::add);
        Switch broken = new LimitedSwitch(clock) {
            @Override
            public void addFlows(List<String> rules) throws IOException {
                throw new IOException("ovs-ofctl add-flows failed: ovs-ofctl: br is not a bridge or a socket");
            }
        };
        assertTrue(r.install(broken, List.of(), List.of("x"), T0).isEmpty());
        assertEquals(List.of("WARN ovs-ofctl add-flows failed: ovs-ofctl add-flows failed: ovs-ofctl: br is not a "
                + "bridge or a socket"), lines);
        assertEquals(0, r.tableFullRules());
    }
}
