// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.KeyFileStatus;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.checkpoints.FacilityCheckpoint;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.commands.FrameOut;
import org.fudp.loop.FudpLoop;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.commands.MeterSpec;
import org.fudp.loop.api.commands.Notice;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.loop.sampling.PacketSample;
import org.fudp.store.CheckpointFormat;
import org.fudp.store.CheckpointStore;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.time.Clock;
import java.util.Collection;
import java.util.stream.Collectors;
import java.util.Set;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;

/**
 * Hosts the control loop in ONOS: hands it each event with the time, on the loop's own thread,
 * and executes what it returns through the adapters (rules, Packet-Outs, the store, the log).
 * <p>
 * Every call returns at once: the event is queued for the loop's thread, so no packet processor
 * or listener of ONOS's ever waits for a period, a statistics read or FUDPA (ONOS's packet
 * processors run on the OpenFlow I/O threads, and its event dispatcher gives a listener 5 s).
 * One thread also keeps the loop's events in order, and its frames in the order it numbered them.
 * </p>
 */
final class LoopHost {

    /** How often liveness, resends, heartbeats and pending re-bases are checked. */
    static final long TICK_MS = 250;
    /** How long stopping waits for the loop's thread to send what is queued, the clear-alls last. */
    private static final long STOP_WAIT_MS = 2000;

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final FudpLoop loop;
    private final Clock clock;
    private final Executor loopThread;
    private final RuleAdapter rules;
    private final MeterAdapter meters;
    private final AdjustorLink link;
    private final StatePublisher publisher;
    private final LoopMetrics metrics;
    // The facility ports a foreign control frame came from, each said once (ports are few: the switch's own).
    private final Set<String> foreignPorts = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final CheckpointStore checkpoints;
    private final TakenOverRules takenOver;
    private final FailedInstalls installs;
    /** The facilities this instance controls; touched on the loop's thread only. */
    private final Map<String, Facility> controlled = new LinkedHashMap<>();
    /** The limits in force of the facility being taken over, by flow (the loop's thread only). */
    private Map<FiveTuple, FlowLimit> inheritedLimits = Map.of();
    /** Events whose last run failed, said once until they work again (the loop's thread only). */
    private final Set<String> failing = new HashSet<>();
    private final ScheduledExecutorService scheduler;
    private volatile long periods;
    private volatile long lastPeriodMs;
    private final KeyFile keys = new KeyFile();
    private ScheduledFuture<?> periodTask;
    private ScheduledFuture<?> tickTask;

    /**
     * Creates the host.
     *
     * @param loop the loop
     * @param clock the time source
     * @param loopThread runs the loop's events one at a time, in order; a scheduler also runs the
     *                   period and the tick ({@link #schedule}), anything else leaves them to the caller
     * @param rules the rule adapter
     * @param meters makes the meter adapter, given where ONOS's word on each meter goes
     * @param link the adjustor link
     * @param publisher the store writer
     * @param metrics the app's counters in ONOS's metrics
     * @param checkpoints where the controllers of the cluster leave their facilities
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    LoopHost(FudpLoop loop, Clock clock, Executor loopThread, RuleAdapter rules,
             Function<MeterAdapter.Outcome, MeterAdapter> meters, AdjustorLink link,
             StatePublisher publisher, LoopMetrics metrics, CheckpointStore checkpoints) {
        this.loop = loop;
        this.clock = clock;
        this.loopThread = loopThread;
        this.rules = rules;
        this.meters = meters.apply(new MeterAdapter.Outcome() {
            @Override
            public void added(String facilityId, long key) {
                submit("Meter in force", now -> loop.meterAdded(now, facilityId, key));
            }

            @Override
            public void failed(String facilityId, long key, String reason) {
                submit("Meter refused", now -> loop.meterFailed(now, facilityId, key, reason));
            }
        });
        this.installs = new FailedInstalls(rules, loop, this::execute);
        rules.onOutcome(installs.outcome(this::run));
        publisher.annotate(installs::annotate);
        this.link = link;
        this.publisher = publisher;
        this.metrics = metrics;
        this.checkpoints = checkpoints;
        this.takenOver = new TakenOverRules(rules, this.meters);
        this.scheduler = loopThread instanceof ScheduledExecutorService ? (ScheduledExecutorService) loopThread : null;
    }

    private void submit(String what, LongFunction<Actions> event) {
        loopThread.execute(() -> {
            try {
                execute(event.apply(clock.millis()));
                if (failing.remove(what)) {
                    log.info("{} works again", what);
                }
            } catch (RuntimeException e) {
                // One bad event must not stop the loop's thread for good. A cause that lasts (a store that
                // cannot reach a crashed instance) is said once, at WARN, with its reason, until it passes.
                if (failing.add(what)) {
                    log.warn("{} failed: {}", what, e.toString());
                }
                log.debug("{} failed", what, e);
            }
        });
    }

    /**
     * Runs a task on the loop's thread, after what is queued there; one that fails is said once, as an
     * event is. For work that may wait (a write to a consistent map) and must not hold ONOS's threads.
     *
     * @param what what it is, for the log
     * @param task the task, given the time
     */
    void run(String what, LongConsumer task) {
        submit(what, now -> {
            task.accept(now);
            return Actions.none();
        });
    }

