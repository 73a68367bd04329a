// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.api.settings.ResponsiveTest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One flow's test, period by period, with the rates a counter would show (bit/s). */
class ResponsivenessTest {

    private static final ResponsiveTest TEST = ResponsiveTest.defaults();
    private final Responsiveness r = new Responsiveness();
    private long now = 1_000_000;

    private Responsiveness candidate() {
        r.hint();
        r.settle(TEST);
        assertEquals(Responsiveness.Kind.CANDIDATE, r.kind());
        assertTrue(r.due(now, TEST));
        return r;
    }

    // The enforcer holds the flow as the test asks: at the hold while held, not at all once released.
    private boolean step(double offered, double share) {
        now += 1000;
        return r.step(now, offered, true, r.holdBps(), share, false, TEST);
    }

    @Test
    void whatItsShareCostItOutlivesATakeOver() {
        // It passed, lost its exemption, and was struck three times: distrusted. Before, its checkpoint carried only
        // its tests, and the instance that took its facility over trusted it again at its first test passed.
        candidate().start(now, 4e6, -1, -1, TEST);
        step(2e6, -1);
        step(4e6, -1);
        assertEquals(Responsiveness.Kind.RESPONSIVE, r.kind(), r.evidence());
        for (int i = 0; i < 3; i++) {
            r.shareChecked(true, 1, () -> "held 9.60 Mbit/s");
            r.struck(now + i);
        }
        Responsiveness next = new Responsiveness();
        next.restore(r.checkpoint());
        next.settle(TEST);
        next.start(now, 2e6, -1, -1, TEST);
        now += 1000;
        next.step(now, 1e6, true, next.holdBps(), -1, false, TEST);
        now += 1000;
        assertTrue(next.step(now, 2e6, true, -1, -1, false, TEST), "a test that it passes, at its share");
        assertEquals(Responsiveness.Kind.UNRESPONSIVE, next.kind(), next.evidence());
        assertTrue(next.evidence().contains("whatever its tests say"), next.evidence());
    }

    @Test
    void aFloodIsHeldAtItsShareNotAtHalfOfWhatItSendsAndFails() {
        candidate().start(now, 30e6, -1, 5e6, TEST);
        assertEquals(5_000_000, r.holdBps(), "half of 30 Mbit/s would still fill a 10 Mbit/s link");
        assertTrue(step(30e6, 5e6));
        assertEquals(Responsiveness.Kind.UNRESPONSIVE, r.kind());
        assertTrue(r.evidence().startsWith("did not respond: kept offering 30.00 Mbit/s"), r.evidence());
    }

    @Test
    void aFlowAboveItsShareThatSettlesAtItsShareWhenReleasedResponded() {
        candidate().start(now, 4.3e6, -1, 2.5e6, TEST);
        assertEquals(2_150_000, r.holdBps());
        assertFalse(step(2.29e6, 2.5e6), "followed the hold: released now");
        assertEquals(-1, r.holdBps());
        // Others took the room while it was held: it comes back to its share, not above where it was held.
        assertTrue(step(2.02e6, 2.5e6));
        assertEquals(Responsiveness.Kind.RESPONSIVE, r.kind(), r.evidence());
    }

    @Test
    void aYoungFlowStillRampingUpWhenItsTestBeganIsHeldOnFromItsNewRateNotFailed() {
        // A live ONOS: a QUIC flow's first period as a member read 0.25 Mbit/s; held at 0.12, its slow start
        // carried it to 2.09 Mbit/s, and it failed ("kept offering 2.09 Mbit/s of 0.25 Mbit/s").
        candidate().start(now, 0.25e6, -1, 3.3e6, TEST);
        assertEquals(125_000, r.holdBps());
        assertFalse(step(2.09e6, 3.3e6), "no verdict from a rate it had outgrown");
        assertEquals(Responsiveness.Kind.TESTING, r.kind());
        assertEquals(1_045_000, r.holdBps(), "held on, at half of what it offers now");
        assertTrue(r.evidence().startsWith("under test: held at 1.05 Mbit/s (offered 2.09 Mbit/s)"), r.evidence());
        assertFalse(step(1.1e6, 3.3e6), "followed the new hold: released");
        assertTrue(step(2.6e6, 3.3e6));
        assertEquals(Responsiveness.Kind.RESPONSIVE, r.kind(), r.evidence());
    }

    @Test
    void aFloodWhoseFirstReadingWasPartialIsHeldOnAtItsShareAndFails() {
        // Its rule came half-way through the period: the first reading is half of what it sends.
        candidate().start(now, 15e6, -1, 5e6, TEST);
        assertFalse(step(30e6, 5e6));
        assertEquals(5_000_000, r.holdBps(), "never above its share, and never released");
        assertTrue(step(30e6, 5e6));
        assertEquals(Responsiveness.Kind.UNRESPONSIVE, r.kind());
        assertTrue(r.evidence().startsWith("did not respond: kept offering 30.00 Mbit/s of 30.00 Mbit/s"),
                r.evidence());
    }

