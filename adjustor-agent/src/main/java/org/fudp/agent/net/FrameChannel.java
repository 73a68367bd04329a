package org.fudp.agent.net;

import java.io.IOException;

/**
 * Raw Ethernet frames of one EtherType in and out of one interface.
 */
public interface FrameChannel extends AutoCloseable {

    /**
     * Waits briefly for the next frame.
     *
     * @return the frame, or null if none arrived within the channel's poll time
     * @throws IOException if the channel failed
     */
    byte[] receive() throws IOException;

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
