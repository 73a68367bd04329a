// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.Bottleneck;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.network.BottleneckTable;
import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.protocol.FlowIds;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
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

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The loop's view of an ONOS network: where a flow goes on from a facility and which bottleneck
 * it shares, from ONOS's host, path and device services and the configured bottlenecks.
 * <ol>
 *   <li>A configured bottleneck that has the flow's destination behind it, the longest matching
 *       prefix first ({@link BottleneckTable}); a host id counts as a full-length prefix of each
 *       of the addresses ONOS knows for it now.</li>
 *   <li>Else the lowest-capacity link on the path from the facility to the destination host,
 *       capacities from the link's {@code bandwidth} annotation (Mbit/s) and the port speeds at
 *       both ends, the smallest known; on equal capacities the link nearest the destination,
 *       which more flows to that destination share.</li>
 *   <li>Else, when ONOS knows no host or path for the destination, the flows to the same
 *       destination address: they share at least its last hop.</li>
 * </ol>
 */
final class OnosNetworkView implements NetworkView {

    private static final long MBPS = 1_000_000L;

    private final HostService hostService;
    private final PathService pathService;
    private final DeviceService deviceService;
    private final Supplier<List<Bottleneck>> bottlenecks;

    OnosNetworkView(HostService hostService, PathService pathService, DeviceService deviceService,
                    Supplier<List<Bottleneck>> bottlenecks) {
        this.hostService = hostService;
        this.pathService = pathService;
        this.deviceService = deviceService;
        this.bottlenecks = bottlenecks;
    }

    /**
     * Finds the port by which a flow leaves the facility toward its destination: the destination
     * host's own port if it hangs off the facility, else the first hop of the path ONOS knows to
     * it, else (routed networks, where the destination is behind a router) the port toward the
     * frame's next hop, the host that owns its destination MAC.
     */
    @Override
    public OptionalLong onwardPort(String facilityId, InetAddress dst, long dstMac) {
        DeviceId facility = DeviceId.deviceId(facilityId);
        OptionalLong p = towardHosts(facility, hostService.getHostsByIp(IpAddress.valueOf(dst)));
        if (p.isEmpty() && dstMac >= 0) {
            p = towardHosts(facility, hostService.getHostsByMac(MacAddress.valueOf(dstMac)));
        }
        return p;
    }

    private OptionalLong towardHosts(DeviceId facility, Set<Host> hosts) {
        if (hosts == null) {
            return OptionalLong.empty();
        }
        for (Host h : hosts) {
            if (h.location().deviceId().equals(facility)) {
                return OptionalLong.of(h.location().port().toLong());
            }
        }
        for (Host h : hosts) {
            Set<Path> paths = pathService.getPaths(facility, h.id());
            if (paths == null) {
                continue;
            }
            for (Path path : paths) {
                if (!path.links().isEmpty() && path.links().get(0).src().elementId().equals(facility)) {
                    return OptionalLong.of(path.links().get(0).src().port().toLong());
                }
            }
        }
        return OptionalLong.empty();
    }

    @Override
    public Optional<CfsAssignment> cfsOf(String facilityId, InetAddress dst) {
        Optional<CfsAssignment> configured = configured().lookup(dst);
        if (configured.isPresent()) {
            return configured;
        }
        Optional<CfsAssignment> byPath = byPath(DeviceId.deviceId(facilityId), IpAddress.valueOf(dst));
        if (byPath.isPresent()) {
            return byPath;
        }
        return Optional.of(new CfsAssignment("dst:" + FlowIds.address(dst), CfsKind.DESTINATION, 0, null, null));
    }

    /**
     * A configured bottleneck's prefix when its egress is the port the destination leaves this facility by:
     * every address behind it leaves there. Else the destination alone, whose way ONOS knows.
     */
    @Override
    public AddressPrefix aggregatePrefix(String facilityId, InetAddress dst, long onwardPort) {
        return configured().sharedPrefix(facilityId, dst, onwardPort).orElse(AddressPrefix.of(dst));
    }

    /** The configured bottlenecks, host ids resolved to the addresses ONOS knows for them now. */
    private BottleneckTable configured() {
        List<BottleneckTable.Entry> entries = new ArrayList<>();
        for (Bottleneck b : bottlenecks.get()) {
            List<AddressPrefix> behind = new ArrayList<>();
            for (IpPrefix p : b.prefixes()) {
                behind.add(new AddressPrefix(p.address().toInetAddress(), p.prefixLength()));
            }
            for (HostId id : b.hosts()) {
                Host h = hostService.getHost(id);
                if (h != null) {
                    h.ipAddresses().forEach(ip -> behind.add(AddressPrefix.of(ip.toInetAddress())));
                }
            }
            entries.add(new BottleneckTable.Entry(b.name(), b.capacityBps(), text(b.egress()),
                    b.linkDst().map(OnosNetworkView::text).orElse(null), behind));
        }
        return new BottleneckTable(entries);
    }

    private Optional<CfsAssignment> byPath(DeviceId facility, IpAddress dst) {
        Path path = pathTo(facility, dst);
        if (path == null || path.links().isEmpty()) {
            return Optional.empty();
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
        return Optional.of(new CfsAssignment("link:" + text(lowest.src()) + "-" + text(lowest.dst()),
                CfsKind.PATH_LINK, lowestCapacity, text(lowest.src()), text(lowest.dst())));
    }

    /**
     * Returns a connect point's text: ELEMENT/PORTNUMBER, the port as a number even when ONOS
     * knows its name, so that {@code ConnectPoint.deviceConnectPoint} reads it back.
     *
     * @param cp the connect point
     * @return its text
     */
    static String text(ConnectPoint cp) {
        return cp.elementId() + "/" + cp.port().toLong();
    }

    private Path pathTo(DeviceId facility, IpAddress dst) {
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
