// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35: a QUIC header only makes a flow a candidate. A packet-in sees a flow's first packet, a long header;
 * a sampled facility sees its flows long after, by short headers, which must show one connection id across a
 * flow's samples before they count.
 */
class QuicHintTest {

    /** A QUIC v1 Initial's first bytes: long header, fixed bit, type Initial; version 1; an 8-byte DCID. */
    private static final byte[] INITIAL = {(byte) 0xC3, 0, 0, 0, 1, 8, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    private static final byte[] DCID = {11, 22, 33, 44, 55, 66, 77, 88};

    /** A 1-RTT packet's first bytes: header form clear, fixed bit, spin and key bits; the DCID; ciphertext. */
    private static byte[] shortHeader(int first, byte[] dcid, Random rnd) {
        ByteBuffer b = ByteBuffer.allocate(16).put((byte) (0x40 | first & 0x3F)).put(dcid);
        byte[] rest = new byte[b.remaining()];
        rnd.nextBytes(rest);
        return b.put(rest).array();
    }

    /** iperf3's UDP payload: seconds and microseconds (big-endian), then a 64-bit sequence number. */
    private static byte[] iperf3(long sec, int usec, long seq) {
        return ByteBuffer.allocate(16).putInt((int) sec).putInt(usec).putLong(seq).array();
    }

    @Test
    void aLongHeaderOfVersion1Or2IsQuicAShortHeaderAloneIsNot() {
        assertTrue(QuicHint.looksLikeQuic(INITIAL));
        byte[] v2 = INITIAL.clone();
        v2[1] = 0x6b;
        v2[2] = 0x33;
        v2[3] = 0x43;
        v2[4] = (byte) 0xcf;
        assertTrue(QuicHint.looksLikeQuic(v2));
        byte[] v3 = INITIAL.clone();
        v3[4] = 3;
        assertFalse(QuicHint.looksLikeQuic(v3), "no such version");
        byte[] longId = INITIAL.clone();
        longId[5] = 21;
        assertFalse(QuicHint.looksLikeQuic(longId), "a connection id is 20 bytes at most");
        assertFalse(QuicHint.looksLikeQuic(shortHeader(0, DCID, new Random(1))), "one packet-in says too little");
        assertFalse(QuicHint.looksLikeQuic(new byte[] {(byte) 0xC3, 0, 0, 0}), "too short to tell");
    }

    @Test
    void samplesWithShortHeadersOfOneConnectionIdLookLikeQuic() {
        Random rnd = new Random(7);
        QuicHint.Samples s = new QuicHint.Samples();
        s.add(shortHeader(rnd.nextInt(), DCID, rnd));
        assertFalse(s.quic(), "one sample is not enough");
        s.add(shortHeader(rnd.nextInt(), DCID, rnd));
        assertTrue(s.quic());
        QuicHint.Samples first = new QuicHint.Samples();
        first.add(INITIAL);
        assertTrue(first.quic(), "a sampled long header is enough on its own");
    }

    @Test
    void iperf3AndRandomPayloadsAndTwoConnectionIdsDoNot() {
        // Two datagrams of one second: seconds and the top byte of microseconds alike, the rest not.
        QuicHint.Samples iperf = new QuicHint.Samples();
        iperf.add(iperf3(1_795_000_000L, 120_000, 1));
        iperf.add(iperf3(1_795_000_000L, 560_000, 300));
        iperf.add(iperf3(1_795_000_000L, 990_000, 600));
        assertFalse(iperf.quic(), "iperf3 starts like a short header (0x6a), but its bytes do not repeat");
        Random rnd = new Random(3);
        int hits = 0;
        for (int i = 0; i < 1000; i++) {
            QuicHint.Samples random = new QuicHint.Samples();
            for (int j = 0; j < 3; j++) {
                byte[] b = new byte[16];
                rnd.nextBytes(b);
                random.add(b);
            }
            hits += random.quic() ? 1 : 0;
        }
        assertEquals(0, hits, "random flows that looked like QUIC");
        QuicHint.Samples two = new QuicHint.Samples();
        two.add(shortHeader(0, DCID, rnd));
        two.add(shortHeader(0, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, rnd));
        two.add(shortHeader(0, DCID, rnd));
        assertFalse(two.quic(), "two connection ids in one 5-tuple");
        QuicHint.Samples truncated = new QuicHint.Samples();
        truncated.add(new byte[] {0x41, 11, 22});
        truncated.add(new byte[] {0x41, 11, 22});
        assertFalse(truncated.quic(), "the agent's header cut the connection id");
    }
}
