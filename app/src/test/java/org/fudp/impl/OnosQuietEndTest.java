// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onosproject.net.flow.FlowRule;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.fudp.impl.HostFixture.S1;
import static org.fudp.impl.HostFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A TCP flow that ends within a period, seen through ONOS's statistics polls: the RULE_UPDATED
 * of each poll between periods tells the loop its counter stopped ({@link OnosFlowRulesDouble}
 * names the ONOS sources).
 */
class OnosQuietEndTest {

    private static final long PERIOD = 5_000;
    private static final double RATE = 3_300_000;
    private final FiveTuple tcp1 = FlowIds.parse("t", "tcp-10.0.0.1-40001-10.0.0.4-5201");
    private final FiveTuple tcp2 = FlowIds.parse("t", "tcp-10.0.0.2-40002-10.0.0.4-5202");
    private final FiveTuple udp = FlowIds.parse("u", "udp-10.0.0.3-40003-10.0.0.4-5203");

    /**
     * Two TCP flows and a UDP flood, which gets its limit (the link's third) and the agent applies
     * it; a period with the UDP flow at that limit (a fair set); then TCP 1 stops 1.5 s into the
     * third period.
     */
    private Set<FiveTuple> tcpFlowsAfterTheEnd(boolean listening) {
        OnosFlowRulesDouble onos = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
        HostFixture f = new HostFixture(onos);
        if (listening) {
            onos.addListener(f.host::flowRuleEvent);
        }
        Map<FiveTuple, List<FlowRule>> rules = new HashMap<>();
        for (FiveTuple t : List.of(tcp1, tcp2, udp)) {
            int before = onos.rules().size();
            f.host.packetIn(new PacketIn(S1.toString(), 1, t, PacketIn.NO_MAC, false), new byte[60]);
            rules.put(t, List.copyOf(onos.rules().subList(before, onos.rules().size())));
        }
        rate(onos, rules.get(tcp1), RATE);
        rate(onos, rules.get(tcp2), RATE);
        rate(onos, rules.get(udp), 30_000_000);
        run(onos, f, T0 + PERIOD);
        f.agentAppliesAll();
        rate(onos, rules.get(udp), 3_333_000);
        run(onos, f, T0 + 2 * PERIOD);
        onos.advance(T0 + 2 * PERIOD + 1_500, -1);
        rate(onos, rules.get(tcp1), 0);
        run(onos, f, T0 + 3 * PERIOD);
        CorrelationFlowSet set = f.store.getCfs("set1").orElseThrow();
        return set.tcpFlows();
    }

    private static void rate(OnosFlowRulesDouble onos, List<FlowRule> rules, double bps) {
        rules.forEach(r -> onos.rate(r, bps));
    }

    private static void run(OnosFlowRulesDouble onos, HostFixture f, long t) {
        onos.advance(t, -1);
        f.clock.set(t);
        f.host.period();
    }

    @Test
    void theFlowLeavesItsSetAtTheFirstPeriodAfterItsEnd() {
        assertEquals(Set.of(tcp2), tcpFlowsAfterTheEnd(true));
    }

    @Test
    void withoutThePollsBetweenPeriodsTheLoopCannotTell() {
        assertEquals(Set.of(tcp1, tcp2), tcpFlowsAfterTheEnd(false), "the period's own reading moved");
    }
}
