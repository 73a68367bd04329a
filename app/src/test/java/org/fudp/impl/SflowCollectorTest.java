package org.fudp.impl;

import org.fudp.loop.sampling.PacketSample;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.onlab.packet.IpAddress;
import org.onosproject.net.DeviceId;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Issue 27, part 3: each instance collects sFlow on a UDP port while a facility is sampled, and
 * hands a datagram's samples on with the facility its agent names; strangers and garbage are
 * dropped. Over a real UDP socket on the loopback.
 */
class SflowCollectorTest {

    private static final DeviceId NINE = DeviceId.deviceId("of:0000000000000009");

    private final BlockingQueue<Map.Entry<DeviceId, List<PacketSample>>> got = new LinkedBlockingQueue<>();
    private final SflowCollector collector = new SflowCollector((d, s) -> got.add(Map.entry(d, s)));

    @AfterEach
    void close() {
        collector.close();
    }

    /**
     * An sFlow v5 datagram from an agent with one flow sample, 1 in 64, of a TCP segment
     * 10.0.0.1:40001 to 10.0.0.4:5201 (RFC 3176's successor, sflow_version_5.txt, sections 5 and 6).
     */
    static byte[] datagram(String agent) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(56);
        header.put(new byte[] {2, 0, 0, 0, 0, 4, 2, 0, 0, 0, 0, 1}).putShort((short) 0x0800);
        header.put(new byte[] {0x45, 0}).putShort((short) 40).putInt(0).put((byte) 64).put((byte) 6)
                .putShort((short) 0);
        header.put(InetAddress.getByName("10.0.0.1").getAddress()).put(InetAddress.getByName("10.0.0.4").getAddress());
        header.putShort((short) 40001).putShort((short) 5201).putInt(1).putInt(0).put((byte) 0x50).put((byte) 0x10)
                .putShort((short) 1000).putInt(0);
        ByteBuffer record = ByteBuffer.allocate(16 + 56);
        record.putInt(1).putInt(1500).putInt(4).putInt(54).put(header.array());
        ByteBuffer sample = ByteBuffer.allocate(32 + 8 + record.capacity());
        sample.putInt(7).putInt(2).putInt(64).putInt(6400).putInt(0).putInt(2).putInt(4).putInt(1);
        sample.putInt(1).putInt(record.capacity()).put(record.array());
        ByteBuffer d = ByteBuffer.allocate(28 + 8 + sample.capacity());
        d.putInt(5).putInt(1).put(InetAddress.getByName(agent).getAddress()).putInt(0).putInt(1).putInt(1000).putInt(1);
        d.putInt(1).putInt(sample.capacity()).put(sample.array());
        return d.array();
    }

    private void send(byte[] bytes) throws IOException {
        try (DatagramSocket s = new DatagramSocket()) {
            s.send(new DatagramPacket(bytes, bytes.length, InetAddress.getLoopbackAddress(),
                    collector.receivingPort()));
        }
    }

    private static int freePort() throws IOException {
        try (DatagramSocket s = new DatagramSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void aSampledFacilitysDatagramsReachTheLoopWithItsSwitchOthersAreDropped() throws Exception {
        collector.update(Map.of(IpAddress.valueOf("192.0.2.9"), NINE), freePort());
        send(new byte[] {0, 0, 0, 4, 1, 2, 3});
        send(datagram("192.0.2.77"));
        send(datagram("192.0.2.9"));
        Map.Entry<DeviceId, List<PacketSample>> e = got.poll(30, TimeUnit.SECONDS);
        assertNotNull(e, "the facility's datagram arrives, after garbage and a stranger's");
        assertEquals(NINE, e.getKey());
        PacketSample s = e.getValue().get(0);
        assertEquals(new FiveTuple(FiveTuple.TCP, InetAddress.getByName("10.0.0.1"),
                InetAddress.getByName("10.0.0.4"), 40001, 5201), s.flow());
        assertEquals(64 * 1500, s.estimatedBytes());
        assertEquals(1, collector.unknown(), "the stranger's sample is counted");
        assertEquals(3, collector.datagrams(), "every datagram is counted");
        assertEquals(1, collector.malformed(), "the garbage too");
        assertNull(got.poll(200, TimeUnit.MILLISECONDS), "nothing else was handed on");
    }

    @Test
    void itReceivesOnlyWhileAFacilityIsSampledAndThePortIsNotZero() throws Exception {
        int port = freePort();
        collector.update(Map.of(), port);
        assertEquals(0, collector.receivingPort(), "no sampled facility: no socket");
        collector.update(Map.of(IpAddress.valueOf("192.0.2.9"), NINE), port);
        assertEquals(port, collector.receivingPort());
        collector.update(Map.of(IpAddress.valueOf("192.0.2.9"), NINE), 0);
        assertEquals(0, collector.receivingPort(), "sflowPort 0 turns it off");
        try (DatagramSocket taken = new DatagramSocket(freePort())) {
            collector.update(Map.of(IpAddress.valueOf("192.0.2.9"), NINE), taken.getLocalPort());
            assertEquals(0, collector.receivingPort(), "a port in use is said in the log, not thrown");
        }
    }
}
