// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Writes metrics in the Prometheus text exposition format, version 0.0.4
 * (prometheus.io/docs/instrumenting/exposition_formats): one {@code # HELP} and one {@code # TYPE} line
 * per family, then its samples. Families are written in name order and each family's samples in the
 * order given, so that the same metrics always read the same.
 */
public final class PrometheusText {

    /** The content type a scraper expects for this format. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    private final Map<String, Family> families = new TreeMap<>();

    /** One metric family: its type, help and samples. */
    private static final class Family {
        private final String type;
        private final String help;
        private final List<String> samples = new ArrayList<>();

        Family(String type, String help) {
            this.type = type;
            this.help = help;
        }
    }

    /**
     * Adds a sample, declaring its family on first use.
     *
     * @param family the family's name, e.g. {@code fudp_loop_periods_total}
     * @param type counter, gauge or summary
     * @param help what the family measures, in what unit
     * @param sample the sample's name: the family's, or for a summary the family's with {@code _count}
     * @param labels label names and values, in order; empty for none
     * @param value the value
     * @return this
     * @throws IllegalArgumentException if a name is not a valid metric or label name, or the family was
     *         declared with another type
     */
    public PrometheusText add(String family, String type, String help, String sample, Map<String, String> labels,
                              double value) {
        if (!NAME.matcher(family).matches() || !NAME.matcher(sample).matches() || !sample.startsWith(family)) {
            throw new IllegalArgumentException("metric " + sample + " of family " + family + ": not a valid name");
        }
        Family f = families.computeIfAbsent(family, n -> new Family(type, help));
        if (!f.type.equals(type)) {
            throw new IllegalArgumentException("metric family " + family + ": is a " + f.type + ", not a " + type);
        }
        StringBuilder line = new StringBuilder(sample);
        if (!labels.isEmpty()) {
            line.append('{');
            String sep = "";
            for (Map.Entry<String, String> l : labels.entrySet()) {
                if (!LABEL.matcher(l.getKey()).matches()) {
                    throw new IllegalArgumentException("metric " + sample + ": label " + l.getKey()
                            + " is not a valid label name");
                }
                line.append(sep).append(l.getKey()).append("=\"").append(escapeLabel(l.getValue())).append('"');
                sep = ",";
            }
            line.append('}');
        }
        f.samples.add(line.append(' ').append(number(value)).toString());
        return this;
    }

    /**
     * Adds a sample whose name is its family's.
     *
     * @param family the family's name
     * @param type counter or gauge
     * @param help what it measures
     * @param labels label names and values
     * @param value the value
     * @return this
     */
    public PrometheusText add(String family, String type, String help, Map<String, String> labels, double value) {
        return add(family, type, help, family, labels, value);
    }

    /**
     * Returns the exposition.
     *
     * @return the text, every line ending with a newline
     */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        families.forEach((name, f) -> {
            out.append("# HELP ").append(name).append(' ').append(escapeHelp(f.help)).append('\n');
            out.append("# TYPE ").append(name).append(' ').append(f.type).append('\n');
            f.samples.forEach(s -> out.append(s).append('\n'));
        });
        return out.toString();
    }

    /**
     * Writes a value as the format reads it: integral values without a fraction or an exponent, so
     * that counts and rates in bit/s read as they are.
     *
     * @param v the value
     * @return its text
     */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%s", v);
    }

    private static String escapeHelp(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n");
    }

    private static String escapeLabel(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
