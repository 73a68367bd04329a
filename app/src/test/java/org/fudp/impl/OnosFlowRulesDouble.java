// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The flow rule service as ONOS 2.7 runs it over OpenFlow, as far as counters and removals go
 * (sources at tag 2.7.0):
 * <ul>
 *   <li>statistics are polled on ONOS's own clock, every {@code flowPollFrequency} seconds
 *       (providers/openflow/flow FlowStatsCollector), and a poll may be skipped while a reply is
 *       outstanding, and is while the rules change fast ({@link OnosStatsPause});</li>
 *   <li>each reply refreshes an entry's {@code lastSeen} (ECFlowRuleStore, setLastSeen), turns
 *       PENDING_ADD into ADDED, and gives {@code life} in whole seconds (FlowEntryBuilder passes
 *       duration_sec only);</li>
 *   <li>ONOS, not the switch, expires idle rules: a temporary rule whose counters did not move for
 *       its timeout is removed (FlowRuleManager.checkRuleLiveness), and RULE_REMOVED is posted only
 *       when a later reply no longer has it;</li>
 *   <li>an ADDED rule missing from a reply is installed again, its counters from zero
 *       (FlowRuleManager.flowMissing);</li>
 *   <li>every entry in a reply is posted as RULE_ADDED when it was PENDING_ADD, else as
 *       RULE_UPDATED, the event's subject the entry as the switch reported it
 *       (FlowRuleManager.handleExistingFlow, ECFlowRuleStore.addOrUpdateFlowRuleInternal);</li>
 *   <li>a MODIFY replaces the store's entry with a new PENDING_ADD one (ECFlowRuleStore.storeBatch) and
 *       reaches the switch as a flow-mod MODIFY, which keeps the switch's counters;</li>
 *   <li>a restart of the whole cluster empties the flow store (ECFlowRuleStore keeps its tables in
 *       each instance's memory, backed up to other instances only; its {@code persistenceEnabled}
 *       option is read nowhere, ECFlowRuleStore.java lines 131, 155, 719-745 at the tag) while the
 *       switch keeps its rules; the first statistics poll then deletes every rule of the switch the
 *       store does not hold (FlowRuleManager.pushFlowMetricsInternal lines 632-641 and extraneousFlow
 *       lines 516-523, allowExtraneousRules false by default), and their packets go to the punt rule.
 *       A rule an app installs again before that poll is the store's, and stays; the switch replaces
 *       its entry (an OpenFlow ADD of the same match and priority), counters from zero;</li>
 *   <li>a switch whose table is full refuses an ADD with OFPFMFC_TABLE_FULL; OpenFlowRuleProvider records
 *       the error against the batch and reports it at the barrier's reply (handleErrorMsg, lines 564-630,
 *       batchOperationCompleted lines 534-547), FlowRuleManager calls the batch context's {@code onError}
 *       with the failed ADD operations and posts no event (lines 736-749, 818-829), the entry stays
 *       PENDING_ADD in the store and every statistics poll sends it again (flowMissing), each time
 *       refused and logged at WARN and ERROR, until the app removes it. The double answers a batch at
 *       the next {@link #advance} (the barrier's reply) and counts the sends a full table refused. The failed
 *       rules are what handleErrorMsg appends: the flow-mod the error carries, parsed into a {@link FlowEntry}
 *       in state FAILED (FlowEntryBuilder.createFlowEntryForFlowMod) whose errType and errCode stay -1 (the
 *       only constructor that sets them, DefaultFlowEntry(rule, errType, errCode), is called by no provider
 *       at the tag);</li>
 *   <li>while the switch's OpenFlow role is not yet MASTER after a restart ({@link #masterRoleFrom}; the
 *       mastership store already names this instance master), ECFlowRuleStore.storeBatchInternal stores a
 *       batch's rules PENDING_ADD and OpenFlowRuleProvider.executeBatch sends its flow-mods and barrier, which
 *       AbstractOpenFlowSwitch.sendMsg drops ("Dropping message for switch", lines 132-172 at the tag); the
 *       switch keeps the rule it held, counters and all. No barrier reply comes, so the provider's
 *       pendingBatches entry expires 10 s later (createBatchCache, expireAfterWrite 10 s) and fails the whole
 *       batch with its rules as the app gave them, no OpenFlow error (InternalCacheEntry.failedCompletion);
 *       FlowRuleManager calls the context's {@code onError} with them. The switch's replies are dropped too
 *       (AbstractOpenFlowSwitch.handleMessage), so no poll counts until the role is MASTER; then the first poll
 *       finds the rules the switch kept ADDED and sends the others again (flowMissing).</li>
 * </ul>
 */
