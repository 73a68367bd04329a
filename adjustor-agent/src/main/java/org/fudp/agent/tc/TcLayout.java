// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * The fixed handles of the tree a shaper builds, so that it can find (and adopt) its own tree.
 *
 * <pre>
 * qdisc htb 1: root default 0             packets no filter claims skip HTB (direct queue): unshaped
 *   class 1:1BB  rate 100gbit             one group per hash bucket BB = 00..ff, built with the first
 *     qdisc htb 1BB: default 0            limit; the group's own HTB (17 buckets use 2BB, see GROUPS)
 *       class 1BB:N  rate R ceil R        one per limited flow, N = 1..fff, smallest free first
 *       filter prio 1 protocol all        u32 800::N, exact 5-tuple and IP version -> 1BB:N
 *              (flower: prio 20/21 protocol ip/ipv6, handle N)
 *   filter prio 10 protocol ip            two link filters (UDP, TCP) hash into table 100:
 *     table 100: bucket BB: 100:BB:N      exact 5-tuple -> group 1:1BB
 *   filter prio 11 protocol ipv6          the same with table 200:
 *          (flower: prio 20/21, handle BB * 0x1000 + N, exact 5-tuple -> 1:1BB)
 * </pre>
 *
 * <p>Why groups: when a class is created or deleted, the kernel re-binds filters by walking every
 * class of that qdisc ({@code tc_bind_tclass}), so in one flat HTB the n-th class costs O(n) and
 * 10,000 classes cost O(n^2). Putting each bucket's flows under their own HTB qdisc makes each
 * walk about n/256 long. A limited flow's packets are matched twice (root: to the group, group:
 * to the flow); all other packets are matched once, at the root, where nothing claims them.
 */
final class TcLayout {

    /** Major number of the root HTB qdisc. */
    static final int QDISC_MAJOR = 1;
    /** Highest node id within one bucket: u32 node ids are 12 bits. */
    static final int MAX_NODE = 0xfff;
    /** u32 hash tables have 256 buckets: one byte of key. One group per bucket. */
    static final int BUCKETS = 256;
    /** Rate of a group class: far above any interface, so a group never limits anything. */
    static final String GROUP_RATE = "100gbit";
    /**
     * Burst of a group class in bytes: 100 us at the group rate. tc's default for such a rate
     * rounds to 0, which would make HTB wait for tokens after every packet.
     */
    static final int GROUP_BURST = 1_250_000;

    /** Orders flows for deterministic plans: IPv4 first, then by address bytes, protocol, ports. */
    static final Comparator<FiveTuple> FLOW_ORDER = Comparator
            .comparing((FiveTuple f) -> !f.isIpv4())
            .thenComparing(f -> f.src().getAddress(), Arrays::compareUnsigned)
            .thenComparing(f -> f.dst().getAddress(), Arrays::compareUnsigned)
            .thenComparingInt(FiveTuple::protocol)
            .thenComparingInt(FiveTuple::srcPort)
            .thenComparingInt(FiveTuple::dstPort);

    private TcLayout() {
    }

