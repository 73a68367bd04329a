package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The fixed handles of the tree a shaper builds, so that it can find (and adopt) its own tree.
 *
 * <pre>
 * qdisc htb 1: root default 0           unclassified packets skip HTB (its direct queue): unshaped
 *   class 1:N  htb rate R ceil R        one per limited flow, N = 1..ffff (hex), smallest free first
 *   u32:  prio 10 protocol ip           root table 800: holds two link filters (UDP, TCP) that
 *                                       hash into table 100: (256 buckets);
 *                                       flow filter handle 100:BB:NN, BB = bucket, NN = 1..fff
 *         prio 11 protocol ipv6         the same with table 200:
 *   flower: prio 20 (ip) / 21 (ipv6), filter handle = class minor
 * </pre>
 */
final class TcLayout {

    /** Major number of the root HTB qdisc. */
    static final int QDISC_MAJOR = 1;
    /** Highest class minor (class ids are 16 bits). */
    static final int MAX_MINOR = 0xffff;
    /** Highest u32 node id within one bucket (node ids are 12 bits). */
    static final int MAX_NODE = 0xfff;
    /** u32 hash tables have 256 buckets: one byte of key. */
    static final int BUCKETS = 256;

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
     * Returns the filter priority of a family's filters.
     *
     * @param classifier classifier in use
     * @param ipv6 true for IPv6
     * @return tc prio
     */
    static int prio(Classifier classifier, boolean ipv6) {
        return (classifier == Classifier.U32 ? 10 : 20) + (ipv6 ? 1 : 0);
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
     * Builds a u32 filter handle from its parts, as the kernel packs it.
     *
     * @param table hash table id
     * @param bucket bucket
     * @param node node id within the bucket
     * @return handle
     */
    static int u32Handle(int table, int bucket, int node) {
        return table << 20 | bucket << 12 | node;
    }

    /**
     * Renders a u32 filter handle as tc writes it, e.g. {@code 100:2a:1}.
     *
     * @param handle packed handle
     * @return text
     */
    static String u32HandleText(int handle) {
        return Integer.toHexString(handle >>> 20) + ":" + Integer.toHexString((handle >>> 12) & 0xff) + ":"
                + Integer.toHexString(handle & 0xfff);
    }

    /**
     * Renders a class id, e.g. {@code 1:2a}.
     *
     * @param minor class minor
     * @return text
     */
    static String classId(int minor) {
        return Integer.toHexString(QDISC_MAJOR) + ":" + Integer.toHexString(minor);
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
}
