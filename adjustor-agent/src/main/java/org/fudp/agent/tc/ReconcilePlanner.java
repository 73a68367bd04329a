// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Plans, without side effects, the tc batch that reconciles an installed state with a desired set
 * of limits.
 *
 * <p>The plan deletes first (filters, then class, since HTB refuses to delete a class a filter
 * points to), so that freed ids are reused by the flows created in the same batch; then changes the
 * rate of kept flows with {@code class change} (a kept flow's class is never re-created: creating
 * HTB classes costs far more than changing them, and its queue and counters survive); then creates.
 * Flows are visited in a fixed order and take the smallest free node of their hash bucket, which
 * names their class ({@code 1BB:N}) and both filters, so the same inputs always give the same batch.
 * The tree's layout is in {@link TcLayout}.
 */
final class ReconcilePlanner {

    private final ShaperOptions options;

    ReconcilePlanner(ShaperOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * Plans the batch.
     *
     * @param actual what is installed
     * @param desired the full desired set
     * @return the plan
     * @throws IllegalArgumentException if a flow appears twice, is neither TCP nor UDP, has a rate
     *     or burst tc cannot express ({@link HtbFlowShaper#MIN_RATE_BPS}, {@link HtbFlowShaper#MAX_BURST_BYTES}),
     *     or the tree has no room for it
     */
    Plan plan(ShaperState actual, Collection<FlowLimit> desired) {
        Map<FiveTuple, FlowLimit> want = normalize(desired);
        List<TcOp> ops = new ArrayList<>();
        if (!actual.base() && want.isEmpty()) {
            // Nothing to limit: leave the interface as it is rather than build an empty tree.
            return new Plan(ops, actual, 0, 0, 0);
        }
        if (!actual.base()) {
            ops.add(TcOp.qdisc());
            if (options.classifier() == Classifier.U32) {
                for (boolean v6 : new boolean[] {false, true}) {
                    ops.add(TcOp.hashTable(v6));
                    ops.add(TcOp.link(v6, FiveTuple.UDP));
                    ops.add(TcOp.link(v6, FiveTuple.TCP));
                }
            }
            for (int b = 0; b < TcLayout.BUCKETS; b++) {
                ops.add(TcOp.group(TcOp.Kind.ADD_GROUP_CLASS, b));
                ops.add(TcOp.group(TcOp.Kind.ADD_GROUP_QDISC, b));
            }
        }

        List<FlowEntry> gone = new ArrayList<>();
        List<FlowEntry> kept = new ArrayList<>();
        for (FlowEntry e : actual.entries().values()) {
            (want.containsKey(e.flow()) ? kept : gone).add(e);
        }
        TcLayout.sortByFlow(gone, FlowEntry::flow);
        TcLayout.sortByFlow(kept, FlowEntry::flow);
        for (FlowEntry e : gone) {
            if (e.root()) {
                ops.add(TcOp.flow(TcOp.Kind.DELETE_ROOT_FILTER, e));
            }
            if (e.inner()) {
                ops.add(TcOp.flow(TcOp.Kind.DELETE_INNER_FILTER, e));
            }
            ops.add(TcOp.flow(TcOp.Kind.DELETE_CLASS, e));
        }

        Map<Integer, BitSet> used = new HashMap<>();
        for (FlowEntry e : kept) {
            used.computeIfAbsent(e.bucket(), k -> fresh()).set(e.node());
        }
        int changed = 0;
        for (FlowEntry e : kept) {
            FlowLimit l = want.get(e.flow());
            boolean rateDiffers = l.rateBps() != e.rateBps() || l.burstBytes() != e.burstBytes();
            if (rateDiffers) {
                ops.add(TcOp.flow(TcOp.Kind.CHANGE_CLASS, e.withRate(l.rateBps(), l.burstBytes())));
            }
            if (!e.inner()) {
                ops.add(TcOp.flow(TcOp.Kind.ADD_INNER_FILTER, e));
            }
            if (!e.root()) {
                ops.add(TcOp.flow(TcOp.Kind.ADD_ROOT_FILTER, e));
            }
            if (rateDiffers || !e.complete()) {
                changed++;
            }
        }

        List<FiveTuple> fresh = new ArrayList<>();
        for (FiveTuple f : want.keySet()) {
            if (!actual.entries().containsKey(f)) {
                fresh.add(f);
            }
        }
        TcLayout.sortByFlow(fresh, f -> f);
        for (FiveTuple f : fresh) {
            FlowLimit l = want.get(f);
            int bucket = options.hashKey().bucket(f);
            BitSet nodes = used.computeIfAbsent(bucket, k -> fresh());
            int node = nodes.nextClearBit(1);
            if (node > TcLayout.MAX_NODE) {
                throw new IllegalArgumentException("cannot limit " + f + ": hash bucket " + Integer.toHexString(bucket)
                        + " of key " + options.hashKey() + " holds " + TcLayout.MAX_NODE
                        + " flows already; choose another hash key");
            }
            nodes.set(node);
            FlowEntry e = new FlowEntry(f, bucket, node, l.rateBps(), l.burstBytes(), false, false);
            ops.add(TcOp.flow(TcOp.Kind.ADD_CLASS, e));
            ops.add(TcOp.flow(TcOp.Kind.ADD_INNER_FILTER, e));
            ops.add(TcOp.flow(TcOp.Kind.ADD_ROOT_FILTER, e));
        }
        return new Plan(ops, actual.after(ops), fresh.size(), changed, gone.size());
    }

    private static BitSet fresh() {
        BitSet b = new BitSet();
        b.set(0);
        return b;
    }

    /**
     * Checks the desired set (before anything runs, so a set tc would refuse half way is refused
     * whole), raises small bursts to the configured minimum and lowers bursts tc could not hold at
     * their rate ({@link HtbFlowShaper#maxBurstBytes}).
     *
     * @param desired desired limits
     * @return limits by flow
     */
    Map<FiveTuple, FlowLimit> normalize(Collection<FlowLimit> desired) {
        Objects.requireNonNull(desired, "desired");
        Map<FiveTuple, FlowLimit> want = new HashMap<>();
        for (FlowLimit l : desired) {
            Objects.requireNonNull(l, "desired contains null");
            FiveTuple f = l.flow();
            if (f.protocol() != FiveTuple.UDP && f.protocol() != FiveTuple.TCP) {
                throw new IllegalArgumentException("flow.protocol must be 17 (udp) or 6 (tcp), was "
                        + f.protocol() + " in " + f);
            }
            if (l.rateBps() < HtbFlowShaper.MIN_RATE_BPS) {
                throw new IllegalArgumentException("rate " + l.rateBps() + " bit/s of " + f + " is below "
                        + HtbFlowShaper.MIN_RATE_BPS + " bit/s, the lowest rate tc can set");
            }
            if (l.burstBytes() > HtbFlowShaper.MAX_BURST_BYTES) {
                throw new IllegalArgumentException("burst " + l.burstBytes() + " B of " + f + " is above "
                        + HtbFlowShaper.MAX_BURST_BYTES + " B, the highest burst tc can set");
            }
            long burst = Math.min(Math.max(l.burstBytes(), options.minBurstBytes()),
                    HtbFlowShaper.maxBurstBytes(l.rateBps()));
            FlowLimit n = burst == l.burstBytes() ? l : new FlowLimit(f, l.rateBps(), burst);
            if (want.put(f, n) != null) {
                throw new IllegalArgumentException("desired contains flow " + f + " more than once");
            }
        }
        return want;
    }
}
