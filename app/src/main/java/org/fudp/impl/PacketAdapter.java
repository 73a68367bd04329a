// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.events.PacketVerdict;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FiveTuple;
import org.onlab.packet.Data;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPacket;
import org.onlab.packet.IPv4;
import org.onlab.packet.IPv6;
import org.onlab.packet.IpAddress;
import org.onlab.packet.TCP;
import org.onlab.packet.UDP;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * FIC's passive half in ONOS: asks the facility switches for the first packets of TCP and UDP
 * flows and for the adjustors' control frames, and hands what arrives to the loop.
 * <p>
 * ONOS runs packet processors on the OpenFlow I/O threads, so this one decides at once, without
 * the loop's state, whether a packet is FUDP's ({@link PacketVerdict}): if so it blocks the
 * context, so no other app acts on it too, and queues it for the loop, which sends it on where its
 * flow goes; a control frame goes no further. A packet FUDP cannot place is left to other apps.
 * </p>
 */
final class PacketAdapter implements PacketProcessor {

    private final PacketService packetService;
    private final ApplicationId appId;
    private final LoopHost host;
    private final NetworkView network;
    private final Set<PacketRequest> requests = new LinkedHashSet<>();
    private volatile Map<DeviceId, Facility> facilities = Map.of();
    private volatile int etherType;

    PacketAdapter(PacketService packetService, ApplicationId appId, LoopHost host, NetworkView network) {
        this.packetService = packetService;
        this.appId = appId;
        this.host = host;
        this.network = network;
    }

    void start() {
        packetService.addProcessor(this, PacketProcessor.director(1));
    }

    /**
     * Stops listening and cancels every packet request.
     */
    synchronized void stop() {
        packetService.removeProcessor(this);
        for (PacketRequest r : List.copyOf(requests)) {
            cancel(r);
        }
    }

    /**
     * Requests packets at exactly these facilities: TCP and UDP over IPv4 and IPv6 at the punt
     * priority, and the control EtherType at CONTROL. ONOS's PacketManager turns each request into
     * a permanent punt-only rule at that priority (core/net PacketManager, DefaultSingleTablePipeline).
     *
     * @param facilities the facilities
     * @param controlEtherType the control EtherType
     * @param punt the priority of the TCP and UDP punts
     * @param sampled the sampled facilities: no TCP or UDP punt there, since no flow is learnt from its
     *        packet-in and a punt would send every packet of every flow to ONOS
     */
    synchronized void setFacilities(Collection<Facility> facilities, int controlEtherType, PacketPriority punt,
                                    Set<DeviceId> sampled) {
        Map<DeviceId, Facility> byDevice = new HashMap<>();
        facilities.forEach(f -> byDevice.put(DeviceId.deviceId(f.id()), f));
        Set<PacketRequest> wanted = new LinkedHashSet<>();
        for (DeviceId d : byDevice.keySet()) {
            wanted.add(new PacketRequest(controlSelector(controlEtherType), PacketPriority.CONTROL, d));
            if (sampled.contains(d)) {
                continue;
            }
            for (TrafficSelector s : dataSelectors()) {
                wanted.add(new PacketRequest(s, punt, d));
            }
        }
        for (PacketRequest r : List.copyOf(requests)) {
            if (!wanted.contains(r)) {
                cancel(r);
            }
        }
        for (PacketRequest r : wanted) {
            if (requests.add(r)) {
                packetService.requestPackets(r.selector, r.priority, appId, Optional.of(r.deviceId));
            }
        }
        this.facilities = Map.copyOf(byDevice);
        etherType = controlEtherType;
    }

    private void cancel(PacketRequest r) {
        if (requests.remove(r)) {
            packetService.cancelPackets(r.selector, r.priority, appId, Optional.of(r.deviceId));
        }
    }

    private static List<TrafficSelector> dataSelectors() {
        List<TrafficSelector> list = new ArrayList<>();
        for (short type : new short[]{Ethernet.TYPE_IPV4, Ethernet.TYPE_IPV6}) {
            for (byte proto : new byte[]{IPv4.PROTOCOL_TCP, IPv4.PROTOCOL_UDP}) {
                list.add(DefaultTrafficSelector.builder().matchEthType(type).matchIPProtocol(proto).build());
            }
        }
        return list;
    }

    private static TrafficSelector controlSelector(int type) {
        return DefaultTrafficSelector.builder().matchEthType((short) type).build();
    }

