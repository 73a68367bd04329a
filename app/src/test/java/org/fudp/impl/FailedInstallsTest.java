// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;

import java.util.ArrayList;
import java.util.List;

import static org.fudp.impl.HostFixture.S1;
import static org.fudp.impl.HostFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What ONOS 2.7.0 hands a batch's context when installs fail, told apart ({@link FailedInstalls} names the
 * sources): the switch's word (a FAILED flow entry built from the flow-mod its OpenFlow error carries, or a
 * rule singled out of its batch by cookie) is a refusal; every rule of a batch failed as the plain rules the
 * app gave (no master, the switch not connected or not in the master role, no barrier reply) is ONOS or the
 * switch not ready, and is installed again with back-off.
 */
class FailedInstallsTest {

    /** ONOS's flow rule service holding each batch's context until the test answers it, as ONOS would. */
    private static final class Batches extends TestServices.TestFlowRuleService {
        final List<FlowRuleOperations> sent = new ArrayList<>();

        @Override
        public void apply(FlowRuleOperations ops) {
            ops.stages().forEach(stage -> stage.forEach(op -> {
                if (op.type() != FlowRuleOperation.Type.REMOVE) {
                    rules.put(op.rule().id(), op.rule());
                }
            }));
            if (ops.callback() != null) {
                sent.add(ops);
            }
        }

        List<FlowRule> rulesOf(FlowRuleOperations ops) {
            List<FlowRule> out = new ArrayList<>();
            ops.stages().forEach(stage -> stage.forEach(op -> out.add(op.rule())));
            return out;
        }

        FlowRuleOperations last() {
            return sent.get(sent.size() - 1);
        }

        void fail(FlowRuleOperations ops, List<? extends FlowRule> failed) {
            FlowRuleOperations.Builder b = FlowRuleOperations.builder();
            failed.forEach(b::add);
            ops.callback().onError(b.build());
        }

        /** FlowRuleManager.FlowOperationsProcessor.fail: the whole batch, as the app gave it. */
        void notReady(FlowRuleOperations ops) {
            fail(ops, rulesOf(ops));
        }

        /** OpenFlowRuleProvider.handleErrorMsg: the flow-mod the error carries, parsed into a FAILED entry. */
        void refuse(FlowRuleOperations ops, FlowRule r) {
            fail(ops, List.of(new DefaultFlowEntry(r, FlowEntry.FlowEntryState.FAILED, 0, 0, 0)));
        }
    }

    private final Batches onos = new Batches();
    private final HostFixture f = new HostFixture(onos);
    private final FiveTuple udp = FlowIds.parse("u", "udp-10.0.0.3-40003-10.0.0.4-5203");
    private final FiveTuple tcp = FlowIds.parse("t", "tcp-10.0.0.1-40001-10.0.0.4-5201");

    private void packetIn(FiveTuple t) {
        f.host.packetIn(new PacketIn(S1.toString(), 1, t, PacketIn.NO_MAC, false), new byte[60]);
    }

    private void tickAt(long t) {
        f.clock.set(t);
        f.host.tick();
    }

    private FacilityState view(long t) {
        f.clock.set(t);
        f.host.period();
        return f.store.getFacilityState(S1).orElseThrow();
    }

    @Test
    void aFailedEntryFromTheSwitchIsARefusal() {
        packetIn(tcp);
        FlowRuleOperations batch = onos.last();
        onos.refuse(batch, onos.rulesOf(batch).get(0));
        FacilityState s = view(T0 + 100);
        assertEquals(1, s.refusals());
        assertEquals(FailedInstalls.REFUSED, s.lastRefusal());
        assertEquals(1, s.ruleCap(), "capped: one fewer than it held when refused, at least 1");
        assertEquals(0, s.flows(), "forgotten");
        assertEquals(0, s.installFailures());
        assertTrue(onos.rules.isEmpty(), "withdrawn: ONOS would send it again at every poll");
    }

    @Test
    void anOpenFlowErrorIsNamedWhenAProviderGivesIt() {
        packetIn(tcp);
        FlowRuleOperations batch = onos.last();
        // DefaultFlowEntry(rule, errType, errCode): FAILED with the error; no provider at tag 2.7.0 calls it.
        onos.fail(batch, List.of(new DefaultFlowEntry(onos.rulesOf(batch).get(0), 5, 1)));
        FacilityState s = view(T0 + 100);
        assertEquals(1, s.refusals());
        assertTrue(s.lastRefusal().endsWith("[OpenFlow error type 5, code 1]"), s.lastRefusal());
    }

