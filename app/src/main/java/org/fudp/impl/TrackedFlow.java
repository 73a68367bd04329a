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
}
