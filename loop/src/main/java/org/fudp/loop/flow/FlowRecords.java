// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.algorithm.FlowPolicy;
import org.fudp.loop.api.records.FlowRecord;

/**
 * A tracked flow as REST, CLI and GUI show it: its rates, its limit and, in words, why it has that limit.
 */
final class FlowRecords {

    private FlowRecords() {
    }

    static FlowRecord of(TrackedFlow f, long nowMs, long allocationBps, FlowPolicy policy) {
        long thr = Math.round(f.throughputBps());
        long demand = f.isUdp() ? Math.round(f.demandBps()) : thr;
        return FlowRecord.builder(f.tuple(), f.facilityId()).cfsId(f.cfsId()).rates(demand, thr, f.throughputKnown())
                .allocationBps(allocationBps).sinceMs(f.sinceMs()).updatedMs(nowMs)
                .policy(policy.className(), rateReason(f, policy, allocationBps))
                .responsiveness(f.isUdp() ? f.responsiveness().kind().toString() : "",
                        f.isUdp() ? f.responsiveness().evidence() : "").build();
    }

    // Why the limit, from the policy and the limit alone (the set's level is the algorithm's).
    private static String rateReason(TrackedFlow f, FlowPolicy p, long allocationBps) {
        if (!f.isUdp()) {
            return f.starved() ? "TCP, starved: counted in its set while UDP floods it"
                    : f.light() ? "TCP, light: counted with its set's light TCP, which UDP floods"
                    : "TCP: never limited";
        }
        if (p.exempt()) {
            return "exempt: never limited";
        }
        if (f.responsiveness().holdBps() >= 0) {
            return "under a responsiveness test: held below its rate for a few periods";
        }
        if (f.responsiveness().underFirstTest()) {
            return "under its first responsiveness test: released and watched, counted with its set's TCP";
        }
        if (f.responsiveness().capped()) {
            return "responsive, held at its max-min share: counted with its set's TCP, another member of its set is"
                    + " below its own";
        }
        if (f.responsiveness().countsResponsive()) {
            return "responsive: counted with its set's TCP, not limited";
        }
        if (f.light()) {
            return "light, looked like QUIC: counted with its set's light TCP, which UDP floods, until tested";
        }
        if (f.failedOver()) {
            return "held by a meter on the switch: its adjustor cannot hold a limit now";
        }
        if (f.failedOpen()) {
            return "forwarded straight on, unlimited: its adjustor cannot hold a limit now";
        }
        if (allocationBps < 0) {
            return "not limited";
        }
        if (allocationBps >= Math.round(p.capBps()) - 1) {
            return "at its class's cap";
        }
        if (p.minBps() > 0 && allocationBps <= Math.round(p.minBps()) + 1) {
            return "at its class's guaranteed minimum";
        }
        return p.weight() == 1 ? "fair share" : "weight " + trim(p.weight()) + ": " + trim(p.weight()) + " TCP shares";
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
