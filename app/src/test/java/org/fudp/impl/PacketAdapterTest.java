// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.algorithm.FlowPolicy;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.KeyRing;
import org.junit.jupiter.api.Test;
import org.onlab.packet.Data;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.IPv6;
import org.onlab.packet.MacAddress;
import org.onlab.packet.UDP;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketPriority;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;

import static org.fudp.impl.HostFixture.S1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Packet requests at the facilities and packet-ins handed to the loop.
 */
class PacketAdapterTest {

    private final HostFixture f = new HostFixture();

    private TestServices.TestPacketContext packetIn(DeviceId device, Ethernet eth) {
        return packetIn(device, 1, eth);
    }

    private TestServices.TestPacketContext packetIn(DeviceId device, long port, Ethernet eth) {
        byte[] raw = eth.serialize();
        TestServices.TestPacketContext ctx = new TestServices.TestPacketContext(new DefaultInboundPacket(
                new ConnectPoint(device, PortNumber.portNumber(port)), eth, ByteBuffer.wrap(raw)));
        f.packets.processor.process(ctx);
        return ctx;
    }

    private static Ethernet udp6(FiveTuple t) {
        UDP udp = new UDP();
        udp.setSourcePort(t.srcPort());
        udp.setDestinationPort(t.dstPort());
        IPv6 ip = new IPv6();
        ip.setSourceAddress(t.src().getAddress());
        ip.setDestinationAddress(t.dst().getAddress());
        ip.setNextHeader(IPv6.PROTOCOL_UDP);
        ip.setHopLimit((byte) 64);
        ip.setPayload(udp);
        Ethernet eth = new Ethernet();
        eth.setEtherType(Ethernet.TYPE_IPV6);
        eth.setSourceMACAddress("00:00:00:00:00:01");
        eth.setDestinationMACAddress("00:00:00:00:00:44");
        eth.setPayload(ip);
        return eth;
    }

    /** A QUIC v1 Initial's first bytes: long header, fixed bit, type Initial; version 1; an 8-byte DCID. */
    private static final byte[] QUIC_INITIAL = {(byte) 0xc3, 0, 0, 0, 1, 8, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0x44};

    /** A UDP datagram carrying this payload, as ONOS parses it from the packet-in's bytes. */
    private static Ethernet parsedUdp6(FiveTuple t, byte[] payload) {
        Ethernet eth = udp6(t);
        eth.getPayload().getPayload().setPayload(new Data(payload));
        byte[] raw = eth.serialize();
        try {
            return Ethernet.deserializer().deserialize(raw, 0, raw.length);
        } catch (org.onlab.packet.DeserializationException e) {
            throw new AssertionError(e);
        }
    }

    /** A QUIC Initial padded to 1200 bytes, as RFC 9000 (14.1) has a client send it. */
    private static byte[] quicInitial() {
        byte[] datagram = new byte[1200];
        System.arraycopy(QUIC_INITIAL, 0, datagram, 0, QUIC_INITIAL.length);
        return datagram;
    }

    @Test
    void theUdpPayloadIsWhatOnosParsedAsDataAndNothingElse() {
        FiveTuple quic = FlowIds.parse("t", "udp-2001:db8::1-50000-2001:db8::4-443");
        byte[] head = PacketAdapter.udpPayload(parsedUdp6(quic, quicInitial()));
        assertEquals(1200, head.length, "the whole payload the packet-in carries; the loop keeps its head");
        assertArrayEquals(QUIC_INITIAL, java.util.Arrays.copyOf(head, QUIC_INITIAL.length));
        // DHCPv6's port: ONOS parses the payload as DHCP6, which is no QUIC.
        FiveTuple dhcp = FlowIds.parse("t", "udp-2001:db8::1-546-2001:db8::4-547");
        assertNull(PacketAdapter.udpPayload(parsedUdp6(dhcp, new byte[]{1, 0, 0, 1})));
        assertNull(PacketAdapter.udpPayload(udp6(quic)), "a datagram built without a payload has none");
        Ethernet lldp = new Ethernet();
        lldp.setEtherType(Ethernet.TYPE_LLDP);
        lldp.setPayload(new Data(new byte[46]));
        assertNull(PacketAdapter.udpPayload(lldp));
    }

