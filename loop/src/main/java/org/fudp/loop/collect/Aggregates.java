package org.fudp.loop.collect;

import org.fudp.loop.api.AddressPrefix;
import org.fudp.loop.api.LoopSettings;
import org.fudp.loop.api.NetworkView;
import org.fudp.loop.api.RuleCounter;
import org.fudp.loop.api.RuleSpec;
import org.fudp.loop.flow.Unmatched;
import org.fudp.protocol.FiveTuple;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The aggregate rules of sampled facilities: one per protocol and configured bottleneck prefix that leaves
 * by the bottleneck's egress ({@link NetworkView#aggregatePrefix}), else per protocol and destination, just
 * below the per-flow rules, forwarding every flow that has no rules of its own. The switch forwards those
 * flows without a packet-in; what the rules count is what each set carries besides its members. A
 * destination's own aggregate sits one priority above its prefix's, as the longer match.
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
        final AddressPrefix dst;

        Where(String facilityId, int protocol, AddressPrefix dst) {
            this.facilityId = facilityId;
            this.protocol = protocol;
            this.dst = dst;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Where && ((Where) o).facilityId.equals(facilityId) && ((Where) o).protocol == protocol
                    && ((Where) o).dst.equals(dst);
        }

        @Override
        public int hashCode() {
            return Objects.hash(facilityId, protocol, dst);
        }
    }

    private final Map<Where, Aggregate> byWhere = new HashMap<>();
    private final Map<Long, Aggregate> byKey = new HashMap<>();

    /**
     * Tells whether a facility has the aggregate for a protocol and destination prefix.
     *
     * @param facilityId the facility
     * @param protocol TCP or UDP
     * @param dst the destination prefix
     * @return true if it has
     */
    boolean has(String facilityId, int protocol, AddressPrefix dst) {
        return byWhere.containsKey(new Where(facilityId, protocol, dst));
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
        // FNV-1a, 64 bits: among 10^4 aggregates a collision of 52 bits has odds of about 10^-8.
        long h = 0xcbf29ce484222325L;
        byte[] id = facilityId.getBytes(StandardCharsets.UTF_8);
        byte[] addr = dst.network().getAddress();
        byte[] all = new byte[id.length + 2 + addr.length];
        System.arraycopy(id, 0, all, 0, id.length);
        all[id.length] = (byte) protocol;
        all[id.length + 1] = (byte) dst.length();
        System.arraycopy(addr, 0, all, id.length + 2, addr.length);
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
        RuleSpec r = RuleSpec.aggregate(number(facilityId, protocol, dst), facilityId, protocol, dst, onward,
                priority, settings.flowIdleTimeoutS());
        if (byKey.containsKey(r.key())) {
            return Optional.empty();
        }
        Aggregate a = new Aggregate(r);
        byWhere.put(new Where(facilityId, protocol, dst), a);
        byKey.put(r.key(), a);
        return Optional.of(r);
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
        byWhere.remove(new Where(a.rule.facilityId(), a.rule.flow().protocol(), a.rule.dstPrefix()));
        return Optional.of(a.rule);
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
                rules.add(a.rule);
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
                if (a.rule.flow().protocol() == FiveTuple.TCP) {
                    u.tcpBps += a.bps;
                    u.tcpRules++;
                    u.tcpTrafficMs = Math.max(u.tcpTrafficMs, a.trafficMs);
                } else {
                    u.udpBps += a.bps;
                }
            });
        }
        return out;
    }
}
