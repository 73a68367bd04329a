package org.fudp.loop.flow;

import org.fudp.loop.api.MeterReading;
import org.fudp.loop.api.RuleSpec;

import java.util.Map;

/**
 * The meter a metered flow passes now, and what its meters passed over the flow's life. A flow changes
 * meters as its limit changes, so what it delivered is what the meters before passed plus what this one
 * has; and a meter changed after its last reading passed more than any reading shows, so the delivered
 * rate starts again at the new meter's first reading.
 */
final class MeterWindow {

    private long key = RuleSpec.NO_METER;
    private long rateBps;
    private boolean dropsCounted = true;
    private long passedBase;
    private long currentPassed;
    private boolean open;

    void attached(long meterKey, long meterRateBps) {
        passedBase += currentPassed;
        currentPassed = 0;
        key = meterKey;
        rateBps = meterRateBps;
        open = false;
    }

    boolean present() {
        return key != RuleSpec.NO_METER;
    }

    long rateBps() {
        return rateBps;
    }

    boolean dropsCounted() {
        return dropsCounted;
    }

    // Starts the window at the meter as read after it took effect; true once it starts at such a reading.
    boolean rebase(Map<Long, MeterReading> readings, long notBeforeMs, RateEstimator delivered) {
        MeterReading r = readings.get(key);
        if (r != null && r.sampleMs() >= notBeforeMs) {
            take(r);
            delivered.rebase(r.sampleMs(), passedBase + currentPassed, 0);
            open = true;
        }
        return open;
    }

    void measure(long nowMs, Map<Long, MeterReading> readings, RateEstimator delivered) {
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
