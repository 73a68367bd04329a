// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.settings.Facility;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.MutableClock;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 33: the last step of a key rotation moves a facility to the new key id. The channel kept the
 * facility's encoder, and with it the old key, until the next key file was read, so the agent was still
 * served under the old key and went to fail-safe once that key left its file.
 */
class AdjustorChannelKeyTest {

    private static final String K7 = "00112233445566778899aabbccddeeff";
    private static final String K8 = "ffeeddccbbaa99887766554433221100";
    private static final byte[] MAC = {2, 0, 0, 0, 0, (byte) 0xaa};

    private final MutableClock clock = new MutableClock(0);
    private final AdjustorChannel channel = new AdjustorChannel("7 = " + K7 + "\n8 = " + K8 + "\n", 1, 1, 0x88b5,
            clock);

    private ControlMessage heartbeat(Facility f, String agentKeys) throws Exception {
        Actions out = new Actions();
        channel.heartbeat(f, 0, out);
        return FrameCodec.decode(EthernetFrame.parse(out.frames().get(0).frame()).payload(),
                KeyRing.parse(agentKeys), FrameCodec.MAX_PAYLOAD_BYTES);
    }

    @Test
    void aFacilityGivenAnotherKeyIdSignsWithItAndItsSequenceGoesOn() throws Exception {
        ControlMessage before = heartbeat(new Facility("of:0000000000000001", 3, 4, MAC, 7), "7 = " + K7);
        assertEquals(7, before.header().keyId());
        ControlMessage after = heartbeat(new Facility("of:0000000000000001", 3, 4, MAC, 8), "8 = " + K8);
        assertEquals(8, after.header().keyId(), "an agent that holds only the new key verifies it");
        assertEquals(before.header().sequence() + 1, after.header().sequence(), "no sequence the agent has seen");
        assertEquals(before.header().epoch(), after.header().epoch());
    }
}
