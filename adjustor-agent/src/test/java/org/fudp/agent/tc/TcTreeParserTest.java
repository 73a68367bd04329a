// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FlowLimit;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.fudp.agent.tc.Flows.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reads back the output real tc (iproute2 6.1) printed for a tree the shaper built from
 * {@code udp 10.0.0.1:40001 10.0.0.2:5201 10000000}, {@code udp [fd00::1]:40001 [fd00::2]:5201 12345678
 * 2000}, {@code tcp 10.0.0.1:40002 10.0.0.3:5202 7000000} and {@code udp 10.0.0.9:40002 10.0.0.3:5201
 * 1000000}.
 */
class TcTreeParserTest {

    static String resource(String name) {
        try (InputStream in = TcTreeParserTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static final String QDISCS = resource("qdiscs.txt");
    static final String CLASSES = resource("classes.txt");
    static final String FILTERS = resource("filters.txt");
    static final String GROUP_FILTERS = resource("groupfilters.txt");

    private final TcTreeParser parser = new TcTreeParser(HashKey.DST_PORT);

    @Test
    void readsBackEveryFlowItsClassItsFilterAndItsPrintedRate() {
        ShaperState s = parser.parse(QDISCS, CLASSES, FILTERS, GROUP_FILTERS).orElseThrow();
        FlowEntry v4 = s.entries().get(udp("10.0.0.1", 40001, "10.0.0.2", 5201));
        assertEquals("151:1", v4.classId());
        assertEquals(10_000_000, v4.rateBps());
        assertEquals(15140, v4.burstBytes());
        FlowEntry v6 = s.entries().get(udp("fd00::1", 40001, "fd00::2", 5201));
        assertEquals("151:3", v6.classId());
        // tc prints 12345678 bit/s as 12345Kbit: the next apply changes it to the exact rate.
        assertEquals(12_345_000, v6.rateBps());
        assertEquals(4, s.limits().size());
        assertTrue(s.base());
    }

    @Test
    void anAdoptedTreeNeedsOnlyRateChangesNeverNewClasses() {
        ShaperState s = parser.parse(QDISCS, CLASSES, FILTERS, GROUP_FILTERS).orElseThrow();
        List<FlowLimit> desired = List.of(new FlowLimit(udp("10.0.0.1", 40001, "10.0.0.2", 5201), 5_000_000, 15140));
        Plan p = new ReconcilePlanner(ShaperOptions.DEFAULTS).plan(s, desired);
        assertEquals(0, p.created());
        assertEquals(1, p.changed());
        assertEquals(3, p.deleted());
        assertEquals(Set.copyOf(desired), p.result().limits());
    }

    @Test
    void aTreeHashedOnAnotherKeyIsNotAdopted() {
        TcTreeParser other = new TcTreeParser(HashKey.SRC_PORT);
        assertFalse(other.parse(QDISCS, CLASSES, FILTERS, GROUP_FILTERS).isPresent());
        assertFalse(other.reason().isEmpty());
    }

    @Test
    void aForeignQdiscOrClassOrFilterIsNotAdopted() {
        assertFalse(parser.parse("qdisc fq_codel 0: root refcnt 2\n", "", "", "").isPresent());
        assertFalse(parser.parse(QDISCS, CLASSES + "class htb 1:99 parent 1:1 prio 0 rate 1Mbit ceil 1Mbit burst"
                + " 1600b cburst 1600b \n", FILTERS, GROUP_FILTERS).isPresent());
        assertFalse(parser.parse(QDISCS, CLASSES, FILTERS
                + "filter parent 1: protocol ip pref 1 u32 chain 0 \n", GROUP_FILTERS).isPresent());
        assertTrue(parser.reason().startsWith("foreign filter"), parser.reason());
    }

    @Test
    void aClassWithoutItsFiltersIsNotAdopted() {
        String extraClass = CLASSES + "class htb 151:4 root prio 0 rate 1Mbit ceil 1Mbit burst 1600b cburst 1600b \n";
        Optional<ShaperState> s = parser.parse(QDISCS, extraClass, FILTERS, GROUP_FILTERS);
        assertFalse(s.isPresent());
        String noGroupFilter = GROUP_FILTERS.replace("fh 800::1 order 1 key ht 800 bkt 0 *flowid 152:1", "");
        assertFalse(parser.parse(QDISCS, CLASSES, FILTERS, noGroupFilter).isPresent());
    }

    @Test
    void aClsactQdiscBesideTheTreeDoesNotPreventAdoption() {
        String withGuard = QDISCS + "qdisc clsact ffff: parent ffff:fff1 \n";
        assertEquals(4, parser.parse(withGuard, CLASSES, FILTERS, GROUP_FILTERS).orElseThrow().limits().size());
    }

    @Test
    void aMissingGroupIsNotAdopted() {
        String lessGroups = QDISCS.replaceAll("(?m)^qdisc htb 1a0: .*\n", "");
        assertFalse(parser.parse(lessGroups, CLASSES, FILTERS, GROUP_FILTERS).isPresent());
        assertTrue(parser.reason().contains("1a0"), parser.reason());
    }

    @Test
    void anEmptyTreeOfOursIsAdoptedAsEmpty() {
        String noFlows = FILTERS.replaceAll("(?s)filter parent 1: protocol ip pref 10 u32 chain 0 fh 100:5[12]:1 .*?"
                + "(?=filter parent 1: protocol ip pref 10 u32 chain 0 fh 800: )", "")
                .replaceAll("(?s)filter parent 1: protocol ipv6 pref 11 u32 chain 0 fh 200:51:3 .*?"
                        + "(?=filter parent 1: protocol ipv6 pref 11 u32 chain 0 fh 801: )", "");
        String groupClassesOnly = CLASSES.replaceAll("(?m)^class htb 15[12]:.*\n", "");
        ShaperState s = parser.parse(QDISCS, groupClassesOnly, noFlows, "")
                .orElseThrow(() -> new AssertionError(parser.reason()));
        assertTrue(s.entries().isEmpty());
        assertTrue(s.base());
    }
}
