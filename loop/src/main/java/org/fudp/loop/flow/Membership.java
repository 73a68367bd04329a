// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;


/**
 * Whether a flow counts in its correlation flow set this period. A flow joins once it carries
 * {@link #JOIN_BPS}; it leaves after a run of idle periods (one for UDP; for TCP one after a
 * period at the join rate, else three), or at once when its connection closes (FIN or RST). A
 * TCP flow whose counter stopped before the period's end may have ended quietly
 * ({@link #endedQuietly()}); the loop, which sees its set, decides whether it leaves
 * ({@link #leave()}). A period without a usable rate changes nothing.
 * <p>
 * A TCP member that falls idle while UDP floods its set is starved, not ended: it stays
 * ({@link #starved()}) until it carries the join rate again, closes, or sends nothing at all for
 * {@link #STARVED_HOLD_MS}.
 * </p>
 */
public final class Membership {

    /**
     * A flow joins its CFS once it carries ten full frames a second (about 121 kbit/s). Without
     * this, small flows such as iperf3's control connection or DNS would count as TCP or UDP flows
     * and pull the per-flow averages the fairness band is built on toward zero.
     */
    public static final double JOIN_BPS = 10 * 1514 * 8;
    /** A period in which a flow carries less than one full frame a second is idle. */
    public static final double IDLE_BPS = 1514 * 8;
    /**
     * A TCP member whose rate was already low leaves after this many idle periods in a row. A TCP
     * flow starved into retransmission timeouts carries nothing for a while; dropping it at once
     * would make the set look TCP-free, and FUDPA would lift the UDP limits (NO_TCP) exactly when
     * TCP needs them most. Such a flow does not fall silent from a full rate, though: its timeouts
     * start at a few hundred milliseconds and double only while nothing gets through, so the period
     * after its last good one still carries retransmissions, and only later periods are idle. A TCP
     * flow that goes from at least {@link #JOIN_BPS} to idle in one period has ended (without a FIN
     * or RST the switch saw: ONOS 2.7 cannot match TCP flags) and leaves at once.
     */
    public static final int TCP_GRACE_PERIODS = 3;
    /**
     * A UDP member leaves after one idle period: an ON/OFF source in its OFF time is not a flow
     * to share with. It keeps its limit at the adjustor ({@code LimitsInForce}), so its next burst
     * starts limited.
     */
    static final int UDP_GRACE_PERIODS = 1;
    /**
     * A TCP flow at the join rate whose counter has been still this long at a period's end may
     * have ended within the period. Linux never retransmits sooner than 200 ms after a loss, so a
     * live flow can fall still for that long; a flow of a set at its allocation seldom does.
     */
    static final long QUIET_END_MS = 300;
    /**
     * A starved TCP member leaves once the switch has counted none of its packets for this long.
     * Linux backs a connection's retransmission timeout off to at most 120 s ({@code TCP_RTO_MAX}),
     * so a connection that is still alive, however starved, sends a segment at least that often; one
     * that sent nothing for longer has ended (or given up).
     */
    public static final long STARVED_HOLD_MS = 120_000 + 5_000;
    /**
     * A starved connection's retransmission timeouts double from its last segment that got through,
     * so at any time it has sent a segment within about the last half of its starvation. One silent
     * for more than three quarters of it (counted from a period before it was found starved, plus two
     * counter readings and a second) is not in backoff: it is idle, or ended, and leaves.
     */
    static final double BACKOFF_SILENCE = 0.75;

    private final boolean udp;
    private int gracePeriods;
    private boolean member;
    private boolean closed;
    private int idlePeriods;
    private double lastBps;
    private boolean endedQuietly;
    private boolean starved;
    private long starvedSinceMs;
    private boolean everMember;

    public Membership(boolean udp) {
        this.udp = udp;
        this.gracePeriods = udp ? UDP_GRACE_PERIODS : TCP_GRACE_PERIODS;
    }

    /**
     * Makes a UDP flow's membership follow TCP's rules while it responds to congestion (docs/algorithm.md,
     * "Responsive UDP"): starved behind a flood, it stays counted as TCP does. Counted by UDP's rules, a QUIC
     * flow that a flood starved for a period left its set, a set with no other responsive flow was NO_TCP, and
     * the flood ran free (the lab's quic-classify).
     *
     * @param responsive whether the flow counts as responsive now
     */
    public void likeTcp(boolean responsive) {
        if (udp) {
            gracePeriods = responsive ? TCP_GRACE_PERIODS : UDP_GRACE_PERIODS;
            if (!responsive) {
                starved = false;
            }
        }
    }

    /**
     * Updates membership from this period's offered rate, with no UDP flood to starve the flow.
     *
     * @param known whether the period has a usable rate
     * @param rateBps the offered rate
     * @return whether the flow is a member this period
     */
    public boolean update(boolean known, double rateBps) {
        return update(known, rateBps, 0, false, Silence.NONE);
    }

    /**
     * Updates membership from this period's offered rate and how long the flow's counter has been
     * still at the period's end, with no UDP flood to starve the flow.
     *
     * @param known whether the period has a usable rate
     * @param rateBps the offered rate
     * @param stillMs for how long the counter has not moved, 0 if it moved at the last reading
     * @return whether the flow is a member this period
     */
    public boolean update(boolean known, double rateBps, long stillMs) {
        return update(known, rateBps, stillMs, false, Silence.NONE);
    }

