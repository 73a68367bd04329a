package org.fudp.loop;

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

    /** Issue 25: starved from its full rate by a flood, it stayed out for good, and NO_TCP lifted every limit. */
    @Test
    void aTcpMemberThatFallsIdleUnderAUdpFloodIsStarvedAndStaysUntilItRecovers() {
        Membership tcp = new Membership(false);
        tcp.update(true, 9e6, 0, false, 0);
        assertTrue(tcp.update(true, 2_000, 0, true, 0), "starved, not ended");
        assertTrue(tcp.starved());
        for (int k = 0; k < 10; k++) {
            assertTrue(tcp.update(true, 0, 0, false, 40_000),
                    "the flood is held now, but the flow is still in backoff");
        }
        assertTrue(tcp.update(true, Membership.IDLE_BPS, 0, false, 0), "a trickle keeps it");
        assertTrue(tcp.starved());
        assertTrue(tcp.update(true, Membership.JOIN_BPS, 0, false, 0));
        assertFalse(tcp.starved(), "recovered");
        assertFalse(tcp.update(true, 0, 0, false, 0), "an ordinary end from its join rate, no flood");
    }

    @Test
    void aStarvedTcpMemberSilentForTheHoldTimeLeavesAndAUdpFlowIsNeverStarved() {
        Membership tcp = new Membership(false);
        tcp.update(true, 9e6, 0, false, 0);
        tcp.update(true, 0, 0, true, 0);
        assertTrue(tcp.update(true, 0, 0, true, Membership.STARVED_HOLD_MS - 1));
        assertFalse(tcp.update(true, 0, 0, true, Membership.STARVED_HOLD_MS),
                "no segment for longer than TCP backs off");
        assertFalse(tcp.starved());
        Membership udp = new Membership(true);
        udp.update(true, 9e6, 0, true, 0);
        assertFalse(udp.update(true, 0, 0, true, 0), "UDP has no timeouts to wait out");
        Membership never = new Membership(false);
        assertFalse(never.update(true, 0, 0, true, 0), "only a member can be kept");
    }

    @Test
    void aStarvedFlowIsNoQuietEndAndAClosedOneIsNotStarved() {
        Membership tcp = new Membership(false);
        tcp.update(true, 2e6, 0, false, 0);
        tcp.update(true, 0.8e6, Membership.QUIET_END_MS, true, 0);
        assertFalse(tcp.endedQuietly(), "a stall under a flood is a timeout");
        tcp.update(true, 0, 0, true, 0);
        tcp.close();
        assertFalse(tcp.starved());
        assertFalse(tcp.update(true, 0, 0, true, 0));
    }
}
