package org.fudp.impl;

import org.fudp.loop.sampling.PacketSample;
import org.fudp.loop.sampling.SflowDecoder;
import org.fudp.loop.sampling.SflowIntake;
import org.slf4j.Logger;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The sFlow collector of sampled facilities: receives the switches' datagrams on a UDP port of this
 * instance, decodes them and hands their TCP and UDP samples on. Every instance of a cluster runs one
 * (a switch's sFlow record names every instance as a target); only the loop that controls a
 * facility acts on its samples.
 */
final class SflowReceiver {

    private static final Logger log = getLogger(SflowReceiver.class);

    private final DatagramSocket socket;
    private final Consumer<List<PacketSample>> sink;
    private final Thread thread;
    private final SflowIntake intake;

    /**
     * Binds the port and starts receiving.
     *
     * @param port the UDP port, on every address of this instance; 0 for any free one (tests)
     * @param sink where each datagram's samples go, on the receiver's thread
     * @param intake decodes and counts each datagram (kept by the caller across receivers)
     * @throws IOException if the port cannot be bound
     */
    SflowReceiver(int port, Consumer<List<PacketSample>> sink, SflowIntake intake) throws IOException {
        this.socket = new DatagramSocket(new InetSocketAddress(port));
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
            List<PacketSample> samples = intake.take(buf, d.getLength(), String.valueOf(d.getAddress()));
            if (!samples.isEmpty()) {
                sink.accept(samples);
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
