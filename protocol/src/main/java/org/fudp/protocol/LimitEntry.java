// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.util.Objects;

/**
 * One entry of a SNAPSHOT or DELTA: limit a flow (ADD) or lift its limit (REMOVE).
 */
public final class LimitEntry {

    private final EntryOp op;
    private final FiveTuple flow;
    private final long rateBps;
    private final long burstBytes;

    private LimitEntry(EntryOp op, FiveTuple flow, long rateBps, long burstBytes) {
        this.op = op;
        this.flow = flow;
        this.rateBps = rateBps;
        this.burstBytes = burstBytes;
    }

    /**
     * Creates an ADD entry.
     *
     * @param limit the limit to apply
     * @return the entry
     */
    public static LimitEntry add(FlowLimit limit) {
        Objects.requireNonNull(limit, "limit");
        return new LimitEntry(EntryOp.ADD, limit.flow(), limit.rateBps(), limit.burstBytes());
    }

    /**
     * Creates a REMOVE entry.
     *
     * @param flow the flow whose limit is lifted
     * @return the entry
     */
    public static LimitEntry remove(FiveTuple flow) {
        return new LimitEntry(EntryOp.REMOVE, Objects.requireNonNull(flow, "flow"), 0, 0);
    }

    /**
     * Returns the operation.
     *
     * @return ADD or REMOVE
     */
    public EntryOp op() {
        return op;
    }

    /**
     * Returns the flow.
     *
     * @return the flow's 5-tuple
     */
    public FiveTuple flow() {
        return flow;
    }

    /**
     * Returns the limit of an ADD entry.
     *
     * @return the limit
     * @throws IllegalStateException for a REMOVE entry
     */
    public FlowLimit limit() {
        if (op != EntryOp.ADD) {
            throw new IllegalStateException("a REMOVE entry has no limit");
        }
        return new FlowLimit(flow, rateBps, burstBytes);
    }

    /**
     * Returns the rate.
     *
     * @return rate in bit/s, 0 for REMOVE
     */
    public long rateBps() {
        return rateBps;
    }

    /**
     * Returns the burst.
     *
     * @return burst in bytes, 0 for REMOVE
     */
    public long burstBytes() {
        return burstBytes;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LimitEntry)) {
            return false;
        }
        LimitEntry that = (LimitEntry) o;
        return op == that.op && rateBps == that.rateBps && burstBytes == that.burstBytes
                && flow.equals(that.flow);
    }

    @Override
    public int hashCode() {
        return Objects.hash(op, flow, rateBps, burstBytes);
    }

    @Override
    public String toString() {
        return op == EntryOp.ADD ? "ADD " + flow + " @ " + rateBps + " bit/s burst " + burstBytes + " B"
                : "REMOVE " + flow;
    }
}
