// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.sampling.PacketSample;
import org.fudp.loop.sampling.SflowDecoder;
import org.fudp.loop.sampling.SflowIntake;
import org.slf4j.Logger;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The sFlow collector of sampled facilities: receives the switches' datagrams on a UDP port of this
 * instance, decodes them and hands their TCP and UDP samples on. Every instance of a cluster runs one
 * (a switch's sFlow record names every instance as a target); only the loop that controls a
 * facility acts on its samples. A datagram whose source is not accepted is dropped undecoded: the
 * facility is read from the agent address inside the datagram, which anyone can write.
 */
final class SflowReceiver {

    private static final Logger log = getLogger(SflowReceiver.class);

    private final DatagramSocket socket;
    private final BiConsumer<InetAddress, List<PacketSample>> sink;
    private final Thread thread;
    private final SflowIntake intake;
    private final Predicate<InetAddress> accepts;

    /**
     * Binds the port and starts receiving.
     *
     * @param bind the address and UDP port; the wildcard address for every address of this instance, port 0
     *             for any free one (tests)
     * @param accepts whether a datagram from a source address is taken (it counts what it refuses)
     * @param sink where each datagram's samples go, with the address it came from, on the receiver's thread
     * @param intake decodes and counts each datagram taken (kept by the caller across receivers)
     * @throws IOException if the port cannot be bound
     */
    SflowReceiver(InetSocketAddress bind, Predicate<InetAddress> accepts,
                  BiConsumer<InetAddress, List<PacketSample>> sink, SflowIntake intake) throws IOException {
        this.socket = new DatagramSocket(bind);
        this.accepts = accepts;
        this.sink = sink;
        this.intake = intake;
        this.thread = new Thread(this::receive, "fudp-sflow-" + socket.getLocalPort());
        thread.setDaemon(true);
        thread.start();
    }

    private void receive() {
        byte[] buf = new byte[SflowDecoder.MAX_DATAGRAM_BYTES];
        DatagramPacket d = new DatagramPacket(buf, buf.length);
        while (!socket.isClosed()) {
            try {
                socket.receive(d);
            } catch (IOException e) {
                if (!socket.isClosed()) {
                    log.warn("sFlow collector on port {} stopped: {}", socket.getLocalPort(), e.getMessage());
                }
                return;
            }
            if (!accepts.test(d.getAddress())) {
                continue;
            }
            List<PacketSample> samples = intake.take(buf, d.getLength(), String.valueOf(d.getAddress()));
            if (!samples.isEmpty()) {
                sink.accept(d.getAddress(), samples);
            }
        }
    }

    /**
     * Returns the port it receives on.
     *
     * @return the UDP port
     */
    int port() {
        return socket.getLocalPort();
    }

    /** Stops receiving and releases the port. */
    void close() {
        socket.close();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
