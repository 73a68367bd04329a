package org.fudp.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.Test;

/**
 * Parses text captured from ovs-ofctl 3.1 on this lab's bridge.
 */
class OfctlTextTest {

    @Test
    void packetInGivesPortAndFiveTuple() {
        String header = "NXT_PACKET_IN2 (xid=0x0): cookie=0x0 total_len=74 in_port=1 (via action) data_len=74 "
                + "(unbuffered)";
        String body = "tcp,vlan_tci=0x0000,dl_src=02:00:00:00:00:01,dl_dst=02:00:00:00:00:04,nw_src=10.9.0.1,"
                + "nw_dst=10.9.0.4,nw_tos=0,nw_ecn=0,nw_ttl=64,nw_frag=no,tp_src=56270,tp_dst=5201,tcp_flags=syn "
                + "tcp_csum:fff2";
        int port = OfctlText.packetInPort(header).orElseThrow();
        OfctlText.PacketIn pi = OfctlText.packetIn(port, body).orElseThrow();
        assertEquals(1, pi.inPort());
        FiveTuple t = pi.flow();
        assertEquals(FiveTuple.TCP, t.protocol());
        assertEquals("10.9.0.1", t.src().getHostAddress());
        assertEquals("10.9.0.4", t.dst().getHostAddress());
        assertEquals(56270, t.srcPort());
        assertEquals(5201, t.dstPort());
    }

    @Test
    void aFinIsRecognised() {
        String fin = "tcp,vlan_tci=0x0000,dl_src=02:fa:00:00:00:01,dl_dst=02:fa:00:00:00:04,nw_src=10.77.0.1,"
                + "nw_dst=10.77.0.4,nw_tos=0,nw_ecn=0,nw_ttl=64,nw_frag=no,tp_src=46050,tp_dst=5201,tcp_flags=fin|ack "
                + "tcp_csum:1a2b";
        assertTrue(OfctlText.packetIn(1, fin).orElseThrow().fin());
        assertFalse(OfctlText.packetIn(1, fin.replace("fin|ack", "ack")).orElseThrow().fin());
        assertTrue(OfctlText.packetIn(1, fin.replace("fin|ack", "rst")).orElseThrow().fin(), "RST ends a flow too");
    }

    @Test
    void nonTransportPacketInsAreIgnored() {
        String icmp6 = "icmp6,vlan_tci=0x0000,dl_src=02:00:00:00:00:01,dl_dst=33:33:00:00:00:16,ipv6_src=fe80::1,"
                + "ipv6_dst=ff02::16,icmp_type=143,icmp_code=0 icmp6_csum:7207";
        assertTrue(OfctlText.packetIn(1, icmp6).isEmpty());
        assertTrue(OfctlText.packetInPort("OFPT_ECHO_REQUEST (xid=0x0): 0 bytes of payload").isEmpty());
        String ack = "vlan_tci=0x0000,dl_src=02:fa:00:00:00:a1,dl_dst=02:fa:00:00:00:c0,dl_type=0x88b5";
        assertTrue(OfctlText.isControlFrame(ack));
        assertFalse(OfctlText.isControlFrame(icmp6));
        assertTrue(OfctlText.isAck("NXT_PACKET_IN2 (xid=0x0): total_len=162 in_port=11 (via no_match)", ack));
        assertFalse(OfctlText.isAck("NXT_PACKET_IN2 (xid=0x0): total_len=106 in_port=11 (via no_match)", ack),
                "a heartbeat is not an ACK");
    }

    @Test
    void dumpFlowsGivesBytesPerCookie() {
        String dump = " cookie=0xfd00000000000002, duration=3.521s, table=0, n_packets=10, n_bytes=15140, "
                + "idle_timeout=10, idle_age=0, priority=100,udp,in_port=1,nw_src=10.77.0.1,nw_dst=10.77.0.4,"
                + "tp_src=40003,tp_dst=5203 actions=output:11\n"
                + " cookie=0xfd00000000000003, duration=3.5s, table=0, n_packets=2, n_bytes=3028, idle_timeout=10, "
                + "priority=100,udp,in_port=12 actions=output:4\n"
                + " priority=0 actions=CONTROLLER:128\n";
        Map<Long, Long> m = OfctlText.bytesByCookie(dump);
        assertEquals(15140L, m.get(0xfd00000000000002L));
        assertEquals(3028L, m.get(0xfd00000000000003L));
        assertEquals(2, m.size());
    }
}
