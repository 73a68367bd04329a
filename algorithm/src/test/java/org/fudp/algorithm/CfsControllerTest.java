// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The controller: the paper's steps, and each rule docs/algorithm.md sets where the paper is silent.
 * Rates are written in Mbit/s and scaled.
 */
class CfsControllerTest {

    private static final double M = 1e6;
    private static final double EPS = 1e-3;

    private static FlowSample tcp(String id, double mbps) {
        return FlowSample.tcp(id, mbps * M);
    }

    private static FlowSample udp(String id, double mbps, double demandMbps) {
        return FlowSample.udp(id, mbps * M, demandMbps * M);
    }

    private static CfsInput in(FlowSample... samples) {
        return CfsInput.of("c", List.of(samples));
    }

    private static CfsInput in(double capacityMbps, FlowSample... samples) {
        return CfsInput.of("c", capacityMbps * M, List.of(samples));
    }

    private static CfsController paper() {
        return new CfsController("c", FudpaConfig.paper());
    }

    private static CfsController defaults() {
        return new CfsController("c", FudpaConfig.defaults());
    }

    private static double alloc(Decision d, String id) {
        return d.allocations().rateOf(id).orElseThrow() / M;
    }

    @Test
    void firstPeriodHasAZeroWidthBandAndReallocates() {
        Decision d = paper().step(in(tcp("t1", 2), tcp("t2", 2), udp("u", 96, 500)));
        assertEquals(0, d.period());
        assertEquals(4, d.predictedTcpBps() / M, EPS);
        assertEquals(0, d.deviationBps(), EPS);
        assertEquals(2, d.bandLowBps().orElseThrow() / M, EPS);
        assertEquals(2, d.bandHighBps().orElseThrow() / M, EPS);
        assertEquals(Reason.ABOVE_BAND, d.reason());
        assertFalse(d.fair());
        // Eq. 3: BW = W_1 + W(f_U) = 4 + 96; Algorithm 1 with y = 3.
        assertEquals(100, d.availableBps().orElseThrow() / M, EPS);
        assertEquals(100.0 / 3, alloc(d, "u"), EPS);
        assertEquals(200.0 / 3, d.tcpRemainderBps().orElseThrow() / M, EPS);
    }

    @Test
    void knownCapacityCapsBw() {
        // UDP measured before the bottleneck at 500: eq. 3 alone would give BW = 502.
        Decision capped = paper().step(in(100, tcp("t1", 1), tcp("t2", 1), udp("u", 500, 500)));
        assertEquals(100, capped.availableBps().orElseThrow() / M, EPS);
        assertEquals(100.0 / 3, alloc(capped, "u"), EPS);
        Decision uncapped = paper().step(in(tcp("t1", 1), tcp("t2", 1), udp("u", 500, 500)));
        assertEquals(502, uncapped.availableBps().orElseThrow() / M, EPS);
        // A capacity above eq. 3 changes nothing: BW is what the flows use, as in the paper.
        Decision roomy = paper().step(in(1000, tcp("t1", 1), tcp("t2", 1), udp("u", 500, 500)));
        assertEquals(502, roomy.availableBps().orElseThrow() / M, EPS);
    }

    @Test
    void insideTheBandAllocationsStayAsTheyAre() {
        CfsController c = paper();
        Decision first = c.step(in(100, tcp("t1", 2), tcp("t2", 2), udp("u", 96, 500)));
        Decision second = c.step(in(100, tcp("t1", 30), tcp("t2", 32), udp("u", 33.3, 500)));
        assertEquals(Reason.IN_BAND, second.reason());
        assertTrue(second.fair());
        assertSame(first.allocations(), second.allocations());
        assertTrue(second.availableBps().isEmpty());
    }

    @Test
    void bandBoundsAreIncluded() {
        CfsController c = paper();
        c.step(in(tcp("t", 50), udp("u", 50, 500)));
        Decision d = c.step(in(tcp("t", 50), udp("u", 50, 500)));
        assertEquals(50, d.bandHighBps().orElseThrow() / M, EPS);
        assertEquals(50, d.bandLowBps().orElseThrow() / M, EPS);
        assertEquals(Reason.IN_BAND, d.reason());
    }

