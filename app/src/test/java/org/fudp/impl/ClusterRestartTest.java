// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterState;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.fudp.impl.HostFixture.S1;
import static org.fudp.impl.HostFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26: a live 3-instance ONOS 2.7.0 cluster restarted as a whole (its Atomix storage kept
 * running) deleted FUDP's rules (its flow store was empty, extraneous rules are not allowed), FUDP
 * learnt every flow again from packet-ins and installed the UDP rule without its meter: 36 s
 * unlimited, and the old meter ADDED with no rule on it for minutes. Here the doubles drop the flow
 * store as ONOS does ({@link OnosFlowRulesDouble#restartCluster}) and keep the meter store, and the
 * first master after the restart must have every limit in force before ONOS's first statistics poll,
 * with no packet-in, and leave no meter no rule points at.
 */
class ClusterRestartTest {

    private static final long PERIOD = 5_000;
    private final FiveTuple tcp1 = FlowIds.parse("t", "tcp-10.0.0.1-40001-10.0.0.4-5201");
    private final FiveTuple tcp2 = FlowIds.parse("t", "tcp-10.0.0.2-40002-10.0.0.4-5202");
    private final FiveTuple udp = FlowIds.parse("u", "udp-10.0.0.3-40003-10.0.0.4-5203");

    private final OnosFlowRulesDouble onosRules = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
    private final OnosMetersDouble onosMeters = new OnosMetersDouble();
    /** Atomix: the checkpoints and ONOS's meter store outlive the instances. */
    private final org.fudp.store.SharedTestStorageService storage = new org.fudp.store.SharedTestStorageService();
    private final Map<FiveTuple, FlowRule> rules = new HashMap<>();
    private HostFixture f;

    ClusterRestartTest() {
        onosMeters.features(S1, 64);
        f = new HostFixture(Facility.metered(S1.toString()), onosRules, onosMeters, storage);
    }

    private void learn(FiveTuple t, double bps) {
        int before = onosRules.rules().size();
        f.host.packetIn(new PacketIn(S1.toString(), 1, t, PacketIn.NO_MAC, false), new byte[60]);
        FlowRule added = onosRules.rules().get(before);
        rules.put(t, added);
        onosRules.rate(added, bps);
    }

    private void to(long t) {
        onosRules.advance(t, -1);
        f.clock.set(t);
        onosMeters.poll(S1, t);
    }

    private Optional<MeterId> meterOf(FlowRule r) {
        return r.treatment().meters().stream().map(Instructions.MeterInstruction::meterId).findFirst();
    }

    private FlowRule inStore(FiveTuple t) {
        return onosRules.rules().stream().filter(r -> r.id().equals(rules.get(t).id())).findFirst().orElse(null);
    }

    /** A meter of FUDP's that no rule points at: one the master before submitted just before it went. */
    private MeterCellId strayMeter() {
        Band drop = DefaultBand.builder().ofType(Band.Type.DROP).withRate(2_000).burstSize(40).build();
        return onosMeters.submit(DefaultMeterRequest.builder().forDevice(S1)
                .fromApp(TestServices.TestCoreService.APP_ID).withUnit(Meter.Unit.KB_PER_SEC).burst()
                .withBands(List.of(drop)).add()).meterCellId();
    }

    @Test
    void afterAWholeClusterRestartTheFirstMasterPutsEveryLimitBackWithNoPacketInAndNoOrphanMeter() {
        learn(tcp1, 1_000_000);
        learn(tcp2, 1_000_000);
        learn(udp, 30_000_000);
        to(T0 + PERIOD);
        f.host.period();
        to(T0 + PERIOD + 1_000);
        MeterId limit = meterOf(inStore(udp)).orElseThrow();
        MeterCellId stray = strayMeter();
        to(T0 + 2 * PERIOD);
        f.host.period();

        // Every instance restarts; ONOS's flow store is empty, the switch and the meter store are not.
        onosRules.restartCluster();
        assertTrue(onosRules.rules().isEmpty());
        f = new HostFixture(Facility.metered(S1.toString()), onosRules, onosMeters, storage);

        for (FiveTuple t : List.of(tcp1, tcp2, udp)) {
            assertNotNull(inStore(t), "in ONOS's flow store again before any poll: " + t);
        }
        assertEquals(Optional.of(limit), meterOf(inStore(udp)), "the UDP rule points at the meter the switch holds");
        assertEquals(MeterState.PENDING_REMOVE, onosMeters.getMeter(S1, stray).state(),
                "a meter no rule points at is withdrawn");

        to(T0 + 2 * PERIOD + 1_000);
        assertEquals(List.of(), onosRules.deletedExtraneous, "ONOS's first poll deletes nothing of FUDP's");
        assertEquals(Optional.of(limit), meterOf(onosRules.onSwitch(rules.get(udp).id())),
                "the limit holds on the switch");
        assertEquals(List.of(limit), onosMeters.getMeters(S1).stream().map(m -> (MeterCellId) m.meterCellId())
                .collect(java.util.stream.Collectors.toList()), "no orphan meter");

        to(T0 + 3 * PERIOD);
        f.host.period();
        assertTrue(f.store.getAllocations().stream().filter(a -> a.flow().equals(udp)).findFirst().orElseThrow()
                .acknowledged(), "the limit is in force for the new master");
        assertEquals(1, onosMeters.getMeters(S1).size(), "and it asked for no new meter");
    }

    /** Lets time run in ticks of the loop's host, with a period every PERIOD. */
    private void run(long from, long to) {
        for (long t = from + LoopHost.TICK_MS; t <= to; t += LoopHost.TICK_MS) {
            to(t);
            f.host.tick();
            if ((t - T0) % PERIOD == 0) {
                f.host.period();
            }
        }
    }

    private org.fudp.loop.api.facilities.FacilityState view() {
        return f.store.getFacilityState(S1).orElseThrow();
    }

    /**
     * Issue 33 in a live cluster: about 11 s after a whole-cluster restart ONOS failed the rules the first
     * master installed again (the switch's role was not yet MASTER, so the flow-mods were dropped and no
     * barrier reply came: OnosFlowRulesDouble.masterRoleFrom), and FUDP took each failure for the switch's
     * refusal: rules and meter withdrawn, the cap cut to 2 and then 1, new flows skipped. Such a failure has
     * no word from the switch: the rules are installed again with back-off, the flows and their limit stay,
     * the cap stays, and the facility's view tells these failures from refusals. A full table later is still
     * a refusal.
     */
    @Test
    void installsThatFailWhileTheSwitchIsNotReadyAfterARestartAreRetriedAndTheCapStays() {
        learn(tcp1, 1_000_000);
        learn(tcp2, 1_000_000);
        learn(udp, 30_000_000);
        to(T0 + PERIOD);
        f.host.period();
        to(T0 + PERIOD + 1_000);
        MeterId limit = meterOf(inStore(udp)).orElseThrow();
        to(T0 + 2 * PERIOD);
        f.host.period();

        long restart = T0 + 2 * PERIOD;
        onosRules.restartCluster();
        onosRules.masterRoleFrom(restart + 15_000);
        f = new HostFixture(Facility.metered(S1.toString()), onosRules, onosMeters, storage);
        run(restart, restart + 10_500);
        assertEquals(1, onosRules.expiredBatches, "ONOS failed the batch of rules installed again: no barrier reply");
        assertEquals(0, view().refusals(), "no word from the switch: not a refusal");
        assertEquals(3, view().rulesRetrying(), "the three rules wait to go in again");
        assertTrue(view().lastInstallFailure().contains("not a refusal"), view().lastInstallFailure());

        run(restart + 10_500, restart + 40_000);
        org.fudp.loop.api.facilities.FacilityState s = view();
        assertEquals(0, s.refusals(), s.toString());
        assertEquals(s.budget().rules(), s.ruleCap(), "the cap stays");
        assertEquals(0L, s.skipped().get(org.fudp.loop.api.facilities.FacilityState.Skip.SWITCH_REFUSED));
        assertEquals(3, s.flows(), "no flow forgotten");
        assertTrue(s.installFailures() >= 3, s.toString());
        assertEquals(0, s.rulesRetrying(), "all in");
        for (FiveTuple t : List.of(tcp1, tcp2, udp)) {
            assertNotNull(inStore(t), t.toString());
            assertNotNull(onosRules.onSwitch(rules.get(t).id()), "on the switch: " + t);
        }
        assertEquals(Optional.of(limit), meterOf(onosRules.onSwitch(rules.get(udp).id())), "the limit holds");
        assertEquals(List.of(), onosRules.deletedExtraneous);
        assertEquals(List.of(limit), onosMeters.getMeters(S1).stream().map(m -> (MeterId) m.meterCellId())
                .collect(java.util.stream.Collectors.toList()), "the meter stays, no new one");
        assertTrue(f.store.getAllocations().stream().filter(a -> a.flow().equals(udp)).findFirst().orElseThrow()
                .acknowledged());

        // A new flow still gets its rule; then the table is full, and that is the switch's refusal.
        long failedInstalls = s.installFailures();
        FiveTuple tcp3 = FlowIds.parse("t", "tcp-10.0.0.5-40005-10.0.0.4-5205");
        learn(tcp3, 1_000_000);
        run(restart + 40_000, restart + 41_000);
        assertNotNull(onosRules.onSwitch(rules.get(tcp3).id()));
        onosRules.tableLimit = 4;
        learn(FlowIds.parse("t", "tcp-10.0.0.6-40006-10.0.0.4-5206"), 1_000_000);
        run(restart + 41_000, restart + 45_000);
        s = view();
        assertEquals(1, s.refusals(), s.toString());
        assertEquals(4, s.ruleCap(), "capped at what the table took");
        assertEquals(failedInstalls, s.installFailures(), "a refusal is not an install failure");
        assertEquals(0, s.rulesRetrying(), "and is not retried");
    }
}