    /** How long a flow has sent nothing the switch counted, and how exactly that is known. */
    public static final class Silence {
        static final Silence NONE = new Silence(0, 0, 0, 0);
        final long silentMs;
        final long nowMs;
        final long periodMs;
        final long readingGapMs;

        /**
         * Creates the reading.
         *
         * @param silentMs for how long the switch has counted none of the flow's packets
         * @param nowMs the time
         * @param periodMs the control period
         * @param readingGapMs the time between the flow's last two counter readings
         */
        public Silence(long silentMs, long nowMs, long periodMs, long readingGapMs) {
            this.silentMs = silentMs;
            this.nowMs = nowMs;
            this.periodMs = periodMs;
            this.readingGapMs = readingGapMs;
        }

        // Whether a flow starved since then is still within its retransmission backoff.
        boolean inBackoff(long starvedSinceMs) {
            double allowed = BACKOFF_SILENCE * (nowMs - starvedSinceMs + periodMs) + 2 * readingGapMs + 1000;
            return silentMs < STARVED_HOLD_MS && silentMs <= allowed;
        }
    }

    /**
     * Updates membership from this period's offered rate, how long the flow's counter has been still,
     * and whether UDP floods the flow's set.
     *
     * @param known whether the period has a usable rate
     * @param rateBps the offered rate
     * @param stillMs for how long the counter has not moved, 0 if it moved at the last reading
     * @param udpFloods whether UDP in the flow's set is unlimited or above its limit while the link is
     *                  full ({@code UdpPressure}): a TCP member that falls idle now is starved
     * @param silence for how long the switch has counted none of the flow's packets
     * @return whether the flow is a member this period
     */
    public boolean update(boolean known, double rateBps, long stillMs, boolean udpFloods, Silence silence) {
        endedQuietly = false;
        if (closed || !known) {
            return member;
        }
        // The whole previous period at the join rate, then still before this one's end: it may
        // have ended (an ended flow carried part of this period). A flow that moved nothing all
        // period is left to the idle rules below.
        boolean quiet = gracePeriods > 1 && member && lastBps >= JOIN_BPS && rateBps >= IDLE_BPS
                && stillMs >= QUIET_END_MS && !udpFloods && !starved;
        if (rateBps >= JOIN_BPS) {
            member = true;
            everMember = true;
            starved = false;
            idlePeriods = 0;
        } else if (rateBps < IDLE_BPS) {
            idlePeriods++;
            boolean idleOut = idlePeriods >= gracePeriods || lastBps >= JOIN_BPS;
            if (gracePeriods > 1 && member && (starved || udpFloods)) {
                // Retransmission timeouts under a flood, not an end: it stays, counted at what it gets,
                // as long as its silence fits the backoff.
                if (!starved) {
                    starvedSinceMs = silence.nowMs;
                }
                starved = silence.inBackoff(starvedSinceMs);
                member = starved;
            } else if (idleOut) {
                member = false;
            }
        } else {
            idlePeriods = 0;
        }
        lastBps = rateBps;
        endedQuietly = quiet && member;
        return member;
    }

    /**
     * Makes a TCP flow that never carried the join rate a member now, starved: it sends into a set whose
     * UDP floods it, so it never can. From here the starved member's rules apply: it stays while it
     * sends, or while its silence fits a retransmission backoff counted from now.
     *
     * @param nowMs the time it was found starved
     */
    public void arriveStarved(long nowMs) {
        if (closed || member) {
            return;
        }
        member = true;
        starved = true;
        starvedSinceMs = nowMs;
        idlePeriods = 0;
        lastBps = 0;
    }

    /**
     * Tells whether the flow counts in its set now.
     *
     * @return true if a member
     */
    boolean member() {
        return member;
    }

    /**
     * Tells whether the flow is a TCP member kept in its set although idle, because UDP flooded the
     * set when it fell idle: its connection is taken to be in retransmission timeouts.
     *
     * @return true while so
     */
    public boolean starved() {
        return starved;
    }

    /**
     * Tells whether the last update found a TCP member that fell still before the period's end
     * after a period at the join rate. It is an ended connection or one in a retransmission
     * timeout; only the flow's set can tell which.
     *
     * @return whether it may have ended quietly
     */
    boolean endedQuietly() {
        return endedQuietly;
    }

    /**
     * Ends membership now, for a flow judged ended without a FIN or RST. Unlike {@link #close()}
     * it is not final: traffic at the join rate brings the flow back.
     */
    void leave() {
        member = false;
        starved = false;
        endedQuietly = false;
        // Its last period counts as idle history: a return must reach the join rate again.
        lastBps = 0;
    }

    /**
     * Ends membership for good: the connection closed. Whatever the flow still carries until
     * its rules idle out (the last segments, the ACK of a FIN) does not bring it back.
     */
    void close() {
        closed = true;
        member = false;
        starved = false;
    }

    /**
     * Counts the flow as a member from the start: it was one under another controller instance.
     */
    void resume() {
        member = true;
        everMember = true;
    }

    /**
     * Tells whether the flow ever carried the join rate (or was a member under another instance).
     *
     * @return true if so
     */
    boolean everMember() {
        return everMember;
    }

    boolean closed() {
        return closed;
    }
}