    @Test
    void aRuleSingledOutOfItsBatchIsARefusal() {
        packetIn(udp);
        FlowRuleOperations batch = onos.last();
        assertEquals(2, onos.rulesOf(batch).size(), "to the adjustor and back, one batch");
        // handleErrorMsg matched the error to the rule by its cookie: the batch's own rule, only that one.
        onos.fail(batch, List.of(onos.rulesOf(batch).get(1)));
        FacilityState s = view(T0 + 100);
        assertEquals(1, s.refusals());
        assertEquals(0, s.installFailures());
    }

    @Test
    void aWholeBatchFailedWithoutAWordIsInstalledAgainWithBackOffAndNothingElseChanges() {
        packetIn(udp);
        FlowRuleOperations first = onos.last();
        f.clock.set(T0 + 10_000);
        onos.notReady(first);
        FacilityState s = view(T0 + 10_000);
        assertEquals(0, s.refusals(), "not the switch's word");
        assertEquals(2, s.installFailures());
        assertEquals(2, s.rulesRetrying());
        assertEquals(1, s.flows(), "the flow stays");
        assertEquals(FlowBudget.DEFAULT_RULES, s.ruleCap(), "the cap stays");
        assertTrue(s.lastInstallFailure().startsWith("ONOS did not install 2 rule(s) at of:0000000000000001 and the "
                + "switch said nothing"), s.lastInstallFailure());
        assertTrue(s.lastInstallFailure().contains("installing them again in 1.0 s (attempt 1 of 8)"),
                s.lastInstallFailure());

        tickAt(T0 + 10_750);
        assertEquals(1, onos.sent.size(), "not before its wait is over");
        tickAt(T0 + 11_000);
        assertEquals(2, onos.sent.size(), "installed again after 1 s");
        assertEquals(onos.rulesOf(first), onos.rulesOf(onos.last()), "the same rules, one batch");

        f.clock.set(T0 + 21_000);
        onos.notReady(onos.last());
        tickAt(T0 + 22_750);
        assertEquals(2, onos.sent.size());
        tickAt(T0 + 23_000);
        assertEquals(3, onos.sent.size(), "the second wait is 2 s");

        onos.last().callback().onSuccess(onos.last());
        s = view(T0 + 25_000);
        assertEquals(0, s.rulesRetrying(), "in");
        assertEquals(4, s.installFailures());
        assertEquals(0, s.refusals());
        assertEquals(1, s.flows());
        assertEquals(FlowBudget.DEFAULT_RULES, s.ruleCap());
        packetIn(tcp);
        assertEquals(4, onos.sent.size(), "learning goes on");
    }

    @Test
    void aRuleOnosPutInItselfIsNotSentAgain() {
        packetIn(tcp);
        onos.notReady(onos.last());
        // A statistics poll found it missing and FlowRuleManager.flowMissing sent it; the next one saw it ADDED.
        FlowRule r = onos.rulesOf(onos.last()).get(0);
        onos.counters.put(r.id(), new TestServices.TestFlowRuleService.Counter(T0));
        tickAt(T0 + 1_000);
        assertEquals(1, onos.sent.size());
        assertEquals(0, view(T0 + 1_000).rulesRetrying());
    }

    @Test
    void aRuleStillNotInAfterEveryRetryIsWithdrawnAndItsFlowForgottenWithoutACap() {
        packetIn(tcp);
        long t = T0;
        for (int attempt = 0; attempt <= FailedInstalls.MAX_RETRIES; attempt++) {
            FlowRuleOperations batch = onos.last();
            f.clock.set(t);
            onos.notReady(batch);
            t += FailedInstalls.backoffMs(attempt + 1);
            tickAt(t);
        }
        assertEquals(FailedInstalls.MAX_RETRIES + 1, onos.sent.size(), "the first install and every retry");
        FacilityState s = view(t);
        assertEquals(0, s.refusals());
        assertEquals(0, s.flows(), "forgotten: learnt again from its next packet");
        assertEquals(FlowBudget.DEFAULT_RULES, s.ruleCap(), "no cap");
        assertEquals(FailedInstalls.MAX_RETRIES + 1, s.installFailures());
        assertEquals(0, s.rulesRetrying());
        assertTrue(s.lastInstallFailure().contains("withdrawn"), s.lastInstallFailure());
        assertEquals(1, onos.removed.size(), "withdrawn from ONOS, which would send it at every poll");
        packetIn(tcp);
        assertEquals(FailedInstalls.MAX_RETRIES + 2, onos.sent.size(), "learnt again at once");
    }

    @Test
    void theWaitDoublesUpToHalfAMinute() {
        assertEquals(List.of(1_000L, 2_000L, 4_000L, 8_000L, 16_000L, 30_000L, 30_000L),
                List.of(1, 2, 3, 4, 5, 6, 7).stream().map(FailedInstalls::backoffMs)
                        .collect(java.util.stream.Collectors.toList()));
    }
}
