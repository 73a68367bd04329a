// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.collect.FlowCollection;
import org.fudp.loop.enforce.EnforcementBackend;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The measurement window each facility's flows start once new limits took effect at its enforcer.
 * Rates measured across the change mix the traffic before it with the traffic under it: a flow just
 * limited would look too fast for one more period and be reallocated twice. So the counters are
 * read again after the limits took effect, and the next period measures from there.
 */
final class MeasurementWindows {

    private final Collection<String> facilityIds;
    private final EnforcementBackend backend;
    private final FlowCollection collection;

    /**
     * Creates the measurement windows of a loop's facilities.
     *
     * @param facilityIds the facilities the loop controls, as they change
     * @param backend the enforcers, which know when new limits took effect
     * @param collection the loop's flow collection, which measures the flows
     */
    MeasurementWindows(Collection<String> facilityIds, EnforcementBackend backend, FlowCollection collection) {
        this.facilityIds = facilityIds;
        this.backend = backend;
        this.collection = collection;
    }

    /**
     * Returns when the counters should be read again to start new windows.
     *
     * @return the earliest time any facility's window is due, empty if none is pending
     */
    OptionalLong dueMs() {
        long due = Long.MAX_VALUE;
        for (String id : facilityIds) {
            Optional<long[]> w = backend.rebaseWindow(id);
            if (w.isPresent()) {
                due = Math.min(due, w.get()[0]);
            }
        }
        return due == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(due);
    }

    /**
     * Starts a new window for the flows of every facility whose window is due. A facility whose flows
     * all got a counter read after its limits took effect is done; the others wait for the next read.
     *
     * @param nowMs the time of the read
     * @param counters the rule counters read now, by rule key
     * @param meterReadings the meters read now, by meter key
     */
    void rebase(long nowMs, Map<Long, RuleCounter> counters, Map<Long, MeterReading> meterReadings) {
        for (String id : facilityIds) {
            Optional<long[]> w = backend.rebaseWindow(id);
            if (w.isEmpty() || nowMs < w.get()[0]) {
                continue;
            }
            if (collection.rebase(id, counters, meterReadings, w.get()[1])) {
                backend.rebased(id);
            }
        }
    }

    /**
     * Drops a facility's pending window: a period measured its flows anyway.
     *
     * @param facilityId the facility
     */
    void periodMeasured(String facilityId) {
        backend.rebased(facilityId);
    }
}
