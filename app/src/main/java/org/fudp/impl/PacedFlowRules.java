// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The app's writes to ONOS's flow rules, kept at each switch under the rate at which ONOS 2.7 stops polling
 * the switch's flow statistics. OpenFlowRuleProvider counts, per switch, each batch it sends as its operations
 * plus one and each FLOW_REMOVED the switch sends as one (recordEvents, recordEvent; ONOS asks every rule's
 * removal to be reported); FlowStatsCollector's pause task, every second, stops the switch's polls when its
 * last two one-second slots held more than max(min(2 x the rate of the last 60 s, 500), 50) events a second,
 * and starts them again only once the rate of the last 15 s is below that of the last 60 s (providers/openflow/
 * flow FlowStatsCollector, utils/misc SlidingWindowCounter, tag 2.7.0). In a live ONOS a host spraying 1000
 * source ports made FUDP learn 61 flows and take them back into one unit within a second, about 300 events:
 * the facility's counters froze for 15 s, the unit went unmeasured, and TCP starved for 17 s.
 * <p>
 * So at most {@link #EVENTS_PER_WINDOW} events go to a switch in any {@link #WINDOW_MS}, below the 100 that
 * pause the polls whatever the minute before; the rest wait, in the order given, and go as room returns (at
 * the next write or {@link #flush}). An urgent install (an aggregate that takes in a flood) goes ahead of the
 * writes that wait, unless one of them is of the same rule, and has {@link #URGENT_ROOM} events of each window
 * that nothing else may use: a sprayer's first flows fill the window, its unit must not wait behind them. A
 * removal of a rule whose install still waits cancels both: nothing of it reaches ONOS. Rules the switch
 * removes on its own (idle timeouts) count when ONOS reports them. On the loop's thread only.
 * </p>
 */
final class PacedFlowRules {

    /** The span over which events are counted: ONOS's two slots of one second. */
    static final long WINDOW_MS = 2_000;
    /** The most events sent to a switch in any window: ONOS pauses above 100, other apps' rules count too. */
    static final int EVENTS_PER_WINDOW = 80;
    /** The events of each window kept for urgent installs. */
    static final int URGENT_ROOM = 20;

    private enum Kind { ADD, REMOVE, MODIFY }

    /** A write that waits. */
    private static final class Write {
        final Kind kind;
        final List<FlowRule> rules;
        final Function<List<FlowRule>, FlowRuleOperationsContext> context;
        final boolean urgent;

        Write(Kind kind, List<FlowRule> rules, Function<List<FlowRule>, FlowRuleOperationsContext> context,
              boolean urgent) {
            this.kind = kind;
            this.rules = new ArrayList<>(rules);
            this.context = context;
            this.urgent = urgent;
        }

        boolean touches(List<FlowRule> others) {
            return others.stream().anyMatch(o -> rules.stream().anyMatch(r -> r.id().equals(o.id())));
        }

        // What ONOS counts for each of its rules in one batch: the operation; a removal also the switch's
        // FLOW_REMOVED. The batch itself counts one more.
        int perRule() {
            return kind == Kind.REMOVE ? 2 : 1;
        }
    }

    /** One switch: what it was sent lately and what waits. */
    private static final class Device {
        final Deque<long[]> sent = new ArrayDeque<>();
        final LinkedList<Write> waiting = new LinkedList<>();
        int inWindow;
    }

    private final FlowRuleService service;
    private final LongSupplier clockMs;
    private final Map<DeviceId, Device> devices = new HashMap<>();

    /**
     * Creates the writer.
     *
     * @param service ONOS's flow rules
     * @param clockMs the time now
     */
    PacedFlowRules(FlowRuleService service, LongSupplier clockMs) {
        this.service = service;
        this.clockMs = clockMs;
    }

    /**
     * Installs rules, in batches of ONOS operations of one switch each, each batch with its own context.
     *
     * @param rules the rules
     * @param context the context of a batch, given its rules
     * @param urgent true to go ahead of what waits
     */
    void install(List<FlowRule> rules, Function<List<FlowRule>, FlowRuleOperationsContext> context, boolean urgent) {
        byDevice(rules).forEach((device, batch) -> enqueue(device, new Write(Kind.ADD, batch, context, urgent)));
    }

    /**
     * Modifies rules in place (same id, a new treatment); a rule whose install waits is installed as it is now.
     *
     * @param rules the rules as they should be
     */
    void modify(List<FlowRule> rules) {
        for (Map.Entry<DeviceId, List<FlowRule>> e : byDevice(rules).entrySet()) {
            List<FlowRule> rest = new ArrayList<>();
            for (FlowRule r : e.getValue()) {
                if (!replaceWaiting(e.getKey(), r)) {
                    rest.add(r);
                }
            }
            if (!rest.isEmpty()) {
                enqueue(e.getKey(), new Write(Kind.MODIFY, rest, null, false));
            }
        }
    }

    /**
     * Removes rules; one whose install still waits is never sent.
     *
     * @param rules the rules
     */
    void remove(List<FlowRule> rules) {
        for (Map.Entry<DeviceId, List<FlowRule>> e : byDevice(rules).entrySet()) {
            List<FlowRule> rest = new ArrayList<>();
            for (FlowRule r : e.getValue()) {
                if (!cancelWaiting(e.getKey(), r.id())) {
                    rest.add(r);
                }
            }
            if (!rest.isEmpty()) {
                enqueue(e.getKey(), new Write(Kind.REMOVE, rest, null, false));
            }
        }
    }

    /**
     * Counts a rule the switch removed on its own, as ONOS did.
     *
     * @param device the switch
     */
    void removedBySwitch(DeviceId device) {
        Device d = devices.computeIfAbsent(device, k -> new Device());
        spend(d, clockMs.getAsLong(), 1);
    }

    /**
     * Sends what waits, as far as the switches' windows have room.
     */
    void flush() {
        long now = clockMs.getAsLong();
        for (Device d : devices.values()) {
            send(d, now);
        }
    }

    /**
     * Returns how many rules wait to be written.
     *
     * @return rules
     */
    int waiting() {
        int n = 0;
        for (Device d : devices.values()) {
            for (Write w : d.waiting) {
                n += w.rules.size();
            }
        }
        return n;
    }

    /**
     * Forgets every write that waits (the app removes all its rules at once).
     */
    void clear() {
        devices.values().forEach(d -> d.waiting.clear());
    }

    private void enqueue(DeviceId device, Write w) {
        if (w.rules.isEmpty()) {
            return;
        }
        Device d = devices.computeIfAbsent(device, k -> new Device());
        if (w.urgent && d.waiting.stream().noneMatch(o -> o.touches(w.rules))) {
            // After the urgent ones already waiting, ahead of the rest.
            ListIterator<Write> at = d.waiting.listIterator();
            while (at.hasNext()) {
                if (!at.next().urgent) {
                    at.previous();
                    break;
                }
            }
            at.add(w);
        } else {
            d.waiting.add(w);
        }
        send(d, clockMs.getAsLong());
    }

    private boolean cancelWaiting(DeviceId device, FlowId id) {
        Device d = devices.get(device);
        if (d == null) {
            return false;
        }
        boolean found = false;
        for (Iterator<Write> it = d.waiting.iterator(); it.hasNext();) {
            Write w = it.next();
            if (w.kind != Kind.REMOVE && w.rules.removeIf(r -> r.id().equals(id))) {
                found |= w.kind == Kind.ADD;
                if (w.rules.isEmpty()) {
                    it.remove();
                }
            }
        }
        return found;
    }

    private boolean replaceWaiting(DeviceId device, FlowRule rule) {
        Device d = devices.get(device);
        if (d == null) {
            return false;
        }
        for (Write w : d.waiting) {
            if (w.kind == Kind.ADD) {
                for (int i = 0; i < w.rules.size(); i++) {
                    if (w.rules.get(i).id().equals(rule.id())) {
                        w.rules.set(i, rule);
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private void send(Device d, long now) {
        while (!d.sent.isEmpty() && d.sent.peekFirst()[0] <= now - WINDOW_MS) {
            d.inWindow -= (int) d.sent.pollFirst()[1];
        }
        while (!d.waiting.isEmpty()) {
            Write w = d.waiting.peekFirst();
            int room = EVENTS_PER_WINDOW - (w.urgent ? 0 : URGENT_ROOM) - d.inWindow;
            int n = Math.min(w.rules.size(), (room - 1) / w.perRule());
            if (n <= 0) {
                return;
            }
            List<FlowRule> part = new ArrayList<>(w.rules.subList(0, n));
            w.rules.subList(0, n).clear();
            if (w.rules.isEmpty()) {
                d.waiting.pollFirst();
            }
            spend(d, now, n * w.perRule() + 1);
            write(w, part);
        }
    }

    private void write(Write w, List<FlowRule> rules) {
        if (w.kind == Kind.REMOVE) {
            service.removeFlowRules(rules.toArray(new FlowRule[0]));
            return;
        }
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        if (w.kind == Kind.ADD) {
            rules.forEach(ops::add);
            service.apply(ops.build(w.context.apply(rules)));
        } else {
            rules.forEach(ops::modify);
            service.apply(ops.build());
        }
    }

    private static void spend(Device d, long now, int events) {
        d.sent.addLast(new long[]{now, events});
        d.inWindow += events;
    }

    private static Map<DeviceId, List<FlowRule>> byDevice(List<FlowRule> rules) {
        Map<DeviceId, List<FlowRule>> out = new LinkedHashMap<>();
        rules.forEach(r -> out.computeIfAbsent(r.deviceId(), k -> new ArrayList<>()).add(r));
        return out;
    }
}
