// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.sampling.PacketSample;
import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onosproject.net.DeviceId;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
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
 * dropped. Issue 33: only on the address it is told to bind, and only from the configured agents'
 * addresses and the sources allowed; anyone else's datagrams, whatever agent they name, are counted and
 * dropped. Over real UDP sockets on the loopback (127.0.0.2 is a loopback address on Linux too).
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
        send(bytes, "127.0.0.1", "127.0.0.1");
    }

    // From a socket bound to one address, to another.
    private void send(byte[] bytes, String from, String to) throws IOException {
        try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(from), 0))) {
            s.send(new DatagramPacket(bytes, bytes.length, InetAddress.getByName(to), collector.receivingPort()));
        }
    }

    private static SflowSettings settings(int port, String bind, String... sources) {
        return new SflowSettings(port, bind == null ? null : IpAddress.valueOf(bind),
                java.util.Arrays.stream(sources).map(IpPrefix::valueOf).collect(java.util.stream.Collectors.toList()));
    }

    private static int freePort() throws IOException {
        try (DatagramSocket s = new DatagramSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void aSampledFacilitysDatagramsReachTheLoopWithItsSwitchOthersAreDropped() throws Exception {
        // The switch names 192.0.2.9 as its agent but sends from the loopback: an allowed source.
        collector.update(Map.of(IpAddress.valueOf("192.0.2.9"), NINE), settings(freePort(), null, "127.0.0.1/32"));
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
        collector.update(Map.of(), settings(port, null));
        assertEquals(0, collector.receivingPort(), "no sampled facility: no socket");
        collector.update(Map.of(IpAddress.valueOf("192.0.2.9"), NINE), settings(port, null));
        assertEquals(port, collector.receivingPort());
        collector.update(Map.of(IpAddress.valueOf("192.0.2.9"), NINE), settings(0, null));
        assertEquals(0, collector.receivingPort(), "sflowPort 0 turns it off");
        try (DatagramSocket taken = new DatagramSocket(freePort())) {
            collector.update(Map.of(IpAddress.valueOf("192.0.2.9"), NINE), settings(taken.getLocalPort(), null));
            assertEquals(0, collector.receivingPort(), "a port in use is said in the log, not thrown");
        }
        collector.update(Map.of(IpAddress.valueOf("192.0.2.9"), NINE), settings(port, "192.0.2.200"));
        assertEquals(0, collector.receivingPort(), "an address this host does not have is said in the log");
    }

    /**
     * Anyone who could reach the port could make up samples for any facility, by naming its agent in the
     * datagram: now only the agents' own addresses are heard, and the rest is counted.
     */
    @Test
    void onlyTheConfiguredAgentsAddressesAreHeardOthersAreCountedAndDropped() throws Exception {
        collector.update(Map.of(IpAddress.valueOf("127.0.0.1"), NINE), settings(freePort(), "127.0.0.1"));
        send(datagram("127.0.0.1"), "127.0.0.2", "127.0.0.1");
        send(datagram("127.0.0.1"), "127.0.0.1", "127.0.0.1");
        Map.Entry<DeviceId, List<PacketSample>> e = got.poll(30, TimeUnit.SECONDS);
        assertNotNull(e, "the agent's own datagram arrives");
        assertEquals(NINE, e.getKey());
        assertEquals(1, collector.refused(), "the forgery from 127.0.0.2, in the agent's name, is counted");
        assertEquals(1, collector.datagrams(), "and never decoded");
        assertNull(got.poll(200, TimeUnit.MILLISECONDS), "nothing else was handed on");

        collector.update(Map.of(IpAddress.valueOf("127.0.0.1"), NINE), settings(collector.receivingPort(),
                "127.0.0.1", "127.0.0.2/32"));
        send(datagram("127.0.0.1"), "127.0.0.2", "127.0.0.1");
        assertNotNull(got.poll(30, TimeUnit.SECONDS), "a source sflowSources allows is heard");
        assertEquals(1, collector.refused());
    }

    /**
     * Issue 42, point 6: an accepted source could name another facility's agent in its datagram and feed that
     * facility made-up samples. An agent's own address speaks for its own facility only.
     */
    @Test
    void anAgentsDatagramNamingAnotherFacilitysAgentIsCountedAndDropped() throws Exception {
        DeviceId ten = DeviceId.deviceId("of:000000000000000a");
        collector.update(Map.of(IpAddress.valueOf("127.0.0.1"), NINE, IpAddress.valueOf("127.0.0.2"), ten),
                settings(freePort(), "127.0.0.1"));
        send(datagram("127.0.0.2"), "127.0.0.1", "127.0.0.1");
        send(datagram("127.0.0.2"), "127.0.0.2", "127.0.0.1");
        Map.Entry<DeviceId, List<PacketSample>> e = got.poll(30, TimeUnit.SECONDS);
        assertNotNull(e, "the second agent's own datagram arrives");
        assertEquals(ten, e.getKey());
        assertEquals(1, collector.misnamed(), "the first agent's datagram in the second's name is counted");
        assertEquals(0, collector.refused(), "its source was accepted: it is an agent's");
        assertNull(got.poll(200, TimeUnit.MILLISECONDS), "nothing else was handed on");
    }

    @Test
    void itListensOnTheAddressItIsToldOnly() throws Exception {
        collector.update(Map.of(IpAddress.valueOf("127.0.0.1"), NINE), settings(freePort(), "127.0.0.1"));
        send(datagram("127.0.0.1"), "127.0.0.1", "127.0.0.2");
        send(datagram("127.0.0.1"), "127.0.0.1", "127.0.0.1");
        assertNotNull(got.poll(30, TimeUnit.SECONDS), "sent to the bound address: heard");
        assertNull(got.poll(200, TimeUnit.MILLISECONDS));
        assertEquals(1, collector.datagrams(), "the datagram to 127.0.0.2 never reached the collector");
        assertEquals(0, collector.refused());
    }
}
