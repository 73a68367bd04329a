// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterState;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.fudp.impl.HostFixture.S1;
import static org.fudp.impl.HostFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A metered facility hosted in ONOS: the loop's meters through a meter service that behaves as
 * ONOS 2.7's ({@link OnosMetersDouble} names the sources), rules through its flow rule service
 * ({@link OnosFlowRulesDouble}). Two TCP flows and a UDP flood share a 10 Mbit/s set.
 */
class OnosMetersTest {

    private static final long PERIOD = 5_000;
    private static final double TCP_BPS = 1_000_000;
    private static final double UDP_BPS = 30_000_000;
    private final FiveTuple tcp1 = FlowIds.parse("t", "tcp-10.0.0.1-40001-10.0.0.4-5201");
    private final FiveTuple tcp2 = FlowIds.parse("t", "tcp-10.0.0.2-40002-10.0.0.4-5202");
    private final FiveTuple udp = FlowIds.parse("u", "udp-10.0.0.3-40003-10.0.0.4-5203");
    private final FiveTuple udp2 = FlowIds.parse("u", "udp-10.0.0.5-40005-10.0.0.4-5205");

    private final OnosFlowRulesDouble onosRules = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
    private final OnosMetersDouble onosMeters = new OnosMetersDouble();
    private final org.fudp.store.SharedTestStorageService storage = new org.fudp.store.SharedTestStorageService();
    private HostFixture f;
    private final Map<FiveTuple, FlowRule> rules = new HashMap<>();

    OnosMetersTest() {
        onosMeters.features(S1, 64);
        f = new HostFixture(Facility.metered(S1.toString()), onosRules, onosMeters, storage);
    }

    private void learn(FiveTuple t, double bps) {
        int before = onosRules.rules().size();
        f.host.packetIn(new PacketIn(S1.toString(), 1, t, PacketIn.NO_MAC, false), new byte[60]);
        List<FlowRule> added = onosRules.rules().subList(before, onosRules.rules().size());
        assertEquals(1, added.size(), "a metered facility's flow has one rule, straight on: " + added);
        rules.put(t, added.get(0));
        onosRules.rate(added.get(0), bps);
    }

    /** Lets time run to t: flow statistics every second, meter statistics at t. */
    private void to(long t) {
        onosRules.advance(t, -1);
        f.clock.set(t);
        onosMeters.poll(S1, t);
    }

    /** A third TCP flow, and the three fill the link beside the flood's limit: its share shrinks. */
    private void thirdTcpFlow() {
        learn(FlowIds.parse("t", "tcp-10.0.0.6-40006-10.0.0.4-5206"), 2_500_000);
        onosRules.rate(rules.get(tcp1), 2_500_000);
        onosRules.rate(rules.get(tcp2), 2_500_000);
    }

    private void period(long t) {
        to(t);
        f.host.period();
    }

    /** A period that limits the flood: two TCP flows and the flood share the set. */
    private void flood() {
        learn(tcp1, TCP_BPS);
        learn(tcp2, TCP_BPS);
        learn(udp, UDP_BPS);
        period(T0 + PERIOD);
    }

    private Optional<MeterId> meterOf(FiveTuple t) {
        FlowRule now = onosRules.rules().stream().filter(r -> r.id().equals(rules.get(t).id())).findFirst()
                .orElseThrow();
        return now.treatment().meters().stream().map(Instructions.MeterInstruction::meterId).findFirst();
    }

    private List<Meter> meters() {
        return List.copyOf(onosMeters.getMeters(S1));
    }

    private AgentState facilityView() {
        return f.store.getAgent(S1).orElseThrow();
    }

    private AllocationState allocation(FiveTuple t) {
        return f.store.getAllocations().stream().filter(a -> a.flow().equals(t)).findFirst().orElseThrow();
    }

    @Test
    void aLimitIsAnOnosMeterAndTheRulePointsAtItOnceAPollSawIt() {
        flood();
        List<Meter> submitted = meters();
        assertEquals(1, submitted.size());
        Meter m = submitted.get(0);
        assertEquals(MeterState.PENDING_ADD, m.state());
        assertEquals(Meter.Unit.KB_PER_SEC, m.unit());
        Band band = m.bands().iterator().next();
        assertEquals(Band.Type.DROP, band.type());
        assertEquals(List.of(), onosMeters.posted, "nothing in force before a poll saw it");
        assertEquals(Optional.empty(), meterOf(udp), "the rule points at no meter that is not in force");

        to(T0 + PERIOD + 1_000);
        assertEquals(MeterEvent.Type.METER_ADDED, onosMeters.posted.get(0).type());
        assertEquals(Optional.of((MeterId) m.meterCellId()), meterOf(udp), "modified in place, the same rule id");
        assertEquals(3, onosRules.rules().size(), "no rule added or removed for it");

        // The next period publishes the limit as in force, measured at the meter.
        onosMeters.traffic(S1, m.meterCellId(), Math.round(UDP_BPS * 4 / 8));
        period(T0 + 2 * PERIOD);
        AllocationState a = allocation(udp);
        assertEquals(band.rate() * 1000, a.toldBps(), 1000.0, "the band is the limit in kbit/s");
        assertTrue(a.acknowledged(), a.toString());
        assertEquals("", a.refusal());
        assertEquals(org.fudp.loop.api.settings.Facility.Enforcement.METER, facilityView().enforcement());
        assertEquals(0, facilityView().unmetered());
    }