    @Test
    void withoutTcpEveryLimitIsReleasedAndThePredictorRestarts() {
        CfsController c = paper();
        c.step(in(tcp("t", 2), udp("u", 98, 500)));
        c.step(in(tcp("t", 60), udp("u", 50, 500)));
        Decision gone = c.step(in(udp("u", 90, 500)));
        assertEquals(Reason.NO_TCP, gone.reason());
        assertTrue(gone.allocations().isEmpty());
        assertTrue(gone.bandLowBps().isEmpty());
        assertEquals(90, gone.udpAverageBps().orElseThrow() / M, EPS);
        Decision back = c.step(in(tcp("t", 10), udp("u", 90, 500)));
        // A fresh start: W_0 = W(f_T) = 10 and D = 0, not a blend with the history before.
        assertEquals(10, back.predictedTcpBps() / M, EPS);
        assertEquals(0, back.deviationBps(), EPS);
        assertEquals(Reason.ABOVE_BAND, back.reason());
    }

    @Test
    void anEmptyCfsIsFairAndLimitsNothing() {
        Decision d = defaults().step(in());
        assertEquals(Reason.NO_TCP, d.reason());
        assertTrue(d.fair());
        assertTrue(d.allocations().isEmpty());
        assertTrue(d.udpAverageBps().isEmpty());
    }

    @Test
    void withoutUdpThePredictorKeepsRunning() {
        CfsController c = paper();
        Decision d = c.step(in(tcp("t", 94)));
        assertEquals(Reason.NO_UDP, d.reason());
        assertTrue(d.udpAverageBps().isEmpty());
        assertTrue(d.allocations().isEmpty());
        Decision withUdp = c.step(in(tcp("t", 3), udp("u", 96.5, 500)));
        // The history counts: W_2 = 0.125*94 + 0.875*3 and D_2 = 0.25*|3 - 94|.
        assertEquals(14.375, withUdp.predictedTcpBps() / M, EPS);
        assertEquals(22.75, withUdp.deviationBps() / M, EPS);
    }

    @Test
    void aJoiningTcpFlowKeepsThePredictionButTheBandUsesTheNewN() {
        CfsController c = paper();
        c.step(in(tcp("t1", 50), udp("u", 50, 500)));
        Decision d = c.step(in(tcp("t1", 40), tcp("t2", 10), udp("u", 50, 500)));
        assertEquals(2, d.tcpFlows());
        // W(f_T) = 50 again, so W and D are unchanged by the join ...
        assertEquals(50, d.predictedTcpBps() / M, EPS);
        assertEquals(0, d.deviationBps(), EPS);
        // ... and the band halves: [25, 25].
        assertEquals(25, d.bandHighBps().orElseThrow() / M, EPS);
        assertEquals(Reason.ABOVE_BAND, d.reason());
        assertEquals(100.0 / 3, alloc(d, "u"), EPS);
    }

    @Test
    void aNewUdpFlowIsUnlimitedUntilTheNextReallocation() {
        CfsController c = paper();
        c.step(in(tcp("t", 2), udp("u1", 98, 500)));
        Decision fair = c.step(in(tcp("t", 48), udp("u1", 50, 500), udp("u2", 50, 500)));
        assertEquals(Reason.IN_BAND, fair.reason());
        assertEquals(List.of("u1"), List.copyOf(fair.allocations().asMap().keySet()));
        Decision next = c.step(in(tcp("t", 48), udp("u1", 50, 500), udp("u2", 90, 500)));
        assertEquals(Reason.ABOVE_BAND, next.reason());
        assertEquals(2, next.allocations().size());
        assertEquals(alloc(next, "u1"), alloc(next, "u2"));
    }

    @Test
    void aLeavingFlowLosesItsAllocation() {
        CfsController c = paper();
        c.step(in(tcp("t", 2), udp("u1", 48, 500), udp("u2", 50, 500)));
        Decision d = c.step(in(tcp("t", 34), udp("u2", 33, 500)));
        assertEquals(Reason.IN_BAND, d.reason());
        assertEquals(List.of("u2"), List.copyOf(d.allocations().asMap().keySet()));
    }

