// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import java.util.Arrays;

/**
 * Whether a UDP flow's packets look like a QUIC connection's. Only a hint: anything can send such bytes (the
 * lab's disguised flood does), so it only makes a flow a candidate for the responsiveness test.
 * <ul>
 *   <li>A long header (RFC 9000, 17.2: header form and fixed bit set) of QUIC version 1 (RFC 9000) or 2
 *       (RFC 9369), with connection ids no longer than 20 bytes: a connection's first packets. One is
 *       enough: a packet-in of a flow's first packet, or a sample.</li>
 *   <li>Short headers (17.3: header form clear, fixed bit set, then the destination connection id), every
 *       later packet: two bits say too little of one packet, so only samples count them, and only when a
 *       flow's samples, two or more, all show one and the same first {@value #SHORT_DCID} bytes after the
 *       first. A sampled facility sees its flows only by samples, long after their first packets; a DCID of
 *       8 bytes or more is what the common stacks use. iperf3's payload, seconds then microseconds, and
 *       random payloads do not keep those bytes.</li>
 * </ul>
 */
public final class QuicHint {

    private static final int VERSION_1 = 0x0000_0001;
    private static final int VERSION_2 = 0x6b33_43cf;
    private static final int MAX_CID = 20;
    /** The destination connection id bytes a short header must repeat across a flow's samples. */
    static final int SHORT_DCID = 8;

    private QuicHint() {
    }

    /**
     * Judges a payload's first bytes.
     *
     * @param head the first bytes of the UDP payload (at least 6 are needed)
     * @return true if they look like a QUIC v1 or v2 long header
     */
    public static boolean looksLikeQuic(byte[] head) {
        if (head.length < 6 || (head[0] & 0xC0) != 0xC0) {
            return false;
        }
        int version = (head[1] & 0xFF) << 24 | (head[2] & 0xFF) << 16 | (head[3] & 0xFF) << 8 | head[4] & 0xFF;
        return (version == VERSION_1 || version == VERSION_2) && (head[5] & 0xFF) <= MAX_CID;
    }

    /** What one flow's sampled packets showed. */
    static final class Samples {
        private byte[] dcid;
        private int shortHeaders;
        private boolean other;
        private boolean longHeader;

        /**
         * Takes one sample's payload head.
         *
         * @param head the first bytes of its UDP payload
         */
        void add(byte[] head) {
            if (looksLikeQuic(head)) {
                longHeader = true;
                return;
            }
            if (head.length < 1 + SHORT_DCID || (head[0] & 0xC0) != 0x40) {
                other = true;
                return;
            }
            byte[] id = Arrays.copyOfRange(head, 1, 1 + SHORT_DCID);
            if (dcid == null) {
                dcid = id;
            } else if (!Arrays.equals(dcid, id)) {
                other = true;
            }
            shortHeaders++;
        }

        /**
         * Tells whether the samples so far look like QUIC.
         *
         * @return true if one showed a long header, or two or more showed short headers with one connection id
         *         and none showed anything else
         */
        boolean quic() {
            return longHeader || !other && shortHeaders >= 2;
        }
    }
}