    /**
     * Returns the events whose last run failed and was said at WARN: each is said once until it works.
     *
     * @return their names
     */
    Set<String> failing() {
        return Set.copyOf(failing);
    }

    // The devices of the facilities this instance controls, whose rules it reads.
    private Set<DeviceId> controlledDevices() {
        return controlled.keySet().stream().map(DeviceId::deviceId).collect(Collectors.toSet());
    }

    // The loop's order: meters in, rules out and in, rules re-pointed, meters out (a rule never
    // points at a meter that is not there).
    private void execute(Actions a) {
        Map<MeterSpec, String> refused = meters.add(a.metersToAdd());
        rules.apply(a.rulesToRemove(), a.rulesToAdd());
        rules.modify(a.rulesToModify(), meters::meterId);
        meters.remove(a.metersToRemove());
        meters.withdrawInherited(rules.releasedMeters());
        rules.handOver(a.rulesHandedOver());
        if (!a.rulesTakenOver().isEmpty()) {
            takeOver(a.rulesTakenOver());
        }
        link.emit(a.frames());
        publisher.publish(a);
        metrics.record(a);
        for (Notice n : a.notices()) {
            if (n.level() == Notice.Level.WARN) {
                log.warn(n.text());
            } else {
                log.info(n.text());
            }
        }
        refused.forEach((m, why) -> execute(loop.meterFailed(clock.millis(), m.facilityId(), m.key(), why)));
    }

    // Rules of a facility taken over: those ONOS lost come back; a metered one whose meter is gone gets a new one.
    private void takeOver(List<RuleSpec> specs) {
        long now = clock.millis();
        for (RuleSpec r : takenOver.restore(specs, inheritedLimits, this::isMetered)) {
            execute(loop.meterLost(now, r.facilityId(), r.flow()));
        }
    }

    private boolean isMetered(String facilityId) {
        Facility f = controlled.get(facilityId);
        return f != null && f.enforcement() == Facility.Enforcement.METER;
    }

    /**
     * Hands the loop a packet the packet processor took; the packet goes on where the loop says,
     * as a Packet-Out of its own bytes (the processor blocked its context at once).
     *
     * @param p the packet
     * @param frame the whole frame, to send on
     */
    void packetIn(PacketIn p, byte[] frame) {
        submit("Packet-in", now -> {
            Actions a = loop.packetIn(now, p);
            if (a.forwardPort() != Actions.NO_PORT) {
                link.emit(List.of(FrameOut.of(p.facilityId(), a.forwardPort(), frame)));
            }
            return a;
        });
    }

    void controlFrame(String facilityId, byte[] frame) {
        submit("Control frame", now -> loop.controlFrame(now, facilityId, frame));
    }

    /**
     * Counts a frame of the control EtherType that came from a port of the facility's switch other than its
     * adjustor's, said once per port.
     *
     * @param facilityId the facility
     * @param port where it came from
     */
    void foreignControlFrame(String facilityId, long port) {
        metrics.foreignControlFrame();
        if (foreignPorts.add(facilityId + "/" + port)) {
            log.warn("Facility {}: a control frame came from port {}, not from its adjustor's ports; dropped, as"
                    + " every other from there (counted in FUDP.adjustor.framesForeign)", facilityId, port);
        }
    }

    /**
     * Tells the loop one of its rules is gone (it idled out, or someone removed it).
     *
     * @param removed the ONOS rule
     */
    void ruleRemoved(FlowRule removed) {
        submit("Rule removal", now -> {
            OptionalLong key = rules.removed(removed);
            return key.isPresent() ? loop.ruleRemoved(now, key.getAsLong()) : Actions.none();
        });
    }

