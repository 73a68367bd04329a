// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.settings;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whom a flow's traffic counts for: each rule's key, its text both ways, and bad text refused with what is
 * expected.
 */
class PrincipalRuleTest {

    private static final FiveTuple V4 = FlowIds.parse("t", "udp-192.0.2.77-40001-198.51.100.4-53");
    private static final FiveTuple V6 = FlowIds.parse("t", "udp-2001:db8:1:2:3::9-40001-2001:db8::4-53");

    @Test
    void eachRuleKeysAFlowByWhatItNames() {
        assertEquals("", PrincipalRule.FLOW.keyOf(V4, ""), "the paper's rule: the flow is its own principal");
        assertEquals("192.0.2.77", PrincipalRule.HOST.keyOf(V4, ""));
        assertEquals("192.0.2.0/24", PrincipalRule.prefix(24, 48).keyOf(V4, ""));
        assertEquals("192.0.2.64/26", PrincipalRule.prefix(26, 48).keyOf(V4, ""));
        assertEquals("2001:db8:1::/48", PrincipalRule.prefix(24, 48).keyOf(V6, ""), "written as flow ids write it");
        assertEquals("2001:db8:1:2:3::9", PrincipalRule.HOST.keyOf(V6, ""));
        assertEquals("class video", PrincipalRule.CLASS.keyOf(V4, "video"));
        assertEquals("unresponsive UDP", PrincipalRule.CLASS.keyOf(V4, ""));
    }

    @Test
    void textRoundTrips() {
        for (String t : new String[] {"flow", "host", "class", "prefix/24/64", "prefix/0/0", "prefix/32/128"}) {
            assertEquals(t, PrincipalRule.parse(t).toString());
        }
        assertEquals(PrincipalRule.prefix(24, PrincipalRule.DEFAULT_V6_LENGTH), PrincipalRule.parse(" Prefix/24 "));
        assertEquals(PrincipalRule.HOST, PrincipalRule.parse("HOST"));
    }

    @Test
    void badTextSaysWhatIsExpected() {
        for (String t : new String[] {"", "hosts", "prefix", "prefix/33", "prefix/24/129", "prefix/-1", "prefix/a",
                "prefix/24/48/1"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PrincipalRule.parse(t), t);
            assertTrue(e.getMessage().contains("must be") || e.getMessage().contains("length"), e.getMessage());
        }
    }
}