    @Test
    void aDeviceWithoutMeterFeaturesLeavesTheFlowCountedUnlimitedAndSaysSo() {
        onosMeters.features(S1, 0);
        flood();
        assertEquals(List.of(), meters(), "ONOS gave no id: nothing half-applied");
        assertEquals(Optional.empty(), meterOf(udp));
        AllocationState a = allocation(udp);
        assertFalse(a.acknowledged());
        assertTrue(a.refusal().contains("no meter id"), a.refusal());
        assertEquals(1, facilityView().unmetered());
        assertTrue(facilityView().reason().contains("no meter id"), facilityView().reason());
        assertTrue(f.store.getCfs("set1").orElseThrow().udpFlows().contains(udp), "still counted in its set");

        period(T0 + 2 * PERIOD);
        assertEquals(List.of(), meters(), "not asked again before its back-off");
    }

    @Test
    void aFullTableMetersTheFlowsItCanAndNamesTheOthers() {
        onosMeters.features(S1, 1);
        learn(tcp1, TCP_BPS);
        learn(tcp2, TCP_BPS);
        learn(udp, UDP_BPS);
        learn(udp2, UDP_BPS);
        period(T0 + PERIOD);
        assertEquals(1, meters().size(), "the one id there is");
        to(T0 + PERIOD + 1_000);
        long metered = List.of(udp, udp2).stream().filter(t -> meterOf(t).isPresent()).count();
        assertEquals(1, metered);
        assertEquals(1, facilityView().unmetered());
        assertEquals(1, List.of(udp, udp2).stream().filter(t -> !allocation(t).refusal().isEmpty()).count());
    }

    @Test
    void aMeterTheSwitchRefusesIsWithdrawnNotSentForEver() {
        onosMeters.switchRefuses(S1, MeterFailReason.BAD_BAND);
        flood();
        MeterCellId refused = meters().get(0).meterCellId();
        to(T0 + PERIOD + 1_000);
        assertEquals(Optional.empty(), meterOf(udp));
        assertEquals(MeterState.PENDING_REMOVE, onosMeters.getMeter(S1, refused).state(),
                "withdrawn as soon as ONOS said so");
        to(T0 + PERIOD + 2_000);
        assertEquals(List.of(), meters(), "gone from ONOS's store: no retry at every poll");
        period(T0 + 2 * PERIOD);
        assertTrue(allocation(udp).refusal().contains("BAD_BAND"), allocation(udp).refusal());
        assertEquals(1, facilityView().unmetered());
    }

    @Test
    void aNewLimitIsANewMeterAndTheOldGoesOnlyAfterTheRuleMoved() {
        flood();
        to(T0 + PERIOD + 1_000);
        MeterId first = meterOf(udp).orElseThrow();
        thirdTcpFlow();
        period(T0 + 2 * PERIOD);
        List<Meter> now = meters();
        assertEquals(2, now.size(), "the new meter beside the old: " + now);
        assertEquals(Optional.of(first), meterOf(udp), "the flow stays on the old one until the new is in force");
        to(T0 + 2 * PERIOD + 1_000);
        MeterId second = meterOf(udp).orElseThrow();
        assertFalse(second.equals(first));
        assertEquals(MeterState.PENDING_REMOVE, onosMeters.getMeter(S1, first).state());
    }

    @Test
    void stoppingForGoodLeavesNoMeterAndNoRule() {
        flood();
        to(T0 + PERIOD + 1_000);
        assertTrue(meterOf(udp).isPresent());
        f.host.stop(false);
        to(T0 + PERIOD + 2_000);
        assertEquals(List.of(), meters(), "every meter of the app withdrawn and purged");
        assertEquals(List.of(), onosMeters.onSwitch(S1));
        assertEquals(List.of(), onosRules.rules(), "and every rule");
    }

