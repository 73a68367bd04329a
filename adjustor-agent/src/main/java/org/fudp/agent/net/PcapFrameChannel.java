// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.net;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.RawPacketListener;

/**
 * A {@link FrameChannel} on libpcap through pcap4j. Receiving uses a handle in immediate mode
 * that sees only incoming frames of the EtherType (a BPF filter in the kernel drops the rest), in
 * a blocking {@code pcap_loop} that {@code pcap_breakloop} ends. (A read timeout does not help:
 * with TPACKET_V3 libpcap blocks until a frame arrives however short the timeout.) Sending uses a
 * second handle, so the receive loop and senders never share one libpcap handle across threads.
 */
public final class PcapFrameChannel implements FrameChannel {

    /** System property pcap4j reads to find libpcap. */
    static final String LIB_PROPERTY = "org.pcap4j.core.pcapLibName";
    private static final int POLL_MILLIS = 100;

    private final String iface;
    private final byte[] mac;
    private final PcapHandle rx;
    private final PcapHandle tx;
    private volatile boolean stopped;

    /**
     * Opens the interface.
     *
     * @param iface interface name
     * @param etherType the EtherType to capture
     * @throws IOException if libpcap is missing or the interface cannot be opened (for example
     *     without CAP_NET_RAW)
     */
    public PcapFrameChannel(String iface, int etherType) throws IOException {
        this.iface = iface;
        this.mac = LinkInfo.mac(iface);
        locateLibpcap();
        PcapHandle in = null;
        try {
            in = new PcapHandle.Builder(iface).snaplen(65536)
                    .promiscuousMode(PcapNetworkInterface.PromiscuousMode.PROMISCUOUS)
                    .timeoutMillis(POLL_MILLIS).immediateMode(true)
                    .direction(PcapHandle.PcapDirection.IN).build();
            in.setFilter(String.format(Locale.ROOT, "ether proto 0x%04x", etherType),
                    BpfProgram.BpfCompileMode.OPTIMIZE);
            PcapHandle out = new PcapHandle.Builder(iface).snaplen(64).timeoutMillis(POLL_MILLIS).build();
            // The send handle must not buffer traffic it never reads.
            out.setFilter("less 1", BpfProgram.BpfCompileMode.OPTIMIZE);
            this.rx = in;
            this.tx = out;
        } catch (PcapNativeException | NotOpenException | UnsatisfiedLinkError e) {
            if (in != null) {
                in.close();
            }
            throw new IOException("cannot capture on " + iface + " (needs libpcap and CAP_NET_RAW): "
                    + e.getMessage(), e);
        }
    }

    /**
     * Points pcap4j at the installed libpcap: Debian ships only {@code libpcap.so.0.8} without the
     * development symlink pcap4j looks for by default.
     */
    static void locateLibpcap() {
        if (System.getProperty(LIB_PROPERTY) != null) {
            return;
        }
        String[] candidates = {
            "/usr/lib/x86_64-linux-gnu/libpcap.so", "/usr/lib/x86_64-linux-gnu/libpcap.so.1",
            "/usr/lib/x86_64-linux-gnu/libpcap.so.0.8", "/usr/lib/aarch64-linux-gnu/libpcap.so.0.8",
            "/usr/lib64/libpcap.so.1", "/usr/lib/libpcap.so.1", "/usr/lib/libpcap.so.0.8",
        };
        for (String c : candidates) {
            if (Files.exists(Path.of(c))) {
                System.setProperty(LIB_PROPERTY, c);
                return;
            }
        }
    }

    @Override
    public void receive(Consumer<byte[]> handler) throws IOException {
        while (!stopped) {
            try {
                rx.loop(-1, (RawPacketListener) handler::accept);
            } catch (InterruptedException e) {
                // pcap_breakloop: stopReceiving was called (or, rarely, a spurious break: loop again).
                continue;
            } catch (PcapNativeException | NotOpenException e) {
                throw new IOException("capture on " + iface + " failed: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void stopReceiving() {
        stopped = true;
        try {
            rx.breakLoop();
        } catch (NotOpenException e) {
            // Closed already: nothing is receiving.
            return;
        }
    }

    @Override
    public void send(byte[] frame) throws IOException {
        try {
            synchronized (tx) {
                tx.sendPacket(frame);
            }
        } catch (PcapNativeException | NotOpenException e) {
            throw new IOException("cannot send on " + iface + ": " + e.getMessage(), e);
        }
    }

    @Override
    public byte[] localMac() {
        return mac.clone();
    }

    @Override
    public void close() {
        rx.close();
        tx.close();
    }
}