final class OnosFlowRulesDouble extends FlowRuleServiceAdapter {

    /** One rule: what ONOS's store knows and what the switch counts. */
    private static final class Entry {
        FlowRule rule;
        FlowEntry.FlowEntryState state = FlowEntry.FlowEntryState.PENDING_ADD;
        boolean onSwitch = true;
        long switchBytes;
        long switchInstalledMs;
        long counterAtMs;
        double bps;
        long polledBytes;
        long polledLifeS;
        long lastSeenMs;
        long lastChangeMs;

        Entry(FlowRule rule, long nowMs) {
            this.rule = rule;
            this.switchInstalledMs = nowMs;
            this.counterAtMs = nowMs;
            this.lastSeenMs = nowMs;
            this.lastChangeMs = nowMs;
        }
    }

    private final long pollMs;
    private final Map<FlowId, Entry> entries = new LinkedHashMap<>();
    /** Rules on the switch that the flow store does not hold: after a restart of the whole cluster. */
    private final Map<FlowId, Entry> extraneous = new LinkedHashMap<>();
    /** How many rules the switch's table holds; an ADD beyond it is refused. */
    int tableLimit = Integer.MAX_VALUE;
    /** Flow-mods the full table refused: the first ADD of a rule and every resend of it at a poll. */
    int refusedSends;
    /** Batches whose barrier has not been answered yet: their contexts and the ADDs the switch refused. */
    private final List<Map.Entry<org.onosproject.net.flow.FlowRuleOperationsContext, List<FlowRule>>> unanswered
            = new ArrayList<>();
    /** Batches sent while the switch's role was not MASTER: their contexts, rules, and when they expire. */
    private final List<Expiring> expiring = new ArrayList<>();
    /** When the switch's OpenFlow role becomes MASTER; before it, flow-mods and replies are dropped. */
    private long masterRoleFromMs = Long.MIN_VALUE;
    /** Batches that failed because their barrier reply never came. */
    int expiredBatches;
    /** Rules the first poll after a restart deleted from the switch as extraneous. */
    final List<FlowRule> deletedExtraneous = new ArrayList<>();
    private final List<FlowRuleListener> listeners = new ArrayList<>();
    private long nowMs;
    private long nextPollMs;
    /** When ONOS stops polling for the rules' churn. */
    final OnosStatsPause pause;
    int removedEvents;
    /** ADD operations apps sent (a MODIFY of a rule the store holds is not one). */
    int addsSent;
    /** Rules apps asked to remove, one by one or by app id (each call counts its rules). */
    int removalsAsked;

    /**
     * Creates the service.
     *
     * @param startMs the time now
     * @param firstPollMs when ONOS polls first
     * @param pollMs the poll interval (flowPollFrequency)
     */
    OnosFlowRulesDouble(long startMs, long firstPollMs, long pollMs) {
        this.nowMs = startMs;
        this.nextPollMs = firstPollMs;
        this.pollMs = pollMs;
        // The switch connected a minute before, as a facility in service: its churn rate so far is nil.
        this.pause = new OnosStatsPause(startMs - 60_000, startMs);
    }