    @Test
    void theInstanceThatTakesOverKeepsThePreviousMetersUntilTheLimitsChange() {
        flood();
        to(T0 + PERIOD + 1_000);
        MeterId before = meterOf(udp).orElseThrow();
        f.host.stop(true);
        assertEquals(Optional.of(before), meterOf(udp), "handed over as it is: the flow stays metered");

        // The next master: ONOS's rules and meters are the cluster's; the checkpoint is in storage.
        f = new HostFixture(Facility.metered(S1.toString()), onosRules, onosMeters, storage);
        period(T0 + 2 * PERIOD);
        period(T0 + 3 * PERIOD);
        assertEquals(1, meters().size(), "the limit stands on the meter it found: " + meters());
        assertEquals(Optional.of(before), meterOf(udp));

        // A new limit: a meter of its own, and the one before withdrawn.
        thirdTcpFlow();
        period(T0 + 4 * PERIOD);
        to(T0 + 4 * PERIOD + 1_000);
        MeterId now = meterOf(udp).orElseThrow();
        assertFalse(now.equals(before), "its own meter");
        assertEquals(MeterState.PENDING_REMOVE, onosMeters.getMeter(S1, before).state(),
                "the one before withdrawn once the rule pointed away");
        to(T0 + 4 * PERIOD + 2_000);
        assertEquals(1, meters().size(), "no meter left behind: " + meters());
    }

    /** A period with no meter-stats poll since the last: the meters ONOS holds stay as they are. */
    private void periodWithoutMeterPoll(long t) {
        onosRules.advance(t, -1);
        f.clock.set(t);
        onosMeters.at(t);
        f.host.period();
    }

    /**
     * Issue 25: ONOS reported TIMEOUT for a new meter 26 ms after it was asked for; the app withdrew it
     * and the flood ran unlimited. The TIMEOUT was a withdrawn meter's, of the same id: OpenFlowMeterProvider
     * reports its expired ADD when the id's next ADD is written.
     */
    @Test
    void aStaleTimeoutOfAReusedMeterIdIsNotTakenForTheNewMeters() {
        learn(tcp1, TCP_BPS);
        learn(tcp2, TCP_BPS);
        learn(udp, UDP_BPS);
        periodWithoutMeterPoll(T0 + PERIOD);
        MeterCellId first = meters().get(0).meterCellId();
        // A new limit before any poll saw the first meter: it is withdrawn, its ADD still pending.
        thirdTcpFlow();
        periodWithoutMeterPoll(T0 + 2 * PERIOD);
        to(T0 + 2 * PERIOD + 1_000);
        assertEquals(null, onosMeters.getMeter(S1, first), "purged, its id free again");
        MeterId second = meterOf(udp).orElseThrow();

        // More than 30 s after the first ADD, the next limit's meter gets the first one's id.
        learn(FlowIds.parse("t", "tcp-10.0.0.7-40007-10.0.0.4-5207"), 2_000_000);
        for (FiveTuple t : List.of(tcp1, tcp2)) {
            onosRules.rate(rules.get(t), 2_000_000);
        }
        long t = T0 + 8 * PERIOD;
        periodWithoutMeterPoll(t);
        Meter third = meters().stream().filter(m -> !m.meterCellId().equals(second)).findFirst().orElseThrow();
        assertEquals(first, third.meterCellId(), "ONOS reuses the freed id first");
        assertEquals(MeterState.PENDING_ADD, third.state(), "not withdrawn on the stale TIMEOUT");

        to(t + 1_000);
        f.host.tick();
        assertEquals(Optional.of((MeterId) first), meterOf(udp), "ADDED at the next poll: the rule points at it");
        period(t + PERIOD);
        assertEquals("", allocation(udp).refusal());
        assertTrue(allocation(udp).acknowledged(), allocation(udp).toString());
        assertEquals(0, facilityView().unmetered());
    }

    @Test
    void aMeterStillNotOnTheSwitchLongAfterATimeoutIsRefusedAndAskedForAgainLater() {
        flood();
        MeterCellId id = meters().get(0).meterCellId();
        onosMeters.timeOut(S1, id);
        long t = T0 + PERIOD;
        for (long at = t + 1_000; at <= t + MeterAdapter.TIMEOUT_CONFIRM_MS + 2_000; at += 1_000) {
            onosRules.advance(at, -1);
            f.clock.set(at);
            onosMeters.at(at);
            f.host.tick();
        }
        period(T0 + 8 * PERIOD);
        assertTrue(allocation(udp).refusal().startsWith("TIMEOUT"), allocation(udp).refusal());
        assertEquals(1, facilityView().unmetered());
    }
}
