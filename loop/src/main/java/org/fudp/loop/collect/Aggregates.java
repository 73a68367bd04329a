// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.flow.UdpUnit;
import org.fudp.loop.flow.UdpUnits;
import org.fudp.loop.flow.Unmatched;
import org.fudp.protocol.FiveTuple;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The aggregate rules: on sampled facilities one per protocol and configured bottleneck prefix that leaves
 * by the bottleneck's egress ({@link NetworkView#aggregatePrefix}), else per protocol and destination, just
 * below the per-flow rules, forwarding every flow that has no rules of its own. The switch forwards those
 * flows without a packet-in; what the rules count is what each set carries besides its members. A
 * destination's own aggregate sits one priority above its prefix's, as the longer match. On per-flow
 * facilities the UDP ones that take what the budgets leave unlearned: one source's (just below the per-flow
 * rules, with a destination's own, which a per-flow facility never holds beside it: {@link
 * UnlearnedUdp}) or a destination's. Every UDP aggregate is a {@link UdpUnit}.
 */
final class Aggregates {

    /** One aggregate rule and its rate. */
    private static final class Aggregate {
        final RuleSpec rule;
        long lastBytes = -1;
        long lastMs;
        long trafficMs = -1;
        double bps;

        Aggregate(RuleSpec rule) {
            this.rule = rule;
        }
    }

    /** Where an aggregate applies. */
    private static final class Where {
        final String facilityId;
        final int protocol;
        final AddressPrefix src;
        final AddressPrefix dst;

        Where(String facilityId, int protocol, AddressPrefix src, AddressPrefix dst) {
            this.facilityId = facilityId;
            this.protocol = protocol;
            this.src = src;
            this.dst = dst;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Where && ((Where) o).facilityId.equals(facilityId) && ((Where) o).protocol == protocol
                    && ((Where) o).src.equals(src) && ((Where) o).dst.equals(dst);
        }

        @Override
        public int hashCode() {
            return Objects.hash(facilityId, protocol, src, dst);
        }
    }

    private final Map<Where, Aggregate> byWhere = new HashMap<>();
    private final Map<Long, Aggregate> byKey = new HashMap<>();
    private final UdpUnits units;

    /**
     * Creates the aggregates of a loop.
     *
     * @param units where the UDP ones are kept as units
     */
    Aggregates(UdpUnits units) {
        this.units = units;
    }

    /**
     * Tells whether a facility has the aggregate for a protocol and destination prefix.
     *
     * @param facilityId the facility
     * @param protocol TCP or UDP
     * @param dst the destination prefix
     * @return true if it has
     */
    boolean has(String facilityId, int protocol, AddressPrefix dst) {
        return byWhere.containsKey(toDestination(facilityId, protocol, dst));
    }

    // Where a destination's aggregate applies: any source.
    private static Where toDestination(String facilityId, int protocol, AddressPrefix dst) {
        return new Where(facilityId, protocol, AddressPrefix.any(dst.network()), dst);
    }

    /**
     * Tells whether a facility has one source's UDP aggregate to a destination prefix.
     *
     * @param facilityId the facility
     * @param src the source
     * @param dst the destination prefix
     * @return true if it has
     */
    boolean hasSource(String facilityId, InetAddress src, AddressPrefix dst) {
        return byWhere.containsKey(new Where(facilityId, FiveTuple.UDP, AddressPrefix.of(src), dst));
    }

    /**
     * Returns the number of the aggregate for a protocol and destination prefix at a facility: the same on
     * every controller instance, so that the instance that takes a facility over makes the very rule
     * (key, cookie, ONOS flow id) its predecessor left on the switch, not a second one of the same match.
     *
     * @param facilityId the facility
     * @param protocol TCP or UDP
     * @param dst the destination prefix
     * @return a number in 1..2^52-1
     */
    static long number(String facilityId, int protocol, AddressPrefix dst) {
        return number(facilityId, protocol, null, dst);
    }

