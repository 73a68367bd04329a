// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.MeterId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * The loop's rules as ONOS flow rules: installs and removes them, reads their counters, and
 * tells which of the loop's rules an ONOS rule was. Rules are temporary (idle timeout) and
 * belong to the app, so ONOS removes them when they idle out and when the app is uninstalled.
 */
final class RuleAdapter {

    /** How exact ONOS 2.7's flow entry life is. */
    static final long LIFE_RESOLUTION_MS = 1000;

    private final FlowRuleService flowRuleService;
    private final PacedFlowRules writes;
    private final ApplicationId appId;
    private final Map<Long, FlowRule> byKey = new HashMap<>();
    private final Map<FlowId, Long> keyById = new HashMap<>();
    /** Rules taken over that point at a meter of the instance before: rule key to that meter. */
    private final Map<Long, MeterId> inherited = new HashMap<>();
    /** Meters of the instance before that no rule of ours points at any more. */
    private final List<Map.Entry<DeviceId, MeterId>> released = new ArrayList<>();

    /** What ONOS said of each batch of installs, told on ONOS's thread. */
    private volatile Outcome outcome = new Outcome() {
        @Override
        public void installed(List<FlowRule> batch) {
        }

        @Override
        public void failed(List<FlowRule> batch, List<FlowRule> failed) {
        }
    };

    /**
     * What ONOS says of a batch of installs at one device, on ONOS's thread.
     */
    interface Outcome {
        /**
         * Every rule of the batch is in ONOS's store and the switch took it (the barrier's reply came
         * with no error).
         *
         * @param batch the rules
         */
        void installed(List<FlowRule> batch);

        /**
         * Some or all rules of the batch failed, as ONOS gives them: a rule the switch answered with an
         * OpenFlow error, or every rule of a batch ONOS could not get to the switch.
         *
         * @param batch the rules sent
         * @param failed the failed ones, as ONOS's context got them
         */
        void failed(List<FlowRule> batch, List<FlowRule> failed);
    }

    /**
     * Creates the adapter.
     *
     * @param flowRuleService ONOS's flow rules
     * @param appId the app's id
     * @param clockMs the time now, by which writes are paced ({@link PacedFlowRules})
     */
    RuleAdapter(FlowRuleService flowRuleService, ApplicationId appId, LongSupplier clockMs) {
        this.flowRuleService = flowRuleService;
        this.writes = new PacedFlowRules(flowRuleService, clockMs);
        this.appId = appId;
    }

    /**
     * Sends the writes that wait for room at their switch.
     */
    void flush() {
        writes.flush();
    }

    /**
     * Says where ONOS's word on each batch of installs goes. A batch's context hears {@code onSuccess}, or
     * {@code onError} with the failed ADDs (FlowRuleManager.FlowOperationsProcessor at tag 2.7.0): a rule the
     * switch refused (OpenFlowRuleProvider.handleErrorMsg: OFPFMFC_TABLE_FULL among the flow-mod errors), or
     * every rule of a batch that never reached the switch ({@link FailedInstalls} tells the two apart).
     *
     * @param to told, on ONOS's thread
     */
    void onOutcome(Outcome to) {
        outcome = to;
    }

    /**
     * Returns which of the loop's rules an ONOS rule is.
     *
     * @param rule the ONOS rule
     * @return the loop's key, empty if it is not one of the loop's
     */
    OptionalLong keyOf(FlowRule rule) {
        Long key = keyById.get(rule.id());
        return key == null ? OptionalLong.empty() : OptionalLong.of(key);
    }

    /**
     * Removes and installs rules, in that order.
     *
     * @param remove rules to remove
     * @param add rules to install
     */
    void apply(List<RuleSpec> remove, List<RuleSpec> add) {
        // Whatever waited for room goes first, if it now has some.
        writes.flush();
        List<FlowRule> gone = new ArrayList<>();
        for (RuleSpec r : remove) {
            FlowRule f = byKey.remove(r.key());
            if (f != null) {
                keyById.remove(f.id());
                gone.add(f);
                release(r.key(), f.deviceId());
            }
        }
        writes.remove(gone);
        List<FlowRule> added = new ArrayList<>();
        Set<FlowId> aggregates = new HashSet<>();
        for (RuleSpec r : add) {
            FlowRule f = flowRule(r);
            byKey.put(r.key(), f);
            keyById.put(f.id(), r.key());
            added.add(f);
            if (r.isAggregate()) {
                aggregates.add(f.id());
            }
        }
        if (!added.isEmpty()) {
            install(added, aggregates);
        }
    }

    // One batch with a context per device: ONOS tells each context which of its adds failed, or that all went in.
    // Aggregates go ahead of the other rules' writes that wait (PacedFlowRules): a unit takes in a flood.
    private void install(List<FlowRule> rules, Set<FlowId> aggregates) {
        List<FlowRule> urgent = new ArrayList<>();
        List<FlowRule> rest = new ArrayList<>();
        rules.forEach(r -> (aggregates.contains(r.id()) ? urgent : rest).add(r));
        writes.install(urgent, this::context, true);
        writes.install(rest, this::context, false);
    }

