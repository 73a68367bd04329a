// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fairness among principals and the TCP floor (docs/algorithm.md, "Principals"): the attacker's shapes of
 * issue 40, one host spraying source ports and a reflection attack from many sources, on one 10 Mbit/s set
 * with two TCP flows. Rates are written in Mbit/s and scaled.
 */
class PrincipalFairnessTest {

    private static final double M = 1e6;
    private static final double EPS = 1e-3;

    // Two starved TCP flows and a flood of `flows` UDP flows from `hosts` sources, each flow at what gets
    // through (10 Mbit/s shared) and offering its part of 50 Mbit/s.
    private static CfsInput swarm(int flows, int hosts, boolean keyed) {
        List<FlowSample> samples = new ArrayList<>();
        samples.add(FlowSample.tcp("t1", 0.03 * M));
        samples.add(FlowSample.tcp("t2", 0.03 * M));
        for (int i = 0; i < flows; i++) {
            FlowSample s = FlowSample.udp("u" + i, 9.9 * M / flows, 50 * M / flows);
            samples.add(keyed ? s.withPrincipal("10.0.0." + (i % hosts)) : s);
        }
        return CfsInput.of("c", 10 * M, samples);
    }

    private static double udpTotal(Decision d) {
        return d.allocations().totalBps() / M;
    }

    @Test
    void aHostSprayingSourcePortsGetsOneSharePerTheHostNotPerPort() {
        // Per 5-tuple (the paper's rule) 400 flows of one host out-vote two TCP flows: 400/402 of the link.
        Decision perFlow = new CfsController("c", FudpaConfig.defaults()).step(swarm(400, 1, false));
        Decision perHost = new CfsController("c", FudpaConfig.defaults()).step(swarm(400, 1, true));
        assertEquals(400, perHost.udpFlows());
        assertEquals(1, perHost.udpPrincipals());
        assertFalse(perHost.fair());
        // One principal beside two TCP flows: a third of BW, split evenly over its 400 flows.
        double bw = perHost.availableBps().orElseThrow() / M;
        assertEquals(bw / 3, udpTotal(perHost), EPS);
        assertEquals(bw / 3 / 400, perHost.allocations().rateOf("u7").orElseThrow() / M, EPS);
        assertTrue(udpTotal(perFlow) > 6.6, "per 5-tuple the swarm keeps at least the floor's rest: " + perFlow);
    }

    @Test
    void theBandJudgesAPrincipalsRateNotEachPortsRate() {
        // Each port carries less than a TCP flow, so per flow the set looks in band; the host carries 9.9.
        CfsController c = new CfsController("c", FudpaConfig.defaults().toBuilder().tcpFloorPrincipals(0).build());
        Decision d = c.step(swarm(400, 1, true));
        assertEquals(Reason.ABOVE_BAND, d.reason());
        assertEquals(9.9, d.udpAverageBps().orElseThrow() / M, EPS);
    }

    @Test
    void aReflectionAttackFromManySourcesIsHeldToWhatTheFloorLeaves() {
        // 254 sources, each below a TCP flow's band: per principal in band, and TCP starved.
        Decision noFloor = new CfsController("c", FudpaConfig.defaults().toBuilder().tcpFloorPrincipals(0).build())
                .step(swarm(254, 254, true));
        assertTrue(noFloor.fair(), "without a floor the band alone calls it fair: " + noFloor.explanation());
        Decision d = new CfsController("c", FudpaConfig.defaults()).step(swarm(254, 254, true));
        assertEquals(Reason.BELOW_FLOOR, d.reason(), d.explanation());
        assertFalse(d.fair());
        // K = 4 beside n = 2: TCP keeps 2/6 of BW, the 254 principals share 4/6 of it.
        double bw = d.availableBps().orElseThrow() / M;
        assertEquals(bw * 2 / 6, d.tcpFloorBps().orElseThrow() / M, EPS);
        assertEquals(bw * 4 / 6, udpTotal(d), 0.01);
        assertTrue(d.explanation().contains("below its floor"), d.explanation());
    }

    @Test
    void theFloorDoesNotBindWhileThePrincipalsAreFewerThanK() {
        // Two hosts' floods: max-min among 2 TCP and 2 principals already leaves TCP half, above the floor.
        Decision d = new CfsController("c", FudpaConfig.defaults()).step(swarm(40, 2, true));
        assertEquals(2, d.udpPrincipals());
        assertEquals(Reason.ABOVE_BAND, d.reason());
        assertEquals(d.availableBps().orElseThrow() / M / 2, udpTotal(d), EPS);
    }