    @Test
    void aMissingSampleIsReplacedByTheLastForAFewPeriods() {
        CfsController c = new CfsController("c", FudpaConfig.paper().toBuilder().maxMissingPeriods(2).build());
        c.step(in(tcp("t1", 40), tcp("t2", 60), udp("u", 50, 50)));
        for (int i = 1; i <= 2; i++) {
            Decision d = c.step(in(tcp("t1", 40), FlowSample.missing("t2", Protocol.TCP), udp("u", 50, 50)));
            assertEquals(2, d.tcpFlows(), "period " + i);
            assertEquals(100, d.measuredTcpBps() / M, EPS);
            assertEquals(1, d.missingSamples());
        }
        Decision third = c.step(in(tcp("t1", 40), FlowSample.missing("t2", Protocol.TCP), udp("u", 50, 50)));
        assertEquals(1, third.tcpFlows());
        assertEquals(40, third.measuredTcpBps() / M, EPS);
        // Measured again: carrying forward is allowed anew.
        c.step(in(tcp("t1", 40), tcp("t2", 60), udp("u", 50, 50)));
        Decision again = c.step(in(tcp("t1", 40), FlowSample.missing("t2", Protocol.TCP), udp("u", 50, 50)));
        assertEquals(2, again.tcpFlows());
    }

    @Test
    void aMissingSampleIsFoundByIdWhenTheOrderChanges() {
        CfsController c = paper();
        c.step(in(tcp("t1", 40), tcp("t2", 60), udp("u", 50, 50)));
        Decision d = c.step(in(udp("u", 50, 50), FlowSample.missing("t2", Protocol.TCP), tcp("t1", 40)));
        assertEquals(100, d.measuredTcpBps() / M, EPS);
    }

    @Test
    void aMissingSampleIsCarriedWhileTheCfsGrows() {
        CfsController c = paper();
        c.step(in(tcp("a", 10)));
        Decision grown = c.step(in(FlowSample.missing("a", Protocol.TCP), tcp("b", 20), tcp("c", 30),
                tcp("d", 40), udp("u", 5, 5)));
        assertEquals(100, grown.measuredTcpBps() / M, EPS);
        Decision again = c.step(in(tcp("b", 20), FlowSample.missing("a", Protocol.TCP), tcp("c", 30),
                FlowSample.missing("d", Protocol.TCP), udp("u", 5, 5)));
        assertEquals(100, again.measuredTcpBps() / M, EPS);
        assertEquals(2, again.missingSamples());
    }

    @Test
    void aMissingSampleWithoutHistoryIsLeftOut() {
        Decision d = paper().step(in(tcp("t1", 40), FlowSample.missing("t2", Protocol.TCP), udp("u", 40, 50)));
        assertEquals(1, d.tcpFlows());
        assertEquals(1, d.missingSamples());
        assertEquals(40, d.bandHighBps().orElseThrow() / M, EPS);
    }

    @Test
    void noTcpMeasurementChangesNothing() {
        CfsController c = paper();
        Decision before = c.step(in(tcp("t", 2), udp("u", 98, 500)));
        FudpaConfig noCarry = FudpaConfig.paper().toBuilder().maxMissingPeriods(0).build();
        CfsController strict = new CfsController("c", noCarry);
        strict.step(in(tcp("t", 2), udp("u", 98, 500)));
        Decision d = strict.step(in(FlowSample.missing("t", Protocol.TCP), udp("u", 98, 500)));
        assertEquals(Reason.NO_TCP_SAMPLES, d.reason());
        assertEquals(before.predictedTcpBps(), d.predictedTcpBps(), EPS);
        assertEquals(before.allocations(), d.allocations());
        assertEquals(1, d.allocations().size());
    }