    private FlowRuleOperationsContext context(List<FlowRule> batch) {
        return new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations done) {
                outcome.installed(batch);
            }

            @Override
            public void onError(FlowRuleOperations failed) {
                List<FlowRule> out = new ArrayList<>();
                failed.stages().forEach(stage -> stage.forEach(op -> out.add(op.rule())));
                outcome.failed(batch, out);
            }
        };
    }

    /**
     * Installs again rules of the loop's whose install failed without the switch's word, unless ONOS
     * holds them as ADDED by now (FlowRuleManager sends a rule its store holds PENDING_ADD again when a
     * statistics poll misses it, so once the switch answers, ONOS may have put it in itself).
     *
     * @param keys the rules' keys
     * @return what became of each key still the loop's: true if sent again, false if ONOS holds it as added
     */
    Map<Long, Boolean> reinstall(Collection<Long> keys) {
        Map<DeviceId, Set<FlowId>> added = new HashMap<>();
        Map<Long, Boolean> out = new LinkedHashMap<>();
        List<FlowRule> again = new ArrayList<>();
        for (long key : keys) {
            FlowRule f = byKey.get(key);
            if (f == null) {
                continue;
            }
            Set<FlowId> held = added.computeIfAbsent(f.deviceId(), this::addedAt);
            boolean send = !held.contains(f.id());
            out.put(key, send);
            if (send) {
                again.add(f);
            }
        }
        if (!again.isEmpty()) {
            install(again, Set.of());
        }
        return out;
    }

    // The rules ONOS holds as ADDED at a device; none known when its store cannot say (a master unreachable).
    private Set<FlowId> addedAt(DeviceId device) {
        Set<FlowId> out = new HashSet<>();
        try {
            for (FlowEntry e : flowRuleService.getFlowEntries(device)) {
                if (e.state() == FlowEntry.FlowEntryState.ADDED) {
                    out.add(e.id());
                }
            }
        } catch (RuntimeException e) {
            return Set.of();
        }
        return out;
    }

    /**
     * Withdraws one of the loop's rules from ONOS and forgets it: ONOS would otherwise keep it
     * PENDING_ADD and send it again at every statistics poll.
     *
     * @param key the rule's key
     * @return true if it was the loop's
     */
    boolean withdraw(long key) {
        FlowRule f = byKey.remove(key);
        if (f == null) {
            return false;
        }
        keyById.remove(f.id());
        release(key, f.deviceId());
        writes.remove(List.of(f));
        return true;
    }

    /**
     * Modifies rules in place: the same match and priority, so the same ONOS rule id, with a new
     * treatment (a meter attached or detached). ONOS sends a flow-mod MODIFY, so the switch's counters
     * go on (ECFlowRuleStore stores a MODIFY as a new PENDING_ADD entry until the next poll).
     *
     * @param specs the rules as they should be now
     * @param meters the ONOS meter of each loop meter key
     */
    void modify(List<RuleSpec> specs, LongFunction<Optional<MeterId>> meters) {
        List<FlowRule> modified = new ArrayList<>();
        for (RuleSpec r : specs) {
            if (!byKey.containsKey(r.key())) {
                continue;
            }
            Optional<MeterId> meter = r.meterKey() == RuleSpec.NO_METER ? Optional.empty() : meters.apply(r.meterKey());
            if (r.meterKey() != RuleSpec.NO_METER && meter.isEmpty()) {
                continue;
            }
            FlowRule f = flowRule(r, meter);
            byKey.put(r.key(), f);
            keyById.put(f.id(), r.key());
            modified.add(f);
            release(r.key(), f.deviceId());
        }
        writes.modify(modified);
    }

    /**
     * Takes over rules another instance installed: knows them as the loop's without installing
     * them again when ONOS holds them (ONOS derives a rule's id from its device, app, priority and
     * match, so the same spec gives the same id on every instance). One ONOS does not hold is
     * installed again at once: after a restart of the whole cluster ONOS's flow store is empty
     * (ECFlowRuleStore keeps it in memory only), and ONOS's first statistics poll deletes every rule
     * of the switch it does not hold (FlowRuleManager, allowExtraneousRules false by default), so the
     * flows would lose their rules, punt their packets and run unlimited until learnt again. A rule
     * that pointed at a meter points at the same one again, or at another of the app's meters at the
     * same limit: ONOS keeps meters in Atomix, and the switch still holds them.
     *
     * @param specs the rules
     * @param meterFor the meter to point a rule installed again at, empty for none
     * @return the rules installed again
     */
    List<RuleSpec> takeOver(List<RuleSpec> specs, Function<RuleSpec, Optional<MeterId>> meterFor) {
        Map<FlowId, FlowEntry> held = new HashMap<>();
        Set<DeviceId> devices = new HashSet<>();
        specs.forEach(r -> devices.add(DeviceId.deviceId(r.facilityId())));
        for (DeviceId d : devices) {
            flowRuleService.getFlowEntries(d).forEach(e -> held.put(e.id(), e));
        }
        List<FlowRule> again = new ArrayList<>();
        List<RuleSpec> installed = new ArrayList<>();
        for (RuleSpec r : specs) {
            FlowRule f = flowRule(r);
            FlowEntry e = held.get(f.id());
            if (e != null) {
                // The instance before metered it; ours is not known here: that meter goes once the
                // rule points elsewhere.
                e.treatment().meters().stream().findFirst().ifPresent(m -> inherited.put(r.key(), m.meterId()));
            } else {
                Optional<MeterId> meter = meterFor.apply(r);
                if (meter.isPresent()) {
                    f = flowRule(r, meter);
                    inherited.put(r.key(), meter.get());
                }
                again.add(f);
                installed.add(r);
            }
            byKey.put(r.key(), f);
            keyById.put(f.id(), r.key());
        }
        if (!again.isEmpty()) {
            install(again, Set.of());
        }
        return installed;
    }

    /**
     * Tells whether one of the loop's rules points at a meter it took over.
     *
     * @param key the rule's key
     * @return true if so
     */
    boolean pointsAtInheritedMeter(long key) {
        return inherited.containsKey(key);
    }

    /**
     * Returns the meters the loop's rules at a device point at, as far as this instance knows them.
     *
     * @param device the device
     * @return their ids
     */
    Set<MeterId> referencedMeters(DeviceId device) {
        Set<MeterId> out = new HashSet<>();
        inherited.forEach((key, m) -> {
            FlowRule f = byKey.get(key);
            if (f != null && f.deviceId().equals(device)) {
                out.add(m);
            }
        });
        return out;
    }

    private void release(long key, DeviceId device) {
        MeterId old = inherited.remove(key);
        if (old != null) {
            released.add(Map.entry(device, old));
        }
    }

    /**
     * Returns, and forgets, the meters of the instance before that no rule points at any more.
     *
     * @return device and meter of each
     */
    List<Map.Entry<DeviceId, MeterId>> releasedMeters() {
        List<Map.Entry<DeviceId, MeterId>> out = List.copyOf(released);
        released.clear();
        return out;
    }

    /**
     * Stops treating rules as the loop's; they stay on the switch for the instance that took
     * them over.
     *
     * @param specs the rules
     */
    void handOver(List<RuleSpec> specs) {
        for (RuleSpec r : specs) {
            FlowRule f = byKey.remove(r.key());
            inherited.remove(r.key());
            if (f != null) {
                keyById.remove(f.id());
            }
        }
    }

    /**
     * Reads the counters of the loop's rules at these devices that the switch has confirmed. Device
     * by device, not by app id: ONOS's flow store answers a device's entries from the device's
     * master (ECFlowRuleStore.getFlowEntries), so an instance that controls nothing reads nothing,
     * and one that controls some switches never waits on the master of another (which may be gone).
     *
     * @param devices the switches of the facilities this instance controls
     * @return one reading per rule ONOS holds as ADDED
     */
    List<RuleCounter> counters(Collection<DeviceId> devices) {
        List<RuleCounter> out = new ArrayList<>();
        for (DeviceId d : devices) {
            for (FlowEntry e : flowRuleService.getFlowEntries(d)) {
                if (e.appId() == appId.id()) {
                    counter(e).ifPresent(out::add);
                }
            }
        }
        return out;
    }

    /**
     * Reads the counter of one flow entry, as a statistics poll updated it.
     *
     * @param e the entry
     * @return its reading, empty if it is not one of the loop's rules or not confirmed
     */
    Optional<RuleCounter> counter(FlowEntry e) {
        Long key = keyById.get(e.id());
        if (key == null || e.state() != FlowEntry.FlowEntryState.ADDED) {
            return Optional.empty();
        }
        // ONOS 2.7 reports a rule's life in whole seconds (FlowEntryBuilder: duration_sec only).
        return Optional.of(new RuleCounter(key, e.lastSeen(), e.bytes(), e.life(TimeUnit.MILLISECONDS),
                LIFE_RESOLUTION_MS));
    }

    /**
     * Tells which of the loop's rules a removed ONOS rule was, and forgets it.
     *
     * @param removed the rule ONOS removed
     * @return the loop's key, empty if the rule was not one of the loop's
     */
    OptionalLong removed(FlowRule removed) {
        Long key = keyById.remove(removed.id());
        if (key == null) {
            return OptionalLong.empty();
        }
        // Not one the app removed (those were counted when sent): the switch's FLOW_REMOVED counts at ONOS.
        writes.removedBySwitch(removed.deviceId());
        byKey.remove(key);
        release(key, removed.deviceId());
        return OptionalLong.of(key);
    }

    /**
     * Removes every rule of the app.
     */
    void removeAll() {
        flowRuleService.removeFlowRulesById(appId);
        writes.clear();
        byKey.clear();
        keyById.clear();
        inherited.clear();
    }

    private FlowRule flowRule(RuleSpec r) {
        return OnosRuleOf.flowRule(r, Optional.empty(), appId);
    }

    private FlowRule flowRule(RuleSpec r, Optional<MeterId> meter) {
        return OnosRuleOf.flowRule(r, meter, appId);
    }
}
