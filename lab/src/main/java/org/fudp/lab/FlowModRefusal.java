// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A batch of flow rules that the switch refused part of, as {@code ovs-ofctl add-flows} reports it.
 * <p>
 * ovs-ofctl sends a batch one FLOW_MOD (and one barrier) per line and stops at the first error: it
 * prints the switch's OFPT_ERROR and the FLOW_MOD it answers, and exits 1. The lines before the
 * refused one are installed; the refused line and every later line never are, since the later lines
 * are never sent (checked with OVS 3.1, docs/lab.md "Switch limits"). A full table answers
 * {@code OFPFMFC_TABLE_FULL}:
 * </p>
 * <pre>
 * OFPT_ERROR (OF1.3) (xid=0xc): OFPFMFC_TABLE_FULL
 * OFPT_FLOW_MOD (OF1.3) (xid=0xc): ADD priority=101,tcp,...,tcp_flags=+rst cookie:0xfd00000000000014 actions=...
 * </pre>
 * <p>
 * The refused line is found by the cookie OVS echoes (every loop rule has its own); a rule without a
 * cookie (a base rule) cannot be told apart, and then no line of the batch is known to be installed.
 * </p>
 */
final class FlowModRefusal extends IOException {

    private static final long serialVersionUID = 1L;

    /** The error code a full flow table answers (OpenFlow 1.3, OFPET_FLOW_MOD_FAILED). */
    static final String TABLE_FULL = "OFPFMFC_TABLE_FULL";

    private static final Pattern ERROR = Pattern.compile("OFPT_ERROR \\([^)]*\\) \\(xid=0x[0-9a-f]+\\): (\\S+)");
    private static final Pattern FLOW_MOD = Pattern.compile("OFPT_FLOW_MOD \\([^)]*\\) \\(xid=0x[0-9a-f]+\\): (.*)$");
    private static final Pattern ECHO_COOKIE = Pattern.compile("\\bcookie:0x([0-9a-f]+)");
    private static final Pattern LINE_COOKIE = Pattern.compile("^\\s*cookie=0x([0-9a-fA-F]+)");

    private final String code;
    private final int batchSize;
    private final int refusedIndex;
    private final String refusedText;

    private FlowModRefusal(String message, String code, int batchSize, int refusedIndex, String refusedText) {
        super(message);
        this.code = code;
        this.batchSize = batchSize;
        this.refusedIndex = refusedIndex;
        this.refusedText = refusedText;
    }

    /**
     * Reads what ovs-ofctl printed for a batch it gave up on.
     *
     * @param output ovs-ofctl's stdout and stderr
     * @param batch the lines of the batch, in the order sent
     * @param message the exception's message (one line)
     * @return the refusal, empty when the output holds no OFPT_ERROR (ovs-ofctl itself failed, e.g. the
     *     bridge was unreachable or a line did not parse: nothing is known to be installed)
     */
    static Optional<FlowModRefusal> parse(String output, List<String> batch, String message) {
        String[] lines = output.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            Matcher e = ERROR.matcher(lines[i]);
            if (!e.find()) {
                continue;
            }
            String echo = "";
            for (int j = i + 1; j < lines.length && j <= i + 2; j++) {
                Matcher m = FLOW_MOD.matcher(lines[j]);
                if (m.find()) {
                    echo = m.group(1).trim();
                    break;
                }
            }
            return Optional.of(new FlowModRefusal(message, e.group(1), batch.size(), indexOf(echo, batch), echo));
        }
        return Optional.empty();
    }

    /** The batch line the echoed FLOW_MOD is, by its cookie; -1 if it has none or none matches once. */
    private static int indexOf(String echo, List<String> batch) {
        Matcher c = ECHO_COOKIE.matcher(echo);
        if (!c.find()) {
            return -1;
        }
        long cookie = Long.parseUnsignedLong(c.group(1), 16);
        int found = -1;
        for (int i = 0; i < batch.size(); i++) {
            Matcher l = LINE_COOKIE.matcher(batch.get(i));
            if (l.find() && Long.parseUnsignedLong(l.group(1).toLowerCase(Locale.ROOT), 16) == cookie) {
                if (found >= 0) {
                    return -1;
                }
                found = i;
            }
        }
        return found;
    }

    /**
     * Returns the switch's error code, e.g. {@value #TABLE_FULL}.
     *
     * @return code
     */
    String code() {
        return code;
    }

    /**
     * Tells whether the switch refused the rule because its table is full.
     *
     * @return true for {@value #TABLE_FULL}
     */
    boolean tableFull() {
        return TABLE_FULL.equals(code);
    }

    /**
     * Returns how many lines of the batch are installed: those before the refused one.
     *
     * @return lines, 0 when the refused line is unknown
     */
    int installed() {
        return Math.max(0, refusedIndex);
    }

    /**
     * Returns the index of the line the switch refused.
     *
     * @return index in the batch, -1 when unknown (then no line is known to be installed)
     */
    int refusedIndex() {
        return refusedIndex;
    }

    /**
     * Returns how many lines after the refused one ovs-ofctl never sent.
     *
     * @return lines, 0 when the refused line is unknown
     */
    int notSent() {
        return refusedIndex < 0 ? 0 : batchSize - refusedIndex - 1;
    }

    /**
     * Returns the refused FLOW_MOD as OVS printed it ({@code ADD <match> cookie:0x.. actions=..}).
     *
     * @return text, empty if OVS printed none
     */
    String refusedText() {
        return refusedText;
    }
}
