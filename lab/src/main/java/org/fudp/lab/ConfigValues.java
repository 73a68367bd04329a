// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.util.Locale;
import java.util.Properties;
import org.fudp.loop.api.settings.ResponsiveTest;
import org.fudp.protocol.EthernetFrame;

/**
 * The lab controller's config keys of one value each, read and checked: a bad value throws naming its key
 * ("config: 'alpha' must be in (0, 1), got 1.5"), a missing optional key takes its default.
 */
final class ConfigValues {

    private ConfigValues() {
    }

    static String required(Properties p, String key) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException("config: missing key '" + key + "'");
        }
        return v.trim();
    }

    static int port(Properties p, String key) {
        return port(key, required(p, key));
    }

    static int port(String key, String v) {
        try {
            int port = Integer.parseInt(v);
            if (port < 1 || port > 0xFF00) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("config: '" + key + "' must be an OpenFlow port number, got '"
                    + v + "'", e);
        }
    }

    static String mac(Properties p, String key) {
        String v = required(p, key);
        try {
            EthernetFrame.parseMac(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("config: '" + key + "' must be a MAC address, got '" + v + "'", e);
        }
        return v.toLowerCase(Locale.ROOT);
    }

    static double number(String key, String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("config: '" + key + "' must be a number, got '" + v + "'", e);
        }
    }

    static double positive(Properties p, String key, String dflt) {
        double d = number(key, p.getProperty(key, dflt).trim());
        if (!(d > 0)) {
            throw new IllegalArgumentException("config: '" + key + "' must be > 0, got " + d);
        }
        return d;
    }

    static double fraction(Properties p, String key, String dflt) {
        double d = number(key, p.getProperty(key, dflt).trim());
        if (!(d > 0 && d < 1)) {
            throw new IllegalArgumentException("config: '" + key + "' must be in (0, 1), got " + d);
        }
        return d;
    }

    static boolean bool(Properties p, String key, String dflt) {
        String v = p.getProperty(key, dflt).trim();
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException("config: '" + key + "' must be true or false, got '" + v + "'");
        }
        return v.equals("true");
    }

    static int idleTimeout(Properties p, String key, String dflt) {
        double d = number(key, p.getProperty(key, dflt).trim());
        if (d != Math.rint(d) || d < 1 || d > 65535) {
            throw new IllegalArgumentException("config: '" + key + "' must be a whole number of seconds in "
                    + "1..65535 (an OpenFlow idle timeout), got " + d);
        }
        return (int) d;
    }

    static double nonNegative(Properties p, String key, String dflt) {
        double d = number(key, p.getProperty(key, dflt).trim());
        if (!(d >= 0) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("config: '" + key + "' must be a number >= 0, got " + d);
        }
        return d;
    }

    static int positiveInt(Properties p, String key, String dflt) {
        double d = number(key, p.getProperty(key, dflt).trim());
        if (d != Math.rint(d) || d < 1 || d > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("config: '" + key + "' must be a whole number >= 1, got " + d);
        }
        return (int) d;
    }

    /**
     * Reads the responsiveness test's keys: {@code responsiveCandidates} (none, quic, all),
     * {@code responsiveHoldFraction}, {@code responsiveHoldPeriods}, {@code responsiveReleasePeriods},
     * {@code responsiveRecheckSeconds}; each absent key keeps the product's default.
     *
     * @param p the properties
     * @return the test
     * @throws IllegalArgumentException naming the bad key
     */
    static ResponsiveTest responsive(Properties p) {
        ResponsiveTest d = ResponsiveTest.defaults();
        ResponsiveTest.Candidates candidates;
        try {
            candidates = ResponsiveTest.Candidates.parse(p.getProperty("responsiveCandidates",
                    d.candidates().toString()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("config: 'responsiveCandidates' " + e.getMessage(), e);
        }
        double fraction = positive(p, "responsiveHoldFraction", Double.toString(d.holdFraction()));
        int hold = positiveInt(p, "responsiveHoldPeriods", Integer.toString(d.holdPeriods()));
        int release = positiveInt(p, "responsiveReleasePeriods", Integer.toString(d.releasePeriods()));
        double recheckS = positive(p, "responsiveRecheckSeconds", Long.toString(d.recheckMs() / 1000));
        try {
            return d.withCandidates(candidates).withHold(fraction, hold).withReleasePeriods(release)
                    .withRecheckMs(Math.round(recheckS * 1000));
        } catch (IllegalArgumentException e) {
            // The test names its field ("holdFraction: must be ..."); the config's key is that name, prefixed.
            String m = e.getMessage();
            String field = m.substring(0, Math.max(0, m.indexOf(':')));
            String key = "responsive" + Character.toUpperCase(field.charAt(0)) + field.substring(1)
                    .replace("Ms", "Seconds");
            throw new IllegalArgumentException("config: '" + key + "'" + m.substring(field.length()), e);
        }
    }
}
