// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Properties of encoding and authenticated decoding over random messages and random damage.
 */
class FrameCodecPropertiesTest {

    @Provide
    Arbitrary<ControlMessage> messages() {
        return Messages.messages();
    }

    @Property(tries = 500)
    void decodeInvertsEncode(@ForAll("messages") ControlMessage m) throws FrameRejectedException {
        byte[] payload = FrameCodec.encode(m, Messages.KEYS);
        assertEquals(m, FrameCodec.decode(payload, Messages.KEYS, FrameCodec.MAX_PAYLOAD_BYTES));
    }

    @Property(tries = 500)
    void paddingAfterTheMacIsIgnored(@ForAll("messages") ControlMessage m) throws FrameRejectedException {
        byte[] payload = FrameCodec.encode(m, Messages.KEYS);
        byte[] padded = Arrays.copyOf(payload, payload.length + 46);
        assertEquals(m, FrameCodec.decode(padded, Messages.KEYS, FrameCodec.MAX_PAYLOAD_BYTES));
    }

    @Property(tries = 1000)
    void anyChangedByteIsRejected(@ForAll("messages") ControlMessage m, @ForAll int where,
                                  @ForAll("nonZero") byte xor) {
        byte[] payload = FrameCodec.encode(m, Messages.KEYS);
        int i = Math.floorMod(where, payload.length);
        payload[i] ^= xor;
        assertRejected(payload);
    }

    @Property(tries = 1000)
    void anyTruncationIsRejected(@ForAll("messages") ControlMessage m, @ForAll int cut) {
        byte[] payload = FrameCodec.encode(m, Messages.KEYS);
        int keep = Math.floorMod(cut, payload.length);
        assertRejected(Arrays.copyOf(payload, keep));
    }

    @Provide
    Arbitrary<Byte> nonZero() {
        return Arbitraries.bytes().filter(b -> b != 0);
    }

    private static void assertRejected(byte[] payload) {
        FrameRejectedException e = null;
        try {
            ControlMessage accepted = FrameCodec.decode(payload, Messages.KEYS, FrameCodec.MAX_PAYLOAD_BYTES);
            throw new AssertionError("damaged frame accepted as " + accepted);
        } catch (FrameRejectedException expected) {
            e = expected;
        }
        assertNotNull(e.reason());
    }
}
