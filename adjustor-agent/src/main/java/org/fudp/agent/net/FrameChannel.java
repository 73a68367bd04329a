// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.net;

import java.io.IOException;
import java.util.function.Consumer;

/**
 * Raw Ethernet frames of one EtherType in and out of one interface.
 */
public interface FrameChannel extends AutoCloseable {

    /**
     * Hands every arriving frame to a handler, on the calling thread, until {@link #stopReceiving}
     * is called.
     *
     * @param handler what to do with a frame (a complete Ethernet frame without FCS)
     * @throws IOException if the channel failed
     */
    void receive(Consumer<byte[]> handler) throws IOException;

    /**
     * Makes {@link #receive} return soon; callable from any thread, also from the handler.
     */
    void stopReceiving();

    /**
     * Sends one frame.
     *
     * @param frame a complete Ethernet frame without FCS
     * @throws IOException if it could not be sent
     */
    void send(byte[] frame) throws IOException;

    /**
     * Returns the interface's own MAC address.
     *
     * @return 6 bytes
     */
    byte[] localMac();

    @Override
    void close();
}
