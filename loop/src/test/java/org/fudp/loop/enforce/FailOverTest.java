// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.LoopHarness;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.commands.MeterSpec;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.ControlMessage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.HashMap;

import static org.fudp.loop.LoopHarness.ADJUSTOR;
import static org.fudp.loop.LoopHarness.H1;
import static org.fudp.loop.LoopHarness.ONWARD;
import static org.fudp.loop.LoopHarness.PERIOD;
import static org.fudp.loop.LoopHarness.S1;
import static org.fudp.loop.LoopHarness.SET1;
import static org.fudp.loop.LoopHarness.T0;
import static org.fudp.loop.LoopHarness.TCP1;
import static org.fudp.loop.LoopHarness.UDP1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fail over, not only open: in a live ONOS 2.7.0 the agent stopped cleanly for 20 s under TCP and a 30 Mbit/s UDP
 * flood, and fail open passed the flood on unlimited: TCP at 0.0-0.1 Mbit/s for 38 s. Where the switch has meters,
 * each UDP flow that goes straight on is held at its limit by a meter on its rule meanwhile, and the meter goes once
 * the flow is steered through the agent again.
 */
class FailOverTest {

    private LoopHarness h;
    private long t = T0;
    private long meterBytes;

    private void start(Facility.WhenAdjustorDown policy) {
        h = new LoopHarness(LoopSettings.defaults(), T0, new HashMap<>(),
                List.of(LoopHarness.FACILITY.withWhenAdjustorDown(policy)));
        h.agentUp();
        h.packetIn(TCP1, H1);
        h.packetIn(UDP1, H1);
        assertEquals(ADJUSTOR, udpOut());
        t += PERIOD;
        period(50_000_000, List.of());
        h.newMessages().forEach(h::ack);
    }

