// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.commands.RuleSpec;

import java.util.Map;

/**
 * The meter a flow passes now (a metered facility's flow, or one that failed over to meters while its adjustor is
 * down), and what its meters passed over the flow's life. A flow changes
 * meters as its limit changes, so what it delivered is what the meters before passed plus what this one
 * has; and a meter changed after its last reading passed more than any reading shows, so the delivered
 * rate starts again at the new meter's first reading.
 */
public final class MeterWindow {

    // Whether a meter may hold the flow: a UDP flow of a set.
    private final boolean meterable;
    private final RateEstimator delivered;
    private long key = RuleSpec.NO_METER;
    private long rateBps;
    private boolean dropsCounted = true;
    private long passedBase;
    private long currentPassed;
    private boolean open;

    MeterWindow(boolean meterable, RateEstimator delivered) {
        this.meterable = meterable;
        this.delivered = delivered;
    }

    /**
     * Notes that the flow's packets now pass another meter (or none): what passed the old one stays in the
     * flow's delivered bytes, and the new one's counters add to it.
     *
     * @param meterKey the meter, {@link RuleSpec#NO_METER} for none or for one the host cannot read
     * @param meterRateBps the meter's rate, bit/s; 0 for none
     */
    public void attached(long meterKey, long meterRateBps) {
        passedBase += currentPassed;
        currentPassed = 0;
        key = meterKey;
        rateBps = meterRateBps;
        open = false;
    }

    boolean present() {
        return meterable && key != RuleSpec.NO_METER;
    }

    long rateBps() {
        return rateBps;
    }

    boolean dropsCounted() {
        return dropsCounted;
    }

    /**
     * Starts a new measurement window at the flow's meter as read after it took effect.
     *
     * @param readings the meter readings, by meter key
     * @param notBeforeMs only readings at or after this time count
     * @return true if the window now starts at such a reading, or the flow has no meter to read
     */
    public boolean rebase(Map<Long, MeterReading> readings, long notBeforeMs) {
        if (!present()) {
            return true;
        }
        MeterReading r = readings.get(key);
        if (r != null && r.sampleMs() >= notBeforeMs) {
            take(r);
            delivered.rebase(r.sampleMs(), passedBase + currentPassed, 0);
            open = true;
        }
        return open;
    }

    /**
     * Takes this period's reading of the flow's meter: what it delivered.
     *
     * @param nowMs the period's time
     * @param readings the meter readings, by meter key
     */
    public void measure(long nowMs, Map<Long, MeterReading> readings) {
        if (!present()) {
            return;
        }
        MeterReading r = readings.get(key);
        if (r == null) {
            delivered.missing(nowMs);
            return;
        }
        take(r);
        if (open) {
            delivered.update(nowMs, r.sampleMs(), passedBase + currentPassed, 0);
        } else {
            delivered.rebase(r.sampleMs(), passedBase + currentPassed, 0);
            open = true;
        }
    }

    private void take(MeterReading r) {
        dropsCounted = r.dropsCounted();
        currentPassed = r.bytesPassed();
    }
}
