// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

/**
 * Hexadecimal text to and from bytes (java.util.HexFormat arrived only in Java 17).
 */
public final class Hex {

    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex() {
    }

    /**
     * Encodes bytes as lower-case hex.
     *
     * @param bytes bytes
     * @return hex text, two digits a byte
     */
    public static String encode(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = DIGITS[(bytes[i] >> 4) & 0xF];
            out[2 * i + 1] = DIGITS[bytes[i] & 0xF];
        }
        return new String(out);
    }

    /**
     * Decodes hex text; whitespace and colons between digit pairs are ignored.
     *
     * @param text hex text
     * @return bytes
     * @throws IllegalArgumentException on a non-hex character or an odd number of digits
     */
    public static byte[] decode(String text) {
        StringBuilder digits = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == ':') {
                continue;
            }
            if (Character.digit(c, 16) < 0) {
                throw new IllegalArgumentException("'" + c + "' at position " + i + " is not a hex digit");
            }
            digits.append(c);
        }
        if (digits.length() % 2 != 0) {
            throw new IllegalArgumentException("odd number of hex digits: " + digits.length());
        }
        byte[] out = new byte[digits.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((Character.digit(digits.charAt(2 * i), 16) << 4)
                    | Character.digit(digits.charAt(2 * i + 1), 16));
        }
        return out;
    }
}
