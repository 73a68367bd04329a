// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;

/**
 * Reads {@code ovs-ofctl -O OpenFlow13 -m monitor} output as OVS 3.1 prints it on the lab's bridge.
 */
class MonitorParserTest {

    /** Captured from OVS 3.1: a 300-byte frame of EtherType 0x88b5 sent into port 11. */
    private static final String CAPTURED = "NXT_PACKET_IN2 (OF1.3) (xid=0x0): cookie=0x0 total_len=300 in_port=11 "
            + "(via action) data_len=300 (unbuffered)\n"
            + "vlan_tci=0x0000,dl_src=02:fa:00:00:00:a1,dl_dst=02:fd:00:00:00:01,dl_type=0x88b5\n"
            + hexLines(300);

    private final MonitorParser parser = new MonitorParser(LabFixture.BRIDGE, EthernetFrame.DEFAULT_ETHER_TYPE);

    private static String hexLines(int n) {
        byte[] frame = new byte[n];
        byte[] head = EthernetFrame.build(EthernetFrame.parseMac("02:fd:00:00:00:01"),
                EthernetFrame.parseMac("02:fa:00:00:00:a1"), 0x88b5, new byte[0]);
        System.arraycopy(head, 0, frame, 0, 14);
        for (int i = 14; i < n; i++) {
            frame[i] = (byte) (i - 14);
        }
        String text = LabFixture.packetInText(11, "x", frame);
        return text.substring(text.indexOf("\nx\n") + 3);
    }

