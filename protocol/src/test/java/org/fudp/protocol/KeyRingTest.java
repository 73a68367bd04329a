// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Key files parse, and every mistake in one is reported with its line.
 */
class KeyRingTest {

    private static final String K1 = "000102030405060708090a0b0c0d0e0f";
    private static final String K2 = "202122232425262728292a2b2c2d2e2f";

    @Test
    void parsesKeysAndPicksTheHighestAsActive() {
        KeyRing r = KeyRing.parse("# keys\n1 = " + K1 + "\n2=" + K2 + "  # new\n");
        assertEquals(2, r.activeKeyId());
        assertTrue(r.contains(1));
        assertFalse(r.toString().contains(K1), "toString must not leak key material");
    }

    @Test
    void activeLineSelectsTheSigningKey() {
        assertEquals(1, KeyRing.parse("1 = " + K1 + "\n2 = " + K2 + "\nactive = 1\n").activeKeyId());
    }

    @Test
    void mistakesNameTheLine() {
        assertMessage("line 2: key 2 has 4 bytes", "1 = " + K1 + "\n2 = 01020304\n");
        assertMessage("line 1: key 1 is not hex", "1 = zz" + K1 + "\n");
        assertMessage("line 1: key id 'x'", "x = " + K1 + "\n");
        assertMessage("line 2: key id 1 appears twice", "1 = " + K1 + "\n1 = " + K2 + "\n");
        assertMessage("active key id 3", "1 = " + K1 + "\nactive = 3\n");
        assertMessage("no keys", "# nothing\n");
        assertMessage("line 1: expected", "just text\n");
    }

    private static void assertMessage(String expected, String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KeyRing.parse(text));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