    @Test
    void aPrincipalsShareIsSplitMaxMinAmongItsFlows() {
        // The paper's band test and allocation, shared among principals: one host's three flows wanting 1, 5 and 10
        // beside one TCP flow at 4: BW = 20, the host's share 10, split 1, 4.5, 4.5.
        List<FlowSample> s = List.of(FlowSample.tcp("t", 4 * M),
                FlowSample.udp("a", 1 * M, 1 * M).withPrincipal("h"),
                FlowSample.udp("b", 5 * M, 5 * M).withPrincipal("h"),
                FlowSample.udp("c", 10 * M, 10 * M).withPrincipal("h"));
        Decision d = new CfsController("c", FudpaConfig.paper().toBuilder().principals(true).build())
                .step(CfsInput.of("c", s));
        assertEquals(1, d.allocations().rateOf("a").orElseThrow() / M, EPS);
        assertEquals(4.5, d.allocations().rateOf("b").orElseThrow() / M, EPS);
        assertEquals(4.5, d.allocations().rateOf("c").orElseThrow() / M, EPS);
    }

    @Test
    void aClassesWeightAppliesToThePrincipalAndItsCapToEachFlow() {
        FlowPolicy gold = FlowPolicy.of("gold", 2, 0, 10 * M, false);
        List<FlowSample> s = List.of(FlowSample.tcp("t", 1 * M),
                FlowSample.udp("a", 10 * M, 10 * M).withPolicy(gold).withPrincipal("h"),
                FlowSample.udp("b", 10 * M, 10 * M).withPolicy(gold).withPrincipal("h"));
        FudpaConfig byPrincipal = FudpaConfig.paper().toBuilder().principals(true).build();
        Decision d = new CfsController("c", byPrincipal).step(CfsInput.of("c", 9 * M, s));
        // BW 9: the host, of weight 2, 6 against the TCP flow's 3, split 3 and 3. Per 5-tuple each flow would be
        // 2 TCP shares: 3.6 each, the TCP flow 1.8.
        assertEquals(3, d.allocations().rateOf("a").orElseThrow() / M, EPS);
        assertEquals(3, d.allocations().rateOf("b").orElseThrow() / M, EPS);
        Decision perFlow = new CfsController("c", FudpaConfig.paper()).step(CfsInput.of("c", 9 * M, s));
        assertEquals(3.6, perFlow.allocations().rateOf("a").orElseThrow() / M, EPS);
    }

    @Test
    void everyFlowItsOwnPrincipalIsThePapersAlgorithm() {
        List<FlowSample> s = List.of(FlowSample.tcp("t1", 2 * M), FlowSample.tcp("t2", 2 * M),
                FlowSample.udp("u1", 40 * M, 40 * M), FlowSample.udp("u2", 3 * M, 3 * M));
        Decision d = new CfsController("c", FudpaConfig.paper()).step(CfsInput.of("c", s));
        double[] expected = MaxMinAllocator.allocate(47 * M, 2, new double[] {40 * M, 3 * M});
        assertEquals(expected[0], d.allocations().rateOf("u1").orElseThrow(), 1);
        assertEquals(expected[1], d.allocations().rateOf("u2").orElseThrow(), 1);
        assertEquals(2, d.udpPrincipals());
        assertTrue(d.tcpFloorBps().isEmpty(), "the paper has no floor");
    }

    @Test
    void thePapersConfigurationSharesPerFiveTupleWhateverPrincipalsTheSamplesName() {
        Decision d = new CfsController("c", FudpaConfig.paper()).step(swarm(400, 1, true));
        assertEquals(400, d.udpPrincipals());
        assertTrue(udpTotal(d) > 9.9 * 400 / 402 - EPS, "400 of 402 shares: " + udpTotal(d));
    }

    @Test
    void kIsValidated() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FudpaConfig.builder().tcpFloorPrincipals(-1).build());
        assertTrue(e.getMessage().startsWith("tcpFloorPrincipals:"), e.getMessage());
        assertEquals(0, FudpaConfig.paper().tcpFloorPrincipals());
        assertEquals(FudpaConfig.DEFAULT_TCP_FLOOR_PRINCIPALS, FudpaConfig.defaults().tcpFloorPrincipals());
    }
}
