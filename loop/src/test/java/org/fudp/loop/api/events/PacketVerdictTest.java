// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.events;

import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static org.fudp.loop.LoopHarness.ADJUSTOR;
import static org.fudp.loop.LoopHarness.BACK;
import static org.fudp.loop.LoopHarness.FACILITY;
import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.ONWARD;
import static org.junit.jupiter.api.Assertions.assertEquals;

class PacketVerdictTest {

    @Test
    void aPacketWithAWayOnIsTakenOthersAreLeft() {
        assertEquals(PacketVerdict.TAKE, PacketVerdict.of(FACILITY, H1, OptionalLong.of(ONWARD)));
        assertEquals(PacketVerdict.LEAVE, PacketVerdict.of(FACILITY, H1, OptionalLong.empty()));
        assertEquals(PacketVerdict.LEAVE, PacketVerdict.of(FACILITY, ONWARD, OptionalLong.of(ONWARD)),
                "back where it came from");
        assertEquals(PacketVerdict.LEAVE, PacketVerdict.of(FACILITY, H1, OptionalLong.of(ADJUSTOR)),
                "a host seen behind the adjustor is no way on");
    }

    @Test
    void whatComesFromTheAdjustorIsNeverLeftToOthers() {
        assertEquals(PacketVerdict.DROP, PacketVerdict.of(FACILITY, ADJUSTOR, OptionalLong.of(ONWARD)));
        assertEquals(PacketVerdict.TAKE, PacketVerdict.of(FACILITY, BACK, OptionalLong.empty()),
                "shaped traffic goes on by its flow, or nowhere");
    }
}