    /**
     * Sorts items by their flow in {@link #FLOW_ORDER}, computing each flow's sort key once: the
     * comparator itself copies both addresses on every comparison, which dominated planning at
     * 10,000 flows.
     *
     * @param items items to sort, in place
     * @param flowOf the flow of an item
     * @param <T> item type
     */
    static <T> void sortByFlow(List<T> items, Function<T, FiveTuple> flowOf) {
        int n = items.size();
        long[][] keys = new long[n][];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            keys[i] = sortKey(flowOf.apply(items.get(i)));
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> compareKeys(keys[a], keys[b]));
        List<T> sorted = new ArrayList<>(n);
        for (Integer i : order) {
            sorted.add(items.get(i));
        }
        for (int i = 0; i < n; i++) {
            items.set(i, sorted.get(i));
        }
    }

    private static long[] sortKey(FiveTuple f) {
        ByteBuffer src = ByteBuffer.allocate(16);
        ByteBuffer dst = ByteBuffer.allocate(16);
        byte[] s = f.src().getAddress();
        byte[] d = f.dst().getAddress();
        // Right-align IPv4 addresses so that, within a family, the key orders like the bytes do.
        src.position(16 - s.length);
        src.put(s);
        dst.position(16 - d.length);
        dst.put(d);
        return new long[] {f.isIpv4() ? 0 : 1, src.getLong(0), src.getLong(8), dst.getLong(0), dst.getLong(8),
            (long) f.protocol() << 32 | (long) f.srcPort() << 16 | f.dstPort()};
    }

    private static int compareKeys(long[] a, long[] b) {
        for (int i = 0; i < a.length; i++) {
            int c = Long.compareUnsigned(a[i], b[i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Returns the root-level filter priority of a family's filters.
     *
     * @param classifier classifier in use
     * @param ipv6 true for IPv6
     * @return tc prio
     */
    static int prio(Classifier classifier, boolean ipv6) {
        return (classifier == Classifier.U32 ? 10 : 20) + (ipv6 ? 1 : 0);
    }

    /**
     * Returns the filter priority inside a group.
     *
     * @param classifier classifier in use
     * @param ipv6 true for IPv6
     * @return tc prio
     */
    static int innerPrio(Classifier classifier, boolean ipv6) {
        return classifier == Classifier.U32 ? 1 : 20 + (ipv6 ? 1 : 0);
    }

    /**
     * Returns the u32 hash table id of a family.
     *
     * @param ipv6 true for IPv6
     * @return table id (the 12-bit htid)
     */
    static int hashTable(boolean ipv6) {
        return ipv6 ? 0x200 : 0x100;
    }

    /**
     * Returns the major number of a bucket's group qdisc, which is also the minor of its class.
     *
     * @param bucket bucket 0..255
     * @return number 0x100..0x1ff
     */
    static int group(int bucket) {
        return GROUPS[bucket];
    }

    /**
     * Returns the bucket whose group has the given major number.
     *
     * @param major qdisc major number
     * @return bucket, or -1 if it is no group's
     */
    static int bucketOfGroup(int major) {
        int b = major & 0xff;
        return major >= 0x100 && GROUPS[b] == major ? b : -1;
    }

    /**
     * Picks each bucket's group major number: {@code 0x100 + bucket}, unless the kernel's qdisc hash
     * would put that handle in bucket 0. Every HTB leaf qdisc the kernel creates has handle 0 and
     * lands there, so looking up a group qdisc in that bucket (on every tc command addressed to the
     * group) walks one entry per limited flow: measured at 10,000 flows, 0.7-1 ms of CPU per
     * {@code class change} instead of 5-10 us. Such buckets take {@code 0x200 + bucket} (or higher).
     * The hash is the kernel's {@code hash_32(handle, 4)} over the 16-bucket {@code dev->qdisc_hash}.
     */
    private static final int[] GROUPS = new int[BUCKETS];

    static {
        for (int b = 0; b < BUCKETS; b++) {
            int major = 0x100 + b;
            while (qdiscHashBucket(major << 16) == 0) {
                major += 0x100;
            }
            GROUPS[b] = major;
        }
    }

    /**
     * Computes the kernel's {@code hash_32(handle, 4)}: multiply by the 32-bit golden ratio, keep
     * the top 4 bits.
     *
     * @param handle qdisc handle (major in the top 16 bits)
     * @return bucket 0..15 of {@code dev->qdisc_hash}
     */
    static int qdiscHashBucket(int handle) {
        return (handle * 0x61C88647) >>> 28;
    }

    /**
     * Renders a group class id, e.g. {@code 1:151}.
     *
     * @param bucket bucket
     * @return text
     */
    static String groupClassId(int bucket) {
        return hex(QDISC_MAJOR) + ":" + hex(group(bucket));
    }

    /**
     * Renders a flow's class id, e.g. {@code 151:2}.
     *
     * @param bucket bucket
     * @param node node within the bucket
     * @return text
     */
    static String flowClassId(int bucket, int node) {
        return hex(group(bucket)) + ":" + hex(node);
    }

    /**
     * Renders a root u32 filter handle, e.g. {@code 100:51:2}.
     *
     * @param ipv6 family
     * @param bucket bucket
     * @param node node
     * @return text
     */
    static String rootU32Handle(boolean ipv6, int bucket, int node) {
        return hex(hashTable(ipv6)) + ":" + hex(bucket) + ":" + hex(node);
    }

    /**
     * Names a protocol for tc's flower.
     *
     * @param protocol IP protocol number
     * @return name
     */
    static String protocolName(int protocol) {
        return protocol == FiveTuple.TCP ? "tcp" : "udp";
    }

    static String hex(int value) {
        return Integer.toHexString(value);
    }
}