    @Test
    void noUdpMeasurementKeepsTheAllocations() {
        CfsController c = new CfsController("c", FudpaConfig.paper().toBuilder().maxMissingPeriods(0).build());
        Decision first = c.step(in(tcp("t", 2), udp("u", 98, 500)));
        Decision d = c.step(in(tcp("t", 50), FlowSample.missing("u", Protocol.UDP)));
        assertEquals(Reason.NO_UDP_SAMPLES, d.reason());
        assertEquals(first.allocations(), d.allocations());
        assertTrue(d.udpAverageBps().isEmpty());
    }

    @Test
    void anUnmeasuredUdpFlowKeepsItsLimitWhenOthersAreReallocated() {
        CfsController c = new CfsController("c", FudpaConfig.paper().toBuilder().maxMissingPeriods(0).build());
        c.step(in(tcp("t", 1), udp("u1", 50, 500), udp("u2", 49, 500)));
        Decision d = c.step(in(tcp("t", 1), udp("u1", 90, 500), FlowSample.missing("u2", Protocol.UDP)));
        assertEquals(Reason.ABOVE_BAND, d.reason());
        assertEquals(1, d.udpFlows());
        assertEquals(100.0 / 3, alloc(d, "u2"), EPS);
        assertEquals(2, d.allocations().size());
    }

    @Test
    void zeroRatesEverywhereAreFair() {
        Decision d = paper().step(in(tcp("t", 0), udp("u", 0, 0)));
        assertEquals(Reason.IN_BAND, d.reason());
        assertTrue(d.allocations().isEmpty());
    }

    @Test
    void noiseNearZeroDoesNotTriggerALimit() {
        FlowSample[] idle = {tcp("t", 0.001), udp("u", 0.006, 0.006)};
        Decision withFloor = defaults().step(in(idle));
        assertEquals(Reason.WITHIN_MARGIN, withFloor.reason());
        assertTrue(withFloor.allocations().isEmpty());
        // The paper's test alone would limit the UDP flow to a few kbit/s on 5 kbit/s of noise.
        Decision exact = paper().step(in(idle));
        assertEquals(Reason.ABOVE_BAND, exact.reason());
        assertEquals(0.0035, alloc(exact, "u"), 1e-9);
    }

    @Test
    void noLimitIsSetBelowTheNoiseFloor() {
        Decision d = defaults().step(in(tcp("t1", 0), tcp("t2", 0), udp("u", 0.02, 500)));
        assertEquals(Reason.ABOVE_BAND, d.reason());
        assertEquals(FudpaConfig.DEFAULT_NOISE_FLOOR_BPS, d.allocations().rateOf("u").orElseThrow(), 1e-9);
    }

    @Test
    void paperTestFlapsAtTheBandEdgeButHysteresisHolds() {
        // One TCP flow steady at 50: the band collapses to [50, 50]. UDP hovers at 50-51.
        double[] udp = {50, 51, 50, 51, 50, 51, 50, 51};
        int paperReallocations = 0;
        int defaultReallocations = 0;
        CfsController exact = paper();
        CfsController damped = defaults();
        for (double u : udp) {
            CfsInput input = in(tcp("t", 50), FlowSample.udp("u", u * M));
            paperReallocations += exact.step(input).fair() ? 0 : 1;
            defaultReallocations += damped.step(input).fair() ? 0 : 1;
        }
        assertEquals(4, paperReallocations);
        assertEquals(0, defaultReallocations);
    }

    @Test
    void onceReallocatedItStaysUnfairUntilBackInsideTheBand() {
        CfsController c = defaults();
        c.step(in(tcp("t", 50), FlowSample.udp("u", 50 * M)));
        assertEquals(Reason.ABOVE_BAND, c.step(in(tcp("t", 50), FlowSample.udp("u", 60 * M))).reason());
        // 51 is within the 2.5 margin, but the CFS was just reallocated: the paper's band decides.
        assertEquals(Reason.ABOVE_BAND, c.step(in(tcp("t", 50), FlowSample.udp("u", 51 * M))).reason());
        assertEquals(Reason.IN_BAND, c.step(in(tcp("t", 50), FlowSample.udp("u", 50 * M))).reason());
        // Fair again: now the margin applies.
        assertEquals(Reason.WITHIN_MARGIN, c.step(in(tcp("t", 50), FlowSample.udp("u", 51 * M))).reason());
    }

