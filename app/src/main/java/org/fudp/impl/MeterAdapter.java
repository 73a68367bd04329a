// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.commands.MeterSpec;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterContext;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.meter.MeterState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The loop's meters as ONOS meters (ONOS 2.7.0 MeterService, sources at the tag):
 * <ul>
 *   <li>ONOS allocates the meter id as {@code submit} returns (MeterManager, DistributedMeterStore
 *       allocateMeterId), so no two apps share one; with no id left, or a device whose meter
 *       features ONOS does not know, {@code submit} throws IllegalArgumentException (DefaultMeter's
 *       builder gets no cell id). The loop hears that as a refused meter.</li>
 *   <li>A meter is in force once a meter-stats poll saw it on the switch (OpenFlowMeterProvider polls
 *       every {@code meterStatsPollInterval}); ONOS then calls the request's {@code onSuccess}. A
 *       switch's error calls {@code onError} with the reason; the meter stays in ONOS's store and is
 *       sent again at every poll until withdrawn, which the loop asks for at once.</li>
 *   <li>A {@code TIMEOUT} may not be this meter's: OpenFlowMeterProvider keys its pending operations
 *       by meter id alone and reports one that expired (30 s) when the next operation for the same id
 *       is written, and DistributedMeterStore reuses freed ids first, so an old meter's expired ADD
 *       fails the new meter's request while the new meter's own ADD goes out and turns ADDED at the
 *       next poll, with no {@code onSuccess}. A TIMEOUT is therefore taken as "not yet known": the
 *       meter counts as in force once ONOS's store shows it ADDED, and as refused only if it is still
 *       not ADDED {@link #TIMEOUT_CONFIRM_MS} later.</li>
 *   <li>ONOS 2.7 cannot modify a meter (MeterRequest has add and remove only); the loop makes a new
 *       limit a new meter.</li>
 *   <li>ONOS keeps a meter's input counters only: MeterManager.pushMeterMetrics gives the store's
 *       updateMeterState the switch's band counters, and it keeps bytes and packets in, life and
 *       reference count. Readings carry {@link MeterReading#DROPS_UNCOUNTED}. No event marks a poll,
 *       so a reading is stamped when its counters were first seen to change.</li>
 *   <li>ONOS removes no meter of a deactivated app; {@link #removeAll} withdraws them.</li>
 * </ul>
 * Loop keys map to ONOS meter ids here; the callbacks come on ONOS's threads and go to the
 * {@link Outcome} as they are.
 */
final class MeterAdapter {

    /** Where ONOS's word on a meter goes. */
    interface Outcome {
        /**
         * A meter is in force on its switch.
         *
         * @param facilityId the switch
         * @param key the loop's key
         */
        void added(String facilityId, long key);

        /**
         * A meter could not be put in force.
         *
         * @param facilityId the switch
         * @param key the loop's key
         * @param reason why
         */
        void failed(String facilityId, long key, String reason);
    }

    /**
     * How long a meter ONOS reported a TIMEOUT for may take to show ADDED before it counts as refused:
     * three of ONOS's default meter-stats polls (10 s).
     */
    static final long TIMEOUT_CONFIRM_MS = 30_000;

    /** One meter submitted to ONOS, and whether the loop has had ONOS's word on it. */
    private static final class Placed {
        final MeterSpec spec;
        final DeviceId device;
        /** Set once, on the loop's thread or ONOS's: the loop hears one word per meter. */
        final AtomicBoolean told = new AtomicBoolean();
        volatile boolean timedOut;
        volatile MeterCellId cellId;
        long timedOutSeenMs = -1;
        long seenBytes = -1;
        long seenLife = -1;
        long stampMs;

        Placed(MeterSpec spec, DeviceId device) {
            this.spec = spec;
            this.device = device;
        }
    }

    private final MeterService meterService;
    private final ApplicationId appId;
    private final Outcome outcome;
    private final Map<Long, Placed> byKey = new HashMap<>();

    MeterAdapter(MeterService meterService, ApplicationId appId, Outcome outcome) {
        this.meterService = meterService;
        this.appId = appId;
        this.outcome = outcome;
    }

    /**
     * Submits meters: one DROP band each at its rate in kbit/s, with its burst. ONOS's word on each
     * comes later, to the {@link Outcome}; a meter ONOS refuses at once is returned instead, for the
     * host to report after the actions at hand.
     *
     * @param specs the meters
     * @return the meters ONOS gave no id, and why
     */
    Map<MeterSpec, String> add(List<MeterSpec> specs) {
        Map<MeterSpec, String> refused = new LinkedHashMap<>();
        for (MeterSpec m : specs) {
            Placed p = new Placed(m, DeviceId.deviceId(m.facilityId()));
            MeterRequest request = request(m, new MeterContext() {
                @Override
                public void onSuccess(MeterRequest op) {
                    added(p);
                }

                @Override
                public void onError(MeterRequest op, MeterFailReason reason) {
                    if (reason == MeterFailReason.TIMEOUT) {
                        // Perhaps another meter's, of the same id: the store will tell (readings).
                        p.timedOut = true;
                    } else {
                        failed(p, reason.name());
                    }
                }
            }).add();
            Meter placed;
            try {
                placed = meterService.submit(request);
            } catch (IllegalArgumentException | IllegalStateException e) {
                refused.put(m, "ONOS gave no meter id (table full, or the device's meter features unknown): "
                        + e.getMessage());
                continue;
            }
            p.cellId = placed.meterCellId();
            byKey.put(m.key(), p);
        }
        return refused;
    }

    private void added(Placed p) {
        if (p.told.compareAndSet(false, true)) {
            outcome.added(p.spec.facilityId(), p.spec.key());
        }
    }

    private void failed(Placed p, String reason) {
        if (p.told.compareAndSet(false, true)) {
            outcome.failed(p.spec.facilityId(), p.spec.key(), reason);
        }
    }

    private DefaultMeterRequest.Builder request(MeterSpec m, MeterContext context) {
        Band drop = DefaultBand.builder().ofType(Band.Type.DROP).withRate(m.rateKbps()).burstSize(m.burstKbit())
                .build();
        DefaultMeterRequest.Builder b = (DefaultMeterRequest.Builder) DefaultMeterRequest.builder()
                .forDevice(DeviceId.deviceId(m.facilityId())).fromApp(appId).withUnit(Meter.Unit.KB_PER_SEC)
                .burst().withBands(List.of(drop));
        return context == null ? b : (DefaultMeterRequest.Builder) b.withContext(context);
    }

    /**
     * Withdraws meters; a meter ONOS never gave an id is skipped.
     *
     * @param specs the meters
     */
    void remove(List<MeterSpec> specs) {
        for (MeterSpec m : specs) {
            Placed p = byKey.remove(m.key());
            if (p != null) {
                withdraw(p);
            }
        }
    }

    /**
     * Finds a meter of the app at a device, at this limit, that no rule of this instance points at:
     * one the instance before attached to a flow's rule, which ONOS's meter store kept (in Atomix)
     * while its flow store did not.
     *
     * @param device the device
     * @param rateBps the limit's rate
     * @param burstBytes the limit's burst
     * @param taken meters rules already point at
     * @return the meter, empty if the app has none there at this limit
     */
    Optional<MeterId> claim(DeviceId device, long rateBps, long burstBytes, Set<MeterId> taken) {
        long kbps = MeterSpec.rateKbps(rateBps);
        long kbit = MeterSpec.burstKbit(burstBytes);
        Set<MeterCellId> ours = new HashSet<>();
        byKey.values().forEach(p -> ours.add(p.cellId));
        for (Meter m : meterService.getMeters(device)) {
            if (!m.appId().equals(appId) || !(m.meterCellId() instanceof MeterId) || taken.contains(m.meterCellId())
                    || ours.contains(m.meterCellId())
                    || m.state() != MeterState.ADDED && m.state() != MeterState.PENDING_ADD) {
                continue;
            }
            boolean same = m.bands().size() == 1 && m.bands().stream().allMatch(b -> b.type() == Band.Type.DROP
                    && b.rate() == kbps && b.burst() != null && b.burst() == kbit);
            if (same) {
                return Optional.of((MeterId) m.meterCellId());
            }
        }
        return Optional.empty();
    }

    /**
     * Withdraws the app's meters at a device that no rule of this instance points at and that this
     * instance did not submit: left by an instance before it, whose rules ONOS lost or that it never
     * attached. ONOS removes no meter by itself, whatever its reference count
     * (DistributedMeterStore.updateMeterState only posts METER_REFERENCE_COUNT_ZERO).
     *
     * @param device the device
     * @param referenced the meters rules point at
     * @return how many were withdrawn
     */
    int withdrawOrphans(DeviceId device, Set<MeterId> referenced) {
        Set<MeterCellId> ours = new HashSet<>();
        byKey.values().forEach(p -> ours.add(p.cellId));
        int n = 0;
        for (Meter m : meterService.getMeters(device)) {
            if (m.appId().equals(appId) && !referenced.contains(m.meterCellId()) && !ours.contains(m.meterCellId())
                    && m.state() != MeterState.PENDING_REMOVE) {
                withdraw(m);
                n++;
            }
        }
        return n;
    }

    /**
     * Withdraws meters of the app that this instance did not submit: those the instance before it
     * attached to rules it took over, once no rule points at them.
     *
     * @param meters device and meter of each
     */
    void withdrawInherited(List<Map.Entry<DeviceId, MeterId>> meters) {
        for (Map.Entry<DeviceId, MeterId> e : meters) {
            Meter m = meterService.getMeter(e.getKey(), (MeterCellId) e.getValue());
            if (m != null && m.appId().equals(appId)) {
                withdraw(m);
            }
        }
    }

    private void withdraw(Placed p) {
        meterService.withdraw(request(p.spec, null).remove(), p.cellId);
    }

    private void withdraw(Meter m) {
        meterService.withdraw(DefaultMeterRequest.builder().forDevice(m.deviceId()).fromApp(appId)
                .withUnit(m.unit()).withBands(m.bands()).remove(), m.meterCellId());
    }

    /**
     * Returns the ONOS meter a loop key maps to, for a rule's treatment.
     *
     * @param key the loop's key
     * @return the meter id, empty if ONOS gave none
     */
    Optional<MeterId> meterId(long key) {
        Placed p = byKey.get(key);
        return p == null || !(p.cellId instanceof MeterId) ? Optional.empty() : Optional.of((MeterId) p.cellId);
    }

    /**
     * Reads the loop's meters as ONOS last polled them: bytes in, drops uncounted.
     *
     * @param nowMs the time now, the stamp of counters seen to change since the last read
     * @return one reading per meter ONOS holds as ADDED
     */
    List<MeterReading> readings(long nowMs) {
        List<MeterReading> out = new ArrayList<>();
        Set<DeviceId> devices = new HashSet<>();
        byKey.values().forEach(p -> devices.add(p.device));
        Map<DeviceId, Map<MeterCellId, Meter>> polled = new HashMap<>();
        for (DeviceId d : devices) {
            Map<MeterCellId, Meter> byCell = new HashMap<>();
            meterService.getMeters(d).forEach(m -> byCell.put(m.meterCellId(), m));
            polled.put(d, byCell);
        }
        for (Map.Entry<Long, Placed> e : byKey.entrySet()) {
            Placed p = e.getValue();
            Meter m = polled.get(p.device).get(p.cellId);
            if (m == null || m.state() != MeterState.ADDED) {
                confirmTimeout(p, nowMs);
                continue;
            }
            // ADDED is ONOS's own word that the switch holds it, also after a TIMEOUT that was not its.
            added(p);
            if (m.bytesSeen() != p.seenBytes || m.life() != p.seenLife) {
                p.seenBytes = m.bytesSeen();
                p.seenLife = m.life();
                p.stampMs = nowMs;
            }
            out.add(new MeterReading(e.getKey(), p.stampMs, p.seenBytes, MeterReading.DROPS_UNCOUNTED));
        }
        return out;
    }

    // A meter ONOS timed out that is still not ADDED some polls later is refused after all.
    private void confirmTimeout(Placed p, long nowMs) {
        if (!p.timedOut || p.told.get()) {
            return;
        }
        if (p.timedOutSeenMs < 0) {
            p.timedOutSeenMs = nowMs;
        } else if (nowMs - p.timedOutSeenMs >= TIMEOUT_CONFIRM_MS) {
            failed(p, "TIMEOUT (ONOS reported a timeout, and the meter was still not on the switch "
                    + TIMEOUT_CONFIRM_MS / 1000 + " s later)");
        }
    }

    /**
     * Withdraws every meter of the app at these devices: those the loop knows one by one, then any
     * other ONOS still holds for the app there (a submit whose id this instance never learnt).
     *
     * @param devices the facility switches
     */
    void removeAll(Set<DeviceId> devices) {
        byKey.values().forEach(this::withdraw);
        byKey.clear();
        for (DeviceId d : devices) {
            for (Meter m : meterService.getMeters(d)) {
                if (m.appId().equals(appId) && m.state() != MeterState.PENDING_REMOVE) {
                    withdraw(m);
                }
            }
        }
    }
}
