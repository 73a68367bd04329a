package org.fudp.impl;

import org.fudp.api.Facility;
import org.fudp.protocol.FiveTuple;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;

/**
 * The manager's working state for one flow: its rules and the rate estimators of their
 * counters. A UDP flow has two rules, one into the adjustor (its counter is the demand) and one
 * back from it (its counter is the throughput); a TCP flow has one.
 */
final class TrackedFlow {

    final FiveTuple tuple;
    final Facility facility;
    final PortNumber onward;
    final FlowRule mainRule;
    final FlowRule backRule;
    final RateEstimator mainRate;
    final RateEstimator backRate;
    final long sinceMs;
    String cfsId = "";
    private boolean member;
    private int idlePeriods;

    TrackedFlow(FiveTuple tuple, Facility facility, PortNumber onward, FlowRule mainRule, FlowRule backRule,
                long staleAfterMs, long sinceMs) {
        this.tuple = tuple;
        this.facility = facility;
        this.onward = onward;
        this.mainRule = mainRule;
        this.backRule = backRule;
        this.mainRate = new RateEstimator(staleAfterMs);
        this.backRate = backRule == null ? null : new RateEstimator(staleAfterMs);
        this.sinceMs = sinceMs;
    }

    boolean isUdp() {
        return tuple.protocol() == FiveTuple.UDP;
    }

    /**
     * Returns the offered rate: the counter before the adjustor.
     *
     * @return bit/s
     */
    double demandBps() {
        return mainRate.rateBps();
    }

    /**
     * Returns the delivered rate: after the adjustor for UDP, the one counter for TCP.
     *
     * @return bit/s
     */
    double throughputBps() {
        return isUdp() ? backRate.rateBps() : mainRate.rateBps();
    }

    boolean throughputKnown() {
        return isUdp() ? backRate.known() : mainRate.known();
    }

    boolean demandKnown() {
        return mainRate.known();
    }

    /**
     * Tells whether the flow counts as a member of its CFS.
     *
     * @return true if it takes part in FUDPA
     */
    boolean member() {
        return member;
    }

    /**
     * Updates CFS membership from this period's offered rate: a flow joins once it carries
     * {@code joinBps}, and leaves after {@code gracePeriods} periods in a row below
     * {@code idleBps}. A period without a usable rate changes nothing.
     *
     * @param joinBps rate that makes a flow a member
     * @param idleBps rate below which a period counts as idle
     * @param gracePeriods idle periods before a member leaves
     * @return whether the flow is a member this period
     */
    boolean updateMembership(double joinBps, double idleBps, int gracePeriods) {
        if (!demandKnown()) {
            return member;
        }
        double rate = demandBps();
        if (rate >= joinBps) {
            member = true;
            idlePeriods = 0;
        } else if (rate < idleBps) {
            idlePeriods++;
            if (idlePeriods >= gracePeriods) {
                member = false;
            }
        } else {
            idlePeriods = 0;
        }
        return member;
    }
}
