// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.records;

/**
 * One control period of a correlation flow set, for charts.
 */
public final class CfsSample {

    private final long timeMs;
    private final long tcpBps;
    private final long udpBps;
    private final long udpDemandBps;
    private final double jainIndex;
    private final CfsState state;

    /**
     * Creates a sample.
     *
     * @param timeMs end of the period, epoch milliseconds
     * @param tcpBps TCP aggregate in bit/s
     * @param udpBps UDP aggregate after the adjustors in bit/s
     * @param udpDemandBps UDP aggregate offered in bit/s
     * @param jainIndex Jain's index over the set's flows, NaN if unknown
     * @param state control state
     */
    public CfsSample(long timeMs, long tcpBps, long udpBps, long udpDemandBps, double jainIndex,
                     CfsState state) {
        this.timeMs = timeMs;
        this.tcpBps = tcpBps;
        this.udpBps = udpBps;
        this.udpDemandBps = udpDemandBps;
        this.jainIndex = jainIndex;
        this.state = state;
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
     * Returns the TCP aggregate.
     *
     * @return bit/s
     */
    public long tcpBps() {
        return tcpBps;
    }

    /**
     * Returns the UDP aggregate after the adjustors.
     *
     * @return bit/s
     */
    public long udpBps() {
        return udpBps;
    }

    /**
     * Returns the UDP aggregate offered.
     *
     * @return bit/s
     */
    public long udpDemandBps() {
        return udpDemandBps;
    }

    /**
     * Returns Jain's index.
     *
     * @return index, NaN if unknown
     */
    public double jainIndex() {
        return jainIndex;
    }

    /**
     * Returns the control state.
     *
     * @return state
     */
    public CfsState state() {
        return state;
    }
}