    /**
     * Hands the loop an event of one of the app's rules. A removal makes it forget the rule's flow.
     * Each statistics poll updates every rule (FlowRuleManager posts RULE_UPDATED for each entry the
     * switch reported, ECFlowRuleStore gives the entry as the switch reported it): those readings,
     * between periods, tell the loop when a flow stopped.
     *
     * @param event the event
     */
    void flowRuleEvent(FlowRuleEvent event) {
        if (event.type() == FlowRuleEvent.Type.RULE_REMOVED) {
            ruleRemoved(event.subject());
        } else if (event.type() == FlowRuleEvent.Type.RULE_UPDATED && event.subject() instanceof FlowEntry) {
            FlowEntry updated = (FlowEntry) event.subject();
            submit("Counter reading", now -> rules.counter(updated)
                    .map(c -> loop.poll(now, List.of(c))).orElse(Actions.none()));
        }
    }

    void period() {
        submit("Control period", now -> {
            // Read on the loop's thread: the period works on this one snapshot of the counters.
            long start = System.nanoTime();
            Actions a = loop.period(now, rules.counters(controlledDevices()), meters.readings(now));
            metrics.period(System.nanoTime() - start);
            periods = loop.periods();
            lastPeriodMs = loop.lastPeriodMs();
            execute(a);
            saveCheckpoints(now);
            return Actions.none();
        });
    }

    void tick() {
        keys.awaited().filter(Files::isReadable).ifPresent(p -> loadKeys(p.toString()));
        submit("Agent check", loop::tick);
        run("Rule install retry", installs::retry);
        run("Paced rule writes", now -> rules.flush());
        submit("Re-base", now -> {
            // Read every tick: a meter reading is stamped when its counters are first seen to change.
            List<MeterReading> readings = meters.readings(now);
            OptionalLong due = loop.rebaseDueMs();
            return due.isPresent() && now >= due.getAsLong()
                    ? loop.rebase(now, rules.counters(controlledDevices()), readings) : Actions.none();
        });
    }

    /**
     * Hands a sampled facility's samples to the loop; a loop that does not control the facility
     * (a standby) ignores them.
     *
     * @param facility the facility switch whose agent sent them
     * @param samples the samples
     */
    void samples(DeviceId facility, List<PacketSample> samples) {
        loopThread.execute(() -> execute(loop.samples(clock.millis(), facility.toString(), samples)));
    }

    /**
     * Puts each facility's budget in force: its rules and new flows a second from now on.
     *
     * @param budgets by facility switch; a facility left out keeps the default
     */
    void setBudgets(Map<DeviceId, FlowBudget> budgets) {
        Map<DeviceId, FlowBudget> copy = Map.copyOf(budgets);
        loopThread.execute(() -> copy.forEach((d, b) -> execute(loop.setBudget(clock.millis(), d.toString(),
                b))));
    }

    /**
     * Puts traffic classes in force from the next period.
     *
     * @param classes the classes, in order
     */
    void setClasses(List<TrafficClass> classes) {
        List<TrafficClass> copy = List.copyOf(classes);
        loopThread.execute(() -> loop.setClasses(copy));
    }

    void configure(LoopSettings settings) {
        submit("Configuration", now -> loop.configure(now, settings));
    }

    /**
     * Makes this instance control these facilities of the configured ones (those whose switch
     * it is the master of). A facility it gains is taken over from the checkpoint the previous
     * controller left; one it loses is handed over as it is (rules and limits stay); one that is
     * no longer configured, or changed, is cleared as before.
     *
     * @param configured every configured facility
     * @param mine the ids of those this instance controls now
     */
    void control(Collection<Facility> configured, Set<String> mine) {
        List<Facility> all = List.copyOf(configured);
        Set<String> ours = Set.copyOf(mine);
        loopThread.execute(() -> {
            try {
                long now = clock.millis();
                Map<String, Facility> byId = new LinkedHashMap<>();
                all.forEach(f -> byId.put(f.id(), f));
                for (String id : List.copyOf(controlled.keySet())) {
                    if (byId.containsKey(id) && !ours.contains(id)) {
                        handOver(now, id);
                    }
                }
                List<Facility> kept = new ArrayList<>();
                for (Facility f : all) {
                    if (ours.contains(f.id()) && controlled.containsKey(f.id())) {
                        kept.add(f);
                    }
                }
                Set<String> dropped = new HashSet<>(controlled.keySet());
                kept.forEach(f -> dropped.remove(f.id()));
                execute(loop.setFacilities(now, kept));
                dropped.forEach(checkpoints::remove);
                controlled.keySet().retainAll(kept.stream().map(Facility::id).collect(Collectors.toSet()));
                kept.forEach(f -> controlled.put(f.id(), f));
                for (Facility f : all) {
                    if (ours.contains(f.id()) && !controlled.containsKey(f.id())) {
                        FacilityCheckpoint c = readCheckpoint(f.id());
                        controlled.put(f.id(), f);
                        inheritedLimits = TakenOverRules.limitsOf(c);
                        try {
                            execute(loop.adopt(now, f, c));
                        } finally {
                            inheritedLimits = Map.of();
                        }
                    }
                }
                saveCheckpoints(now);
            } catch (RuntimeException e) {
                log.error("Facilities failed", e);
            }
        });
    }

