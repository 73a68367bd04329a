// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.FudpLoop;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;

/**
 * Tells the switch's refusal of a rule from an install that failed because ONOS or the switch was not
 * ready, and installs the latter again. On the loop's thread only.
 * <p>
 * ONOS 2.7.0 calls a batch's {@code onError} in both cases, with no flag to tell them apart
 * (FlowRuleManager.FlowOperationsProcessor.fail), but what it hands over differs:
 * </p>
 * <ul>
 *   <li><b>the switch's word</b>: the switch answered a flow-mod with an OpenFlow error (OFPFMFC_TABLE_FULL,
 *       a bad match or action). OpenFlowRuleProvider.handleErrorMsg parses the flow-mod the error carries
 *       into a {@link FlowEntry} in state FAILED (FlowEntryBuilder, createFlowEntryForFlowMod), or, when
 *       it cannot parse it, finds the batch's rule by the cookie in the error's data; either way only the
 *       rules the switch named fail. {@code errType()}/{@code errCode()} stay -1 in the OpenFlow provider at
 *       that tag (only the constructor {@code DefaultFlowEntry(rule, errType, errCode)} sets them, and no
 *       provider calls it); they are shown when a provider sets them. The loop's
 *       {@link FudpLoop#ruleRefused} gets it: the flow forgotten, the rules capped, learning paused.</li>
 *   <li><b>not ready</b>: ONOS could not get the batch to the switch or heard nothing back. Every rule of
 *       the batch fails, as the plain rules the app gave: ECFlowRuleStore.storeBatch with no master for the
 *       device or the master unreachable; OpenFlowRuleProvider.executeBatch with the switch not connected;
 *       its pendingBatches entry expired 10 s after the batch went out with no barrier reply (the
 *       flow-mods dropped by AbstractOpenFlowSwitch.sendMsg while the switch's role is not yet MASTER,
 *       as after a restart or a mastership change). That is the failure a live cluster showed about
 *       11 s after a whole-cluster restart. Such a rule is installed again with back-off, the flow kept,
 *       the cap untouched.</li>
 * </ul>
 * <p>
 * A batch whose every rule failed as plain rules could still be a switch that refused them all and whose
 * error ONOS matched by cookie. It is retried as not ready; {@link #MAX_RETRIES} retries later, still
 * failed, the rule is withdrawn and its flow forgotten as if it had idled out (learnt again from its
 * next packet), never taken as a refusal: the cap stays.
 * </p>
 */
final class FailedInstalls {

    /** The first wait before a rule is installed again; each failure doubles it. */
    static final long FIRST_BACKOFF_MS = 1_000;
    /** The longest wait between two attempts. */
    static final long MAX_BACKOFF_MS = 30_000;
    /** Installs again after a failure without the switch's word, before the rule is given up. */
    static final int MAX_RETRIES = 8;
    /** How long OpenFlowRuleProvider waits for a batch's barrier reply before it fails the batch. */
    static final long BATCH_EXPIRY_MS = 10_000;
    /** The loop's reason for a rule the switch refused. */
    static final String REFUSED =
            "the switch refused the flow-mod (a full table, or a match or action it does not take)";

    /** A rule waiting to be installed again. */
    private static final class Retry {
        final String facilityId;
        int failures;
        long dueMs;

        Retry(String facilityId) {
            this.facilityId = facilityId;
        }
    }

    /** Installs that failed without the switch's word, per facility. */
    private static final class Tally {
        long failures;
        String last = "";
        /** Said at WARN since installs there last worked. */
        boolean said;
    }

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final RuleAdapter rules;
    private final FudpLoop loop;
    private final Consumer<Actions> execute;
    private final Map<Long, Retry> retries = new LinkedHashMap<>();
    private final Map<String, Tally> tallies = new HashMap<>();

    /**
     * Creates the tracker.
     *
     * @param rules the loop's rules in ONOS
     * @param loop the loop, told of refusals and of rules given up
     * @param execute executes what the loop returns
     */
    FailedInstalls(RuleAdapter rules, FudpLoop loop, Consumer<Actions> execute) {
        this.rules = rules;
        this.loop = loop;
        this.execute = execute;
    }

    /**
     * Returns where ONOS's word on each batch goes: to this tracker, on the loop's thread.
     *
     * @param loopThread runs a named task on the loop's thread, given the time
     * @return the outcome to give the rule adapter
     */
    RuleAdapter.Outcome outcome(BiConsumer<String, LongConsumer> loopThread) {
        return new RuleAdapter.Outcome() {
            @Override
            public void installed(List<FlowRule> batch) {
                loopThread.accept("Rules installed", now -> FailedInstalls.this.installed(batch));
            }

            @Override
            public void failed(List<FlowRule> batch, List<FlowRule> failed) {
                loopThread.accept("Rules not installed", now -> FailedInstalls.this.failed(now, batch, failed));
            }
        };
    }

    /**
     * Takes ONOS's word that a batch failed: refusals to the loop, the rest installed again later.
     *
     * @param nowMs the time
     * @param batch the batch's rules, all at one device
     * @param failed the failed rules as ONOS's context got them
     */
    void failed(long nowMs, List<FlowRule> batch, List<FlowRule> failed) {
        Set<FlowId> failedIds = failed.stream().map(FlowRule::id).collect(Collectors.toSet());
        boolean wholeBatch = batch.stream().allMatch(r -> failedIds.contains(r.id()));
        Map<String, List<Long>> notReady = new LinkedHashMap<>();
        for (FlowRule r : failed) {
            OptionalLong key = rules.keyOf(r);
            if (key.isEmpty()) {
                continue;
            }
            if (switchSaid(r) || !wholeBatch) {
                retries.remove(key.getAsLong());
                execute.accept(loop.ruleRefused(nowMs, key.getAsLong(), refusal(r)));
            } else {
                notReady.computeIfAbsent(r.deviceId().toString(), d -> new ArrayList<>()).add(key.getAsLong());
            }
        }
        notReady.forEach((facility, keys) -> retryLater(nowMs, facility, keys));
    }

