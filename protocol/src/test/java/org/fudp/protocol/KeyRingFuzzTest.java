// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Coverage-guided fuzzing of the key-file parser {@link KeyRing#parse}, which the agent runs on its key file at
 * startup. Every input must give a ring (active key among its keys, every key at least
 * {@link KeyRing#MIN_KEY_BYTES} bytes, no key material in its text) or an {@link IllegalArgumentException} whose
 * message, which the agent logs, repeats no key the file holds; any other exception is a finding.
 */
class KeyRingFuzzTest {

    /** A key as the file writes it: at least MIN_KEY_BYTES bytes in hex. */
    private static final Pattern KEY_TEXT = Pattern.compile("[0-9a-fA-F]{" + 2 * KeyRing.MIN_KEY_BYTES + ",}");

    @FuzzTest(maxDuration = "30s")
    void parse(byte[] file) {
        String text = new String(file, StandardCharsets.UTF_8);
        KeyRing ring;
        try {
            ring = KeyRing.parse(text);
        } catch (IllegalArgumentException e) {
            assertNotNull(e.getMessage());
            assertFalse(leaksKey(text, e.getMessage()), "the rejection message repeats key material");
            return;
        }
        assertFalse(ring.keyIds().isEmpty());
        assertTrue(ring.contains(ring.activeKeyId()));
        for (int id : ring.keyIds()) {
            assertTrue(ring.key(id).length >= KeyRing.MIN_KEY_BYTES);
        }
        assertFalse(leaksKey(text, ring.toString()), "toString prints key material");
    }

    private static boolean leaksKey(String text, String message) {
        Matcher m = KEY_TEXT.matcher(text);
        while (m.find()) {
            if (message.toLowerCase().contains(m.group().toLowerCase())) {
                return true;
            }
        }
        return false;
    }
}
