// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sampling;

import java.util.List;
import java.util.function.Consumer;

/**
 * What a host's sFlow collector does with each datagram it receives, whatever its socket: decode it,
 * and count the datagrams, the samples and the datagrams that were not sFlow v5. The first malformed
 * datagram is said, the rest only counted: a stranger sending garbage must not write a log line per
 * packet. One thread takes the datagrams; any thread may read the counts.
 */
public final class SflowIntake {

    private final Consumer<String> sayOnce;
    private volatile long datagrams;
    private volatile long samples;
    private volatile long malformed;

    /**
     * Creates the intake.
     *
     * @param sayOnce told of the first malformed datagram: who sent it and why it was dropped
     */
    public SflowIntake(Consumer<String> sayOnce) {
        this.sayOnce = sayOnce;
    }

    /**
     * Takes one datagram.
     *
     * @param buf the datagram's bytes
     * @param length how many of them
     * @param from who sent it, for the message
     * @return its TCP and UDP samples, empty for none or for a malformed datagram
     */
    public List<PacketSample> take(byte[] buf, int length, String from) {
        datagrams++;
        try {
            List<PacketSample> got = SflowDecoder.decode(buf, length);
            samples += got.size();
            return got;
        } catch (SflowFormatException e) {
            if (malformed++ == 0) {
                sayOnce.accept("from " + from + ": " + e.getMessage());
            }
            return List.of();
        }
    }

    /**
     * Returns the datagrams taken.
     *
     * @return count
     */
    public long datagrams() {
        return datagrams;
    }

    /**
     * Returns the TCP and UDP samples they carried.
     *
     * @return count
     */
    public long samples() {
        return samples;
    }

    /**
     * Returns the datagrams that were not sFlow v5.
     *
     * @return count
     */
    public long malformed() {
        return malformed;
    }
}
