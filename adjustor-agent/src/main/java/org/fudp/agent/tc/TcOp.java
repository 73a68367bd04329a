// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;

import java.util.Objects;

import static org.fudp.agent.tc.TcLayout.hex;

/**
 * One line of a tc batch, with enough meaning to replay its effect on a {@link ShaperState}. Each
 * op renders to exactly one line, so the line at which tc stops names the op that failed.
 */
final class TcOp {

    /** What a line does. */
    enum Kind {
        /** Root HTB qdisc. */
        ADD_QDISC,
        /** u32 hash table of one family. */
        ADD_HASH_TABLE,
        /** u32 filter in a family's root table that hashes one protocol into the family's table. */
        ADD_LINK,
        /** Class of one bucket's group. */
        ADD_GROUP_CLASS,
        /** HTB qdisc of one bucket's group. */
        ADD_GROUP_QDISC,
        /** HTB class of a new flow. */
        ADD_CLASS,
        /** New rate and burst of an existing class. */
        CHANGE_CLASS,
        /** Filter in the group steering a flow into its class. */
        ADD_INNER_FILTER,
        /** Filter at the root steering a flow into its group. */
        ADD_ROOT_FILTER,
        /** Removal of a flow's root filter. */
        DELETE_ROOT_FILTER,
        /** Removal of a flow's group filter; must precede the removal of its class. */
        DELETE_INNER_FILTER,
        /** Removal of a flow's class. */
        DELETE_CLASS
    }

    private final Kind kind;
    private final FlowEntry entry;
    private final boolean ipv6;
    private final int arg;

    private TcOp(Kind kind, FlowEntry entry, boolean ipv6, int arg) {
        this.kind = kind;
        this.entry = entry;
        this.ipv6 = ipv6;
        this.arg = arg;
    }

    static TcOp qdisc() {
        return new TcOp(Kind.ADD_QDISC, null, false, 0);
    }

    static TcOp hashTable(boolean ipv6) {
        return new TcOp(Kind.ADD_HASH_TABLE, null, ipv6, 0);
    }

    static TcOp link(boolean ipv6, int protocol) {
        return new TcOp(Kind.ADD_LINK, null, ipv6, protocol);
    }

    static TcOp group(Kind kind, int bucket) {
        return new TcOp(kind, null, false, bucket);
    }

    static TcOp flow(Kind kind, FlowEntry entry) {
        return new TcOp(kind, Objects.requireNonNull(entry, "entry"), entry.ipv6(), 0);
    }

    Kind kind() {
        return kind;
    }

    /**
     * Returns the flow entry this op creates, changes or deletes, with the op's rate.
     *
     * @return entry, null for the ops that build the fixed part of the tree
     */
    FlowEntry entry() {
        return entry;
    }

    boolean isBase() {
        return entry == null;
    }

