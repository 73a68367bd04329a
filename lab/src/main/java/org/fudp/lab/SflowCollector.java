// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import org.fudp.loop.sampling.PacketSample;
import org.fudp.loop.sampling.SflowDecoder;
import org.fudp.loop.sampling.SflowIntake;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;

/**
 * Collects the facility switch's sFlow datagrams on 127.0.0.1 (OVS's {@code sFlow} record points
 * there) and queues their TCP and UDP samples for the loop, beside the packet-ins.
 */
final class SflowCollector implements Runnable {

    private final DatagramSocket socket;
    private final BlockingQueue<MonitorEvent> queue;
    private final Consumer<String> say;
    private final SflowIntake intake;

    /**
     * Binds the collector's socket.
     *
     * @param port the UDP port on 127.0.0.1
     * @param queue where the samples go
     * @param say where a malformed datagram is said, once
     * @throws IOException if the port cannot be bound
     */
    SflowCollector(int port, BlockingQueue<MonitorEvent> queue, Consumer<String> say) throws IOException {
        this.socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        this.queue = queue;
        this.say = say;
        this.intake = new SflowIntake(why -> say.accept("sFlow datagram dropped (more are only counted): " + why));
    }

    @Override
    public void run() {
        byte[] buf = new byte[SflowDecoder.MAX_DATAGRAM_BYTES];
        DatagramPacket d = new DatagramPacket(buf, buf.length);
        while (!socket.isClosed()) {
            try {
                socket.receive(d);
            } catch (IOException e) {
                if (!socket.isClosed()) {
                    say.accept("sFlow collector ended: " + e.getMessage());
                }
                return;
            }
            List<PacketSample> got = intake.take(buf, d.getLength(), String.valueOf(d.getAddress()));
            if (!got.isEmpty()) {
                queue.add(MonitorEvent.sampled(System.currentTimeMillis(), got));
            }
        }
    }

    /**
     * Returns the counts for the stats line.
     *
     * @return {@code sflow <datagrams> datagrams, <samples> samples, <malformed> malformed}
     */
    String counts() {
        return "sflow " + intake.datagrams() + " datagrams, " + intake.samples() + " samples, " + intake.malformed()
                + " malformed";
    }

    /** Stops receiving. */
    void close() {
        socket.close();
    }
}
