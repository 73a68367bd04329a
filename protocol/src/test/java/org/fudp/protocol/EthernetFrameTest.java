// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Ethernet framing: padding, VLAN tags and MAC text.
 */
class EthernetFrameTest {

    private static final byte[] DST = EthernetFrame.parseMac("02:00:00:00:00:02");
    private static final byte[] SRC = EthernetFrame.parseMac("02-00-00-00-00-01");

    @Test
    void shortPayloadIsPaddedToTheEthernetMinimum() {
        byte[] frame = EthernetFrame.build(DST, SRC, 0x88B5, new byte[] {1, 2, 3});
        assertEquals(60, frame.length);
        EthernetFrame p = EthernetFrame.parse(frame);
        assertEquals(0x88B5, p.etherType());
        assertArrayEquals(DST, p.dst());
        assertArrayEquals(SRC, p.src());
        assertEquals(46, p.payload().length);
    }

    @Test
    void paddedFudpFrameStillDecodes() throws FrameRejectedException {
        byte[] payload = new FrameEncoder(Messages.KEYS, 1, 1, 0, java.time.Clock.systemUTC()).heartbeat(0);
        byte[] frame = EthernetFrame.build(DST, SRC, 0x88B5, payload);
        byte[] padded = java.util.Arrays.copyOf(frame, frame.length + 20);
        ControlMessage m = FrameCodec.decode(EthernetFrame.parse(padded).payload(), Messages.KEYS, 1500);
        assertEquals(MessageType.HEARTBEAT, m.type());
    }

    @Test
    void vlanTagIsSkipped() {
        byte[] untagged = EthernetFrame.build(DST, SRC, 0x88B5, new byte[50]);
        byte[] tagged = new byte[untagged.length + 4];
        System.arraycopy(untagged, 0, tagged, 0, 12);
        tagged[12] = (byte) 0x81;
        tagged[14] = 0x00;
        tagged[15] = 0x0A;
        System.arraycopy(untagged, 12, tagged, 16, untagged.length - 12);
        assertEquals(0x88B5, EthernetFrame.parse(tagged).etherType());
        assertEquals(50, EthernetFrame.parse(tagged).payload().length);
    }

    @Test
    void badInputNamesTheProblem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> EthernetFrame.parseMac("02:00:00:00:00"));
        assertTrue(e.getMessage().contains("02:00:00:00:00"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EthernetFrame.build(DST, SRC, 0x0800 - 0x300, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> EthernetFrame.parse(new byte[13]));
        assertEquals("02:00:00:00:00:02", EthernetFrame.formatMac(DST));
    }
}
