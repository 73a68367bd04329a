package org.fudp.impl;

import org.fudp.loop.Actions;
import org.fudp.loop.Facility;
import org.fudp.loop.FudpLoop;
import org.fudp.loop.LoopSettings;
import org.fudp.loop.Notice;
import org.fudp.loop.PacketIn;
import org.onosproject.net.flow.FlowRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.Collection;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/**
 * Hosts the control loop in ONOS: hands it each event with the time, one event at a time, and
 * executes what it returns through the adapters (rules, Packet-Outs, the store, the log). Runs
 * the period and the tick on a scheduler.
 */
final class LoopHost {

    /** How often liveness, resends, heartbeats and pending re-bases are checked. */
    static final long TICK_MS = 250;

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final Object lock = new Object();
    private final FudpLoop loop;
    private final Clock clock;
    private final RuleAdapter rules;
    private final AdjustorLink link;
    private final StatePublisher publisher;
    private ScheduledFuture<?> periodTask;
    private ScheduledFuture<?> tickTask;

    LoopHost(FudpLoop loop, Clock clock, RuleAdapter rules, AdjustorLink link, StatePublisher publisher) {
        this.loop = loop;
        this.clock = clock;
        this.rules = rules;
        this.link = link;
        this.publisher = publisher;
    }

    private Actions run(LongFunction<Actions> event) {
        synchronized (lock) {
            Actions a = event.apply(clock.millis());
            // Under the lock: frames must leave in the order the loop numbered them.
            rules.apply(a.rulesToRemove(), a.rulesToAdd());
            link.emit(a.frames());
            publisher.publish(a);
            for (Notice n : a.notices()) {
                if (n.level() == Notice.Level.WARN) {
                    log.warn(n.text());
                } else {
                    log.info(n.text());
                }
            }
            return a;
        }
    }

    /**
     * Returns the loop's facility for a configured one: ids and ports as the loop has them.
     *
     * @param f the configured facility
     * @return the loop's facility
     */
    static Facility facility(org.fudp.api.Facility f) {
        return new Facility(f.deviceId().toString(), f.adjustorPort().toLong(), f.returnPort().toLong(),
                f.adjustorMac().toBytes(), f.keyId());
    }

    Actions packetIn(PacketIn p) {
        return run(now -> loop.packetIn(now, p));
    }

    void controlFrame(String facilityId, byte[] frame) {
        run(now -> loop.controlFrame(now, facilityId, frame));
    }

    /**
     * Tells the loop one of its rules is gone (it idled out, or someone removed it).
     *
     * @param removed the ONOS rule
     */
    void ruleRemoved(FlowRule removed) {
        run(now -> {
            OptionalLong key = rules.removed(removed);
            return key.isPresent() ? loop.ruleRemoved(now, key.getAsLong()) : Actions.none();
        });
    }

    void period() {
        run(now -> loop.period(now, rules.counters()));
    }

    void tick() {
        run(loop::tick);
        run(now -> {
            OptionalLong due = loop.rebaseDueMs();
            return due.isPresent() && now >= due.getAsLong() ? loop.rebase(now, rules.counters()) : Actions.none();
        });
    }

    void configure(LoopSettings settings) {
        run(now -> loop.configure(now, settings));
    }

    void setFacilities(Collection<Facility> facilities) {
        run(now -> loop.setFacilities(now, facilities));
    }

    /**
     * Takes a new key file's content.
     *
     * @param keyText the content, null if there is none
     * @throws IllegalArgumentException if it is unusable; the old keys stay in force
     */
    void setKeys(String keyText) {
        run(now -> loop.setKeys(now, keyText));
    }

    /**
     * Stops: tells every adjustor to drop its limits and removes every rule of the app.
     */
    void stop() {
        synchronized (lock) {
            link.emit(loop.stop(clock.millis()).frames());
            rules.removeAll();
        }
    }

    long periods() {
        synchronized (lock) {
            return loop.periods();
        }
    }

    long lastPeriodMs() {
        synchronized (lock) {
            return loop.lastPeriodMs();
        }
    }

    /**
     * (Re)schedules the period and the tick.
     *
     * @param executor the scheduler
     * @param periodMs the control period
     */
    void schedule(ScheduledExecutorService executor, long periodMs) {
        cancel();
        periodTask = executor.scheduleAtFixedRate(() -> safely("Control period", this::period), periodMs, periodMs,
                TimeUnit.MILLISECONDS);
        tickTask = executor.scheduleAtFixedRate(() -> safely("Agent check", this::tick), TICK_MS, TICK_MS,
                TimeUnit.MILLISECONDS);
    }

    void cancel() {
        if (periodTask != null) {
            periodTask.cancel(false);
        }
        if (tickTask != null) {
            tickTask.cancel(false);
        }
    }

    private void safely(String what, Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            // One bad run must not stop the scheduler for good.
            log.error("{} failed", what, e);
        }
    }
}