    // A checkpoint this build cannot read costs its own facility its state, not the others theirs: that one starts
    // fresh, its limits made again by the loop, and what could not be read is dropped.
    private FacilityCheckpoint readCheckpoint(String facilityId) {
        try {
            return checkpoints.read(facilityId).orElse(null);
        } catch (CheckpointFormat.UnreadableException e) {
            log.warn("Facility {} starts fresh: {}", facilityId, e.getMessage());
            checkpoints.remove(facilityId);
            return null;
        }
    }

    private void handOver(long now, String facilityId) {
        loop.checkpoint(facilityId).ifPresent(checkpoints::write);
        stopControlling(now, facilityId);
    }

    private void stopControlling(long now, String facilityId) {
        execute(loop.handOver(now, facilityId));
        controlled.remove(facilityId);
    }

    // A refused write means another instance took the facility over: stop at once (no two senders).
    private void saveCheckpoints(long now) {
        for (String id : List.copyOf(controlled.keySet())) {
            Optional<FacilityCheckpoint> c = loop.checkpoint(id);
            if (c.isPresent() && !checkpoints.write(c.get())) {
                log.warn("Facility {} is controlled by a newer instance now; handing it over", id);
                stopControlling(now, id);
            }
        }
    }

    /**
     * Reads the key file and hands its keys to the loop when they differ from those in force. Without a
     * file nothing can be sent to or verified from an adjustor, and the tick reads the file as soon as it
     * appears; a file that cannot be read or used changes nothing ({@link KeyFile}), and
     * {@link #keyFileStatus} says why until a good file is read.
     *
     * @param keyFile the file's path; a relative one is taken from ONOS's working directory, as
     *                ONOS takes its own {@code ../config/*.json}
     * @return what the read found
     */
    KeyFile.Reading loadKeys(String keyFile) {
        KeyFile.Reading r = keys.read(keyFile, clock.millis());
        r.newKeys().ifPresent(text -> submit("Keys", now -> {
            try {
                return loop.setKeys(now, text);
            } catch (IllegalArgumentException e) {
                keys.refused(e.getMessage());
                return Actions.none();
            }
        }));
        return r;
    }

    /**
     * Returns the key file as last read, for the operator's warnings and the key commands.
     *
     * @return the status
     */
    KeyFileStatus keyFileStatus() {
        return keys.status();
    }

    /**
     * Stops. When FUDP stops for good (the app is deactivated), tells every adjustor to drop its
     * limits, removes every rule of the app and forgets the checkpoints. When only this instance
     * goes (it shuts down, the app stays active in the cluster), or the app goes with
     * {@code handOverOnDeactivate} on (an upgrade), hands its facilities over as they are: limits,
     * rules and checkpoints stay for the instance, or the version, that takes them over.
     * Either way the loop's thread ends once that is done.
     *
     * @param handOver true to hand the facilities over rather than clear them
     */
    void stop(boolean handOver) {
        cancel();
        submit("Stop", now -> {
            if (handOver) {
                for (String id : List.copyOf(controlled.keySet())) {
                    handOver(now, id);
                }
                return Actions.none();
            }
            Set<DeviceId> metered = controlled.values().stream()
                    .filter(f -> f.enforcement() == Facility.Enforcement.METER)
                    .map(f -> DeviceId.deviceId(f.id())).collect(Collectors.toSet());
            Actions last = loop.stop(now);
            link.emit(last.frames());
            metrics.record(last);
            rules.removeAll();
            meters.removeAll(metered);
            controlled.keySet().forEach(checkpoints::remove);
            controlled.clear();
            return Actions.none();
        });
        if (scheduler != null) {
            scheduler.shutdown();
            try {
                scheduler.awaitTermination(STOP_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            scheduler.shutdownNow();
        }
    }

    long periods() {
        return periods;
    }

    long lastPeriodMs() {
        return lastPeriodMs;
    }

    /**
     * (Re)schedules the period and the tick on the loop's thread; without a scheduler, the caller
     * runs them.
     *
     * @param periodMs the control period
     */
    void schedule(long periodMs) {
        cancel();
        if (scheduler == null) {
            return;
        }
        periodTask = scheduler.scheduleAtFixedRate(this::period, periodMs, periodMs, TimeUnit.MILLISECONDS);
        tickTask = scheduler.scheduleAtFixedRate(this::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    }

    private void cancel() {
        if (periodTask != null) {
            periodTask.cancel(false);
        }
        if (tickTask != null) {
            tickTask.cancel(false);
        }
    }
}
