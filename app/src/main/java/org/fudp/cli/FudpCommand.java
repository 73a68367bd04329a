// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.fudp.api.FudpService;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;

import java.time.Instant;
import java.util.Locale;

/**
 * What the FUDP commands share: service lookup, JSON output as ONOS's {@code -j} gives it, and
 * the number formats of the tables.
 */
public abstract class FudpCommand extends AbstractShellCommand {

    /** Where services come from; null in Karaf (OSGi), a test directory in unit tests. */
    ServiceDirectory directory;

    @Override
    protected final void doExecute() {
        try {
            run();
        } catch (IllegalArgumentException | IllegalStateException | ItemNotFoundException e) {
            // A bad argument, an unknown id or a file that cannot be used is the user's to fix: say which,
            // without a trace.
            error("%s", e.getMessage());
        }
    }

    /**
     * Runs the command.
     */
    protected abstract void run();

    @Override
    public <T> T getService(Class<T> serviceClass) {
        return directory == null ? get(serviceClass) : directory.get(serviceClass);
    }

    @Override
    public <T> JsonCodec<T> codec(Class<T> entityClass) {
        return getService(CodecService.class).getCodec(entityClass);
    }

    /**
     * Returns the FUDP service.
     *
     * @return service
     */
    protected FudpService fudp() {
        return getService(FudpService.class);
    }

    /**
     * Prints a JSON document, indented.
     *
     * @param node the document
     */
    protected void printJson(JsonNode node) {
        try {
            print("%s", mapper().writerWithDefaultPrettyPrinter().writeValueAsString(node));
        } catch (JsonProcessingException e) {
            error("cannot print JSON: %s", e.getMessage());
        }
    }

    /**
     * Formats a rate for a table.
     *
     * @param bps bit/s
     * @return e.g. "3.33M"
     */
    static String rate(long bps) {
        if (bps >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.2fG", bps / 1e9);
        }
        if (bps >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.2fM", bps / 1e6);
        }
        if (bps >= 1_000L) {
            return String.format(Locale.ROOT, "%.2fk", bps / 1e3);
        }
        return Long.toString(bps);
    }

    /**
     * Formats an index or ratio that may be unknown.
     *
     * @param v the value, NaN for unknown
     * @return three decimals, or "-"
     */
    static String ratio(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }

    /**
     * Formats an epoch-milliseconds time.
     *
     * @param ms epoch milliseconds, 0 for never
     * @return ISO-8601 instant, or "never"
     */
    static String time(long ms) {
        return ms <= 0 ? "never" : Instant.ofEpochMilli(ms).toString();
    }

    /**
     * Parses a true/false option value.
     *
     * @param option the option's name, for the error
     * @param value the value, null if the option was not given
     * @return the value, null if not given
     * @throws IllegalArgumentException naming the option
     */
    static Boolean flag(String option, String value) {
        if (value == null) {
            return null;
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        if ("true".equals(v) || "on".equals(v)) {
            return Boolean.TRUE;
        }
        if ("false".equals(v) || "off".equals(v)) {
            return Boolean.FALSE;
        }
        throw new IllegalArgumentException(option + ": must be true or false, was \"" + value + "\"");
    }
}
