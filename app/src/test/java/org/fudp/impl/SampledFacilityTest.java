package org.fudp.impl;

import org.fudp.loop.FacilityState;
import org.fudp.loop.FlowBudget;
import org.fudp.loop.LoopSettings;
import org.fudp.loop.sampling.PacketSample;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.IpPrefix;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.FlowRule;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.fudp.impl.HostFixture.S1;
import static org.fudp.impl.HostFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 27, part 3: a sampled facility in ONOS. Its samples come in through the host; the aggregate
 * and the heavy flow's rules go out through ONOS's {@code FlowRuleService}, within the budget, and a
 * full table refuses them as ONOS 2.7 reports it ({@link OnosFlowRulesDouble}).
 */
class SampledFacilityTest {

    private final OnosFlowRulesDouble onos = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
    private final HostFixture f = new HostFixture(onos);

    SampledFacilityTest() {
        f.host.setBudgets(Map.of(S1, new FlowBudget(100, 200, 1_000_000)));
    }

    private static PacketSample sample(FiveTuple t) {
        try {
            return new PacketSample(InetAddress.getByName("192.0.2.9"), 0, 1, 0, 1, 64, 6400, 0, 1, 2, 1500, 0, t, 0,
                    0x10);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private List<FlowRule> aggregates() {
        return onos.rules().stream().filter(r -> r.selector().criteria().size() == 3).collect(Collectors.toList());
    }

    @Test
    void aSampledMouseCostsAnAggregateAndAHeavyFlowItsOwnRules() {
        FiveTuple mouse = FlowIds.parse("m", "tcp-10.0.0.1-40001-10.0.0.4-80");
        f.host.samples(S1, List.of(sample(mouse)));
        assertEquals(1, onos.rules().size(), "a mouse: only its destination's aggregate");
        FlowRule agg = aggregates().get(0);
        assertEquals(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV4)
                .matchIPDst(IpPrefix.valueOf("10.0.0.4/32")).matchIPProtocol(IPv4.PROTOCOL_TCP).build(),
                agg.selector(), "one protocol to one destination");
        assertEquals(LoopSettings.defaults().flowPriority() - 1, agg.priority(), "just below the per-flow rules");
        FiveTuple heavy = FlowIds.parse("h", "tcp-10.0.0.2-40002-10.0.0.4-5201");
        f.host.samples(S1, List.of(sample(heavy), sample(heavy), sample(heavy)));
        assertEquals(2, onos.rules().size(), "the heavy flow's own rule (no closing rules in ONOS)");
        FacilityState s = state(T0 + 1000);
        assertEquals(2, s.rulesInUse(), "the aggregate counts in the budget");
        assertEquals(1, s.flows());
    }

    @Test
    void aRefusedAggregateIsWithdrawnAndNotSentAgain() {
        onos.tableLimit = 0;
        f.host.samples(S1, List.of(sample(FlowIds.parse("m", "tcp-10.0.0.1-40001-10.0.0.4-80"))));
        f.clock.set(T0 + 100);
        onos.advance(T0 + 100, -1);
        assertEquals(1, onos.refusedSends);
        onos.advance(T0 + 10_000, -1);
        assertEquals(1, onos.refusedSends, "withdrawn, not re-sent at the polls");
        f.host.samples(S1, List.of(sample(FlowIds.parse("m", "tcp-10.0.0.1-40002-10.0.0.4-80"))));
        onos.advance(T0 + 10_100, -1);
        assertEquals(1, onos.refusedSends, "learning pauses after a refusal");
        assertEquals(1, state(T0 + 10_100).refusals());
    }

    private FacilityState state(long atMs) {
        f.clock.set(atMs);
        f.host.period();
        return f.store.getFacilityState(S1).orElseThrow();
    }
}
