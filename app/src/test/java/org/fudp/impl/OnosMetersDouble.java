// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterListener;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterServiceAdapter;
import org.onosproject.net.meter.MeterState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The meter service as ONOS 2.7 runs it over OpenFlow (sources at tag 2.7.0; onos-api's
 * MeterServiceAdapter does nothing):
 * <ul>
 *   <li>{@code submit} allocates the id at once, a freed id first, else the next of 1..max meters
 *       (DistributedMeterStore.allocateMeterId); with no id left, or no meter features known for the
 *       device (max 0), the meter gets no cell id and DefaultMeter's builder throws
 *       IllegalArgumentException (MeterManager.submit);</li>
 *   <li>the meter is PENDING_ADD in the store; it turns ADDED, with METER_ADDED posted and the
 *       request's {@code onSuccess} called, at the first meter-stats poll that sees it on the switch
 *       (MeterManager.pushMeterMetrics, DistributedMeterStore's map listener); a poll also brings its
 *       bytes in and life, never its band counters (updateMeterState);</li>
 *   <li>a switch's error (OFPET_METER_MOD_FAILED) marks it failed and calls {@code onError} with the
 *       reason, with no event (failedMeter); it stays in the store and every poll sends it again
 *       until withdrawn (pushMeterMetrics' "missing in device" reinstall). The double delivers the
 *       error at the next poll; the switch answers much sooner, but no earlier than the submit returns;</li>
 *   <li>{@code withdraw} marks it PENDING_REMOVE; the next poll purges it, posts METER_REMOVED and
 *       frees its id (MeterManager.pushMeterMetrics purges every PENDING_REMOVE meter of the reply,
 *       DistributedMeterStore.purgeMeter frees the id); {@code purgeMeters(device, app)} drops the
 *       app's meters from the store at once and the switch's go at the next poll;</li>
 *   <li>OpenFlowMeterProvider's pending operations (its {@code pendingOperations}, a Guava cache
 *       keyed by meter id alone, {@code expireAfterWrite(30 s)}, OpenFlowMeterProvider.java lines
 *       131-167 at the tag): an ADD writes its meter's id (lines 281-283); a meter-stats reply that
 *       lists the id, or the switch's error for it, clears it (lines 408-409, 488-501); a withdraw
 *       does not. A write first expires every entry older than 30 s, and the cache's removal listener
 *       reports each expired operation as failed with TIMEOUT (lines 158-167);
 *       DistributedMeterStore.failedMeter (lines 371-375) puts that reason on whatever meter the
 *       store holds under the old operation's (device, id) now, and a PENDING_ADD one's request gets
 *       {@code onError(TIMEOUT)} (its map listener, lines 647-663; MeterManager lines 172-184).
 *       With freed ids reused first (allocateMeterId, lines 548-593), an old meter withdrawn before
 *       any poll saw it fails the request of the next meter that gets its id, 30 s or more later,
 *       while that meter's own ADD goes out and turns ADDED at the next poll, with no
 *       {@code onSuccess} (its request is answered already). The double keeps one cache segment where
 *       Guava keeps four, so it reports every such expiry, as ONOS does for the id being written.</li>
 * </ul>
 */
final class OnosMetersDouble extends MeterServiceAdapter {

    /** One meter: ONOS's store entry and what the switch holds. */
    private static final class Cell {
        final MeterRequest request;
        final DefaultMeter meter;
        boolean onSwitch;
        MeterFailReason refused;
        /** The request's context has had its one answer (MeterManager completes its future once). */
        boolean answered;
        /** Its ADD never reached the switch. */
        boolean lost;
        long switchBytes;
        long installedMs;

        Cell(MeterRequest request, DefaultMeter meter) {
            this.request = request;
            this.meter = meter;
        }
    }

    private final Map<DeviceId, Long> maxMeters = new HashMap<>();
    private final Map<DeviceId, MeterFailReason> switchRefuses = new HashMap<>();
    private final Map<DeviceId, Long> nextId = new HashMap<>();
    private final Map<DeviceId, TreeSet<Long>> freed = new HashMap<>();
    private final Map<DeviceId, Map<MeterCellId, Cell>> store = new LinkedHashMap<>();
    private final List<MeterListener> listeners = new ArrayList<>();
    /** OpenFlowMeterProvider's pending operations: device and time written, by meter id alone. */
    private final Map<Long, Map.Entry<DeviceId, Long>> providerPending = new LinkedHashMap<>();
    static final long PROVIDER_TIMEOUT_MS = 30_000;
    final List<MeterEvent> posted = new ArrayList<>();
    private long nowMs;

    /**
     * Gives a device meter features: ONOS may allocate ids 1..max.
     *
     * @param device the device
     * @param max its max meters; 0 for a device whose features ONOS does not know
     */
    void features(DeviceId device, long max) {
        maxMeters.put(device, max);
    }

    /**
     * Makes the switch refuse every meter-mod from now on (its table is fuller than ONOS knows, or it
     * does not take the band).
     *
     * @param device the device
     * @param reason the error it answers with, null to accept again
     */
    void switchRefuses(DeviceId device, MeterFailReason reason) {
        if (reason == null) {
            switchRefuses.remove(device);
        } else {
            switchRefuses.put(device, reason);
        }
    }

    @Override
    public Meter submit(MeterRequest request) {
        DeviceId d = request.deviceId();
        MeterId id = allocate(d);
        DefaultMeter.Builder b = (DefaultMeter.Builder) DefaultMeter.builder().forDevice(d).fromApp(request.appId())
                .withBands(request.bands()).withUnit(request.unit()).withCellId(id);
        if (request.isBurst()) {
            b.burst();
        }
        DefaultMeter m = (DefaultMeter) b.build();
        m.setState(MeterState.PENDING_ADD);
        Cell c = new Cell(request, m);
        store.computeIfAbsent(d, x -> new LinkedHashMap<>()).put(id, c);
        c.refused = switchRefuses.get(d);
        c.onSwitch = c.refused == null;
        c.installedMs = nowMs;
        providerWrite(d, id.id());
        return m;
    }

    // The provider's pendingOperations.put: expired operations are reported first, as TIMEOUTs of
    // whatever meter the store now holds under their (device, id).
    private void providerWrite(DeviceId d, long id) {
        for (Map.Entry<Long, Map.Entry<DeviceId, Long>> e : List.copyOf(providerPending.entrySet())) {
            if (nowMs - e.getValue().getValue() >= PROVIDER_TIMEOUT_MS) {
                providerPending.remove(e.getKey());
                Cell now = store.getOrDefault(e.getValue().getKey(), Map.of()).get(MeterId.meterId(e.getKey()));
                if (now != null && now.meter.state() != MeterState.ADDED) {
                    answer(now, MeterFailReason.TIMEOUT);
                }
            }
        }
        providerPending.put(id, Map.entry(d, nowMs));
    }

    private void answer(Cell c, MeterFailReason error) {
        if (c.answered) {
            return;
        }
        c.answered = true;
        c.request.context().ifPresent(ctx -> {
            if (error == null) {
                ctx.onSuccess(c.request);
            } else {
                ctx.onError(c.request, error);
            }
        });
    }

    /**
     * Makes a meter's ADD get lost on its way: the switch never holds it, and ONOS answers its request
     * with TIMEOUT, as the provider does for an operation no stats reply confirmed.
     *
     * @param device the device
     * @param id the meter
     */
    void timeOut(DeviceId device, MeterCellId id) {
        Cell c = store.getOrDefault(device, Map.of()).get(id);
        c.onSwitch = false;
        c.lost = true;
        answer(c, MeterFailReason.TIMEOUT);
    }

    /**
     * Lets time pass without a poll: operations written before now may expire.
     *
     * @param atMs the time now
     */
    void at(long atMs) {
        nowMs = atMs;
    }

    private MeterId allocate(DeviceId d) {
        TreeSet<Long> reusable = freed.computeIfAbsent(d, x -> new TreeSet<>());
        if (!reusable.isEmpty()) {
            return MeterId.meterId(reusable.pollFirst());
        }
        long max = maxMeters.getOrDefault(d, 0L);
        long id = nextId.getOrDefault(d, 1L);
        if (max == 0 || id > max) {
            return null;
        }
        nextId.put(d, id + 1);
        return MeterId.meterId(id);
    }

    @Override
    public void withdraw(MeterRequest request, MeterCellId cellId) {
        Cell c = store.getOrDefault(request.deviceId(), Map.of()).get(cellId);
        if (c != null) {
            c.meter.setState(MeterState.PENDING_REMOVE);
            c.onSwitch = false;
        }
    }

    @Override
    public void withdraw(MeterRequest request, MeterId meterId) {
        withdraw(request, (MeterCellId) meterId);
    }

    @Override
    public Meter getMeter(DeviceId deviceId, MeterCellId id) {
        Cell c = store.getOrDefault(deviceId, Map.of()).get(id);
        return c == null ? null : c.meter;
    }

    @Override
    public Meter getMeter(DeviceId deviceId, MeterId id) {
        return getMeter(deviceId, (MeterCellId) id);
    }

    @Override
    public java.util.Collection<Meter> getMeters(DeviceId deviceId) {
        return store.getOrDefault(deviceId, Map.of()).values().stream().map(c -> (Meter) c.meter)
                .collect(Collectors.toList());
    }

    @Override
    public java.util.Collection<Meter> getAllMeters() {
        return store.keySet().stream().flatMap(d -> getMeters(d).stream()).collect(Collectors.toList());
    }

    @Override
    public void purgeMeters(DeviceId deviceId, ApplicationId appId) {
        Map<MeterCellId, Cell> cells = store.getOrDefault(deviceId, Map.of());
        for (Cell c : List.copyOf(cells.values())) {
            if (c.meter.appId().equals(appId)) {
                gone(deviceId, c);
            }
        }
    }

    @Override
    public void addListener(MeterListener l) {
        listeners.add(l);
    }

    @Override
    public void removeListener(MeterListener l) {
        listeners.remove(l);
    }

    /**
     * Counts bytes into a meter on the switch.
     *
     * @param device the device
     * @param id the meter
     * @param bytes bytes that entered it since the last call
     */
    void traffic(DeviceId device, MeterCellId id, long bytes) {
        Cell c = store.getOrDefault(device, Map.of()).get(id);
        if (c != null && c.onSwitch) {
            c.switchBytes += bytes;
        }
    }

    /**
     * Runs one meter-stats poll of a device at a time (OpenFlowMeterProvider, every
     * meterStatsPollInterval).
     *
     * @param device the device
     * @param atMs the time of the poll
     */
    void poll(DeviceId device, long atMs) {
        nowMs = atMs;
        Map<MeterCellId, Cell> cells = store.getOrDefault(device, Map.of());
        for (Cell c : List.copyOf(cells.values())) {
            long id = ((MeterId) c.meter.meterCellId()).id();
            if (c.onSwitch) {
                // The reply lists it: its pending operation is seen on the data plane.
                providerPending.remove(id);
            }
            if (c.meter.state() == MeterState.PENDING_REMOVE) {
                gone(device, c);
            } else if (c.refused != null) {
                if (!c.answered) {
                    // The switch's error for it clears its pending operation.
                    providerPending.remove(id);
                    answer(c, c.refused);
                }
            } else if (!c.lost) {
                c.meter.setProcessedBytes(c.switchBytes);
                c.meter.setLife((atMs - c.installedMs) / 1000);
                if (c.meter.state() == MeterState.PENDING_ADD) {
                    c.meter.setState(MeterState.ADDED);
                    answer(c, null);
                    post(new MeterEvent(MeterEvent.Type.METER_ADDED, c.meter));
                }
            }
        }
    }

    private void gone(DeviceId device, Cell c) {
        store.get(device).remove(c.meter.meterCellId());
        freed.computeIfAbsent(device, x -> new TreeSet<>()).add(((MeterId) c.meter.meterCellId()).id());
        post(new MeterEvent(MeterEvent.Type.METER_REMOVED, c.meter));
    }

    private void post(MeterEvent e) {
        posted.add(e);
        listeners.forEach(l -> l.event(e));
    }

    /**
     * Returns the meters the switch holds.
     *
     * @param device the device
     * @return their ids
     */
    List<MeterCellId> onSwitch(DeviceId device) {
        return store.getOrDefault(device, Map.of()).values().stream().filter(c -> c.onSwitch)
                .map(c -> c.meter.meterCellId()).collect(Collectors.toList());
    }
}
