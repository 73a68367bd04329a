// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.events;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.fudp.loop.api.commands.MeterSpec;

/**
 * One reading of a meter's counters, as the host got it from the switch: what entered it and what
 * its DROP band dropped. What passed is what a metered flow delivered. A host that cannot read the
 * band's counters (ONOS 2.7 keeps only a meter's input counters) reports the drops as
 * {@link #DROPS_UNCOUNTED}; the loop then takes the meter to pass what entered it, up to its rate.
 */
public final class MeterReading {

    /** The drops of a meter whose band counters the host cannot read. */
    public static final long DROPS_UNCOUNTED = -1;

    private final long key;
    private final long sampleMs;
    private final long bytesIn;
    private final long bytesDropped;

    /**
     * Creates a reading.
     *
     * @param key the meter's {@link MeterSpec#key()}
     * @param sampleMs when the switch's counters were read
     * @param bytesIn the bytes that entered the meter, cumulative
     * @param bytesDropped the bytes its band dropped, cumulative; {@link #DROPS_UNCOUNTED} if unknown
     */
    public MeterReading(long key, long sampleMs, long bytesIn, long bytesDropped) {
        this.key = key;
        this.sampleMs = sampleMs;
        this.bytesIn = bytesIn;
        this.bytesDropped = bytesDropped;
    }

    public long key() {
        return key;
    }

    public long sampleMs() {
        return sampleMs;
    }

    /**
     * Returns the bytes that entered the meter.
     *
     * @return bytes, cumulative
     */
    public long bytesIn() {
        return bytesIn;
    }

    /**
     * Tells whether the band's drops were counted.
     *
     * @return false if the host could read only what entered the meter
     */
    public boolean dropsCounted() {
        return bytesDropped != DROPS_UNCOUNTED;
    }

    /**
     * Returns the bytes that passed the meter.
     *
     * @return bytes in less bytes dropped, cumulative; bytes in if the drops were not counted
     */
    public long bytesPassed() {
        return dropsCounted() ? Math.max(0, bytesIn - bytesDropped) : bytesIn;
    }

    /**
     * Indexes readings by their key.
     *
     * @param readings the readings
     * @return them by key; of two with one key, the later
     */
    public static Map<Long, MeterReading> byKey(Collection<MeterReading> readings) {
        Map<Long, MeterReading> byKey = new HashMap<>();
        for (MeterReading r : readings) {
            byKey.put(r.key(), r);
        }
        return byKey;
    }
}
