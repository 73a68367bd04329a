package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.Objects;

/**
 * One limited flow as installed: its HTB class, its limit and the handle of the filter that steers
 * its packets there. A class without a filter exists only after a batch stopped between the two.
 */
final class FlowEntry {

    /** Filter handle meaning "no filter installed". */
    static final int NO_FILTER = -1;

    private final FiveTuple flow;
    private final int minor;
    private final long rateBps;
    private final long burstBytes;
    private final int filter;

    FlowEntry(FiveTuple flow, int minor, long rateBps, long burstBytes, int filter) {
        this.flow = Objects.requireNonNull(flow, "flow");
        this.minor = minor;
        this.rateBps = rateBps;
        this.burstBytes = burstBytes;
        this.filter = filter;
    }

    FiveTuple flow() {
        return flow;
    }

    int minor() {
        return minor;
    }

    long rateBps() {
        return rateBps;
    }

    long burstBytes() {
        return burstBytes;
    }

    int filter() {
        return filter;
    }

    boolean hasFilter() {
        return filter != NO_FILTER;
    }

    FlowEntry withRate(long rate, long burst) {
        return new FlowEntry(flow, minor, rate, burst, filter);
    }

    FlowEntry withFilter(int handle) {
        return new FlowEntry(flow, minor, rateBps, burstBytes, handle);
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
        return minor == that.minor && rateBps == that.rateBps && burstBytes == that.burstBytes
                && filter == that.filter && flow.equals(that.flow);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flow, minor, rateBps, burstBytes, filter);
    }

    @Override
    public String toString() {
        return flow + " class " + TcLayout.classId(minor) + " " + rateBps + " bit/s burst " + burstBytes
                + (hasFilter() ? " filter " + Integer.toHexString(filter) : " no filter");
    }
}