    @Test
    void aDemandBelowItsShareIsMetInFull() {
        CfsController c = paper();
        c.step(in(tcp("t1", 45), tcp("t2", 45)));
        Decision d = c.step(in(tcp("t1", 45), tcp("t2", 45), udp("u", 10, 10)));
        assertEquals(Reason.BELOW_BAND, d.reason());
        assertEquals(10, alloc(d, "u"), EPS);
    }

    /**
     * Issue 16: one UDP flow wanting 2 next to a 30 Mbit/s one and TCP on 10 Mbit/s. Max-min gives
     * the small flow its 2 and 4 to each other flow; the paper's UDP average (2 + 4) / 2 = 3 then stays
     * below the band around TCP's 4 for ever, and the set is reallocated every period.
     */
    @Test
    void aSetAtItsMaxMinAllocationSettles() {
        CfsController settled = defaults();
        CfsController paper = paper();
        int settledReallocations = 0;
        int paperReallocations = 0;
        Decision last = null;
        for (int k = 0; k < 12; k++) {
            CfsInput p = k == 0 ? in(10, tcp("t", 1), udp("small", 2, 2), udp("big", 9, 30))
                    : in(10, tcp("t", 4), udp("small", 2, 2), udp("big", 4, 30));
            last = settled.step(p);
            settledReallocations += last.fair() ? 0 : 1;
            paperReallocations += paper.step(p).fair() ? 0 : 1;
        }
        assertEquals(1, settledReallocations, "once, on first sight");
        assertTrue(paperReallocations >= 6, "the paper's test never settles: " + paperReallocations);
        assertEquals(Reason.IN_BAND, last.reason());
        assertEquals(4, last.udpAverageBps().orElseThrow() / M, EPS, "the small flow is not judged");
        // Both limits at the water level L = (10 - 2) / 2: the small flow is not clipped at its 2.
        assertEquals(4, alloc(last, "small"), EPS);
        assertEquals(4, alloc(last, "big"), EPS);
    }

    @Test
    void udpThatAllWantsLessThanTheBandsLowerBoundIsBelowShareAndFair() {
        CfsController c = defaults();
        c.step(in(tcp("t1", 45), tcp("t2", 45)));
        Decision d = c.step(in(tcp("t1", 45), tcp("t2", 45), udp("u", 10, 10)));
        assertEquals(Reason.BELOW_SHARE, d.reason());
        assertTrue(d.fair());
        assertTrue(d.allocations().isEmpty(), "nothing to limit");
    }

    @Test
    void whenSettlingAndEveryDemandIsMetTheLevelIsWhatIsLeftPerTcpFlow() {
        CfsController c = defaults();
        c.step(in(tcp("t", 10)));
        // W = 0.125 * 10 + 0.875 * 2 = 3, D = 0.25 * 8 = 2: band [1, 5]. The UDP flow wants 1.2, at
        // least the lower bound, so it is judged: 0.5 is below the band by more than the margin.
        Decision d = c.step(in(tcp("t", 2), udp("u", 0.5, 1.2)));
        assertEquals(Reason.BELOW_BAND, d.reason());
        // BW = 3 + 0.5; Algorithm 1 meets the 1.2 (share 1.75), and TCP's share of the rest, 2.3, is
        // the level: the flow is limited there, not at 1.2 as in the paper.
        assertEquals(2.3, alloc(d, "u"), EPS);
    }

    /** A UDP flood limited to 2.5 on a 10 Mbit/s link next to three TCP flows, then eight calm periods. */
    private static CfsController limitedAndCalm(CfsController c) {
        c.step(in(10, tcp("t1", 1), tcp("t2", 1), tcp("t3", 1), udp("u", 7, 50)));
        for (int k = 0; k < 8; k++) {
            c.step(in(10, tcp("t1", 2.5), tcp("t2", 2.5), tcp("t3", 2.5), udp("u", 2.5, 50)));
        }
        return c;
    }

