// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The HMAC-SHA256 keys a node holds, by key id, and the one it signs with. Receivers accept
 * every key in the ring, so a key is rotated by adding the new key everywhere, then signing
 * with it, then removing the old one.
 */
public final class KeyRing {

    /** Shortest key accepted, in bytes: 128 bits. */
    public static final int MIN_KEY_BYTES = 16;

    private final Map<Integer, byte[]> keys;
    private final int activeKeyId;

    private KeyRing(Map<Integer, byte[]> keys, int activeKeyId) {
        this.keys = keys;
        this.activeKeyId = activeKeyId;
    }

    /**
     * Creates a ring of one key, which is also the active one.
     *
     * @param keyId key id
     * @param key key bytes, at least 16
     * @return the ring
     */
    public static KeyRing of(int keyId, byte[] key) {
        return of(Map.of(keyId, key), keyId);
    }

    /**
     * Creates a ring.
     *
     * @param keys key bytes by key id; each at least 16 bytes
     * @param activeKeyId the id senders sign with; must be in {@code keys}
     * @return the ring
     * @throws IllegalArgumentException if a key is short or the active id is missing
     */
    public static KeyRing of(Map<Integer, byte[]> keys, int activeKeyId) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a key ring needs at least one key");
        }
        TreeMap<Integer, byte[]> copy = new TreeMap<>(Integer::compareUnsigned);
        for (Map.Entry<Integer, byte[]> e : keys.entrySet()) {
            if (e.getValue().length < MIN_KEY_BYTES) {
                throw new IllegalArgumentException("key " + Integer.toUnsignedString(e.getKey()) + " has "
                        + e.getValue().length + " bytes, at least " + MIN_KEY_BYTES + " are needed");
            }
            copy.put(e.getKey(), e.getValue().clone());
        }
        if (!copy.containsKey(activeKeyId)) {
            throw new IllegalArgumentException("active key id " + Integer.toUnsignedString(activeKeyId)
                    + " is not among the keys " + copy.keySet());
        }
        return new KeyRing(Collections.unmodifiableMap(copy), activeKeyId);
    }

    /**
     * Parses a key file: one {@code <key id> = <hex key>} per line, {@code #} starts a comment,
     * and an optional {@code active = <key id>} line (default: the highest key id).
     *
     * @param text the file's content
     * @return the ring
     * @throws IllegalArgumentException naming the line that is wrong
     */
    public static KeyRing parse(String text) {
        TreeMap<Integer, byte[]> keys = new TreeMap<>(Integer::compareUnsigned);
        Integer active = null;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            line = line.trim();
            if (line.isEmpty()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("line " + (i + 1) + ": expected '<key id> = <hex key>'");
            }
            String name = line.substring(0, eq).trim();
            String value = line.substring(eq + 1).trim();
            if ("active".equals(name)) {
                active = parseKeyId(value, i + 1);
                continue;
            }
            int id = parseKeyId(name, i + 1);
            // The id as parsed, not as written: "000…0016" is id 16, and its text is not echoed.
            String idText = Integer.toUnsignedString(id);
            byte[] key;
            try {
                key = Hex.decode(value);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": key " + idText + " is not hex: "
                        + e.getMessage(), e);
            }
            if (key.length < MIN_KEY_BYTES) {
                throw new IllegalArgumentException("line " + (i + 1) + ": key " + idText + " has " + key.length
                        + " bytes, at least " + MIN_KEY_BYTES + " are needed");
            }
            if (keys.put(id, key) != null) {
                throw new IllegalArgumentException("line " + (i + 1) + ": key id " + idText + " appears twice");
            }
        }
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("no keys: expected lines '<key id> = <hex key>'");
        }
        return of(keys, active == null ? keys.lastKey() : active);
    }

    private static int parseKeyId(String s, int line) {
        try {
            return Integer.parseUnsignedInt(s);
        } catch (NumberFormatException e) {
            // A key written where its id belongs must not reach the log: echo only what could be an id.
            String shown = s.length() <= 10 ? "'" + s + "'" : "of " + s.length() + " characters";
            throw new IllegalArgumentException("line " + line + ": key id " + shown
                    + " is not an unsigned 32-bit number", e);
        }
    }

    /**
     * Returns a key.
     *
     * @param keyId key id
     * @return the key bytes (callers must not modify them), or null if the ring lacks the id
     */
    byte[] key(int keyId) {
        return keys.get(keyId);
    }

    /**
     * Tells whether the ring holds a key.
     *
     * @param keyId key id
     * @return true if present
     */
    public boolean contains(int keyId) {
        return keys.containsKey(keyId);
    }

    /**
     * Returns the id senders sign with.
     *
     * @return active key id
     */
    public int activeKeyId() {
        return activeKeyId;
    }

    /**
     * Returns the ids of every key held.
     *
     * @return key ids, unmodifiable
     */
    public Set<Integer> keyIds() {
        return keys.keySet();
    }

    @Override
    public String toString() {
        // Never print key material.
        return "KeyRing{ids=" + keys.keySet() + ", active=" + Integer.toUnsignedString(activeKeyId) + "}";
    }
}