    @Override
    public void applyFlowRules(FlowRule... rules) {
        for (FlowRule r : rules) {
            Entry e = new Entry(r, nowMs);
            Entry before = extraneous.remove(r.id());
            if (before != null) {
                e.bps = before.bps;
            }
            entries.put(r.id(), e);
        }
    }

    /**
     * Restarts every instance of the cluster: the flow store is empty, the switch keeps its rules and
     * counts on, and no listener of the instances before is left.
     */
    void restartCluster() {
        for (Entry e : entries.values()) {
            count(e);
            if (e.onSwitch) {
                extraneous.put(e.rule.id(), e);
            }
        }
        entries.clear();
        listeners.clear();
    }

    /**
     * Returns the treatment of the rule the switch holds for a rule id, whether the store holds it or not.
     *
     * @param id the rule's id
     * @return the switch's rule, null if the switch holds none
     */
    FlowRule onSwitch(FlowId id) {
        Entry e = entries.containsKey(id) && entries.get(id).onSwitch ? entries.get(id) : extraneous.get(id);
        return e == null ? null : e.rule;
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        List<FlowRule> refused = new ArrayList<>();
        List<FlowRule> sent = new ArrayList<>();
        int removals = 0;
        for (Set<FlowRuleOperation> stage : ops.stages()) {
            removals += (int) stage.stream().filter(op -> op.type() == FlowRuleOperation.Type.REMOVE).count();
            pause.record(stage.size());
        }
        // The batch; a removal's FLOW_REMOVED is counted by removeFlowRules below.
        pause.record(1 - 2 * removals);
        for (Set<FlowRuleOperation> stage : ops.stages()) {
            for (FlowRuleOperation op : stage) {
                sent.add(op.rule());
                Entry e = entries.get(op.rule().id());
                if (op.type() == FlowRuleOperation.Type.MODIFY && e != null) {
                    count(e);
                    e.rule = op.rule();
                    e.state = FlowEntry.FlowEntryState.PENDING_ADD;
                } else if (op.type() == FlowRuleOperation.Type.REMOVE) {
                    removeFlowRules(op.rule());
                } else if (!masterRole()) {
                    addsSent++;
                    storeWhileDropped(op.rule());
                } else {
                    addsSent++;
                    applyFlowRules(op.rule());
                    Entry added = entries.get(op.rule().id());
                    if (tableFull(added)) {
                        added.onSwitch = false;
                        refusedSends++;
                        refused.add(new DefaultFlowEntry(op.rule(), FlowEntry.FlowEntryState.FAILED, 0, 0, 0));
                    }
                }
            }
        }
        if (ops.callback() == null) {
            return;
        }
        if (masterRole()) {
            unanswered.add(Map.entry(ops.callback(), refused));
        } else {
            expiring.add(new Expiring(ops.callback(), sent, nowMs + BATCH_EXPIRY_MS));
        }
    }

    /** How long OpenFlowRuleProvider waits for a batch's barrier reply (its pendingBatches cache). */
    static final long BATCH_EXPIRY_MS = 10_000;

    /** A batch whose barrier reply will never come. */
    private static final class Expiring {
        final org.onosproject.net.flow.FlowRuleOperationsContext context;
        final List<FlowRule> rules;
        final long atMs;

        Expiring(org.onosproject.net.flow.FlowRuleOperationsContext context, List<FlowRule> rules, long atMs) {
            this.context = context;
            this.rules = rules;
            this.atMs = atMs;
        }
    }

    /**
     * Says when the switch's OpenFlow role becomes MASTER for this instance; until then what is sent to it
     * is dropped and what it replies is ignored.
     *
     * @param ms the moment
     */
    void masterRoleFrom(long ms) {
        masterRoleFromMs = ms;
    }

    private boolean masterRole() {
        return nowMs >= masterRoleFromMs;
    }

