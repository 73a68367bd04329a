// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.util.Objects;

/**
 * The rate limit an adjustor applies to one flow: a token rate in bit/s and a burst in bytes.
 */
public final class FlowLimit {

    private final FiveTuple flow;
    private final long rateBps;
    private final long burstBytes;

    /**
     * Creates a flow limit.
     *
     * @param flow the limited flow
     * @param rateBps rate in bit/s, at least 1
     * @param burstBytes burst in bytes, at least 1
     * @throws IllegalArgumentException if rate or burst is not positive
     */
    public FlowLimit(FiveTuple flow, long rateBps, long burstBytes) {
        this.flow = Objects.requireNonNull(flow, "flow");
        if (rateBps < 1) {
            throw new IllegalArgumentException("rateBps must be at least 1, was " + rateBps);
        }
        if (burstBytes < 1) {
            throw new IllegalArgumentException("burstBytes must be at least 1, was " + burstBytes);
        }
        this.rateBps = rateBps;
        this.burstBytes = burstBytes;
    }

    /**
     * Returns the limited flow.
     *
     * @return flow identity
     */
    public FiveTuple flow() {
        return flow;
    }

    /**
     * Returns the rate.
     *
     * @return rate in bit/s
     */
    public long rateBps() {
        return rateBps;
    }

    /**
     * Returns the burst.
     *
     * @return burst in bytes
     */
    public long burstBytes() {
        return burstBytes;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlowLimit)) {
            return false;
        }
        FlowLimit that = (FlowLimit) o;
        return rateBps == that.rateBps && burstBytes == that.burstBytes && flow.equals(that.flow);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flow, rateBps, burstBytes);
    }

    @Override
    public String toString() {
        return flow + " @ " + rateBps + " bit/s burst " + burstBytes + " B";
    }
}
