package org.fudp.impl;

import org.fudp.api.Bottleneck;
import org.fudp.api.CorrelationFlowSet;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.Link;
import org.onosproject.net.Path;
import org.onosproject.net.Port;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.topology.PathService;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Decides which correlation flow set a flow belongs to.
 * <ol>
 *   <li>A configured bottleneck that has the flow's destination behind it; the longest
 *       matching prefix wins (a host id counts as a full-length prefix of each of its
 *       addresses), then the first in config order.</li>
 *   <li>Else the lowest-capacity link on the path from the facility to the destination host,
 *       capacities taken from the link's {@code bandwidth} annotation (Mbit/s) and the port
 *       speeds at both ends, the smallest known; on equal capacities the link nearest the
 *       destination, which more flows to that destination share.</li>
 *   <li>Else, when ONOS knows no host or path for the destination, the flows to the same
 *       destination address: they share at least its last hop.</li>
 * </ol>
 */
final class CfsGrouper {

    private static final long MBPS = 1_000_000L;

    private final HostService hostService;
    private final PathService pathService;
    private final DeviceService deviceService;

    CfsGrouper(HostService hostService, PathService pathService, DeviceService deviceService) {
        this.hostService = hostService;
        this.pathService = pathService;
        this.deviceService = deviceService;
    }

    /**
     * Where one flow's bottleneck is.
     */
    static final class Group {
        final String id;
        final CorrelationFlowSet.Kind kind;
        final ConnectPoint egress;
        final ConnectPoint linkDst;
        final long capacityBps;

        Group(String id, CorrelationFlowSet.Kind kind, ConnectPoint egress, ConnectPoint linkDst,
              long capacityBps) {
            this.id = id;
            this.kind = kind;
            this.egress = egress;
            this.linkDst = linkDst;
            this.capacityBps = capacityBps;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Group)) {
                return false;
            }
            Group g = (Group) o;
            return id.equals(g.id) && kind == g.kind && Objects.equals(egress, g.egress)
                    && Objects.equals(linkDst, g.linkDst) && capacityBps == g.capacityBps;
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, kind, egress, linkDst, capacityBps);
        }
    }

    /**
     * Returns the CFS id of a configured bottleneck.
     *
     * @param b the bottleneck
     * @return id
     */
    static String bottleneckId(Bottleneck b) {
        return "bottleneck:" + b.name();
    }

    /**
     * Finds the group of a flow.
     *
     * @param facility the facility switch the flow passes
     * @param dst the flow's destination address
     * @param bottlenecks the configured bottlenecks
     * @return the group
     */
    Group groupOf(DeviceId facility, IpAddress dst, List<Bottleneck> bottlenecks) {
        Bottleneck best = null;
        int bestLength = -1;
        for (Bottleneck b : bottlenecks) {
            int len = matchLength(b, dst);
            if (len > bestLength) {
                best = b;
                bestLength = len;
            }
        }
        if (best != null) {
            return new Group(bottleneckId(best), CorrelationFlowSet.Kind.CONFIGURED, best.egress(),
                    best.linkDst().orElse(null), best.capacityBps());
        }
        Group byPath = byPath(facility, dst);
        if (byPath != null) {
            return byPath;
        }
        return new Group("dst:" + dst, CorrelationFlowSet.Kind.DESTINATION, null, null, 0);
    }

    private int matchLength(Bottleneck b, IpAddress dst) {
        int best = -1;
        for (IpPrefix p : b.prefixes()) {
            if (p.contains(dst)) {
                best = Math.max(best, p.prefixLength());
            }
        }
        for (HostId h : b.hosts()) {
            Host host = hostService.getHost(h);
            if (host != null && host.ipAddresses().contains(dst)) {
                best = Math.max(best, dst.isIp4() ? IpPrefix.MAX_INET_MASK_LENGTH : IpPrefix.MAX_INET6_MASK_LENGTH);
            }
        }
        return best;
    }

    /**
     * Returns the first path ONOS knows from a facility to a destination address's host.
     *
     * @param facility the facility switch
     * @param dst destination address
     * @return path, or null if no host or path is known
     */
    Path pathTo(DeviceId facility, IpAddress dst) {
        Set<Host> hosts = hostService.getHostsByIp(dst);
        if (hosts == null) {
            return null;
        }
        for (Host h : hosts) {
            Set<Path> paths = pathService.getPaths(facility, h.id());
            if (paths != null && !paths.isEmpty()) {
                return paths.iterator().next();
            }
        }
        return null;
    }

    private Group byPath(DeviceId facility, IpAddress dst) {
        Path path = pathTo(facility, dst);
        if (path == null || path.links().isEmpty()) {
            return null;
        }
        Link lowest = null;
        long lowestCapacity = Long.MAX_VALUE;
        for (Link l : path.links()) {
            long c = capacity(l);
            if (c > 0 && c <= lowestCapacity) {
                lowest = l;
                lowestCapacity = c;
            }
        }
        if (lowest == null) {
            // No capacity known anywhere: the last hop is still shared by all flows to the host.
            lowest = path.links().get(path.links().size() - 1);
            lowestCapacity = 0;
        }
        return new Group("link:" + lowest.src() + "-" + lowest.dst(), CorrelationFlowSet.Kind.PATH_LINK,
                lowest.src(), lowest.dst(), lowestCapacity);
    }

    /**
     * Returns a link's capacity: the smallest of its bandwidth annotation and its ports' speeds.
     *
     * @param l the link
     * @return bit/s, 0 if nothing is known
     */
    long capacity(Link l) {
        long best = Long.MAX_VALUE;
        String bw = l.annotations().value(AnnotationKeys.BANDWIDTH);
        if (bw != null) {
            try {
                double mbps = Double.parseDouble(bw);
                if (mbps > 0) {
                    best = (long) (mbps * MBPS);
                }
            } catch (NumberFormatException e) {
                // an unusable annotation says nothing about capacity
            }
        }
        best = Math.min(best, portSpeed(l.src()));
        best = Math.min(best, portSpeed(l.dst()));
        return best == Long.MAX_VALUE ? 0 : best;
    }

    private long portSpeed(ConnectPoint cp) {
        if (!(cp.elementId() instanceof DeviceId)) {
            return Long.MAX_VALUE;
        }
        Port port = deviceService.getPort(cp.deviceId(), cp.port());
        if (port == null || port.portSpeed() <= 0) {
            return Long.MAX_VALUE;
        }
        return port.portSpeed() * MBPS;
    }
}