    @Test
    void limitsThatReallocatingWouldNotMoveAreKeptWhenTheAverageDipsOutOfTheBand() {
        // The UDP flow measures 2.3 under its 2.5 limit (a short window, stale counters): below the
        // band by more than the margin. Reallocating would give it 2.48.
        CfsInput dip = in(10, tcp("t1", 2.55), tcp("t2", 2.55), tcp("t3", 2.55), udp("u", 2.3, 50));
        Decision settled = limitedAndCalm(defaults()).step(dip);
        assertEquals(Reason.AT_ALLOCATION, settled.reason());
        assertTrue(settled.fair());
        assertFalse(settled.inBand());
        assertEquals(2.5, alloc(settled, "u"), EPS, "kept");
        Decision paper = limitedAndCalm(paper()).step(dip);
        assertEquals(Reason.BELOW_BAND, paper.reason(), "the paper reallocates");
    }

    /**
     * The lab's Table 1, Set 2, when a 40 Mbit/s UDP flow arrives next to one TCP flow on 10 Mbit/s:
     * limited at 5, it is held there while the squeezed TCP flow recovers, and the link has room.
     */
    @Test
    void aUdpFlowHeldAtItsLimitIsNotLoweredWhileTcpRecoversAndTheLinkHasRoom() {
        CfsController settled = defaults();
        CfsController paper = paper();
        for (CfsController c : List.of(settled, paper)) {
            c.step(in(10, tcp("t", 9.6)));
            Decision flood = c.step(in(10, tcp("t", 2.5), udp("u", 37, 40)));
            assertEquals(Reason.ABOVE_BAND, flood.reason());
            assertEquals(5, alloc(flood, "u"), EPS);
        }
        CfsInput recovering = in(10, tcp("t", 2.65), udp("u", 4.83, 40));
        Decision d = settled.step(recovering);
        assertEquals(Reason.LINK_HAS_ROOM, d.reason());
        assertEquals(5, alloc(d, "u"), EPS, "kept: lowering it would leave the link idle");
        Decision p = paper.step(recovering);
        assertEquals(Reason.ABOVE_BAND, p.reason());
        assertTrue(alloc(p, "u") < 4, "the paper lowers it while TCP recovers: " + alloc(p, "u"));
        // A full link, or a UDP flow over its limit, is reallocated as before.
        assertEquals(Reason.ABOVE_BAND, defaults().step(in(10, tcp("t", 4), udp("u", 6, 40))).reason());
    }

    @Test
    void whatADepartedTcpFlowCarriedStaysInTheTcpAggregate() {
        // TCP 3 leaves after carrying 1 Mbit/s of the period; the other two have not yet taken it over.
        CfsInput after = in(10, tcp("t1", 3.2), tcp("t2", 3.2), udp("u", 2.5, 50));
        Decision without = limitedAndCalm(defaults()).step(after);
        Decision with = limitedAndCalm(defaults()).step(after.withTcpDepartures(1, 1 * M));
        assertEquals(Reason.BELOW_BAND, with.reason());
        assertEquals(2, with.tcpFlows());
        assertEquals(7.5, with.measuredTcpBps() / M, 0.01, "not below the prediction, 7.5");
        // The link's fair share is 10 / 3: one step gets there only when TCP keeps what TCP 3 had.
        assertEquals(10.0 / 3, alloc(with, "u"), 0.05);
        assertTrue(10.0 / 3 - alloc(without, "u") > 0.3, "without: " + alloc(without, "u"));
        // A flow that left idle carried nothing, but its share passes on all the same.
        Decision idle = limitedAndCalm(defaults()).step(after.withTcpDepartures(1, 0));
        assertEquals(10.0 / 3, alloc(idle, "u"), 0.05);
        assertThrows(IllegalArgumentException.class, () -> after.withTcpDepartures(1, -1));
        assertThrows(IllegalArgumentException.class, () -> after.withTcpDepartures(-1, 0));
    }

    private static FlowSample udp(String id, double mbps, double demandMbps, FlowPolicy p) {
        return udp(id, mbps, demandMbps).withPolicy(p);
    }