    /**
     * Issue 35: a QUIC connection's first packet makes its flow a candidate for the responsiveness test; the
     * host must hand the loop the UDP payload for it to see the long header. A plain UDP flow beside it is not
     * tested.
     */
    @Test
    void aFlowLearntFromAQuicInitialIsTestedForResponsivenessAndAPlainUdpFlowIsNot() {
        OnosFlowRulesDouble onos = new OnosFlowRulesDouble(HostFixture.T0, HostFixture.T0 + 500, 1_000);
        HostFixture g = new HostFixture(onos);
        FiveTuple quic = FlowIds.parse("t", "udp-2001:db8::1-50000-2001:db8::4-443");
        FiveTuple plain = FlowIds.parse("t", "udp-2001:db8::2-5001-2001:db8::4-5201");
        for (Ethernet eth : List.of(parsedUdp6(quic, quicInitial()), parsedUdp6(plain, new byte[1200]))) {
            g.packets.processor.process(new TestServices.TestPacketContext(new DefaultInboundPacket(
                    new ConnectPoint(S1, PortNumber.portNumber(1)), eth, ByteBuffer.wrap(eth.serialize()))));
        }
        assertEquals(4, onos.rules().size(), "two rules per flow: into the adjustor and back");
        onos.rules().forEach(r -> onos.rate(r, 5_000_000));
        long t = HostFixture.T0 + 5_000;
        onos.advance(t, -1);
        g.clock.set(t);
        g.host.period();
        FlowRecord q = g.store.getFlow(quic).orElseThrow();
        assertEquals("set1", q.cfsId());
        assertEquals("testing", q.responsiveness(), q.responsiveEvidence());
        assertTrue(q.responsiveEvidence().startsWith("under test: held at 2.50 Mbit/s (offered 5.00 Mbit/s)"),
                q.responsiveEvidence());
        FlowRecord u = g.store.getFlow(plain).orElseThrow();
        assertEquals("unresponsive", u.responsiveness(), "no QUIC header: not a candidate by default");
        assertEquals("", u.responsiveEvidence());
    }

    @Test
    void requestsFollowTheFacilitiesAndTheControlEtherType() {
        assertEquals(5, f.packets.requested.size());
        f.packetAdapter.setFacilities(List.of(HostFixture.FACILITY), 0x88b6, PacketPriority.MEDIUM, Set.of());
        assertTrue(f.packets.requested.stream().anyMatch(r -> r.contains("0x88b6")));
        assertTrue(f.packets.requested.stream().noneMatch(r -> r.contains("0x88b5")));
        assertEquals(1, f.packets.cancelled.size(), "only the control request moved");
        // A sampled facility learns no flow from packet-ins: only its control frames are asked for.
        f.packetAdapter.setFacilities(List.of(HostFixture.FACILITY), 0x88b6, PacketPriority.MEDIUM,
                Set.of(HostFixture.S1));
        assertEquals(List.of(true), f.packets.requested.stream().map(r -> r.contains("0x88b6"))
                .collect(java.util.stream.Collectors.toList()), f.packets.requested.toString());
        f.packetAdapter.setFacilities(List.of(), 0x88b6, PacketPriority.MEDIUM, Set.of());
        assertTrue(f.packets.requested.isEmpty());
        f.packetAdapter.stop();
        assertNull(f.packets.processor);
    }