    // The switch answered with an OpenFlow error: the provider built a FAILED entry from its flow-mod.
    private static boolean switchSaid(FlowRule r) {
        return r instanceof FlowEntry && (((FlowEntry) r).state() == FlowEntry.FlowEntryState.FAILED
                || ((FlowEntry) r).errType() >= 0);
    }

    private static String refusal(FlowRule r) {
        if (r instanceof FlowEntry && ((FlowEntry) r).errType() >= 0) {
            FlowEntry e = (FlowEntry) r;
            return REFUSED + " [OpenFlow error type " + e.errType() + ", code " + e.errCode() + "]";
        }
        return REFUSED;
    }

    private void retryLater(long nowMs, String facilityId, List<Long> keys) {
        Tally t = tallies.computeIfAbsent(facilityId, f -> new Tally());
        List<Long> givenUp = new ArrayList<>();
        long waitMs = 0;
        int failures = 0;
        for (long key : keys) {
            Retry r = retries.computeIfAbsent(key, k -> new Retry(facilityId));
            r.failures++;
            t.failures++;
            if (r.failures > MAX_RETRIES) {
                retries.remove(key);
                givenUp.add(key);
                continue;
            }
            failures = Math.max(failures, r.failures);
            waitMs = Math.max(waitMs, backoffMs(r.failures));
            r.dueMs = nowMs + backoffMs(r.failures);
        }
        if (failures > 0) {
            t.last = "ONOS did not install " + keys.size() + " rule(s) at " + facilityId + " and the switch said "
                    + "nothing (no master yet, the switch not connected or not yet in the master role, or no barrier "
                    + "reply within 10 s: ONOS or the switch not ready, as after a restart or a mastership change): "
                    + "not a refusal; installing them again in " + waitMs / 1000.0 + " s (attempt " + failures
                    + " of " + MAX_RETRIES + "), the rule cap and the flows stay";
            if (!t.said) {
                t.said = true;
                log.warn(t.last);
            } else {
                log.debug(t.last);
            }
        }
        for (long key : givenUp) {
            t.last = "a rule at " + facilityId + " was still not installed after " + MAX_RETRIES + " attempts, with "
                    + "no word from the switch: withdrawn, its flow forgotten and learnt again from its next packet; "
                    + "the rule cap stays";
            log.warn(t.last);
            if (rules.withdraw(key)) {
                execute.accept(loop.ruleRemoved(nowMs, key));
            }
        }
    }

    /**
     * Returns how long to wait after a rule's nth failure: 1 s, doubling, at most 30 s.
     *
     * @param failures the failures so far, at least 1
     * @return the wait in milliseconds
     */
    static long backoffMs(int failures) {
        return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS << Math.min(failures - 1, 20));
    }

    /**
     * Takes ONOS's word that a batch went in: rules installed again are done.
     *
     * @param batch the batch's rules
     */
    void installed(List<FlowRule> batch) {
        Set<String> back = new HashSet<>();
        for (FlowRule r : batch) {
            OptionalLong key = rules.keyOf(r);
            Retry done = key.isPresent() ? retries.remove(key.getAsLong()) : null;
            if (done != null) {
                back.add(done.facilityId);
            }
        }
        back.forEach(this::worksAgain);
    }

    private void worksAgain(String facilityId) {
        Tally t = tallies.get(facilityId);
        boolean waiting = retries.values().stream().anyMatch(r -> r.facilityId.equals(facilityId));
        if (t != null && t.said && !waiting) {
            t.said = false;
            log.info("FUDP's rules at {} install again ({} installs had failed without the switch's word so far)",
                    facilityId, t.failures);
        }
    }

    /**
     * Installs again the rules whose wait is over. One whose answer never comes is sent again once a
     * batch would have expired.
     *
     * @param nowMs the time
     */
    void retry(long nowMs) {
        List<Long> due = new ArrayList<>();
        retries.forEach((key, r) -> {
            if (r.dueMs <= nowMs) {
                due.add(key);
            }
        });
        if (due.isEmpty()) {
            return;
        }
        Map<Long, Boolean> sent = rules.reinstall(due);
        Set<String> back = new HashSet<>();
        for (long key : due) {
            Retry r = retries.get(key);
            Boolean again = sent.get(key);
            if (again == null) {
                // No longer the loop's: its flow went, or its facility was handed over.
                retries.remove(key);
            } else if (!again) {
                // ONOS holds it as added now.
                retries.remove(key);
                back.add(r.facilityId);
            } else {
                r.dueMs = nowMs + BATCH_EXPIRY_MS + backoffMs(r.failures);
            }
        }
        back.forEach(this::worksAgain);
    }

    /**
     * Returns a facility's view with its installs that failed without the switch's word.
     *
     * @param f the view the loop published
     * @return the view with the failures, the rules waiting and the last failure
     */
    FacilityState annotate(FacilityState f) {
        Tally t = tallies.get(f.facilityId());
        if (t == null) {
            return f;
        }
        int waiting = (int) retries.values().stream().filter(r -> r.facilityId.equals(f.facilityId())).count();
        return f.withInstallFailures(t.failures, waiting, t.last);
    }

    /**
     * Returns how many rules wait to be installed again.
     *
     * @return rules
     */
    int waiting() {
        return retries.size();
    }
}
