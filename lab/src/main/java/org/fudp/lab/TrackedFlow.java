package org.fudp.lab;

import org.fudp.protocol.FiveTuple;

/**
 * A flow the controller learnt from a packet-in, with its counters of the last period.
 */
final class TrackedFlow {

    private final long number;
    private final FiveTuple tuple;
    private final String cfsId;
    private final String flowId;
    private long lastNanos;
    private long lastBytes;
    private long lastOnwardBytes;
    private boolean member;
    private int idlePeriods;

    TrackedFlow(long number, FiveTuple tuple, String cfsId, long installedNanos) {
        this.number = number;
        this.tuple = tuple;
        this.cfsId = cfsId;
        this.lastNanos = installedNanos;
        this.flowId = (tuple.protocol() == FiveTuple.TCP ? "tcp " : "udp ") + tuple.src().getHostAddress() + ":"
                + tuple.srcPort() + ">" + tuple.dst().getHostAddress() + ":" + tuple.dstPort();
    }

    long number() {
        return number;
    }

    FiveTuple tuple() {
        return tuple;
    }

    // The CFS, or null when the destination is behind no bottleneck.
    String cfsId() {
        return cfsId;
    }

    String flowId() {
        return flowId;
    }

    boolean isUdp() {
        return tuple.protocol() == FiveTuple.UDP;
    }

    boolean viaAdjustor() {
        return isUdp() && cfsId != null;
    }

    /**
     * Updates CFS membership from the bytes the flow moved this period: a flow joins once it moves
     * {@code joinBytes} in a period and leaves after {@code gracePeriods} periods in a row below
     * {@code idleBytes}.
     *
     * @param bytes bytes moved this period
     * @param joinBytes bytes that make a flow a member
     * @param idleBytes bytes below which a period counts as idle
     * @param gracePeriods idle periods before a member leaves
     * @return whether the flow is a member this period
     */
    boolean updateMembership(double bytes, long joinBytes, long idleBytes, int gracePeriods) {
        if (bytes >= joinBytes) {
            member = true;
            idlePeriods = 0;
        } else if (bytes < idleBytes) {
            idlePeriods++;
            if (idlePeriods >= gracePeriods) {
                member = false;
            }
        } else {
            idlePeriods = 0;
        }
        return member;
    }

    /**
     * Takes this period's counters and returns the bytes moved since the last period.
     *
     * @param nowNanos time of the counter read
     * @param bytes counter of the rule from the source
     * @param onwardBytes counter of the rule after the adjustor (ignored unless via the adjustor)
     * @return {seconds elapsed, bytes from the source, bytes after the adjustor}
     */
    double[] advance(long nowNanos, long bytes, long onwardBytes) {
        double seconds = (nowNanos - lastNanos) / 1e9;
        double[] out = {seconds, bytes - lastBytes, onwardBytes - lastOnwardBytes};
        lastNanos = nowNanos;
        lastBytes = bytes;
        lastOnwardBytes = onwardBytes;
        return out;
    }
}