    private long udpOut() {
        return h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR).outPort();
    }

    /** A period with TCP1 at 5 Mbit/s and UDP1 offering 50, delivering what its way out lets through. */
    private Actions period(double udpBack, List<MeterReading> meters) {
        h.at(t);
        h.flow(TCP1, RuleSpec.Role.DIRECT, 5_000_000);
        h.flow(UDP1, RuleSpec.Role.TO_ADJUSTOR, 50_000_000);
        h.flow(UDP1, RuleSpec.Role.FROM_ADJUSTOR, udpBack);
        return h.apply(h.loop.period(h.now, h.readCounters(), meters));
    }

    private long limit() {
        for (int i = h.history.size() - 1; i >= 0; i--) {
            FlowRecord r = h.history.get(i).flows().get(UDP1);
            if (r != null) {
                return r.allocationBps().orElse(-1);
            }
        }
        return -1;
    }

    // Silent past the heartbeat timeout: stopped or hung.
    private Actions agentSilent() {
        t += h.loop.settings().heartbeatTimeoutMs() + 1;
        h.at(t);
        return h.tick();
    }

    private static List<MeterSpec> metersAsked(Actions a) {
        return new ArrayList<>(a.metersToAdd());
    }

    @Test
    void whileTheAgentIsDownEachUdpFlowIsHeldAtItsLimitByAMeterAndTheMeterGoesWhenTheAgentIsBack() {
        start(Facility.WhenAdjustorDown.METERS);
        long limit = limit();
        assertTrue(limit > 0 && limit < 10_000_000, "UDP1 limited: " + limit);

        Actions down = agentSilent();
        assertEquals(ONWARD, udpOut(), "straight on: the agent no longer bridges");
        List<MeterSpec> asked = metersAsked(down);
        assertEquals(1, asked.size(), "a meter for UDP1 at once: " + down.metersToAdd());
        assertEquals(limit, asked.get(0).rateBps(), "at its limit");
        assertTrue(down.notices().stream().anyMatch(n -> n.text().contains("each held at its limit by a meter")),
                down.notices().toString());

        Actions attached = h.apply(h.loop.meterAdded(h.now, S1, asked.get(0).key()));
        RuleSpec main = h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR);
        assertEquals(asked.get(0).key(), main.meterKey(), "its rule points at the meter: " + attached.rulesToModify());
        assertEquals(ONWARD, main.outPort(), "and still goes straight on");

        // The meter passes what it lets through: what the flow delivers now.
        t += PERIOD;
        Actions held = period(0, meterRead(asked.get(0), limit));
        t += PERIOD;
        held = period(0, meterRead(asked.get(0), limit));
        FlowRecord r = held.flows().get(UDP1);
        assertEquals("held by a meter on the switch: its adjustor cannot hold a limit now", r.rateReason());
        assertEquals(limit, r.throughputBps(), limit / 20.0, r.toString());
        assertEquals(0, held.facilities().get(S1).failedOpen(), "held, not open");
        assertFalse(h.cfs(SET1).state() == CfsState.NO_AGENT, "the limits are held: " + h.cfs(SET1));

        // Back: the limits first, then the detour, then the meter goes.
        t += 1000;
        h.at(t);
        h.heartbeat();
        List<ControlMessage> resent = h.newMessages();
        Actions acked = h.ack(resent.get(resent.size() - 1));
        assertEquals(ADJUSTOR, udpOut(), "through the adjustor again");
        assertEquals(RuleSpec.NO_METER, h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR).meterKey(), "without its meter");
        assertEquals(List.of(asked.get(0)), acked.metersToRemove(), "and the meter goes");
    }

    private List<MeterReading> meterRead(MeterSpec m, long rateBps) {
        meterBytes += rateBps * PERIOD / 8000;
        return List.of(new MeterReading(m.key(), h.now, meterBytes, MeterReading.DROPS_UNCOUNTED));
    }

    @Test
    void aFlowWhoseMeterTheSwitchRefusesGoesStraightOnUnlimitedAndSaysSo() {
        start(Facility.WhenAdjustorDown.METERS);
        List<MeterSpec> asked = metersAsked(agentSilent());
        Actions refused = h.apply(h.loop.meterFailed(h.now, S1, asked.get(0).key(), "no meter table"));
        assertTrue(refused.notices().stream().anyMatch(n -> n.text().contains("cannot be metered")),
                refused.notices().toString());
        t += PERIOD;
        Actions open = period(0, List.of());
        assertEquals(1, open.facilities().get(S1).failedOpen(), "unlimited: failed open");
        assertEquals("forwarded straight on, unlimited: its adjustor cannot hold a limit now",
                open.flows().get(UDP1).rateReason());
        assertEquals(CfsState.NO_AGENT, h.cfs(SET1).state());
    }

    @Test
    void withOpenAsThePolicyNoMeterIsAsked() {
        start(Facility.WhenAdjustorDown.OPEN);
        Actions down = agentSilent();
        assertEquals(ONWARD, udpOut());
        assertTrue(down.metersToAdd().isEmpty(), down.metersToAdd().toString());
        assertTrue(down.notices().stream().anyMatch(n -> n.text().contains("forwarded straight on, unlimited")),
                down.notices().toString());
        t += PERIOD;
        assertEquals(1, period(0, List.of()).facilities().get(S1).failedOpen());
    }

    @Test
    void withHoldAsThePolicyUdpStaysSteeredIntoTheAdjustor() {
        start(Facility.WhenAdjustorDown.HOLD);
        Actions down = agentSilent();
        assertEquals(ADJUSTOR, udpOut(), "a hung agent's last limits hold");
        assertTrue(down.metersToAdd().isEmpty());
        t += PERIOD;
        assertEquals(0, period(0, List.of()).facilities().get(S1).failedOpen());
    }

    @Test
    void aChangeOfPolicyAloneKeepsTheFacilitysFlowsAndItsAgent() {
        start(Facility.WhenAdjustorDown.METERS);
        Actions changed = h.apply(h.loop.setFacilities(h.now,
                List.of(LoopHarness.FACILITY.withWhenAdjustorDown(Facility.WhenAdjustorDown.OPEN))));
        assertTrue(changed.flowsGone().isEmpty(), "no flow forgotten: " + changed.flowsGone());
        assertNotNull(h.rule(UDP1, RuleSpec.Role.TO_ADJUSTOR));
        assertEquals(ADJUSTOR, udpOut(), "the agent still holds the limits");
        assertTrue(metersAsked(agentSilent()).isEmpty(), "open from now on");
    }
}
