// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.util.Locale;
import java.util.OptionalLong;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;

/**
 * The loop's rules in ovs-ofctl's flow syntax. A rule's cookie is its loop key under a tag, so that
 * dump-flows tells the loop's rules from the base rules (cookie 0) and from anyone else's.
 */
final class RuleText {

    /** Keys are below 2^55; the tag sits in the top byte, bit 55 stays clear. */
    static final long COOKIE_TAG = 0xfdL << 56;
    private static final long KEY_MASK = (1L << 55) - 1;

    private RuleText() {
    }

    /**
     * Returns the cookie of a loop rule.
     *
     * @param key the rule's {@link RuleSpec#key()}
     * @return cookie
     */
    static long cookie(long key) {
        return COOKIE_TAG | key;
    }

    /**
     * Returns the match, for {@code ovs-ofctl del-flows}, of every loop rule whatever its key.
     *
     * @return cookie and mask
     */
    static String everyLoopRule() {
        return String.format(Locale.ROOT, "cookie=0x%x/0x%x", COOKIE_TAG, ~KEY_MASK);
    }

    /**
     * Returns the loop key a cookie carries.
     *
     * @param cookie a cookie from dump-flows
     * @return the key, empty if the rule is not one of the loop's
     */
    static OptionalLong keyOf(long cookie) {
        return (cookie & ~KEY_MASK) == COOKIE_TAG ? OptionalLong.of(cookie & KEY_MASK) : OptionalLong.empty();
    }

    /**
     * Renders a rule for {@code ovs-ofctl add-flows}.
     *
     * @param r the rule
     * @return one line of flow text
     * @throws IllegalArgumentException for a protocol other than TCP or UDP
     */
    static String flow(RuleSpec r) {
        FiveTuple t = r.flow();
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "cookie=0x%x,priority=%d,idle_timeout=%d,",
                cookie(r.key()), r.priority(), r.idleTimeoutS()));
        if (r.inPort() != RuleSpec.ANY_PORT) {
            s.append("in_port=").append(r.inPort()).append(',');
        }
        String net = t.isIpv4() ? "nw" : "ipv6";
        s.append(protocol(t)).append(',');
        if (r.isAggregate()) {
            if (r.srcPrefix().length() > 0) {
                s.append(net).append("_src=").append(FlowIds.address(t.src())).append(',');
            }
            s.append(net).append("_dst=").append(r.dstPrefix().toMatchString());
        } else {
            s.append(net).append("_src=").append(FlowIds.address(t.src())).append(',')
                    .append(net).append("_dst=").append(FlowIds.address(t.dst())).append(',')
                    .append("tp_src=").append(t.srcPort()).append(",tp_dst=").append(t.dstPort());
        }
        if (r.dscp() != TrafficClass.NO_DSCP) {
            s.append(",ip_dscp=").append(r.dscp());
        }
        if (r.role() == RuleSpec.Role.CLOSING_FIN) {
            s.append(",tcp_flags=+fin");
        } else if (r.role() == RuleSpec.Role.CLOSING_RST) {
            s.append(",tcp_flags=+rst");
        }
        s.append(",actions=");
        if (r.copyToController()) {
            // OVS keeps no packet buffers, so the copy is the whole segment whatever max_len says.
            s.append("controller:128,");
        }
        if (r.meterKey() != RuleSpec.NO_METER) {
            s.append("meter:").append(r.meterKey()).append(',');
        }
        return s.append("output:").append(r.outPort()).toString();
    }

    /**
     * Renders the match that deletes exactly one loop rule, for {@code ovs-ofctl del-flows}.
     *
     * @param r the rule
     * @return {@code cookie=0x<cookie>/-1}
     */
    static String deletion(RuleSpec r) {
        return String.format(Locale.ROOT, "cookie=0x%x/-1", cookie(r.key()));
    }

    private static String protocol(FiveTuple t) {
        String p;
        if (t.protocol() == FiveTuple.TCP) {
            p = "tcp";
        } else if (t.protocol() == FiveTuple.UDP) {
            p = "udp";
        } else {
            throw new IllegalArgumentException("no rule for IP protocol " + t.protocol() + ": " + t);
        }
        return t.isIpv4() ? p : p + "6";
    }
}
