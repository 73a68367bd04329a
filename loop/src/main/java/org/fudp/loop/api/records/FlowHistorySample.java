// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.records;

/**
 * One control period of a flow, for charts.
 */
public final class FlowHistorySample {

    private final long timeMs;
    private final long demandBps;
    private final long throughputBps;
    private final long allocationBps;

    /**
     * Creates a sample.
     *
     * @param timeMs end of the period, epoch milliseconds
     * @param demandBps offered rate in bit/s
     * @param throughputBps delivered rate in bit/s
     * @param allocationBps rate limit in bit/s, -1 if none
     */
    public FlowHistorySample(long timeMs, long demandBps, long throughputBps, long allocationBps) {
        this.timeMs = timeMs;
        this.demandBps = demandBps;
        this.throughputBps = throughputBps;
        this.allocationBps = allocationBps;
    }

    /**
     * Returns the end of the period.
     *
     * @return epoch milliseconds
     */
    public long timeMs() {
        return timeMs;
    }

    /**
     * Returns the offered rate.
     *
     * @return bit/s
     */
    public long demandBps() {
        return demandBps;
    }

    /**
     * Returns the delivered rate.
     *
     * @return bit/s
     */
    public long throughputBps() {
        return throughputBps;
    }

    /**
     * Returns the rate limit.
     *
     * @return bit/s, -1 if none
     */
    public long allocationBps() {
        return allocationBps;
    }
}