    // A source's aggregate hashes its address too; a destination's hashes as it always has, so that its rule
    // stays the one earlier versions made.
    private static long number(String facilityId, int protocol, InetAddress src, AddressPrefix dst) {
        // FNV-1a, 64 bits: among 10^4 aggregates a collision of 52 bits has odds of about 10^-8.
        long h = 0xcbf29ce484222325L;
        byte[] id = facilityId.getBytes(StandardCharsets.UTF_8);
        byte[] addr = dst.network().getAddress();
        byte[] from = src == null ? new byte[0] : src.getAddress();
        byte[] all = new byte[id.length + 2 + addr.length + from.length];
        System.arraycopy(id, 0, all, 0, id.length);
        all[id.length] = (byte) protocol;
        all[id.length + 1] = (byte) dst.length();
        System.arraycopy(addr, 0, all, id.length + 2, addr.length);
        System.arraycopy(from, 0, all, id.length + 2 + addr.length, from.length);
        for (byte b : all) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        long n = h >>> 12;
        return n == 0 ? 1 : n;
    }

    /**
     * Makes the aggregate for a protocol and destination prefix; the caller has counted it in the budget.
     *
     * @param facilityId the facility
     * @param protocol TCP or UDP
     * @param dst the destination prefix
     * @param onward the port toward it
     * @param settings the rule settings
     * @return the rule to install, empty if its number is another aggregate's (not made)
     */
    Optional<RuleSpec> add(String facilityId, int protocol, AddressPrefix dst, long onward, LoopSettings settings) {
        int priority = Math.max(0, settings.flowPriority() - (dst.isAddress() ? 1 : 2));
        return add(RuleSpec.aggregate(number(facilityId, protocol, dst), facilityId, protocol, dst, onward,
                priority, settings.flowIdleTimeoutS()), settings);
    }

    /**
     * Makes one source's UDP aggregate to a destination prefix; the caller has counted it in the budget.
     *
     * @param facilityId the facility
     * @param src the source
     * @param dst the destination prefix
     * @param onward the port toward it
     * @param settings the rule settings
     * @return the rule to install, empty if its number is another aggregate's (not made)
     */
    Optional<RuleSpec> addSource(String facilityId, InetAddress src, AddressPrefix dst, long onward,
                                 LoopSettings settings) {
        int priority = Math.max(0, settings.flowPriority() - 1);
        return add(RuleSpec.sourceAggregate(number(facilityId, FiveTuple.UDP, src, dst), facilityId, FiveTuple.UDP,
                src, dst, onward, priority, settings.flowIdleTimeoutS()), settings);
    }

    private Optional<RuleSpec> add(RuleSpec r, LoopSettings settings) {
        if (byKey.containsKey(r.key())) {
            return Optional.empty();
        }
        Aggregate a = new Aggregate(r);
        byWhere.put(where(r), a);
        byKey.put(r.key(), a);
        if (r.flow().protocol() == FiveTuple.UDP) {
            units.add(new UdpUnit(r, UdpUnit.principalOf(settings.principal(), r)));
        }
        return Optional.of(r);
    }

    private static Where where(RuleSpec r) {
        return new Where(r.facilityId(), r.flow().protocol(), r.srcPrefix(), r.dstPrefix());
    }

    /**
     * Returns the sources' UDP aggregates toward a destination prefix at a facility.
     *
     * @param facilityId the facility
     * @param dst the destination prefix
     * @return their rules
     */
    List<RuleSpec> sourcesTo(String facilityId, AddressPrefix dst) {
        List<RuleSpec> out = new ArrayList<>();
        for (Map.Entry<Where, Aggregate> e : byWhere.entrySet()) {
            Where w = e.getKey();
            if (w.facilityId.equals(facilityId) && w.protocol == FiveTuple.UDP && w.src.length() > 0
                    && w.dst.equals(dst)) {
                out.add(e.getValue().rule);
            }
        }
        return out;
    }

