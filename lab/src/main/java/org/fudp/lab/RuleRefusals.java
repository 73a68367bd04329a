// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;

/**
 * Installs the loop's rules on the switch and keeps account of those it refused, e.g. because its
 * table is full ({@code flow_limit} with {@code overflow_policy=refuse}, as a full TCAM answers).
 * <p>
 * One try per batch, never a retry: a rule refused is logged, counted and kept for whoever can use
 * it ({@link #take}); it is not sent again. Today's loop cannot be told ({@code loop/} has no call
 * for it), so it takes a refused flow for a flow with rules: its further packet-ins add nothing, and
 * since the host leaves refused rules out of what it watches in the dumps, the loop is never told
 * they "idled out" either (which would make it learn the flow again at its next packet-in, and try
 * again, once per packet-in).
 * </p>
 * <p>
 * Each refused batch is one log line with a stable prefix, which the lab's analysis counts
 * ({@code lab/py/switchmon.py}):
 * {@code WARN table full: 3 rules refused at flabbr (1 by the switch, 2 not sent after it; 2 of 5
 * installed; 41 refused in all); flows: tcp-... [CLOSING_RST]} and, for other codes,
 * {@code WARN flow-mod refused (OFPMMFC_INVALID_METER): 1 rules refused at flabbr (...)}.
 * Counters may be read from another thread (the controller's stats line).
 * </p>
 */
final class RuleRefusals {

    /** Refused rules kept for {@link #take} at most; older ones are dropped (and counted). */
    static final int MAX_KEPT = 10_000;
    /** Flows named in one log line at most. */
    private static final int FLOWS_PER_LINE = 4;

    /** One rule of the loop that is not on the switch. */
    static final class Refused {
        private final long timeMs;
        private final String facilityId;
        private final RuleSpec rule;
        private final String code;
        private final boolean sent;

        /**
         * Creates the record.
         *
         * @param timeMs when the switch refused it
         * @param facilityId the switch (the bridge)
         * @param rule the rule, with its key, flow and role
         * @param code the switch's error code for the batch, e.g. {@code OFPFMFC_TABLE_FULL}
         * @param sent true for the rule the switch answered with the error; false for the rules after it,
         *             which ovs-ofctl never sent (with a full table they would have been refused too,
         *             unless they replaced a rule)
         */
        Refused(long timeMs, String facilityId, RuleSpec rule, String code, boolean sent) {
            this.timeMs = timeMs;
            this.facilityId = facilityId;
            this.rule = rule;
            this.code = code;
            this.sent = sent;
        }

        long timeMs() {
            return timeMs;
        }

        String facilityId() {
            return facilityId;
        }

        RuleSpec rule() {
            return rule;
        }

        String code() {
            return code;
        }

        boolean sent() {
            return sent;
        }

        @Override
        public String toString() {
            return rule.key() + " " + rule.flow() + " " + rule.role() + " " + code + (sent ? "" : " (not sent)");
        }
    }

    private final String facilityId;
    private final Consumer<String> log;
    private final AtomicLong tableFullRules = new AtomicLong();
    private final AtomicLong otherRules = new AtomicLong();
    private final AtomicLong refusedBatches = new AtomicLong();
    private final AtomicLong partlyInstalledFlows = new AtomicLong();
    private final Deque<Refused> kept = new ArrayDeque<>();
    private long keptDropped;

    /**
     * Creates the account.
     *
     * @param facilityId the bridge, named in the log lines
     * @param log where the lines go
     */
    RuleRefusals(String facilityId, Consumer<String> log) {
        this.facilityId = facilityId;
        this.log = log;
    }

    /**
     * Adds the rules, once, and returns those the switch holds now.
     *
     * @param sw the switch
     * @param rules the loop's rules, in the loop's order
     * @param flows their add-flows lines, in the same order
     * @param nowMs the time
     * @return the rules installed: all of them, the ones before a refused one, or none when ovs-ofctl
     *     failed without naming a refused rule (logged as {@code WARN ovs-ofctl add-flows failed: ...})
     */
    List<RuleSpec> install(Switch sw, List<RuleSpec> rules, List<String> flows, long nowMs) {
        try {
            sw.addFlows(flows);
            return rules;
        } catch (FlowModRefusal r) {
            return refused(rules, r, nowMs);
        } catch (IOException e) {
            log.accept("WARN ovs-ofctl add-flows failed: " + e.getMessage());
            return List.of();
        }
    }

