package org.fudp.loop;

/**
 * One reading of a meter's counters, as the host got it from the switch: what entered it and what
 * its DROP band dropped. What passed is what a metered flow delivered.
 */
public final class MeterReading {

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
     * @param bytesDropped the bytes its band dropped, cumulative
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
     * Returns the bytes that passed the meter.
     *
     * @return bytes in less bytes dropped, cumulative
     */
    public long bytesPassed() {
        return Math.max(0, bytesIn - bytesDropped);
    }
}
