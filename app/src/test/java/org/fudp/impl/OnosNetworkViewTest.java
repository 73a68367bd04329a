// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.network.CfsKind;
import org.fudp.api.Bottleneck;
import org.fudp.loop.api.network.CfsAssignment;
import org.junit.jupiter.api.Test;
import org.onlab.graph.ScalarWeight;
import org.onlab.packet.ChassisId;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.DefaultEdgeLink;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DefaultPath;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.ElementId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.Link;
import org.onosproject.net.Path;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.net.topology.PathServiceAdapter;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which CFS a flow lands in: configured bottlenecks first (longest prefix), else the
 * lowest-capacity link on its path, else its destination.
 */
class OnosNetworkViewTest {

    private static final ProviderId PID = new ProviderId("of", "test");
    private static final DeviceId S1 = DeviceId.deviceId("of:0000000000000001");
    private static final DeviceId S2 = DeviceId.deviceId("of:0000000000000002");
    private static final DeviceId S3 = DeviceId.deviceId("of:0000000000000003");
    private static final IpAddress H4_IP = IpAddress.valueOf("10.0.0.4");
    private static final MacAddress H4_MAC = MacAddress.valueOf("00:00:00:00:00:04");
    private static final long MBPS = 1_000_000L;

    private final TestServices.TestHostService hosts = new TestServices.TestHostService();
    private final Map<ConnectPoint, Long> portSpeedsMbps = new HashMap<>();
    private List<Link> pathLinks = List.of();

    private final DeviceServiceAdapter devices = new DeviceServiceAdapter() {
        @Override
        public Port getPort(DeviceId deviceId, PortNumber portNumber) {
            Long speed = portSpeedsMbps.get(new ConnectPoint(deviceId, portNumber));
            if (speed == null) {
                return null;
            }
            Device d = new DefaultDevice(PID, deviceId, Device.Type.SWITCH, "", "", "", "", new ChassisId());
            return new DefaultPort(d, portNumber, true, Port.Type.COPPER, speed);
        }
    };

    private final PathServiceAdapter paths = new PathServiceAdapter() {
        @Override
        public Set<Path> getPaths(ElementId src, ElementId dst) {
            return pathLinks.isEmpty() ? Set.of()
                    : Set.of(new DefaultPath(PID, pathLinks, ScalarWeight.toWeight(pathLinks.size())));
        }
    };

    private List<Bottleneck> configured = List.of();
    private final OnosNetworkView view = new OnosNetworkView(hosts, paths, devices, () -> configured);

    private CfsAssignment groupOf(IpAddress dst, List<Bottleneck> bottlenecks) {
        configured = bottlenecks;
        return view.cfsOf(S1.toString(), dst.toInetAddress()).orElseThrow();
    }

    private static ConnectPoint cp(DeviceId d, long port) {
        return new ConnectPoint(d, PortNumber.portNumber(port));
    }

    private static Link link(ConnectPoint src, ConnectPoint dst, String bandwidthMbps) {
        DefaultAnnotations.Builder a = DefaultAnnotations.builder();
        if (bandwidthMbps != null) {
            a.set("bandwidth", bandwidthMbps);
        }
        return DefaultLink.builder().providerId(PID).src(src).dst(dst).type(Link.Type.DIRECT)
                .annotations(a.build()).build();
    }

    private void h4At(ConnectPoint location) {
        Host h = new DefaultHost(PID, HostId.hostId(H4_MAC), H4_MAC, VlanId.NONE,
                new HostLocation(location, 0), Set.of(H4_IP));
        hosts.hosts.add(h);
    }

    private Link edgeToH4(ConnectPoint location) {
        return new DefaultEdgeLink(PID, new ConnectPoint(HostId.hostId(H4_MAC), PortNumber.portNumber(0)),
                new HostLocation(location, 0), false);
    }

    @Test
    void lowestCapacityLinkOnThePathFromAnnotationsAndPortSpeeds() {
        h4At(cp(S3, 1));
        Link s1s2 = link(cp(S1, 5), cp(S2, 1), null);
        Link s2s3 = link(cp(S2, 2), cp(S3, 2), "100");
        pathLinks = List.of(s1s2, s2s3, edgeToH4(cp(S3, 1)));
        portSpeedsMbps.put(cp(S1, 5), 1000L);
        portSpeedsMbps.put(cp(S2, 1), 1000L);
        portSpeedsMbps.put(cp(S2, 2), 1000L);
        // the port speed of S3/1 makes the host's own link the bottleneck: 10 Mbit/s
        portSpeedsMbps.put(cp(S3, 1), 10L);

        CfsAssignment g = groupOf(H4_IP, List.of());

        assertEquals(CfsKind.PATH_LINK, g.kind());
        assertEquals(10 * MBPS, g.capacityBps());
        assertEquals(cp(S3, 1).toString(), g.egress().get());
        assertEquals("link:" + cp(S3, 1) + "-" + g.linkDst().get(), g.cfsId());
    }

    @Test
    void bandwidthAnnotationCanBeTheSmallest() {
        h4At(cp(S3, 1));
        Link s1s2 = link(cp(S1, 5), cp(S2, 1), "1000");
        Link s2s3 = link(cp(S2, 2), cp(S3, 2), "10");
        pathLinks = List.of(s1s2, s2s3, edgeToH4(cp(S3, 1)));
        portSpeedsMbps.put(cp(S2, 2), 1000L);

        CfsAssignment g = groupOf(H4_IP, List.of());

        assertEquals(10 * MBPS, g.capacityBps());
        assertEquals(cp(S2, 2).toString(), g.egress().get());
        assertEquals(cp(S3, 2).toString(), g.linkDst().get());
    }