    // The store holds the rule PENDING_ADD; the flow-mod never reaches the switch, which keeps what it held.
    private void storeWhileDropped(FlowRule r) {
        Entry e = new Entry(r, nowMs);
        Entry held = extraneous.containsKey(r.id()) ? extraneous.remove(r.id()) : entries.get(r.id());
        if (held != null && held.onSwitch) {
            count(held);
            e.switchBytes = held.switchBytes;
            e.switchInstalledMs = held.switchInstalledMs;
            e.polledBytes = held.polledBytes;
            e.bps = held.bps;
        } else {
            e.onSwitch = false;
        }
        entries.put(r.id(), e);
    }

    // The provider's cache lets a batch go 10 s after it was sent: every rule of it fails, no error attached.
    private void expire(long toMs) {
        for (Expiring b : List.copyOf(expiring)) {
            if (b.atMs <= toMs) {
                expiring.remove(b);
                expiredBatches++;
                FlowRuleOperations.Builder failed = FlowRuleOperations.builder();
                b.rules.forEach(failed::add);
                b.context.onError(failed.build());
            }
        }
    }

    // The switch holds as many rules as its table takes; one more is refused.
    private boolean tableFull(Entry candidate) {
        long held = entries.values().stream().filter(x -> x != candidate && x.onSwitch).count()
                + extraneous.size();
        return held >= tableLimit;
    }

    // The barriers' replies: each batch's context hears which of its ADDs the switch refused.
    private void answer() {
        for (Map.Entry<org.onosproject.net.flow.FlowRuleOperationsContext, List<FlowRule>> b
                : List.copyOf(unanswered)) {
            unanswered.remove(b);
            if (b.getValue().isEmpty()) {
                b.getKey().onSuccess(FlowRuleOperations.builder().build());
            } else {
                FlowRuleOperations.Builder failed = FlowRuleOperations.builder();
                b.getValue().forEach(failed::add);
                b.getKey().onError(failed.build());
            }
        }
    }

    @Override
    public void removeFlowRules(FlowRule... rules) {
        removalsAsked += rules.length;
        // One batch, and the switch's FLOW_REMOVED of each.
        pause.record(2 * rules.length + 1);
        for (FlowRule r : rules) {
            Entry e = entries.get(r.id());
            if (e != null) {
                e.state = FlowEntry.FlowEntryState.PENDING_REMOVE;
                e.onSwitch = false;
            }
        }
    }

    @Override
    public void removeFlowRulesById(ApplicationId id) {
        removalsAsked += (int) entries.values().stream().filter(e -> e.rule.appId() == id.id()).count();
        entries.values().removeIf(e -> e.rule.appId() == id.id());
    }

    /** Devices whose entries were asked for, one per call (ECFlowRuleStore asks the device's master). */
    final List<org.onosproject.net.DeviceId> reads = new ArrayList<>();

    /** The devices' master is gone: ECFlowRuleStore cannot ask it (it throws, as it did in a live cluster). */
    boolean masterUnreachable;

    @Override
    public Iterable<FlowEntry> getFlowEntries(org.onosproject.net.DeviceId deviceId) {
        reads.add(deviceId);
        if (masterUnreachable) {
            throw new org.onosproject.net.flow.FlowRuleStoreException(
                    new java.net.ConnectException("Connection refused"));
        }
        List<FlowEntry> out = new ArrayList<>();
        for (Entry e : entries.values()) {
            if (e.rule.deviceId().equals(deviceId)) {
                out.add(new PolledEntry(e));
            }
        }
        return out;
    }

