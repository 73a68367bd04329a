// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.PortNumber;
import org.onlab.packet.TpPort;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pacing of the app's rule writes against ONOS 2.7's pause of a switch's flow statistics: what ONOS counts
 * never exceeds the window, nothing is lost, a rule removed while its install waits never reaches ONOS, and an
 * urgent install overtakes what waits.
 */
class PacedFlowRulesTest {

    private static final DeviceId S1 = DeviceId.deviceId("of:0000000000000001");
    private static final Function<List<FlowRule>, FlowRuleOperationsContext> NO_CONTEXT =
            rules -> new FlowRuleOperationsContext() {
            };

    private final TestServices.TestFlowRuleService onos = new TestServices.TestFlowRuleService();
    private final AtomicLong now = new AtomicLong(0);
    private final PacedFlowRules writes = new PacedFlowRules(onos, now::get);
    /** What ONOS counted per write, stamped: batches of adds n + 1, removals 2n + 1. */
    private final List<long[]> counted = new ArrayList<>();
    private final PacedFlowRules counting = new PacedFlowRules(new TestServices.TestFlowRuleService() {
        @Override
        public void apply(FlowRuleOperations ops) {
            counted.add(new long[]{now.get(), ops.stages().stream().mapToInt(java.util.Set::size).sum() + 1});
            super.apply(ops);
        }

        @Override
        public void removeFlowRules(FlowRule... rules) {
            counted.add(new long[]{now.get(), 2L * rules.length + 1});
            super.removeFlowRules(rules);
        }
    }, now::get);

    private static FlowRule rule(int port) {
        return DefaultFlowRule.builder().forDevice(S1).fromApp(TestServices.TestCoreService.APP_ID)
                .withSelector(DefaultTrafficSelector.builder().matchEthType((short) 0x800).matchIPProtocol((byte) 17)
                        .matchUdpSrc(TpPort.tpPort(port)).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(5)).build())
                .withPriority(40000).makeTemporary(10).build();
    }

    private static List<FlowRule> rules(int from, int n) {
        return IntStream.range(from, from + n).mapToObj(PacedFlowRulesTest::rule).collect(Collectors.toList());
    }

    // Lets ten windows pass, flushing as the host's tick does.
    private void drain() {
        for (int i = 0; i < 80; i++) {
            now.addAndGet(250);
            writes.flush();
        }
    }

    @Test
    void aBurstGoesOutWithinTheWindowAndAllOfItArrives() {
        for (int i = 0; i < 100; i++) {
            counting.install(List.of(rule(i)), NO_CONTEXT, false);
        }
        counting.remove(rules(0, 30));
        for (long t = 0; t <= 20_000; t += 250) {
            now.set(t);
            counting.flush();
        }
        assertEquals(0, counting.waiting(), "everything written in the end");
        for (long[] c : counted) {
            long inWindow = counted.stream().filter(o -> o[0] > c[0] - PacedFlowRules.WINDOW_MS && o[0] <= c[0])
                    .mapToLong(o -> o[1]).sum();
            assertTrue(inWindow <= PacedFlowRules.EVENTS_PER_WINDOW, "at " + c[0] + " ms ONOS counted " + inWindow);
        }
    }

    @Test
    void aRuleRemovedWhileItsInstallWaitsNeverReachesOnos() {
        for (int i = 0; i < 60; i++) {
            writes.install(List.of(rule(i)), NO_CONTEXT, false);
        }
        assertTrue(writes.waiting() > 0, "some wait: " + onos.rules.size() + " sent");
        int sent = onos.rules.size();
        writes.remove(rules(0, 60));
        drain();
        assertEquals(0, writes.waiting());
        assertEquals(sent, onos.removed.size(), "only the rules sent are removed: " + onos.removed.size());
        assertTrue(onos.rules.isEmpty(), "none left: " + onos.rules.size());
    }

    @Test
    void anUrgentInstallOvertakesWhatWaitsButNotARemovalOfItsOwnRule() {
        for (int i = 0; i < 60; i++) {
            writes.install(List.of(rule(i)), NO_CONTEXT, false);
        }
        writes.install(List.of(rule(1000)), NO_CONTEXT, true);
        assertTrue(onos.rules.containsKey(rule(1000).id()), "the unit's rule went at once");
        writes.remove(List.of(rule(0)));
        writes.install(List.of(rule(0)), NO_CONTEXT, true);
        drain();
        assertEquals(1, onos.removed.stream().filter(r -> r.id().equals(rule(0).id())).count(), "removed once");
        assertTrue(onos.rules.containsKey(rule(0).id()), "and put back after its removal, not before it");
    }
}
