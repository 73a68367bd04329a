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
 * <p>The plan deletes first (filter, then class, since HTB refuses to delete a class a filter
 * points to), so that freed class ids are reused by the flows created in the same batch; then
 * changes the rate of kept flows with {@code class change} (a kept flow's class is never re-created:
 * creating HTB classes costs far more than changing them, and its queue and counters survive); then
 * creates. Flows are visited in a fixed order and take the smallest free class id and the smallest
 * free node of their hash bucket, so the same inputs always give the same batch.
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
     * @throws IllegalArgumentException if a flow appears twice, is neither TCP nor UDP, or the
     *     tree has no room for it
     */
    Plan plan(ShaperState actual, Collection<FlowLimit> desired) {
        Map<FiveTuple, FlowLimit> want = normalize(desired);
        List<TcOp> ops = new ArrayList<>();
        if (!actual.base()) {
            ops.add(TcOp.qdisc());
            if (options.classifier() == Classifier.U32) {
                for (boolean v6 : new boolean[] {false, true}) {
                    ops.add(TcOp.hashTable(v6));
                    ops.add(TcOp.link(v6, FiveTuple.UDP));
                    ops.add(TcOp.link(v6, FiveTuple.TCP));
                }
            }
        }

        List<FlowEntry> gone = new ArrayList<>();
        List<FlowEntry> kept = new ArrayList<>();
        for (FlowEntry e : actual.entries().values()) {
            (want.containsKey(e.flow()) ? kept : gone).add(e);
        }
        gone.sort((a, b) -> TcLayout.FLOW_ORDER.compare(a.flow(), b.flow()));
        kept.sort((a, b) -> TcLayout.FLOW_ORDER.compare(a.flow(), b.flow()));
        for (FlowEntry e : gone) {
            if (e.hasFilter()) {
                ops.add(TcOp.flow(TcOp.Kind.DELETE_FILTER, e));
            }
            ops.add(TcOp.flow(TcOp.Kind.DELETE_CLASS, e));
        }

        Allocator ids = new Allocator(options.classifier());
        for (FlowEntry e : kept) {
            ids.takeMinor(e.minor());
            if (e.hasFilter()) {
                ids.takeFilter(e.filter());
            }
        }
        int changed = 0;
        for (FlowEntry e : kept) {
            FlowLimit l = want.get(e.flow());
            boolean rateDiffers = l.rateBps() != e.rateBps() || l.burstBytes() != e.burstBytes();
            if (rateDiffers) {
                ops.add(TcOp.flow(TcOp.Kind.CHANGE_CLASS, e.withRate(l.rateBps(), l.burstBytes())));
            }
            if (!e.hasFilter()) {
                ops.add(TcOp.flow(TcOp.Kind.ADD_FILTER, e.withFilter(ids.newFilter(e.flow(), e.minor()))));
            }
            if (rateDiffers || !e.hasFilter()) {
                changed++;
            }
        }

        List<FiveTuple> fresh = new ArrayList<>();
        for (FiveTuple f : want.keySet()) {
            if (!actual.entries().containsKey(f)) {
                fresh.add(f);
            }
        }
        fresh.sort(TcLayout.FLOW_ORDER);
        for (FiveTuple f : fresh) {
            FlowLimit l = want.get(f);
            int minor = ids.newMinor(f);
            FlowEntry e = new FlowEntry(f, minor, l.rateBps(), l.burstBytes(), FlowEntry.NO_FILTER);
            ops.add(TcOp.flow(TcOp.Kind.ADD_CLASS, e));
            ops.add(TcOp.flow(TcOp.Kind.ADD_FILTER, e.withFilter(ids.newFilter(f, minor))));
        }
        return new Plan(ops, actual.after(ops), fresh.size(), changed, gone.size());
    }

    /**
     * Checks the desired set and raises small bursts to the configured minimum.
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
            FlowLimit n = l.burstBytes() >= options.minBurstBytes() ? l
                    : new FlowLimit(f, l.rateBps(), options.minBurstBytes());
            if (want.put(f, n) != null) {
                throw new IllegalArgumentException("desired contains flow " + f + " more than once");
            }
        }
        return want;
    }

    /** Hands out the smallest free class minor and filter handle. */
    private final class Allocator {
        private final Classifier classifier;
        private final BitSet minors = new BitSet();
        private final Map<Integer, BitSet> nodes = new HashMap<>();

        Allocator(Classifier classifier) {
            this.classifier = classifier;
            minors.set(0);
        }

        void takeMinor(int minor) {
            minors.set(minor);
        }

        void takeFilter(int handle) {
            if (classifier == Classifier.U32) {
                nodes.computeIfAbsent(handle >>> 12, k -> fresh()).set(handle & 0xfff);
            }
        }

        int newMinor(FiveTuple f) {
            int minor = minors.nextClearBit(1);
            if (minor > TcLayout.MAX_MINOR) {
                throw new IllegalArgumentException("cannot limit " + f + ": all " + TcLayout.MAX_MINOR
                        + " HTB class ids are in use");
            }
            minors.set(minor);
            return minor;
        }

        int newFilter(FiveTuple f, int minor) {
            if (classifier == Classifier.FLOWER) {
                return minor;
            }
            int table = TcLayout.hashTable(!f.isIpv4());
            int bucket = options.hashKey().bucket(f);
            BitSet used = nodes.computeIfAbsent(table << 8 | bucket, k -> fresh());
            int node = used.nextClearBit(1);
            if (node > TcLayout.MAX_NODE) {
                throw new IllegalArgumentException("cannot limit " + f + ": hash bucket " + Integer.toHexString(bucket)
                        + " of key " + options.hashKey() + " is full; choose another hash key");
            }
            used.set(node);
            return TcLayout.u32Handle(table, bucket, node);
        }

        private BitSet fresh() {
            BitSet b = new BitSet();
            b.set(0);
            return b;
        }
    }
}
