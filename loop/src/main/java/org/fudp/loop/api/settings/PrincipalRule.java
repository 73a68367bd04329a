// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.settings;

import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;

import java.util.Locale;
import java.util.Objects;

/**
 * Whom an unresponsive UDP flow's traffic counts for (docs/algorithm.md, "Principals"): FUDPA shares a set's
 * bandwidth max-min among principals first, then among each principal's flows, so a sender gains nothing by
 * spreading a flood over more 5-tuples. TCP and responsive UDP flows are principals of their own whatever the
 * rule.
 *
 * <p>Written as text in the component property {@code udpPrincipal} and a traffic class's {@code principal}:
 * {@code flow} (each 5-tuple, the paper's rule), {@code host} (the source address, the default),
 * {@code prefix/N} or {@code prefix/N/M} (the source's IPv4 /N and IPv6 /M, M 64 when left out), {@code class}
 * (all of a set's unresponsive UDP of one traffic class together).
 */
public final class PrincipalRule {

    /** What identifies a principal. */
    private enum Kind {
        /** The 5-tuple: every flow is a principal of its own. */
        FLOW,
        /** The source address. */
        HOST,
        /** The source address's prefix. */
        PREFIX,
        /** The traffic class: the set's unresponsive UDP of one class is one principal. */
        CLASS
    }

    /** Every 5-tuple its own principal: the paper's rule. */
    public static final PrincipalRule FLOW = new PrincipalRule(Kind.FLOW, 32, 128);
    /** Each source host one principal: the default, as CAKE isolates per host. */
    public static final PrincipalRule HOST = new PrincipalRule(Kind.HOST, 32, 128);
    /** The set's unresponsive UDP of one traffic class is one principal. */
    public static final PrincipalRule CLASS = new PrincipalRule(Kind.CLASS, 0, 0);
    /** The IPv6 prefix length taken when a rule gives only IPv4's: one site's /64. */
    public static final int DEFAULT_V6_LENGTH = 64;

    private final Kind kind;
    private final int v4Length;
    private final int v6Length;

    private PrincipalRule(Kind kind, int v4Length, int v6Length) {
        this.kind = kind;
        this.v4Length = v4Length;
        this.v6Length = v6Length;
    }

    /**
     * Returns the rule for source prefixes.
     *
     * @param v4Length IPv4 prefix length, 0..32
     * @param v6Length IPv6 prefix length, 0..128
     * @return the rule
     * @throws IllegalArgumentException naming the bad length
     */
    public static PrincipalRule prefix(int v4Length, int v6Length) {
        if (v4Length < 0 || v4Length > 32) {
            throw new IllegalArgumentException("the IPv4 prefix length must be 0..32, was " + v4Length);
        }
        if (v6Length < 0 || v6Length > 128) {
            throw new IllegalArgumentException("the IPv6 prefix length must be 0..128, was " + v6Length);
        }
        return new PrincipalRule(Kind.PREFIX, v4Length, v6Length);
    }

    /**
     * Parses a rule's text.
     *
     * @param text {@code flow}, {@code host}, {@code prefix/N}, {@code prefix/N/M} or {@code class}
     * @return the rule
     * @throws IllegalArgumentException saying what was expected
     */
    public static PrincipalRule parse(String text) {
        String t = Objects.requireNonNull(text, "text").trim().toLowerCase(Locale.ROOT);
        switch (t) {
            case "flow":
                return FLOW;
            case "host":
                return HOST;
            case "class":
                return CLASS;
            default:
                break;
        }
        String[] parts = t.split("/", -1);
        if (parts[0].equals("prefix") && (parts.length == 2 || parts.length == 3)) {
            try {
                int v4 = Integer.parseInt(parts[1]);
                int v6 = parts.length == 3 ? Integer.parseInt(parts[2]) : DEFAULT_V6_LENGTH;
                return prefix(v4, v6);
            } catch (NumberFormatException e) {
                // Falls through to the message that says what is expected.
            }
        }
        throw new IllegalArgumentException("must be flow, host, prefix/N (IPv4 /N, IPv6 /" + DEFAULT_V6_LENGTH
                + "), prefix/N/M (IPv4 /N, IPv6 /M) or class, was \"" + text + "\"");
    }

    /**
     * Returns the principal of a flow.
     *
     * @param t the flow
     * @param className its traffic class's name, "" without a class
     * @return the key, addresses written as in flow ids; empty for {@code flow}, the flow being a principal of its
     *         own
     */
    public String keyOf(FiveTuple t, String className) {
        switch (kind) {
            case FLOW:
                return "";
            case HOST:
                return FlowIds.address(t.src());
            case PREFIX:
                return new AddressPrefix(t.src(), t.isIpv4() ? v4Length : v6Length).toString();
            case CLASS:
                return className.isEmpty() ? "unresponsive UDP" : "class " + className;
            default:
                throw new AssertionError(kind);
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PrincipalRule)) {
            return false;
        }
        PrincipalRule r = (PrincipalRule) o;
        return kind == r.kind && v4Length == r.v4Length && v6Length == r.v6Length;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, v4Length, v6Length);
    }

    /**
     * Returns the rule's text, as {@link #parse} reads it.
     *
     * @return text
     */
    @Override
    public String toString() {
        return kind == Kind.PREFIX ? "prefix/" + v4Length + "/" + v6Length : kind.name().toLowerCase(Locale.ROOT);
    }
}