    @Override
    public void process(PacketContext context) {
        if (context.isHandled()) {
            return;
        }
        InboundPacket pkt = context.inPacket();
        ConnectPoint at = pkt.receivedFrom();
        Ethernet eth = pkt.parsed();
        Facility f = at == null || eth == null ? null : facilities.get(at.deviceId());
        if (f == null) {
            return;
        }
        long inPort = at.port().toLong();
        if ((eth.getEtherType() & 0xffff) == etherType) {
            context.block();
            // Only the agent sends control frames, on its own ports: one from any other port is forged (it would
            // set the agent's reason to a bad MAC and send the operator to re-key) and goes no further.
            if (f.isAdjustorSide(inPort)) {
                host.controlFrame(f.id(), frameBytes(pkt, eth));
            } else {
                host.foreignControlFrame(f.id(), inPort);
            }
            return;
        }
        FiveTuple t = fiveTuple(eth);
        long dstMac = eth.getDestinationMAC().toLong();
        PacketVerdict verdict;
        if (t == null) {
            // Not a flow of ours, but nothing from the adjustor's ports is another app's to forward.
            verdict = f.isAdjustorSide(inPort) ? PacketVerdict.DROP : PacketVerdict.LEAVE;
        } else {
            verdict = PacketVerdict.of(f, inPort, f.isAdjustorSide(inPort) ? OptionalLong.empty()
                    : network.onwardPort(f.id(), t.dst(), dstMac));
        }
        if (verdict == PacketVerdict.LEAVE) {
            return;
        }
        context.block();
        if (verdict == PacketVerdict.TAKE) {
            PacketIn p = new PacketIn(f.id(), inPort, t, dstMac, false, dscp(eth));
            byte[] payload = udpPayload(eth);
            host.packetIn(payload == null ? p : p.withPayload(payload), frameBytes(pkt, eth));
        }
    }

    private static byte[] frameBytes(InboundPacket pkt, Ethernet eth) {
        ByteBuffer raw = pkt.unparsed();
        if (raw == null) {
            return eth.serialize();
        }
        ByteBuffer copy = raw.duplicate();
        copy.rewind();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return bytes;
    }

    /**
     * Reads the 5-tuple of an IPv4 or IPv6 TCP or UDP packet.
     *
     * @param eth the parsed frame
     * @return the 5-tuple, or null for anything else
     */
    static FiveTuple fiveTuple(Ethernet eth) {
        try {
            if (eth.getEtherType() == Ethernet.TYPE_IPV4 && eth.getPayload() instanceof IPv4) {
                IPv4 ip = (IPv4) eth.getPayload();
                return transport(ip.getProtocol() & 0xff, IpAddress.valueOf(ip.getSourceAddress()).toInetAddress(),
                        IpAddress.valueOf(ip.getDestinationAddress()).toInetAddress(), ip.getPayload());
            }
            if (eth.getEtherType() == Ethernet.TYPE_IPV6 && eth.getPayload() instanceof IPv6) {
                IPv6 ip = (IPv6) eth.getPayload();
                return transport(ip.getNextHeader() & 0xff, InetAddress.getByAddress(ip.getSourceAddress()),
                        InetAddress.getByAddress(ip.getDestinationAddress()), ip.getPayload());
            }
        } catch (UnknownHostException | IllegalArgumentException e) {
            return null;
        }
        return null;
    }

    /**
     * Reads the DSCP of an IPv4 or IPv6 packet: a traffic class may match on it.
     *
     * @param eth the parsed frame
     * @return 0..63, {@link TrafficClass#NO_DSCP} for anything else
     */
    static int dscp(Ethernet eth) {
        if (eth.getPayload() instanceof IPv4) {
            return ((IPv4) eth.getPayload()).getDscp() & 0x3f;
        }
        if (eth.getPayload() instanceof IPv6) {
            return (((IPv6) eth.getPayload()).getTrafficClass() & 0xff) >> 2;
        }
        return TrafficClass.NO_DSCP;
    }

    /**
     * Returns the payload of a UDP packet, by which the loop may find a QUIC connection's first packet (a hint
     * for the responsiveness test, docs/algorithm.md "Responsive UDP"). ONOS's parser (onos 2.7.0,
     * utils/misc/src/main/java/org/onlab/packet/UDP.java) leaves the payload as raw {@link Data} unless the
     * port is one of its own protocols' (DHCP, DHCPv6, VXLAN, RIP, RIPng), whose packets are no QUIC.
     *
     * @param eth the parsed frame
     * @return the payload as far as the packet-in carries it, the array the parser holds; null for a packet that
     *         is not UDP over IPv4 or IPv6, or whose payload ONOS parsed as another protocol
     */
    static byte[] udpPayload(Ethernet eth) {
        IPacket ip = eth.getPayload();
        IPacket l4 = ip instanceof IPv4 || ip instanceof IPv6 ? ip.getPayload() : null;
        if (l4 instanceof UDP && l4.getPayload() instanceof Data) {
            return ((Data) l4.getPayload()).getData();
        }
        return null;
    }

    private static FiveTuple transport(int proto, InetAddress src, InetAddress dst, IPacket l4) {
        if (proto == FiveTuple.TCP && l4 instanceof TCP) {
            TCP tcp = (TCP) l4;
            return new FiveTuple(proto, src, dst, tcp.getSourcePort(), tcp.getDestinationPort());
        }
        if (proto == FiveTuple.UDP && l4 instanceof UDP) {
            UDP udp = (UDP) l4;
            return new FiveTuple(proto, src, dst, udp.getSourcePort(), udp.getDestinationPort());
        }
        return null;
    }

    /** One packet request, kept so that exactly what was requested is cancelled. */
    private static final class PacketRequest {
        final TrafficSelector selector;
        final PacketPriority priority;
        final DeviceId deviceId;

        PacketRequest(TrafficSelector selector, PacketPriority priority, DeviceId deviceId) {
            this.selector = selector;
            this.priority = priority;
            this.deviceId = deviceId;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof PacketRequest)) {
                return false;
            }
            PacketRequest r = (PacketRequest) o;
            return selector.equals(r.selector) && priority == r.priority && deviceId.equals(r.deviceId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(selector, priority, deviceId);
        }
    }
}