    private static FlowPolicy policy(double weight, double minMbps, double capMbps) {
        return FlowPolicy.of("c", weight, minMbps * M, capMbps * M, false);
    }

    @Test
    void aWeightIsThatManyTcpShares() {
        // BW 10: t gets L, a (weight 2) 2L, b L: L = 2.5.
        Decision d = defaults().step(in(10, tcp("t", 1), udp("a", 9, 30, policy(2, 0, Double.POSITIVE_INFINITY)),
                udp("b", 9, 30)));
        assertEquals(5, alloc(d, "a"), EPS);
        assertEquals(2.5, alloc(d, "b"), EPS);
        assertEquals(2.5, d.tcpRemainderBps().orElseThrow() / M, EPS);
    }

    @Test
    void aWeightedSetAtItsSharesIsInBand() {
        CfsController c = defaults();
        c.step(in(10, tcp("t", 1), udp("a", 9, 30, policy(2, 0, Double.POSITIVE_INFINITY)), udp("b", 9, 30)));
        Decision d = null;
        for (int k = 0; k < 8; k++) {
            d = c.step(in(10, tcp("t", 2.5), udp("a", 5, 30, policy(2, 0, Double.POSITIVE_INFINITY)),
                    udp("b", 2.5, 30)));
            assertTrue(d.fair(), "period " + k + ": " + d);
        }
        // Judged in TCP shares: a's 5 at weight 2 is 2.5, like b and like TCP.
        assertEquals(2.5, d.udpAverageBps().orElseThrow() / M, EPS);
    }

    @Test
    void aMinimumIsGuaranteedAndACapHeld() {
        // Two TCP flows, BW 10: a's minimum 4 holds, the rest is shared: 2 for b and for each TCP flow.
        Decision min = defaults().step(in(10, tcp("t1", 0.5), tcp("t2", 0.5), udp("a", 4.5, 30, policy(1, 4, 50)),
                udp("b", 4.5, 30)));
        assertEquals(4, alloc(min, "a"), EPS);
        assertEquals(2, alloc(min, "b"), EPS);
        // One TCP flow, BW 10: a is capped at 1, t and b share the other 9.
        Decision cap = defaults().step(in(10, tcp("t", 1), udp("a", 4.5, 30, policy(1, 0, 1)), udp("b", 4.5, 30)));
        assertEquals(1, alloc(cap, "a"), EPS);
        assertEquals(4.5, alloc(cap, "b"), EPS);
    }

    @Test
    void anExemptFlowIsNeverLimitedButItsLoadLeavesLessToShare() {
        FlowPolicy exempt = FlowPolicy.of("voice", 1, 0, Double.POSITIVE_INFINITY, true);
        Decision d = defaults().step(in(10, tcp("t", 1), udp("e", 4, 4, exempt), udp("u", 6, 30)));
        assertEquals(Reason.ABOVE_BAND, d.reason());
        assertEquals(1, d.udpFlows(), "the exempt flow is not judged");
        // BW = min(1 + 6, 10 - 4) = 6, shared by t and u.
        assertEquals(6, d.availableBps().orElseThrow() / M, EPS);
        assertEquals(3, alloc(d, "u"), EPS);
        assertTrue(d.allocations().rateOf("e").isEmpty(), "never limited");
    }

    @Test
    void aFlowMadeExemptLosesItsLimitAtOnceWhileTheSetStaysFair() {
        CfsController c = defaults();
        Decision first = c.step(in(10, tcp("t", 1), udp("u", 9, 30), udp("v", 9, 30)));
        assertTrue(first.allocations().rateOf("u").isPresent());
        FlowPolicy exempt = FlowPolicy.of("voice", 1, 0, Double.POSITIVE_INFINITY, true);
        // Same members, same ids; only u's class changed (a network config update). v is in the band.
        Decision d = c.step(in(10, tcp("t", 3.3), udp("u", 3.3, 30, exempt), udp("v", 3.3, 30)));
        assertTrue(d.fair(), d.toString());
        assertTrue(d.allocations().rateOf("u").isEmpty(), d.toString());
        assertTrue(d.allocations().rateOf("v").isPresent(), d.toString());
    }

