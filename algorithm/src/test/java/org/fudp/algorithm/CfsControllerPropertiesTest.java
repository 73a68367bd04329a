// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Invariants of the controller over random histories: flows join and leave, samples go missing,
 * rates jump, with and without a capacity.
 */
class CfsControllerPropertiesTest {

    private static final String[] IDS = {"t1", "t2", "t3", "u1", "u2", "u3", "u4"};

    @Property(tries = 300)
    void invariantsHoldOverAnyHistory(@ForAll("histories") List<CfsInput> history, @ForAll boolean settle) {
        CfsController c = new CfsController("c", FudpaConfig.defaults().toBuilder().settle(settle).build());
        double floor = FudpaConfig.defaults().noiseFloorBps();
        for (CfsInput in : history) {
            Decision d = c.step(in);
            Set<String> udpMembers = new HashSet<>();
            Map<String, FlowSample> measuredUdp = new HashMap<>();
            for (FlowSample s : in.samples()) {
                if (s.protocol() == Protocol.UDP) {
                    udpMembers.add(s.flowId());
                    if (s.hasRate()) {
                        measuredUdp.put(s.flowId(), s);
                    }
                }
            }
            // Only current UDP members are ever limited.
            assertTrue(udpMembers.containsAll(d.allocations().asMap().keySet()), d.toString());
            assertEquals(d.reason().isFair(), d.fair());
            if (d.bandLowBps().isPresent()) {
                assertTrue(d.bandLowBps().getAsDouble() <= d.bandHighBps().getAsDouble());
            }
            if (!d.fair()) {
                double bw = d.availableBps().getAsDouble();
                if (in.capacityBps().isPresent()) {
                    assertTrue(bw <= in.capacityBps().getAsDouble());
                }
                if (settle) {
                    // Every measured UDP flow is limited at the one water level, which is within BW.
                    Set<Double> levels = new HashSet<>();
                    measuredUdp.keySet().forEach(id -> levels.add(d.allocations().rateOf(id).orElseThrow()));
                    assertTrue(levels.size() <= 1, d.toString());
                    assertTrue(levels.stream().allMatch(l -> l <= Math.max(bw, floor)), d.toString());
                    continue;
                }
                double sum = 0;
                for (FlowSample s : measuredUdp.values()) {
                    double a = d.allocations().rateOf(s.flowId()).orElseThrow();
                    double demand = s.hasDemand() ? Math.max(s.demandBps(), s.rateBps()) : Double.POSITIVE_INFINITY;
                    assertTrue(a <= Math.max(demand, floor), s + " got " + a);
                    sum += a;
                }
                // Algorithm 1 never hands out more than BW, except for limits raised to the noise floor.
                assertTrue(sum <= bw * (1 + 1e-12) + floor * measuredUdp.size(), d.toString());
            }
        }
    }

    @Provide
    Arbitrary<List<CfsInput>> histories() {
        Arbitrary<Double> rate = Arbitraries.oneOf(Arbitraries.just(0.0), Arbitraries.doubles().between(0, 1e9),
                Arbitraries.just(Double.NaN));
        Arbitrary<Double> demand = Arbitraries.oneOf(Arbitraries.doubles().between(0, 1e9),
                Arbitraries.just(Double.NaN));
        Arbitrary<List<Boolean>> members = Arbitraries.of(true, false).list().ofSize(IDS.length);
        Arbitrary<List<Double>> rates = rate.list().ofSize(IDS.length);
        Arbitrary<List<Double>> demands = demand.list().ofSize(IDS.length);
        Arbitrary<Double> capacity = Arbitraries.oneOf(Arbitraries.just(Double.NaN),
                Arbitraries.doubles().between(1e6, 1e9));
        Arbitrary<CfsInput> period = Combinators.combine(members, rates, demands, capacity).as((in, r, dm, cap) -> {
            List<FlowSample> samples = new ArrayList<>();
            for (int i = 0; i < IDS.length; i++) {
                if (in.get(i)) {
                    Protocol p = IDS[i].startsWith("t") ? Protocol.TCP : Protocol.UDP;
                    samples.add(FlowSample.of(IDS[i], p, r.get(i), dm.get(i)));
                }
            }
            return CfsInput.of("c", cap, samples);
        });
        return period.list().ofMinSize(1).ofMaxSize(12);
    }
}
