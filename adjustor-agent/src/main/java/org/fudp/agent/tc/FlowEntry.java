// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.Objects;

/**
 * One limited flow as installed: its bucket and node (which give its class {@code 1BB:N} and its
 * filter handles), its limit, and which of its two filters exist. Only after a batch stopped
 * half-way can a class lack a filter.
 */
final class FlowEntry {

    private final FiveTuple flow;
    private final int bucket;
    private final int node;
    private final long rateBps;
    private final long burstBytes;
    private final boolean inner;
    private final boolean root;

    FlowEntry(FiveTuple flow, int bucket, int node, long rateBps, long burstBytes, boolean inner, boolean root) {
        this.flow = Objects.requireNonNull(flow, "flow");
        this.bucket = bucket;
        this.node = node;
        this.rateBps = rateBps;
        this.burstBytes = burstBytes;
        this.inner = inner;
        this.root = root;
    }

    FiveTuple flow() {
        return flow;
    }

    boolean ipv6() {
        return !flow.isIpv4();
    }

    int bucket() {
        return bucket;
    }

    int node() {
        return node;
    }

    long rateBps() {
        return rateBps;
    }

    long burstBytes() {
        return burstBytes;
    }

    // Whether the group's filter steering the flow to its class exists.
    boolean inner() {
        return inner;
    }

    // Whether the root filter steering the flow to its group exists.
    boolean root() {
        return root;
    }

    boolean complete() {
        return inner && root;
    }

    String classId() {
        return TcLayout.flowClassId(bucket, node);
    }

    FlowEntry withRate(long rate, long burst) {
        return new FlowEntry(flow, bucket, node, rate, burst, inner, root);
    }

    FlowEntry withInner(boolean value) {
        return new FlowEntry(flow, bucket, node, rateBps, burstBytes, value, root);
    }

    FlowEntry withRoot(boolean value) {
        return new FlowEntry(flow, bucket, node, rateBps, burstBytes, inner, value);
    }

    FlowLimit limit() {
        return new FlowLimit(flow, rateBps, burstBytes);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FlowEntry)) {
            return false;
        }
        FlowEntry that = (FlowEntry) o;
        return bucket == that.bucket && node == that.node && rateBps == that.rateBps
                && burstBytes == that.burstBytes && inner == that.inner && root == that.root && flow.equals(that.flow);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flow, bucket, node, rateBps, burstBytes, inner, root);
    }

    @Override
    public String toString() {
        return flow + " class " + classId() + " " + rateBps + " bit/s burst " + burstBytes
                + (inner ? "" : " no group filter") + (root ? "" : " no root filter");
    }
}