    @Override
    public Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
        List<FlowEntry> out = new ArrayList<>();
        for (Entry e : entries.values()) {
            if (e.rule.appId() == id.id()) {
                out.add(new PolledEntry(e));
            }
        }
        return out;
    }

    @Override
    public void addListener(FlowRuleListener l) {
        listeners.add(l);
    }

    @Override
    public void removeListener(FlowRuleListener l) {
        listeners.remove(l);
    }

    /**
     * Sets the rate a rule's traffic runs at from now on.
     *
     * @param r the rule
     * @param bps bit/s
     */
    void rate(FlowRule r, double bps) {
        Entry e = entries.containsKey(r.id()) ? entries.get(r.id()) : extraneous.get(r.id());
        count(e);
        e.bps = bps;
    }

    /**
     * Makes the switch lose a rule (it rebooted, someone deleted it): ONOS puts it back at the next
     * poll, with counters from zero.
     *
     * @param r the rule
     */
    void lose(FlowRule r) {
        entries.get(r.id()).onSwitch = false;
    }

    /**
     * Lets time run to a moment, polling on ONOS's schedule.
     *
     * @param toMs the moment
     * @param skip a poll time to skip (a reply still outstanding), or -1
     */
    void advance(long toMs, long skip) {
        answer();
        while (Math.min(nextPollMs, pause.nextSlotMs()) <= toMs) {
            if (pause.nextSlotMs() <= nextPollMs) {
                nowMs = pause.nextSlotMs();
                pause.nextSlot();
                continue;
            }
            nowMs = nextPollMs;
            if (nextPollMs != skip && masterRole() && pause.polls()) {
                poll();
            }
            nextPollMs += pollMs;
        }
        nowMs = toMs;
        expire(toMs);
    }

    List<FlowRule> rules() {
        List<FlowRule> out = new ArrayList<>();
        entries.values().forEach(e -> out.add(e.rule));
        return out;
    }

    private void count(Entry e) {
        if (e.onSwitch) {
            e.switchBytes += Math.round(e.bps * (nowMs - e.counterAtMs) / 8000.0);
        }
        e.counterAtMs = nowMs;
    }

    private void poll() {
        for (Entry e : extraneous.values()) {
            deletedExtraneous.add(e.rule);
        }
        extraneous.clear();
        for (Entry e : List.copyOf(entries.values())) {
            count(e);
            if (!e.onSwitch) {
                if (e.state == FlowEntry.FlowEntryState.PENDING_REMOVE) {
                    entries.remove(e.rule.id());
                    removedEvents++;
                    post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVED, e.rule));
                } else if (tableFull(e)) {
                    // flowMissing sends it again, and the full table refuses it again
                    refusedSends++;
                } else {
                    // flowMissing: installed again, counting from zero
                    e.onSwitch = true;
                    e.switchBytes = 0;
                    e.switchInstalledMs = nowMs;
                    e.state = FlowEntry.FlowEntryState.PENDING_ADD;
                }
                continue;
            }
            FlowRuleEvent.Type type = e.state == FlowEntry.FlowEntryState.PENDING_ADD
                    ? FlowRuleEvent.Type.RULE_ADDED : FlowRuleEvent.Type.RULE_UPDATED;
            e.state = FlowEntry.FlowEntryState.ADDED;
            if (e.switchBytes != e.polledBytes) {
                e.lastChangeMs = nowMs;
            }
            e.polledBytes = e.switchBytes;
            e.polledLifeS = (nowMs - e.switchInstalledMs) / 1000;
            e.lastSeenMs = nowMs;
            post(new FlowRuleEvent(type, new PolledEntry(e)));
            if (!e.rule.isPermanent() && nowMs - e.lastChangeMs > e.rule.timeout() * 1000L) {
                removeFlowRules(e.rule);
            }
        }
    }

    private void post(FlowRuleEvent ev) {
        listeners.forEach(l -> {
            if (l.isRelevant(ev)) {
                l.event(ev);
            }
        });
    }

    /** An entry as ONOS's store serves it: the last poll's counters, life and lastSeen. */
    private static final class PolledEntry extends DefaultFlowEntry {
        private final long lastSeenMs;

        PolledEntry(Entry e) {
            super(e.rule, e.state, e.polledLifeS, TimeUnit.SECONDS, 0, e.polledBytes);
            this.lastSeenMs = e.lastSeenMs;
        }

        @Override
        public long lastSeen() {
            return lastSeenMs;
        }
    }
}
