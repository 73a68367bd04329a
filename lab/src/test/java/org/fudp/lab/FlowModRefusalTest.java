// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@code ovs-ofctl add-flows} prints when the switch refuses a line of a batch, read back into which
 * lines went in. The texts are OVS 3.1's, taken from a bridge with {@code flow_limit=5} and
 * {@code overflow_policy=refuse}.
 */
class FlowModRefusalTest {

    /** Seven lines, five fit: the sixth is refused, the seventh never sent. */
    private static final List<String> BATCH = List.of(
            "priority=0,actions=controller:128",
            "cookie=0xfd00000000000009,priority=100,idle_timeout=10,udp,nw_src=10.0.0.1,nw_dst=10.0.0.4,"
                    + "tp_src=40003,tp_dst=5203,ip_dscp=0,actions=output:11",
            "cookie=0xfd0000000000000a,priority=101,idle_timeout=10,in_port=12,udp,nw_src=10.0.0.1,nw_dst=10.0.0.4,"
                    + "tp_src=40003,tp_dst=5203,ip_dscp=0,actions=output:4",
            "cookie=0xfd00000000000010,priority=100,idle_timeout=10,tcp,nw_src=10.0.0.2,nw_dst=10.0.0.4,"
                    + "tp_src=50002,tp_dst=5202,actions=output:4",
            "cookie=0xfd00000000000013,priority=101,idle_timeout=0,tcp,nw_src=10.0.0.2,nw_dst=10.0.0.4,"
                    + "tp_src=50002,tp_dst=5202,tcp_flags=+fin,actions=controller:128,output:4",
            "cookie=0xfd00000000000014,priority=101,idle_timeout=0,tcp,nw_src=10.0.0.2,nw_dst=10.0.0.4,"
                    + "tp_src=50002,tp_dst=5202,tcp_flags=+rst,actions=controller:128,output:4",
            "cookie=0xfd00000000000015,priority=101,idle_timeout=0,tcp,nw_src=10.0.0.3,nw_dst=10.0.0.4,"
                    + "tp_src=50002,tp_dst=5202,tcp_flags=+rst,actions=controller:128,output:4");

    private static final String TABLE_FULL = "OFPT_ERROR (OF1.3) (xid=0xc): OFPFMFC_TABLE_FULL\n"
            + "OFPT_FLOW_MOD (OF1.3) (xid=0xc): ADD priority=101,tcp,nw_src=10.0.0.2,nw_dst=10.0.0.4,tp_src=50002,"
            + "tp_dst=5202,tcp_flags=+rst cookie:0xfd00000000000014 actions=CONTROLLER:128,output:4\n";

    @Test
    void aFullTableNamesTheRefusedLineTheOnesBeforeItAreInTheRestNeverSent() {
        FlowModRefusal r = FlowModRefusal.parse(TABLE_FULL, BATCH, "m").orElseThrow();
        assertTrue(r.tableFull());
        assertEquals("OFPFMFC_TABLE_FULL", r.code());
        assertEquals(5, r.refusedIndex());
        assertEquals(5, r.installed());
        assertEquals(1, r.notSent());
        assertTrue(r.refusedText().startsWith("ADD priority=101,tcp,"), r.refusedText());
        assertEquals("m", r.getMessage());
    }

    @Test
    void otherCodesAreReadTooAndAreNotATableFull() {
        List<String> batch = List.of("cookie=0xfd00000000000001,priority=100,udp,nw_dst=10.0.0.4,actions=output:4",
                "cookie=0xfd00000000000002,priority=100,udp,nw_dst=10.0.0.5,actions=meter:77,output:4",
                "cookie=0xfd00000000000003,priority=100,udp,nw_dst=10.0.0.6,actions=output:4");
        String text = "OFPT_ERROR (OF1.3) (xid=0x4): OFPMMFC_INVALID_METER\n"
                + "OFPT_FLOW_MOD (OF1.3) (xid=0x4): ADD priority=100,udp,nw_dst=10.0.0.5 cookie:0xfd00000000000002 "
                + "actions=meter:77,output:4\n";
        FlowModRefusal r = FlowModRefusal.parse(text, batch, "m").orElseThrow();
        assertFalse(r.tableFull());
        assertEquals("OFPMMFC_INVALID_METER", r.code());
        assertEquals(1, r.installed());
        assertEquals(1, r.notSent());
    }

    @Test
    void theErrorIsFoundInVerboseOutputAndWithCookiesInUpperCaseInTheBatch() {
        String text = "2026-11-26T11:03:19Z|00064|vconn|DBG|unix:/tmp/x/br.mgmt: received: " + TABLE_FULL;
        List<String> batch = List.of("cookie=0xFD00000000000014,priority=101,tcp,actions=output:4");
        FlowModRefusal r = FlowModRefusal.parse(text, batch, "m").orElseThrow();
        assertEquals(0, r.refusedIndex());
        assertEquals(0, r.notSent());
    }

    @Test
    void aRefusedRuleWithoutCookieCannotBeToldApartSoNoLineCountsAsInstalled() {
        String text = "OFPT_ERROR (OF1.3) (xid=0x6): OFPFMFC_TABLE_FULL\n"
                + "OFPT_FLOW_MOD (OF1.3) (xid=0x6): ADD priority=0 actions=CONTROLLER:128\n";
        FlowModRefusal r = FlowModRefusal.parse(text, BATCH, "m").orElseThrow();
        assertEquals(-1, r.refusedIndex());
        assertEquals(0, r.installed());
        assertEquals(0, r.notSent());
    }

    @Test
    void aCookieTwiceInTheBatchIsAmbiguous() {
        List<String> batch = List.of(BATCH.get(5), BATCH.get(5));
        assertEquals(-1, FlowModRefusal.parse(TABLE_FULL, batch, "m").orElseThrow().refusedIndex());
    }

    @Test
    void anOvsOfctlFailureWithoutASwitchErrorIsNoRefusal() {
        assertFalse(FlowModRefusal.parse("ovs-ofctl: br is not a bridge or a socket\n", BATCH, "m").isPresent());
        assertFalse(FlowModRefusal.parse("", BATCH, "m").isPresent());
    }
}