    /**
     * Renders the op as one tc batch line.
     *
     * @param dev egress device
     * @param options shaper options
     * @return the line, without a newline
     */
    String render(String dev, ShaperOptions options) {
        Classifier cls = options.classifier();
        String root = "dev " + dev + " parent " + TcLayout.QDISC_MAJOR + ": ";
        String group = entry == null ? "" : "dev " + dev + " parent " + hex(TcLayout.group(entry.bucket())) + ": ";
        switch (kind) {
            case ADD_QDISC:
                return "qdisc add dev " + dev + " root handle " + TcLayout.QDISC_MAJOR + ": htb default 0";
            case ADD_HASH_TABLE:
                return "filter add " + root + "prio " + TcLayout.prio(cls, ipv6) + " protocol " + family()
                        + " handle " + hex(TcLayout.hashTable(ipv6)) + ": u32 divisor " + TcLayout.BUCKETS;
            case ADD_LINK:
                return "filter add " + root + "prio " + TcLayout.prio(cls, ipv6) + " protocol " + family()
                        + " u32 " + linkMatch() + " hashkey mask 0x" + String.format("%08x", options.hashKey().mask())
                        + " at " + options.hashKey().offset(ipv6) + " link " + hex(TcLayout.hashTable(ipv6)) + ":";
            case ADD_GROUP_CLASS:
                return "class add " + root + "classid " + TcLayout.groupClassId(arg) + " htb rate "
                        + TcLayout.GROUP_RATE + " ceil " + TcLayout.GROUP_RATE + " burst " + TcLayout.GROUP_BURST
                        + " cburst " + TcLayout.GROUP_BURST + " quantum " + options.quantumBytes();
            case ADD_GROUP_QDISC:
                return "qdisc add dev " + dev + " parent " + TcLayout.groupClassId(arg) + " handle "
                        + hex(TcLayout.group(arg)) + ": htb default 0";
            case ADD_CLASS:
            case CHANGE_CLASS:
                long burst = entry.burstBytes();
                return "class " + (kind == Kind.ADD_CLASS ? "add " : "change ") + group + "classid "
                        + entry.classId() + " htb rate " + entry.rateBps() + "bit ceil " + entry.rateBps()
                        + "bit burst " + burst + " cburst " + burst + " quantum " + options.quantumBytes();
            case DELETE_CLASS:
                return "class del " + group + "classid " + entry.classId();
            case ADD_INNER_FILTER:
                return "filter add " + group + innerSelector(cls) + (cls == Classifier.U32
                        ? " u32 match u8 0x" + (ipv6 ? "6" : "4") + "0 0xf0 at 0" + u32Match() + " flowid "
                        : flowerMatch() + " classid ") + entry.classId();
            case DELETE_INNER_FILTER:
                return "filter del " + group + innerSelector(cls) + (cls == Classifier.U32 ? " u32" : " flower");
            case ADD_ROOT_FILTER:
                return "filter add " + root + rootSelector(cls) + (cls == Classifier.U32
                        ? " u32 ht " + hex(TcLayout.hashTable(ipv6)) + ":" + hex(entry.bucket()) + ":" + u32Match()
                        + " flowid " : flowerMatch() + " classid ") + TcLayout.groupClassId(entry.bucket());
            case DELETE_ROOT_FILTER:
                return "filter del " + root + rootSelector(cls) + (cls == Classifier.U32 ? " u32" : " flower");
            default:
                throw new AssertionError(kind);
        }
    }

    private String family() {
        return ipv6 ? "ipv6" : "ip";
    }

    private String innerSelector(Classifier cls) {
        return "prio " + TcLayout.innerPrio(cls, ipv6) + " protocol " + (cls == Classifier.U32
                ? "all handle 800::" + hex(entry.node()) : family() + " handle 0x" + hex(entry.node()));
    }

    private String rootSelector(Classifier cls) {
        return "prio " + TcLayout.prio(cls, ipv6) + " protocol " + family() + " handle " + (cls == Classifier.U32
                ? TcLayout.rootU32Handle(ipv6, entry.bucket(), entry.node())
                : "0x" + hex(entry.bucket() << 12 | entry.node()));
    }

    private String linkMatch() {
        if (ipv6) {
            // Packets with extension headers carry another next-header value and stay unshaped.
            return "match ip6 protocol " + arg + " 0xff";
        }
        // Ports are matched at a fixed offset 20, so only plain 20-byte headers (IHL 5) of
        // unfragmented packets or first fragments qualify; the rest stay unshaped.
        return "match ip protocol " + arg + " 0xff match u8 0x05 0x0f at 0 match u16 0x0000 0x1fff at 6";
    }

    private String u32Match() {
        FiveTuple f = entry.flow();
        String ip = ipv6 ? "ip6" : "ip";
        int bits = ipv6 ? 128 : 32;
        return " match " + ip + " src " + f.src().getHostAddress() + "/" + bits
                + " match " + ip + " dst " + f.dst().getHostAddress() + "/" + bits
                + " match " + ip + " protocol " + f.protocol() + " 0xff"
                + " match " + ip + " sport " + f.srcPort() + " 0xffff"
                + " match " + ip + " dport " + f.dstPort() + " 0xffff";
    }

    private String flowerMatch() {
        FiveTuple f = entry.flow();
        return " flower ip_proto " + TcLayout.protocolName(f.protocol())
                + " src_ip " + f.src().getHostAddress() + " dst_ip " + f.dst().getHostAddress()
                + " src_port " + f.srcPort() + " dst_port " + f.dstPort();
    }

    @Override
    public String toString() {
        return kind + (entry == null ? " " + arg : " " + entry);
    }
}