    private List<MonitorEvent> feed(String text) {
        List<MonitorEvent> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            parser.line(line, 7).ifPresent(out::add);
        }
        return out;
    }

    @Test
    void controlFrameIsReadFromItsHexDump() {
        assertTrue(CAPTURED.contains("00000000  02 fd 00 00 00 01 02 fa-00 00 00 a1 88 b5 00 01\n"), CAPTURED);
        assertTrue(CAPTURED.endsWith("00000120  12 13 14 15 16 17 18 19-1a 1b 1c 1d\n"), CAPTURED);
        List<MonitorEvent> events = feed(CAPTURED);
        assertEquals(1, events.size());
        MonitorEvent e = events.get(0);
        assertTrue(e.isControlFrame());
        assertEquals(7, e.timeMs());
        byte[] frame = e.frame();
        assertEquals(300, frame.length);
        assertEquals(0x88b5, EthernetFrame.parse(frame).etherType());
        assertEquals(0x1d, frame[299]);
    }

    @Test
    void frameIsCompleteAtItsLastByteNotAtTheNextLine() {
        String[] lines = CAPTURED.split("\n");
        for (int i = 0; i < lines.length - 1; i++) {
            assertFalse(parser.line(lines[i], 7).isPresent(), "line " + i);
        }
        assertTrue(parser.line(lines[lines.length - 1], 7).isPresent(), "an ACK must not wait for the next packet");
    }

    @Test
    void tcpAndUdpPacketInsAreReadFromTheSummaryAndTheirHexIsSkipped() {
        String text = LabFixture.flowText("udp", 1, "10.77.0.1", 40003, "10.77.0.4", 5203, null)
                + LabFixture.flowText("tcp", 4, "10.77.0.4", 5201, "10.77.0.1", 46050, "fin|ack")
                + LabFixture.flowText("tcp", 1, "10.77.0.1", 46050, "10.77.0.4", 5201, "ack");
        List<MonitorEvent> events = feed(text);
        assertEquals(3, events.size(), events.toString());
        PacketIn udp = events.get(0).packetIn();
        assertEquals(LabFixture.BRIDGE, udp.facilityId());
        assertEquals(1, udp.inPort());
        assertEquals(FlowIds.parse("t", "udp-10.77.0.1-40003-10.77.0.4-5203"), udp.flow());
        assertEquals(0x02fa00000004L, udp.dstMac());
        assertFalse(udp.closing());
        assertTrue(events.get(1).packetIn().closing(), "a FIN closes its connection");
        assertFalse(events.get(2).packetIn().closing());
    }

    @Test
    void theDscpIsTheTosLessItsEcnBits() {
        String af41 = LabFixture.flowText("udp", 1, "10.77.0.1", 40003, "10.77.0.4", 5203, null)
                .replace("nw_tos=0,nw_ecn=0", "nw_tos=138,nw_ecn=2");
        assertEquals(34, feed(af41).get(0).packetIn().dscp());
        assertEquals(0, feed(LabFixture.flowText("udp", 1, "10.77.0.1", 40003, "10.77.0.4", 5203, null)).get(0)
                .packetIn().dscp());
    }

    @Test
    void anRstClosesAndIpv6IsRead() {
        String v6 = "NXT_PACKET_IN2 (OF1.3) (xid=0x0): cookie=0x0 total_len=74 in_port=3 (via action) data_len=74 "
                + "(unbuffered)\ntcp6,vlan_tci=0x0000,dl_src=02:00:00:00:00:03,dl_dst=02:00:00:00:00:04,"
                + "ipv6_src=2001:db8::3,ipv6_dst=2001:db8::4,ipv6_label=0x00000,nw_tos=0,nw_ecn=0,nw_ttl=64,"
                + "nw_frag=no,tp_src=40000,tp_dst=5201,tcp_flags=rst tcp_csum:0\n";
        PacketIn p = feed(v6).get(0).packetIn();
        assertEquals(FiveTuple.TCP, p.flow().protocol());
        assertEquals(FlowIds.address("t", "2001:db8::4"), p.flow().dst());
        assertTrue(p.closing());
    }

    @Test
    void otherPacketsAndMessagesAreIgnored() {
        String icmp6 = "NXT_PACKET_IN2 (OF1.3) (xid=0x0): cookie=0x0 total_len=90 in_port=11 (via no_match) "
                + "data_len=90 (unbuffered)\nicmp6,vlan_tci=0x0000,dl_src=02:fa:00:00:00:a1,dl_dst=33:33:00:00:00:16,"
                + "ipv6_src=::,ipv6_dst=ff02::16,ipv6_label=0x00000,nw_tos=0,nw_ecn=0,nw_ttl=1,nw_frag=no,"
                + "icmp_type=143,icmp_code=0 icmp6_csum:8d79\n"
                + "00000000  33 33 00 00 00 16 02 fa-00 00 00 a1 86 dd 60 00\n"
                + "OFPT_ECHO_REQUEST (OF1.3) (xid=0x0): 0 bytes of payload\n";
        assertTrue(feed(icmp6).isEmpty());
    }

    @Test
    void aFrameCutShortByTheNextPacketInIsDropped() {
        String[] lines = CAPTURED.split("\n");
        StringBuilder cut = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            cut.append(lines[i]).append('\n');
        }
        List<MonitorEvent> events = feed(cut + CAPTURED);
        assertEquals(1, events.size());
        assertArrayEquals(feed(CAPTURED).get(0).frame(), events.get(0).frame());
    }

    @Test
    void aUdpPacketInCarriesItsPayloadsFirstBytesForTheLoopsLookAtQuic() {
        byte[] quic = {(byte) 0xc3, 0, 0, 0, 1, 8, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0x41, 0x22};
        byte[] frame = new byte[14 + 20 + 8 + 1200];
        byte[] eth = EthernetFrame.build(EthernetFrame.parseMac("02:fa:00:00:00:04"),
                EthernetFrame.parseMac("02:fa:00:00:00:01"), 0x0800, new byte[0]);
        System.arraycopy(eth, 0, frame, 0, 14);
        frame[14] = 0x45;
        frame[14 + 9] = 17;
        System.arraycopy(quic, 0, frame, 14 + 20 + 8, quic.length);
        String summary = LabFixture.flowText("udp", 1, "10.77.0.1", 40003, "10.77.0.4", 443, null).split("\n")[1];
        List<MonitorEvent> events = feed(LabFixture.packetInText(1, summary, frame));
        assertEquals(1, events.size());
        byte[] head = events.get(0).packetIn().payloadHead();
        assertEquals(PacketIn.PAYLOAD_HEAD, head.length);
        assertArrayEquals(java.util.Arrays.copyOf(quic, PacketIn.PAYLOAD_HEAD), head);
        assertEquals(FlowIds.parse("t", "udp-10.77.0.1-40003-10.77.0.4-443"), events.get(0).packetIn().flow());
    }

    @Test
    void aUdpPacketInWhoseDumpIsCutShortGoesWithoutItsPayload() {
        String udp = LabFixture.flowText("udp", 1, "10.77.0.1", 40003, "10.77.0.4", 5203, null);
        String cut = udp.substring(0, udp.indexOf("\n00000000"));
        List<MonitorEvent> events = feed(cut + "\n" + LabFixture.flowText("tcp", 1, "10.77.0.1", 46050, "10.77.0.4",
                5201, "ack"));
        assertEquals(2, events.size(), events.toString());
        assertEquals(FiveTuple.UDP, events.get(0).packetIn().flow().protocol());
        assertEquals(0, events.get(0).packetIn().payloadHead().length);
        assertEquals(FiveTuple.TCP, events.get(1).packetIn().flow().protocol());
    }
}
