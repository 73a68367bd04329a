package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;

import java.util.Objects;

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
        /** HTB class of a new flow. */
        ADD_CLASS,
        /** New rate and burst of an existing class. */
        CHANGE_CLASS,
        /** Filter steering a flow into its class. */
        ADD_FILTER,
        /** Removal of a flow's filter; must precede the removal of its class. */
        DELETE_FILTER,
        /** Removal of a flow's class. */
        DELETE_CLASS
    }

    private final Kind kind;
    private final FlowEntry entry;
    private final boolean ipv6;
    private final int protocol;

    private TcOp(Kind kind, FlowEntry entry, boolean ipv6, int protocol) {
        this.kind = kind;
        this.entry = entry;
        this.ipv6 = ipv6;
        this.protocol = protocol;
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

    static TcOp flow(Kind kind, FlowEntry entry) {
        return new TcOp(kind, Objects.requireNonNull(entry, "entry"), !entry.flow().isIpv4(), 0);
    }

    Kind kind() {
        return kind;
    }

    /**
     * Returns the flow entry this op creates, changes or deletes, as it is after the op.
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
        String on = "dev " + dev + " parent " + TcLayout.QDISC_MAJOR + ": ";
        Classifier cls = options.classifier();
        switch (kind) {
            case ADD_QDISC:
                return "qdisc add dev " + dev + " root handle " + TcLayout.QDISC_MAJOR + ": htb default 0";
            case ADD_HASH_TABLE:
                return "filter add " + on + "prio " + TcLayout.prio(cls, ipv6) + " protocol " + family()
                        + " handle " + hex(TcLayout.hashTable(ipv6)) + ": u32 divisor " + TcLayout.BUCKETS;
            case ADD_LINK:
                return "filter add " + on + "prio " + TcLayout.prio(cls, ipv6) + " protocol " + family()
                        + " u32 " + linkMatch() + " hashkey mask 0x" + String.format("%08x", options.hashKey().mask())
                        + " at " + options.hashKey().offset(ipv6) + " link " + hex(TcLayout.hashTable(ipv6)) + ":";
            case ADD_CLASS:
            case CHANGE_CLASS:
                long burst = entry.burstBytes();
                return "class " + (kind == Kind.ADD_CLASS ? "add " : "change ") + on + "classid "
                        + TcLayout.classId(entry.minor()) + " htb rate " + entry.rateBps() + "bit ceil "
                        + entry.rateBps() + "bit burst " + burst + " cburst " + burst + " quantum "
                        + options.quantumBytes();
            case DELETE_CLASS:
                return "class del " + on + "classid " + TcLayout.classId(entry.minor());
            case ADD_FILTER:
                return cls == Classifier.U32 ? addU32Filter(on) : addFlowerFilter(on);
            case DELETE_FILTER:
                return "filter del " + on + "prio " + TcLayout.prio(cls, ipv6) + " protocol " + family()
                        + " handle " + filterHandleText(cls) + (cls == Classifier.U32 ? " u32" : " flower");
            default:
                throw new AssertionError(kind);
        }
    }

    private String family() {
        return ipv6 ? "ipv6" : "ip";
    }

    private String linkMatch() {
        if (ipv6) {
            // Packets with extension headers carry another next-header value and stay unshaped.
            return "match ip6 protocol " + protocol + " 0xff";
        }
        // Ports are matched at a fixed offset 20, so only plain 20-byte headers (IHL 5) of
        // unfragmented packets or first fragments qualify; the rest stay unshaped.
        return "match ip protocol " + protocol + " 0xff match u8 0x05 0x0f at 0 match u16 0x0000 0x1fff at 6";
    }

    private String addU32Filter(String on) {
        FiveTuple f = entry.flow();
        String ip = ipv6 ? "ip6" : "ip";
        int bits = ipv6 ? 128 : 32;
        int handle = entry.filter();
        String bucket = hex(handle >>> 20) + ":" + hex((handle >>> 12) & 0xff) + ":";
        return "filter add " + on + "prio " + TcLayout.prio(Classifier.U32, ipv6) + " protocol " + family()
                + " handle " + TcLayout.u32HandleText(handle) + " u32 ht " + bucket
                + " match " + ip + " src " + f.src().getHostAddress() + "/" + bits
                + " match " + ip + " dst " + f.dst().getHostAddress() + "/" + bits
                + " match " + ip + " protocol " + f.protocol() + " 0xff"
                + " match " + ip + " sport " + f.srcPort() + " 0xffff"
                + " match " + ip + " dport " + f.dstPort() + " 0xffff"
                + " flowid " + TcLayout.classId(entry.minor());
    }

    private String addFlowerFilter(String on) {
        FiveTuple f = entry.flow();
        return "filter add " + on + "prio " + TcLayout.prio(Classifier.FLOWER, ipv6) + " protocol " + family()
                + " handle " + filterHandleText(Classifier.FLOWER) + " flower ip_proto "
                + TcLayout.protocolName(f.protocol())
                + " src_ip " + f.src().getHostAddress() + " dst_ip " + f.dst().getHostAddress()
                + " src_port " + f.srcPort() + " dst_port " + f.dstPort()
                + " classid " + TcLayout.classId(entry.minor());
    }

    private String filterHandleText(Classifier cls) {
        return cls == Classifier.U32 ? TcLayout.u32HandleText(entry.filter()) : "0x" + hex(entry.filter());
    }

    private static String hex(int value) {
        return Integer.toHexString(value);
    }

    @Override
    public String toString() {
        return kind + (entry == null ? (ipv6 ? " ipv6" : " ip") : " " + entry);
    }
}
