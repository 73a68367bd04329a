package org.fudp.lab;

import org.fudp.loop.sampling.PacketSample;
import org.fudp.loop.sampling.SflowDecoder;
import org.fudp.loop.sampling.SflowFormatException;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Collects the facility switch's sFlow datagrams on 127.0.0.1 (OVS's {@code sFlow} record points
 * there) and queues their TCP and UDP samples for the loop, beside the packet-ins.
 */
final class SflowCollector implements Runnable {

    private final DatagramSocket socket;
    private final BlockingQueue<MonitorEvent> queue;
    private final Consumer<String> say;
    private final AtomicLong datagrams = new AtomicLong();
    private final AtomicLong samples = new AtomicLong();
    private final AtomicLong malformed = new AtomicLong();

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
    }

    @Override
    public void run() {
        byte[] buf = new byte[65_535];
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
            datagrams.incrementAndGet();
            try {
                List<PacketSample> got = SflowDecoder.decode(buf, d.getLength());
                if (!got.isEmpty()) {
                    samples.addAndGet(got.size());
                    queue.add(MonitorEvent.sampled(System.currentTimeMillis(), got));
                }
            } catch (SflowFormatException e) {
                if (malformed.getAndIncrement() == 0) {
                    say.accept("sFlow datagram dropped (more are only counted): " + e.getMessage());
                }
            }
        }
    }

    /**
     * Returns the counts for the stats line.
     *
     * @return {@code sflow <datagrams> datagrams, <samples> samples, <malformed> malformed}
     */
    String counts() {
        return "sflow " + datagrams.get() + " datagrams, " + samples.get() + " samples, " + malformed.get()
                + " malformed";
    }

    /** Stops receiving. */
    void close() {
        socket.close();
    }
}
