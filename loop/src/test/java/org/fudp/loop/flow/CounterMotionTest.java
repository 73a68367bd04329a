// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CounterMotionTest {

    @Test
    void stillnessRunsFromTheLastReadingThatMoved() {
        CounterMotion m = new CounterMotion();
        assertEquals(0, m.stillMs(), "no reading yet");
        m.read(1000, 500);
        assertEquals(0, m.stillMs());
        m.read(1100, 900);
        m.read(1200, 900);
        m.read(1400, 900);
        assertEquals(300, m.stillMs());
        m.read(1500, 901);
        assertEquals(0, m.stillMs(), "one more byte is motion");
    }

    @Test
    void aRepeatedOrOlderReadingChangesNothingAndAResetCountsAsMotion() {
        CounterMotion m = new CounterMotion();
        m.read(1000, 500);
        m.read(1300, 500);
        m.read(1300, 700);
        m.read(1200, 900);
        assertEquals(300, m.stillMs(), "ONOS hands out the same entry until its next poll");
        m.read(1400, 10);
        assertEquals(0, m.stillMs(), "a re-installed rule's counter starts again");
    }

    @Test
    void silenceEndsOnlyWithNewBytesEvenAcrossARuleInstalledAgain() {
        CounterMotion m = new CounterMotion();
        m.read(1000, 500);
        m.read(2000, 500);
        assertEquals(1500, m.silentMs(2500));
        m.read(3000, 0);
        assertEquals(2500, m.silentMs(3500), "a rule installed again has counted nothing yet");
        m.read(4000, 66);
        assertEquals(0, m.silentMs(4000), "one retransmission counted since");
    }
}