    @Test
    void badPoliciesNameTheirField() {
        assertEquals("weight: must be a finite number > 0, was 0.0", assertThrows(IllegalArgumentException.class,
                () -> FlowPolicy.of("c", 0, 0, 1, false)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> FlowPolicy.of("c", 1, 5, 1, false))
                .getMessage().startsWith("capBps: must be > 0 and at least minBps (5.0)"));
        assertTrue(FlowPolicy.NONE.isPlain());
    }

    @Test
    void anUnknownDemandIsLimitedAtTheFairShare() {
        Decision d = paper().step(in(100, tcp("t1", 5), tcp("t2", 5), FlowSample.udp("u", 90 * M)));
        assertEquals(100.0 / 3, alloc(d, "u"), EPS);
    }

    @Test
    void aDemandBelowTheMeasuredRateCountsAsTheRate() {
        // Offered 10 but measured 60 (stale demand): the flow demonstrably wants at least 60.
        Decision d = paper().step(in(100, tcp("t", 40), udp("u", 60, 10)));
        assertEquals(50, alloc(d, "u"), EPS);
    }

    @Test
    void tiedDemandsGetIdenticalAllocations() {
        Decision d = paper().step(in(100, tcp("t", 1), udp("b", 60, 70), udp("a", 39, 70), udp("c", 0.5, 1)));
        assertEquals(alloc(d, "a"), alloc(d, "b"));
        assertEquals(1, alloc(d, "c"), EPS);
        assertEquals(33, alloc(d, "a"), EPS);
    }

    @Test
    void refusesAnotherCfsInput() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> paper().step(CfsInput.of("other", List.of())));
        assertTrue(e.getMessage().contains("'other'"), e.getMessage());
    }

    @Test
    void periodsCountUpAndTheAllocationsInForceAreKept() {
        CfsController c = paper();
        assertTrue(c.allocations().isEmpty());
        c.step(in(tcp("t", 1)));
        Decision d = c.step(in(tcp("t", 1), udp("u", 9, 9)));
        assertEquals(1, d.period());
        assertSame(d.allocations(), c.allocations());
        assertEquals(1, c.allocations().size());
    }

    /**
     * A failover hands the CFS to another instance: the resumed controller decides exactly as the
     * one that kept running would, period numbers, prediction and hysteresis included.
     */
    @Test
    void aResumedControllerDecidesAsTheOneThatKeptRunning() {
        CfsInput[] inputs = {
            in(10, tcp("t1", 3), tcp("t2", 2.5), udp("u1", 4, 40)),
            in(10, tcp("t1", 2), tcp("t2", 2.2), udp("u1", 5.5, 40)),
            in(10, tcp("t1", 3.6), tcp("t2", 3.1), udp("u1", 3.3, 40)),
            in(10, tcp("t1", 3.2), tcp("t2", 3.4), udp("u1", 3.4, 40), udp("u2", 0.4, 0.4)),
            in(10, tcp("t1", 1.2), tcp("t2", 1.4), udp("u1", 6.4, 40), udp("u2", 0.4, 0.4)),
        };
        for (int handover = 0; handover < inputs.length; handover++) {
            CfsController kept = defaults();
            CfsController first = defaults();
            for (int k = 0; k < handover; k++) {
                kept.step(inputs[k]);
                first.step(inputs[k]);
            }
            CfsController resumed = CfsController.resume("c", first.config(), first.state());
            assertEquals(first.state(), resumed.state());
            for (int k = handover; k < inputs.length; k++) {
                assertEquals(kept.step(inputs[k]).toString(), resumed.step(inputs[k]).toString(),
                        "period " + k + " after a handover before period " + handover);
            }
        }
        CfsController cold = defaults();
        cold.step(inputs[0]);
        CfsController warm = defaults();
        warm.step(inputs[0]);
        warm.step(inputs[1]);
        CfsController resumed = CfsController.resume("c", warm.config(), warm.state());
        assertFalse(cold.step(inputs[2]).toString().equals(resumed.step(inputs[2]).toString()),
                "the state matters: a controller with one period less decides otherwise");
    }
}