    @Test
    void aNewUdpFlowIsSteeredAndItsFirstPacketSentStraightOn() {
        FiveTuple t = FlowIds.parse("t", "udp-2001:db8::1-5001-2001:db8::4-5201");
        TestServices.TestPacketContext ctx = packetIn(S1, udp6(t));
        assertTrue(ctx.isHandled());
        assertFalse(ctx.sent, "the context is blocked, not sent: the loop sends the packet on");
        assertEquals(2, f.rules.rules.size());
        OutboundPacket out = f.packets.emitted.get(f.packets.emitted.size() - 1);
        // Not into the adjustor (port 3): the rule back from it may not be on the switch yet.
        assertEquals(List.of(Instructions.createOutput(PortNumber.portNumber(5))), out.treatment().allInstructions());
        assertEquals(udp6(t).serialize().length, out.data().remaining(), "its own bytes, onward");
        assertTrue(f.store.getFlow(t).isPresent());
    }

    @Test
    void theDscpIsTheUpperSixBitsOfTheTosOrTrafficClass() {
        Ethernet v6 = udp6(FlowIds.parse("t", "udp-2001:db8::1-5001-2001:db8::4-5201"));
        ((IPv6) v6.getPayload()).setTrafficClass((byte) 0xb9);
        assertEquals(46, PacketAdapter.dscp(v6), "EF, the ECN bit aside");
        IPv4 ip = new IPv4();
        ip.setDiffServ((byte) 0x88);
        Ethernet v4 = new Ethernet();
        v4.setEtherType(Ethernet.TYPE_IPV4);
        v4.setPayload(ip);
        assertEquals(34, PacketAdapter.dscp(v4), "AF41");
        Ethernet lldp = new Ethernet();
        lldp.setEtherType(Ethernet.TYPE_LLDP);
        lldp.setPayload(new Data(new byte[46]));
        assertEquals(TrafficClass.NO_DSCP, PacketAdapter.dscp(lldp));
    }

    @Test
    void aFlowMarkedEfGetsTheClassThatMatchesEfAndItsRulesMatchIt() {
        f.host.setClasses(List.of(new TrafficClass(null, null, FiveTuple.UDP, null, null, new int[] {46},
                FlowPolicy.of("voice", 1, 0, Double.POSITIVE_INFINITY, true))));
        FiveTuple t = FlowIds.parse("t", "udp-2001:db8::1-5001-2001:db8::4-5201");
        Ethernet ef = udp6(t);
        ((IPv6) ef.getPayload()).setTrafficClass((byte) (46 << 2));
        packetIn(S1, ef);
        assertEquals("voice", f.store.getFlow(t).orElseThrow().className());
        assertTrue(f.rules.rules.values().stream().allMatch(r -> r.selector().getCriterion(Criterion.Type.IP_DSCP)
                != null), "a packet marked otherwise misses its rules and comes back to the controller");
    }

    @Test
    void packetsElsewhereOrNotTcpUdpAreLeftAlone() {
        FiveTuple t = FlowIds.parse("t", "udp-2001:db8::1-5001-2001:db8::4-5201");
        assertFalse(packetIn(DeviceId.deviceId("of:0000000000000009"), udp6(t)).isHandled());
        Ethernet lldp = new Ethernet();
        lldp.setEtherType(Ethernet.TYPE_LLDP);
        lldp.setSourceMACAddress("00:00:00:00:00:01");
        lldp.setDestinationMACAddress(MacAddress.BROADCAST);
        lldp.setPayload(new Data(new byte[46]));
        assertFalse(packetIn(S1, lldp).isHandled());
        assertTrue(f.rules.rules.isEmpty());
    }

    @Test
    void theAgentsOwnFrameFromAHostsPortIsNotTheAgentsWord() throws Exception {
        // A host replaying a frame the agent signed: valid, but not from the adjustor's ports.
        FrameEncoder agent = new FrameEncoder(KeyRing.parse(HostFixture.KEYS), 0xA6E7L, 1, 0, f.clock);
        byte[] frame = EthernetFrame.build(new byte[]{2, 0, 0, 0, 0, (byte) 0xaa},
                new byte[]{2, (byte) 0xfd, 0, 0, 0, 1}, 0x88b5, agent.heartbeat(0));
        TestServices.TestPacketContext ctx = packetIn(S1, 1, Ethernet.deserializer().deserialize(frame, 0,
                frame.length));
        assertTrue(ctx.isHandled(), "blocked");
        assertFalse(ctx.sent);
        assertTrue(f.store.getAgent(S1).isEmpty() || f.store.getAgent(S1).get().status() != AgentStatus.UP,
                "the agent is not up on a host's word");
    }

