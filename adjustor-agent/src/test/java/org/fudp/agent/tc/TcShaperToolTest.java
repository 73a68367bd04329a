// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FlowLimit;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.fudp.agent.tc.Flows.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TcShaperToolTest {

    @Test
    void parsesIpv4AndIpv6LimitsWithAndWithoutBurst() {
        List<FlowLimit> l = TcShaperTool.parseLimits(List.of("# limits", "",
                "udp 10.0.0.1:40001 10.0.0.2:5201 10000000   # the limited flow",
                "udp [fd00::1]:1 [fd00::2]:2 5000000 3000"));
        assertEquals(List.of(new FlowLimit(udp("10.0.0.1", 40001, "10.0.0.2", 5201), 10_000_000,
                        TcShaperTool.DEFAULT_BURST),
                new FlowLimit(udp("fd00::1", 1, "fd00::2", 2), 5_000_000, 3000)), l);
    }

    @Test
    void aBadLineIsRejectedNamingTheLineAndTheField() {
        assertMessage("line 1: protocol must be udp or tcp", "icmp 1.2.3.4:1 5.6.7.8:2 100");
        assertMessage("line 1: destination must be ADDR:PORT", "udp 1.2.3.4:1 5.6.7.8 100");
        assertMessage("line 1: rate must be a whole number", "udp 1.2.3.4:1 5.6.7.8:2 10M");
        assertMessage("line 1: srcPort must be 0..65535", "udp 1.2.3.4:70000 5.6.7.8:2 100");
        assertMessage("line 1: rateBps must be at least 1", "udp 1.2.3.4:1 5.6.7.8:2 0");
        assertMessage("line 1: src 1.2.3.4 and dst", "udp 1.2.3.4:1 [fd00::1]:2 100");
    }

    @Test
    void anUnknownHashKeyIsRejectedListingTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TcShaperTool.parseHashKey("port"));
        assertTrue(e.getMessage().startsWith("--hash-key must be src-port, dst-port"), e.getMessage());
        assertEquals(HashKey.SRC_ADDR, TcShaperTool.parseHashKey("src-addr"));
    }

    private static void assertMessage(String start, String line) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TcShaperTool.parseLimits(List.of(line)));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