    private List<RuleSpec> refused(List<RuleSpec> rules, FlowModRefusal r, long nowMs) {
        boolean known = r.refusedIndex() >= 0;
        List<RuleSpec> in = known ? rules.subList(0, r.installed()) : List.of();
        List<RuleSpec> out = rules.subList(in.size(), rules.size());
        for (int i = 0; i < out.size(); i++) {
            keep(new Refused(nowMs, facilityId, out.get(i), r.code(), !known || i == 0));
        }
        long total = (r.tableFull() ? tableFullRules : otherRules).addAndGet(out.size());
        refusedBatches.incrementAndGet();
        // A flow some of whose rules went in: e.g. UDP into the adjustor without the rule back from it.
        Map<FiveTuple, List<String>> byFlow = new LinkedHashMap<>();
        out.forEach(s -> byFlow.computeIfAbsent(s.flow(), k -> new ArrayList<>()).add(s.role().name()));
        List<String> partly = new ArrayList<>();
        for (RuleSpec s : in) {
            if (byFlow.containsKey(s.flow()) && !partly.contains(s.flow().toString())) {
                partly.add(s.flow().toString());
            }
        }
        partlyInstalledFlows.addAndGet(partly.size());
        String what = known
                ? String.format(Locale.ROOT, "1 by the switch, %d not sent after it; %d of %d installed", r.notSent(),
                        in.size(), rules.size())
                : "the refused line is not known, none counted as installed";
        StringBuilder line = new StringBuilder(r.tableFull() ? "WARN table full: "
                : "WARN flow-mod refused (" + r.code() + "): ");
        line.append(String.format(Locale.ROOT, "%d rules refused at %s (%s; %d refused in all); flows:", out.size(),
                facilityId, what, total));
        int n = 0;
        for (Map.Entry<FiveTuple, List<String>> e : byFlow.entrySet()) {
            if (n++ == FLOWS_PER_LINE) {
                line.append(" and ").append(byFlow.size() - FLOWS_PER_LINE).append(" more");
                break;
            }
            line.append(n == 1 ? " " : ", ").append(e.getKey()).append(' ').append(e.getValue());
        }
        if (!partly.isEmpty()) {
            line.append("; partly installed: ").append(String.join(", ", partly));
        }
        log.accept(line.toString());
        return in;
    }

    private void keep(Refused r) {
        if (kept.size() == MAX_KEPT) {
            kept.removeFirst();
            keptDropped++;
        }
        kept.addLast(r);
    }

    /**
     * Returns the rules refused since the last call, oldest first, and forgets them: what a loop that
     * can be told of refusals would be handed (the rule's key, flow and role, the switch, the time,
     * the error code, and whether the switch answered it or it was never sent).
     *
     * @return refused rules, at most {@link #MAX_KEPT}
     */
    List<Refused> take() {
        List<Refused> out = new ArrayList<>(kept);
        kept.clear();
        return out;
    }

    /**
     * Returns the rules refused because the table was full (including those not sent after one).
     *
     * @return rules
     */
    long tableFullRules() {
        return tableFullRules.get();
    }

    /**
     * Returns the rules refused with another error code.
     *
     * @return rules
     */
    long otherRules() {
        return otherRules.get();
    }

    /**
     * Returns the batches the switch refused part of.
     *
     * @return batches
     */
    long refusedBatches() {
        return refusedBatches.get();
    }

    /**
     * Returns the flows some of whose rules went in while others were refused.
     *
     * @return flows
     */
    long partlyInstalledFlows() {
        return partlyInstalledFlows.get();
    }

    /**
     * Returns the refused rules dropped from what {@link #take} returns because more than
     * {@link #MAX_KEPT} waited.
     *
     * @return rules
     */
    long keptDropped() {
        return keptDropped;
    }
}