    @Test
    void aFlowThatStaysDownWhenReleasedDidNotRespond() {
        candidate().start(now, 4e6, -1, -1, TEST);
        assertFalse(step(2.1e6, -1));
        assertFalse(step(2.0e6, -1));
        assertFalse(step(2.1e6, -1));
        assertTrue(step(2.0e6, -1), "three release periods");
        assertEquals(Responsiveness.Kind.UNRESPONSIVE, r.kind());
        assertTrue(r.evidence().contains("not back up released"), r.evidence());
    }

    @Test
    void aLinearControllerThatCannotGrowBackIntoAFullLinkResponded() {
        // The lab's QUIC Reno beside a TCP CUBIC flow that arrived with it: slowed from 3.74 to 1.91 Mbit/s at a
        // limit of 1.87, released 1.96, the link full. It failed as "not back up released" and, limited as UDP,
        // carried 0.77 of its share for the rest of the run.
        candidate().start(now, 3.74e6, -1, 3.33e6, TEST);
        assertFalse(step(1.91e6, 3.33e6));
        assertFalse(full(1.93e6), "released");
        assertFalse(full(1.95e6));
        assertTrue(full(1.96e6));
        assertEquals(Responsiveness.Kind.RESPONSIVE, r.kind(), r.evidence());
        assertTrue(r.evidence().contains("back to 1.96 Mbit/s released, the link full"), r.evidence());
    }

    @Test
    void aFlowThatSinksBelowItsHoldWhenReleasedIntoAFullLinkDidNotRespond() {
        candidate().start(now, 3.74e6, -1, 3.33e6, TEST);
        assertFalse(step(1.91e6, 3.33e6));
        assertFalse(full(1.90e6));
        assertFalse(full(1.88e6));
        assertTrue(full(1.80e6), "below the limit it was held at: not growing");
        assertEquals(Responsiveness.Kind.UNRESPONSIVE, r.kind(), r.evidence());
        assertTrue(r.evidence().contains("not back up released"), r.evidence());
    }

    // A period of the test with the set's flows filling the link.
    private boolean full(double offered) {
        now += 1000;
        return r.step(now, offered, true, r.holdBps(), 3.33e6, true, TEST);
    }

    @Test
    void aFlowThatPausesWhileHeldIsNotJudgedAndIsTestedAgain() {
        candidate().start(now, 4e6, -1, -1, TEST);
        assertFalse(step(0.1e6, -1), "an off time tells nothing");
        assertFalse(r.testing());
        assertEquals(Responsiveness.Kind.CANDIDATE, r.kind());
        assertTrue(r.due(now, TEST));
    }

    @Test
    void aStarvedFlowJustAboveTheHalfwayMarkStillResponded() {
        // The lab's: QUIC at 0.59 Mbit/s next to a flood, held at 0.29, offering 0.48 (retransmissions, probes).
        candidate().start(now, 0.59e6, -1, -1, TEST);
        assertFalse(step(0.48e6, -1));
        assertTrue(step(0.8e6, -1));
        assertEquals(Responsiveness.Kind.RESPONSIVE, r.kind(), r.evidence());
    }

    @Test
    void aFlowThatCollapsesWhenReleasedWasStarvedNotJudged() {
        // The lab's: QUIC Reno at 0.41 Mbit/s beside a flood, held at 0.21, offering 0.11, then 0.08 released.
        candidate().start(now, 0.41e6, -1, -1, TEST);
        assertFalse(step(0.11e6, -1));
        assertFalse(step(0.08e6, -1));
        assertFalse(step(0.08e6, -1));
        assertFalse(step(0.08e6, -1), "no verdict");
        assertFalse(r.testing());
        assertEquals(Responsiveness.Kind.CANDIDATE, r.kind());
    }

    @Test
    void aFlowIsJudgedOnlyUnderTheHoldItsAgentAcknowledged() {
        // The lab's quic-adversaries: a congestion-controlled flow failed ("kept offering 4.44 of 5.11 at a limit of
        // 2.55") while its agent had not acknowledged the hold: it ran unlimited all through its test.
        candidate().start(now, 5.11e6, -1, 5e6, TEST);
        now += 1000;
        assertFalse(r.step(now, 4.44e6, true, -1, 5e6, false, TEST), "not held yet: no verdict");
        assertTrue(r.testing());
        assertEquals(2_555_000, r.holdBps(), "held at the same limit");
        assertFalse(step(2.6e6, 5e6), "followed once held");
        now += 1000;
        assertFalse(r.step(now, 2.6e6, true, 2_555_000, 5e6, false, TEST), "not released yet: no verdict");
        assertTrue(step(4e6, 5e6));
        assertEquals(Responsiveness.Kind.RESPONSIVE, r.kind(), r.evidence());
    }

    @Test
    void aTestWhoseHoldIsNeverInForceEndsWithoutAVerdict() {
        candidate().start(now, 30e6, -1, 5e6, TEST);
        for (int i = 0; i < 4; i++) {
            now += 1000;
            assertFalse(r.step(now, 30e6, true, -1, 5e6, false, TEST));
            assertTrue(r.testing());
        }
        now += 1000;
        assertFalse(r.step(now, 30e6, true, -1, 5e6, false, TEST));
        assertFalse(r.testing(), "given up after 5 periods");
        assertEquals(Responsiveness.Kind.CANDIDATE, r.kind(), "neither passed nor failed");
    }
}