    @Test
    void onEqualCapacitiesTheLinkNearestTheDestinationWins() {
        h4At(cp(S3, 1));
        pathLinks = List.of(link(cp(S1, 5), cp(S2, 1), "100"), link(cp(S2, 2), cp(S3, 2), "100"),
                edgeToH4(cp(S3, 1)));

        CfsAssignment g = groupOf(H4_IP, List.of());

        assertEquals(cp(S2, 2).toString(), g.egress().get());
        assertEquals(100 * MBPS, g.capacityBps());
    }

    @Test
    void configuredBottleneckBeatsThePathAndLongestPrefixWins() {
        h4At(cp(S3, 1));
        pathLinks = List.of(link(cp(S1, 5), cp(S2, 1), "10"));
        Bottleneck wide = new Bottleneck("wide", cp(S2, 9), null, 100 * MBPS,
                List.of(IpPrefix.valueOf("10.0.0.0/8")), List.of());
        Bottleneck narrow = new Bottleneck("narrow", cp(S2, 2), cp(S3, 2), 10 * MBPS,
                List.of(IpPrefix.valueOf("10.0.0.0/24")), List.of());

        CfsAssignment g = groupOf(H4_IP, List.of(wide, narrow));

        assertEquals("bottleneck:narrow", g.cfsId());
        assertEquals(CfsKind.CONFIGURED, g.kind());
        assertEquals(10 * MBPS, g.capacityBps());
        assertEquals(cp(S3, 2).toString(), g.linkDst().get());
        assertEquals("bottleneck:wide", groupOf(IpAddress.valueOf("10.1.0.1"),
                List.of(wide, narrow)).cfsId());
    }

    @Test
    void aBottlenecksPrefixTakesOneAggregateOnlyFromTheFacilityItsEgressIsOn() {
        configured = List.of(new Bottleneck("access", cp(S1, 7), null, 10 * MBPS,
                        List.of(IpPrefix.valueOf("10.4.0.0/22")), List.of()),
                new Bottleneck("remote", cp(S2, 2), null, 10 * MBPS,
                        List.of(IpPrefix.valueOf("10.6.0.0/22")), List.of()));
        String s1 = S1.toString();
        assertEquals("10.4.0.0/22", view.aggregatePrefix(s1, ip("10.4.1.1"), 7).toString(),
                "every address behind the egress port leaves by it");
        assertEquals("10.4.1.1/32", view.aggregatePrefix(s1, ip("10.4.1.1"), 8).toString(),
                "ONOS knows the destination elsewhere: its own address");
        assertEquals("10.6.0.9/32", view.aggregatePrefix(s1, ip("10.6.0.9"), 5).toString(),
                "the egress is on another switch: the path to it may differ by destination");
        assertEquals("192.0.2.9/32", view.aggregatePrefix(s1, ip("192.0.2.9"), 7).toString(), "no bottleneck");
    }

    private static java.net.InetAddress ip(String text) {
        return IpAddress.valueOf(text).toInetAddress();
    }

    @Test
    void hostIdDestinationMatchesThroughTheHostsAddresses() {
        h4At(cp(S3, 1));
        Bottleneck byHost = new Bottleneck("h4", cp(S2, 2), null, 10 * MBPS, List.of(),
                List.of(HostId.hostId(H4_MAC)));
        Bottleneck byPrefix = new Bottleneck("lan", cp(S2, 9), null, 10 * MBPS,
                List.of(IpPrefix.valueOf("10.0.0.0/24")), List.of());

        assertEquals("bottleneck:h4", groupOf(H4_IP, List.of(byPrefix, byHost)).cfsId());
    }

    @Test
    void unknownDestinationGroupsByAddress() {
        CfsAssignment g = groupOf(IpAddress.valueOf("192.0.2.9"), List.of());
        assertEquals("dst:192.0.2.9", g.cfsId());
        assertEquals(CfsKind.DESTINATION, g.kind());
        assertEquals(0, g.capacityBps());
    }

    @Test
    void onwardPortIsTheHostsOwnPortOrTheFirstHopOfItsPath() {
        h4At(cp(S1, 7));
        assertEquals(7, view.onwardPort(S1.toString(), H4_IP.toInetAddress(), -1).getAsLong());
        hosts.hosts.clear();
        h4At(cp(S3, 1));
        pathLinks = List.of(link(cp(S1, 5), cp(S2, 1), null), edgeToH4(cp(S3, 1)));
        assertEquals(5, view.onwardPort(S1.toString(), H4_IP.toInetAddress(), -1).getAsLong());
    }

    @Test
    void routedDestinationsGoTowardTheHostThatOwnsTheFramesMac() {
        h4At(cp(S1, 7));
        IpAddress behindRouter = IpAddress.valueOf("192.0.2.1");
        assertEquals(7, view.onwardPort(S1.toString(), behindRouter.toInetAddress(), H4_MAC.toLong()).getAsLong());
        assertTrue(view.onwardPort(S1.toString(), behindRouter.toInetAddress(), -1).isEmpty());
    }
}
