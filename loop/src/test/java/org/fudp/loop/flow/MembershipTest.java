// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MembershipTest {

    @Test
    void joinsAtTheJoinRateAndNotBelow() {
        Membership m = new Membership(false);
        assertFalse(m.update(true, Membership.JOIN_BPS - 1));
        assertTrue(m.update(true, Membership.JOIN_BPS));
    }

    @Test
    void aRateBetweenIdleAndJoinKeepsAMemberAndResetsItsIdleRun() {
        Membership m = new Membership(false);
        m.update(true, Membership.JOIN_BPS);
        m.update(true, Membership.IDLE_BPS);
        m.update(true, 0);
        m.update(true, 0);
        assertTrue(m.update(true, Membership.IDLE_BPS), "a trickle is not idle");
        m.update(true, 0);
        assertTrue(m.update(true, 0), "the idle run started again");
        assertFalse(m.update(true, 0));
    }

    @Test
    void aStarvedTcpFlowInBackoffStaysThreeIdlePeriodsUdpLeavesAfterOne() {
        Membership tcp = new Membership(false);
        Membership udp = new Membership(true);
        tcp.update(true, 1e6);
        udp.update(true, 1e6);
        assertFalse(udp.update(true, 0), "an ON/OFF source in its OFF time leaves at once");
        // Squeezed: the period after its last good one still carries its first retransmissions.
        assertTrue(tcp.update(true, 3 * Membership.IDLE_BPS));
        for (int k = 1; k < Membership.TCP_GRACE_PERIODS; k++) {
            assertTrue(tcp.update(true, 0), "a starved TCP flow stays, idle period " + k);
        }
        assertFalse(tcp.update(true, 0));
    }

    /** Issue 16: a departed TCP flow counted at rate 0 for three periods and held the band down. */
    @Test
    void aTcpFlowThatFallsSilentFromItsJoinRateHasEndedAndLeavesAtOnce() {
        Membership tcp = new Membership(false);
        tcp.update(true, 2e6);
        assertFalse(tcp.update(true, 0));
        assertTrue(tcp.update(true, 2e6), "if it was not over after all, it joins again as it sends");
    }

    @Test
    void aTcpFlowStillBeforeThePeriodsEndAfterAPeriodAtTheJoinRateMayHaveEnded() {
        Membership tcp = new Membership(false);
        tcp.update(true, 2e6);
        assertTrue(tcp.update(true, 0.8e6, Membership.QUIET_END_MS));
        assertTrue(tcp.endedQuietly());
        tcp.leave();
        assertFalse(tcp.update(true, 0), "out until it sends at the join rate again");
        assertTrue(tcp.update(true, 2e6));
    }

    @Test
    void aShortStallAUdpFlowOrAFlowAlreadyLowIsNoQuietEnd() {
        Membership tcp = new Membership(false);
        tcp.update(true, 2e6);
        tcp.update(true, 0.8e6, Membership.QUIET_END_MS - 1);
        assertFalse(tcp.endedQuietly(), "a retransmission timeout is 200 ms at least");
        tcp.update(true, 0.8e6, Membership.QUIET_END_MS);
        assertTrue(tcp.endedQuietly(), "its previous period was at the join rate");
        tcp.update(true, 2 * Membership.IDLE_BPS);
        tcp.update(true, 2 * Membership.IDLE_BPS, Membership.QUIET_END_MS);
        assertFalse(tcp.endedQuietly(), "its previous period was below the join rate: the idle rules decide");
        Membership udp = new Membership(true);
        udp.update(true, 2e6);
        udp.update(true, 0.8e6, Membership.QUIET_END_MS);
        assertFalse(udp.endedQuietly(), "a UDP flow leaves after one idle period anyway");
    }

    @Test
    void aPeriodWithoutARateChangesNothing() {
        Membership m = new Membership(true);
        m.update(true, 1e6);
        assertTrue(m.update(false, 0));
        Membership never = new Membership(true);
        assertFalse(never.update(false, 1e9));
    }

    @Test
    void aClosedConnectionNeverComesBack() {
        Membership m = new Membership(false);
        m.update(true, 1e6);
        m.close();
        assertFalse(m.update(true, 1e6), "it is out, and its last segments do not bring it back");
    }

    /** A flow's silence at a time, with 5 s periods and counters read every 100 ms. */
    private static Membership.Silence silent(long silentMs, long nowMs) {
        return new Membership.Silence(silentMs, nowMs, 5_000, 100);
    }

    /** Issue 25: starved from its full rate by a flood, it stayed out for good, and NO_TCP lifted every limit. */
    @Test
    void aTcpMemberThatFallsIdleUnderAUdpFloodIsStarvedAndStaysUntilItRecovers() {
        Membership tcp = new Membership(false);
        tcp.update(true, 9e6, 0, false, silent(0, 0));
        assertTrue(tcp.update(true, 2_000, 0, true, silent(1_000, 5_000)), "starved, not ended");
        assertTrue(tcp.starved());
        for (int k = 2; k < 12; k++) {
            long now = k * 5_000L;
            // Retransmission timeouts double: it sent its last segment within the last half of its starvation.
            assertTrue(tcp.update(true, 0, 0, false, silent((now - 5_000) / 2, now)),
                    "the flood is held now, but the flow is still in backoff, period " + k);
        }
        assertTrue(tcp.update(true, Membership.IDLE_BPS, 0, false, silent(0, 60_000)), "a trickle keeps it");
        assertTrue(tcp.starved());
        assertTrue(tcp.update(true, Membership.JOIN_BPS, 0, false, silent(0, 65_000)));
        assertFalse(tcp.starved(), "recovered");
        assertFalse(tcp.update(true, 0, 0, false, silent(5_000, 70_000)), "an ordinary end from its join rate");
    }

    @Test
    void aStarvedTcpMemberSilentForTheHoldTimeLeavesAndAUdpFlowIsNeverStarved() {
        Membership tcp = new Membership(false);
        tcp.update(true, 9e6, 0, false, silent(0, 0));
        tcp.update(true, 0, 0, true, silent(1_000, 5_000));
        assertTrue(tcp.update(true, 0, 0, true, silent(Membership.STARVED_HOLD_MS - 1, 400_000)));
        assertFalse(tcp.update(true, 0, 0, true, silent(Membership.STARVED_HOLD_MS, 405_000)),
                "no segment for longer than TCP backs off");
        assertFalse(tcp.starved());
        Membership udp = new Membership(true);
        udp.update(true, 9e6, 0, true, silent(0, 0));
        assertFalse(udp.update(true, 0, 0, true, silent(1_000, 5_000)), "UDP has no timeouts to wait out");
        Membership never = new Membership(false);
        assertFalse(never.update(true, 0, 0, true, silent(1_000, 5_000)), "only a member can be kept");
    }

    /**
     * The lab's fault run: iperf3's control connection, idle since the test began, was kept as starved
     * for 125 s under a flood, and the set's TCP share was computed for one flow too many.
     */
    @Test
    void anIdleConnectionUnderAFloodIsNotInBackoffAndLeaves() {
        Membership idle = new Membership(false);
        idle.update(true, 2e6, 0, false, silent(0, 0));
        assertFalse(idle.update(true, 0, 0, true, silent(20_000, 25_000)),
                "silent far longer than a backoff that began with the flood");
        Membership starved = new Membership(false);
        starved.update(true, 2e6, 0, false, silent(0, 0));
        assertTrue(starved.update(true, 0, 0, true, silent(3_000, 5_000)), "silent for part of the period only");
        assertFalse(starved.update(true, 0, 0, true, silent(40_000, 45_000)),
                "then silent for nearly all of its starvation: it gave up, or ended");
    }

    @Test
    void aStarvedFlowIsNoQuietEndAndAClosedOneIsNotStarved() {
        Membership tcp = new Membership(false);
        tcp.update(true, 2e6, 0, false, silent(0, 0));
        tcp.update(true, 0.8e6, Membership.QUIET_END_MS, true, silent(0, 5_000));
        assertFalse(tcp.endedQuietly(), "a stall under a flood is a timeout");
        tcp.update(true, 0, 0, true, silent(1_000, 10_000));
        tcp.close();
        assertFalse(tcp.starved());
        assertFalse(tcp.update(true, 0, 0, true, silent(1_000, 15_000)));
    }
}
