// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Reads typed values from a properties file against a catalogue of known keys and their defaults,
 * collecting problems instead of stopping at the first, so that an operator sees every mistake in
 * one run. Each problem is "key: message"; Preflight relies on the key coming first. A bad value
 * reads as a stand-in (null, the minimum, false, the first constant) so that reading goes on to the
 * remaining keys; the problem recorded keeps the stand-in from ever being used.
 */
final class PropertyReader {

    private static final Pattern IFNAME = Pattern.compile("[A-Za-z0-9_.:@-]{1,15}");

    private final Properties p;
    private final Map<String, String[]> keys;
    private final List<String> problems = new ArrayList<>();

    /**
     * Creates a reader.
     *
     * @param p the properties
     * @param keys every known key with its default (element 0, "" for none), as {@link AgentConfig#KEYS}
     */
    PropertyReader(Properties p, Map<String, String[]> keys) {
        this.p = p;
        this.keys = keys;
    }

    void problem(String key, String message) {
        problems.add(key + ": " + message);
    }

    List<String> problems() {
        return problems;
    }

    String raw(String key) {
        return p.getProperty(key, keys.get(key)[0]).trim();
    }

    String iface(String key) {
        String v = raw(key);
        if (v.isEmpty()) {
            problem(key, "is required");
            return null;
        }
        if (!IFNAME.matcher(v).matches()) {
            problem(key, "'" + v + "' is not an interface name (1-15 letters, digits, '_', '.', '-')");
            return null;
        }
        return v;
    }

    long number(String key, long min, long max) {
        String v = raw(key).replace("_", "");
        long n;
        try {
            n = v.startsWith("0x") || v.startsWith("0X") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v);
        } catch (NumberFormatException e) {
            problem(key, "'" + raw(key) + "' is not a whole number");
            return min;
        }
        if (n < min || n > max) {
            problem(key, n + " is out of range " + min + ".." + max);
            return min;
        }
        return n;
    }

    boolean bool(String key) {
        String v = raw(key).toLowerCase(Locale.ROOT);
        if ("true".equals(v) || "yes".equals(v)) {
            return true;
        }
        if ("false".equals(v) || "no".equals(v)) {
            return false;
        }
        problem(key, "'" + raw(key) + "' is neither true nor false");
        return false;
    }

    <E extends Enum<E>> E choice(String key, Class<E> type) {
        String v = raw(key).toUpperCase(Locale.ROOT).replace('-', '_');
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(v)) {
                return e;
            }
        }
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            names.add(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        problem(key, "'" + raw(key) + "' is not one of " + String.join(", ", names));
        return type.getEnumConstants()[0];
    }

    /** Records a problem for every key not in the catalogue, naming the nearest known key if one is close. */
    void rejectUnknownKeys() {
        for (String key : p.stringPropertyNames()) {
            if (!keys.containsKey(key)) {
                problem(key, "is not a known key" + suggestion(key));
            }
        }
    }

    private String suggestion(String key) {
        String best = null;
        int bestDistance = 4;
        for (String known : keys.keySet()) {
            int d = distance(key, known);
            if (d < bestDistance) {
                best = known;
                bestDistance = d;
            }
        }
        return best == null ? "" : " (did you mean " + best + "?)";
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