    /**
     * Takes a sampled packet of a flow without rules of its own that a facility's UDP aggregate carries.
     *
     * @param facilityId the facility
     * @param dst the aggregate's destination prefix
     * @param principalKey whom the flow counts for
     * @param bytes what the sample stands for
     */
    void sampledUdp(String facilityId, AddressPrefix dst, String principalKey, double bytes) {
        Aggregate a = byWhere.get(toDestination(facilityId, FiveTuple.UDP, dst));
        UdpUnit unit = a == null ? null : units.get(a.rule.key());
        if (unit != null) {
            unit.sampled(principalKey, bytes);
        }
    }

    /**
     * Forgets an aggregate.
     *
     * @param ruleKey its rule's key
     * @return its rule, empty if the key is no aggregate's
     */
    Optional<RuleSpec> remove(long ruleKey) {
        Aggregate a = byKey.remove(ruleKey);
        if (a == null) {
            return Optional.empty();
        }
        byWhere.remove(where(a.rule));
        UdpUnit unit = units.remove(ruleKey);
        // The rule as the switch has it: with the meter its unit passes, if any.
        return Optional.of(unit == null ? a.rule : unit.rule());
    }

    /**
     * Returns a facility's aggregate rules, or every facility's.
     *
     * @param facilityId the facility, null for all
     * @return the rules
     */
    List<RuleSpec> at(String facilityId) {
        List<RuleSpec> rules = new ArrayList<>();
        for (Aggregate a : byKey.values()) {
            if (facilityId == null || a.rule.facilityId().equals(facilityId)) {
                UdpUnit unit = units.get(a.rule.key());
                rules.add(unit == null ? a.rule : unit.rule());
            }
        }
        return rules;
    }

    /**
     * Takes a period's counters: each aggregate's rate is its bytes since the last reading.
     *
     * @param counters counters by rule key
     */
    void measure(Map<Long, RuleCounter> counters) {
        for (Aggregate a : byKey.values()) {
            RuleCounter c = counters.get(a.rule.key());
            if (c == null) {
                continue;
            }
            if (a.lastBytes >= 0 && c.sampleMs() > a.lastMs && c.bytes() >= a.lastBytes) {
                a.bps = (c.bytes() - a.lastBytes) * 8000.0 / (c.sampleMs() - a.lastMs);
            } else if (a.lastBytes < 0 && c.lifeMs() > 0) {
                // A first reading: its rule's life, as for a flow's first (RateEstimator).
                a.bps = c.bytes() * 8000.0 / c.lifeMs();
            }
            if (a.lastBytes >= 0 ? c.bytes() > a.lastBytes : c.bytes() > 0) {
                a.trafficMs = c.sampleMs();
            }
            a.lastBytes = c.bytes();
            a.lastMs = c.sampleMs();
            UdpUnit unit = units.get(a.rule.key());
            if (unit != null) {
                unit.measured(a.bps);
                unit.ageSamples();
            }
        }
    }

    /**
     * Returns what the aggregates carry, by the set their destination is in and by protocol.
     *
     * @param network which set a destination is in
     * @return by set id; a set without aggregates is absent
     */
    Map<String, Unmatched> bySet(NetworkView network) {
        Map<String, Unmatched> out = new HashMap<>();
        for (Aggregate a : byKey.values()) {
            network.cfsOf(a.rule.facilityId(), a.rule.flow().dst()).ifPresent(c -> {
                Unmatched u = out.computeIfAbsent(c.cfsId(), k -> new Unmatched());
                u.set = c;
                if (a.rule.flow().protocol() == FiveTuple.TCP) {
                    u.tcpBps += a.bps;
                    u.tcpRules++;
                    u.tcpTrafficMs = Math.max(u.tcpTrafficMs, a.trafficMs);
                } else {
                    u.units.add(units.get(a.rule.key()));
                }
            });
        }
        return out;
    }
}
