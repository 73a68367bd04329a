package org.fudp.loop;

import org.fudp.protocol.FiveTuple;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The aggregate rules of sampled facilities: one per destination and protocol, just below the
 * per-flow rules, forwarding every flow that has no rules of its own. The switch forwards those
 * flows without a packet-in; what the rules count is what each set carries besides its members.
 */
final class Aggregates {

    /** One aggregate rule and its rate. */
    private static final class Aggregate {
        final RuleSpec rule;
        long lastBytes = -1;
        long lastMs;
        double bps;

        Aggregate(RuleSpec rule) {
            this.rule = rule;
        }
    }

    /** Where an aggregate applies. */
    private static final class Where {
        final String facilityId;
        final int protocol;
        final InetAddress dst;

        Where(String facilityId, int protocol, InetAddress dst) {
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
    private long nextNumber = 1;

    /**
     * Tells whether a facility has the aggregate for a protocol and destination.
     *
     * @param facilityId the facility
     * @param protocol TCP or UDP
     * @param dst the destination
     * @return true if it has
     */
    boolean has(String facilityId, int protocol, InetAddress dst) {
        return byWhere.containsKey(new Where(facilityId, protocol, dst));
    }

    /**
     * Makes the aggregate for a protocol and destination; the caller has counted it in the budget.
     *
     * @param facilityId the facility
     * @param protocol TCP or UDP
     * @param dst the destination
     * @param onward the port toward it
     * @param settings the rule settings
     * @return the rule to install
     */
    RuleSpec add(String facilityId, int protocol, InetAddress dst, long onward, LoopSettings settings) {
        RuleSpec r = RuleSpec.aggregate(nextNumber++, facilityId, protocol, dst, onward, settings.flowPriority() - 1,
                settings.flowIdleTimeoutS());
        Aggregate a = new Aggregate(r);
        byWhere.put(new Where(facilityId, protocol, dst), a);
        byKey.put(r.key(), a);
        return r;
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
        FiveTuple t = a.rule.flow();
        byWhere.remove(new Where(a.rule.facilityId(), t.protocol(), t.dst()));
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
            }
            a.lastBytes = c.bytes();
            a.lastMs = c.sampleMs();
        }
    }

    /**
     * Returns what the aggregates carry, by the set their destination is in.
     *
     * @param network which set a destination is in
     * @return bit/s by set id
     */
    Map<String, Double> bySet(NetworkView network) {
        Map<String, Double> bps = new HashMap<>();
        for (Aggregate a : byKey.values()) {
            if (a.bps > 0) {
                network.cfsOf(a.rule.facilityId(), a.rule.flow().dst())
                        .ifPresent(c -> bps.merge(c.cfsId(), a.bps, Double::sum));
            }
        }
        return bps;
    }
}
