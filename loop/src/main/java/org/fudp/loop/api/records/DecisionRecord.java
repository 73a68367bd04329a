// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.records;

import org.fudp.algorithm.Decision;
import org.fudp.protocol.FiveTuple;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the FUDP algorithm decided for one correlation flow set in one control period, with
 * the inputs and intermediate values that explain it (paper, Section 4.2).
 */
public final class DecisionRecord {

    private final String cfsId;
    private final long period;
    private final long timeMs;
    private final boolean reallocated;
    private final boolean dryRun;
    private final int tcpCount;
    private final int udpCount;
    private final long measuredTcpBps;
    private final long predictedTcpBps;
    private final long deviationBps;
    private final long bandLowBps;
    private final long bandHighBps;
    private final long udpAverageBps;
    private final long availableBps;
    private final boolean inBand;
    private final Map<FiveTuple, Long> allocations;
    private final String reason;

    /**
     * Creates a decision record.
     *
     * @param cfsId the CFS
     * @param period control period number, from 1 since activation
     * @param timeMs when the decision was taken, epoch milliseconds
     * @param reallocated whether UDP was outside the fairness band and got new limits
     * @param dryRun whether the decision was computed in dry-run and not sent
     * @param tcpCount number of TCP flows, n
     * @param udpCount number of UDP flows, m
     * @param measuredTcpBps W(f_T), the measured TCP aggregate
     * @param predictedTcpBps W_{k+1}(f_T) of Eq. (1)
     * @param deviationBps D_{k+1}(f_T) of Eq. (2)
     * @param bandLowBps W_ad(f_T), lower edge of the per-flow fairness band
     * @param bandHighBps W_au(f_T), upper edge of the per-flow fairness band
     * @param udpAverageBps W_a(f_U), the UDP flows' average
     * @param availableBps BW of Eq. (3)
     * @param inBand whether the UDP average sat inside the band ({@link Decision#inBand()})
     * @param allocations per UDP flow limit in bit/s: B_f of Algorithm 1, or the ones kept
     * @param reason short text a person can read, e.g. "UDP average above band"
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public DecisionRecord(String cfsId, long period, long timeMs, boolean reallocated, boolean dryRun,
                          int tcpCount, int udpCount, long measuredTcpBps, long predictedTcpBps,
                          long deviationBps, long bandLowBps, long bandHighBps, long udpAverageBps,
                          long availableBps, boolean inBand, Map<FiveTuple, Long> allocations, String reason) {
        this.cfsId = Objects.requireNonNull(cfsId, "cfsId");
        this.period = period;
        this.timeMs = timeMs;
        this.reallocated = reallocated;
        this.dryRun = dryRun;
        this.tcpCount = tcpCount;
        this.udpCount = udpCount;
        this.measuredTcpBps = measuredTcpBps;
        this.predictedTcpBps = predictedTcpBps;
        this.deviationBps = deviationBps;
        this.bandLowBps = bandLowBps;
        this.bandHighBps = bandHighBps;
        this.udpAverageBps = udpAverageBps;
        this.availableBps = availableBps;
        this.inBand = inBand;
        this.allocations = Collections.unmodifiableMap(new LinkedHashMap<>(allocations));
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /**
     * Records a decision of FUDPA.
     *
     * @param d the decision
     * @param period control period number
     * @param timeMs when it was taken
     * @param dryRun whether nothing was sent
     * @param allocations the limits it told, by flow
     * @return the record
     */
    public static DecisionRecord of(Decision d, long period, long timeMs, boolean dryRun,
                                    Map<FiveTuple, Long> allocations) {
        return new DecisionRecord(d.cfsId(), period, timeMs, !d.fair(), dryRun, d.tcpFlows(), d.udpFlows(),
                Math.round(d.measuredTcpBps()), Math.round(d.predictedTcpBps()), Math.round(d.deviationBps()),
                Math.round(d.bandLowBps().orElse(0)), Math.round(d.bandHighBps().orElse(0)),
                Math.round(d.udpAverageBps().orElse(0)), Math.round(d.availableBps().orElse(0)), d.inBand(),
                allocations, d.reason().name() + ": " + d.explanation());
    }

    /**
     * Returns the CFS id.
     *
     * @return CFS id
     */
    public String cfsId() {
        return cfsId;
    }

    /**
     * Returns the control period number.
     *
     * @return period, from 1
     */
    public long period() {
        return period;
    }

    /**
     * Returns when the decision was taken.
     *
     * @return epoch milliseconds
     */
    public long timeMs() {
        return timeMs;
    }

    /**
     * Tells whether UDP was outside the fairness band and got new limits.
     *
     * @return true if reallocated
     */
    public boolean reallocated() {
        return reallocated;
    }

    /**
     * Tells whether the decision was computed in dry-run and not sent.
     *
     * @return true in dry-run
     */
    public boolean dryRun() {
        return dryRun;
    }

    /**
     * Returns the number of TCP flows.
     *
     * @return n
     */
    public int tcpCount() {
        return tcpCount;
    }

    /**
     * Returns the number of UDP flows.
     *
     * @return m
     */
    public int udpCount() {
        return udpCount;
    }

    /**
     * Returns the measured TCP aggregate, W(f_T).
     *
     * @return bit/s
     */
    public long measuredTcpBps() {
        return measuredTcpBps;
    }

    /**
     * Returns the predicted TCP aggregate, W_{k+1}(f_T) of Eq. (1).
     *
     * @return bit/s
     */
    public long predictedTcpBps() {
        return predictedTcpBps;
    }

    /**
     * Returns the deviation, D_{k+1}(f_T) of Eq. (2).
     *
     * @return bit/s
     */
    public long deviationBps() {
        return deviationBps;
    }

    /**
     * Returns the lower edge of the per-flow fairness band, W_ad(f_T).
     *
     * @return bit/s
     */
    public long bandLowBps() {
        return bandLowBps;
    }

    /**
     * Returns the upper edge of the per-flow fairness band, W_au(f_T).
     *
     * @return bit/s
     */
    public long bandHighBps() {
        return bandHighBps;
    }

    /**
     * Returns the UDP flows' average, W_a(f_U).
     *
     * @return bit/s, 0 when no UDP flow was measured ({@link #udpCount()} 0)
     */
    public long udpAverageBps() {
        return udpAverageBps;
    }

    /**
     * Returns the bandwidth available to the set, BW of Eq. (3).
     *
     * @return bit/s
     */
    public long availableBps() {
        return availableBps;
    }

    /**
     * Tells whether the UDP average sat inside the band, edges included ({@link Decision#inBand()}).
     *
     * @return true if in band
     */
    public boolean inBand() {
        return inBand;
    }

    /**
     * Returns the limits the decision set: Algorithm 1's B_f after a reallocation, else the ones
     * kept from before for the set's current UDP members.
     *
     * @return flow to bit/s
     */
    public Map<FiveTuple, Long> allocations() {
        return allocations;
    }

    /**
     * Returns a short explanation.
     *
     * @return reason text
     */
    public String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return "decision " + cfsId + " #" + period + (reallocated ? " reallocated" : "") + (dryRun ? " dry-run" : "")
                + " band " + bandLowBps + ".." + bandHighBps + " udpAvg " + udpAverageBps
                + (inBand ? " in band" : " out of band") + " " + allocations + " (" + reason + ")";
    }
}