    @Test
    void aControlFrameGoesToTheLoopAndNoFurther() throws Exception {
        FrameEncoder agent = new FrameEncoder(KeyRing.parse(HostFixture.KEYS), 0xA6E7L, 1, 0, f.clock);
        byte[] frame = EthernetFrame.build(new byte[]{2, 0, 0, 0, 0, (byte) 0xaa},
                new byte[]{2, (byte) 0xfd, 0, 0, 0, 1}, 0x88b5, agent.heartbeat(0));
        Ethernet eth = Ethernet.deserializer().deserialize(frame, 0, frame.length);
        TestServices.TestPacketContext ctx = packetIn(S1, HostFixture.FACILITY.adjustorPort(), eth);
        assertTrue(ctx.isHandled());
        assertFalse(ctx.sent);
        assertEquals(AgentStatus.UP, f.store.getAgent(S1).get().status());
        assertFalse(f.packets.emitted.isEmpty(), "the agent that appeared got its state as a Packet-Out");
    }

    /**
     * ONOS calls packet processors on the OpenFlow I/O threads (PacketManager's
     * InternalPacketProviderService.processPacket, on the OpenFlowControllerImpl message path):
     * one that waits there stalls every switch. A packet-in must not wait for the loop's thread,
     * busy with a period for all we know.
     */
    @Test
    void aPacketInNeverWaitsForTheLoopsThread() {
        f.loopThread.hold();
        FiveTuple t = FlowIds.parse("t", "udp-2001:db8::1-5001-2001:db8::4-5201");
        TestServices.TestPacketContext ctx = packetIn(S1, udp6(t));
        assertTrue(ctx.isHandled(), "claimed at once, so no other app forwards it too");
        assertEquals(1, f.loopThread.queued());
        assertTrue(f.rules.rules.isEmpty(), "nothing done on the I/O thread");
        f.loopThread.release();
        assertEquals(2, f.rules.rules.size());
    }

    @Test
    void nothingFromTheAdjustorsPortsIsLeftToOthersToFloodOrLearnFrom() {
        Ethernet lldp = new Ethernet();
        lldp.setEtherType(Ethernet.TYPE_LLDP);
        lldp.setSourceMACAddress("00:00:00:00:00:01");
        lldp.setDestinationMACAddress(MacAddress.BROADCAST);
        lldp.setPayload(new Data(new byte[46]));
        byte[] raw = lldp.serialize();
        for (long port : new long[]{3, 4}) {
            TestServices.TestPacketContext ctx = new TestServices.TestPacketContext(new DefaultInboundPacket(
                    new ConnectPoint(S1, PortNumber.portNumber(port)), lldp, ByteBuffer.wrap(raw)));
            f.packets.processor.process(ctx);
            assertTrue(ctx.isHandled(), "port " + port);
        }
        FiveTuple t = FlowIds.parse("t", "udp-2001:db8::1-5001-2001:db8::4-5201");
        TestServices.TestPacketContext back = new TestServices.TestPacketContext(new DefaultInboundPacket(
                new ConnectPoint(S1, PortNumber.portNumber(4)), udp6(t), ByteBuffer.wrap(udp6(t).serialize())));
        f.packets.processor.process(back);
        assertTrue(back.isHandled(), "UDP back from the adjustor without a flow is dropped");
        assertTrue(f.rules.rules.isEmpty());
        assertTrue(f.packets.emitted.isEmpty());
    }
}
