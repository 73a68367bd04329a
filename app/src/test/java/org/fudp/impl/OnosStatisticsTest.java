// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.FudpEvent;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;
import org.onosproject.net.flow.FlowRule;

import static org.fudp.impl.HostFixture.S1;
import static org.fudp.impl.HostFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The loop's rates under ONOS 2.7's statistics: polled on ONOS's own clock, life in whole
 * seconds, rules re-installed with counters from zero, idle rules removed by ONOS and reported
 * late ({@link OnosFlowRulesDouble} names the ONOS sources).
 */
class OnosStatisticsTest {

    private static final long PERIOD = 5_000;
    private static final double TCP_BPS = 3_000_000;
    private final FiveTuple tcp = FlowIds.parse("t", "tcp-10.0.0.1-40001-10.0.0.4-5201");
    /** ONOS polls every 5 s, the first time 2.5 s after the rule went in: half a period out of phase. */
    private final OnosFlowRulesDouble onos = new OnosFlowRulesDouble(T0, T0 + 2_500, 5_000);
    private final HostFixture f = new HostFixture(onos);
    private final FlowRule rule;

    OnosStatisticsTest() {
        // What FudpManager's flow rule listener does with ONOS's events of the app's rules.
        onos.addListener(f.host::flowRuleEvent);
        f.host.packetIn(new PacketIn(S1.toString(), 1, tcp, PacketIn.NO_MAC, false), new byte[60]);
        rule = onos.rules().get(0);
        onos.rate(rule, TCP_BPS);
    }

    /** Runs the period that ends k periods after T0, ONOS polling on its own schedule up to it. */
    private FlowRecord period(int k, long skippedPoll) {
        long t = T0 + k * PERIOD;
        onos.advance(t, skippedPoll);
        f.clock.set(t);
        f.host.period();
        return f.store.getFlow(tcp).get();
    }

    @Test
    void ratesAreRightWhateverThePhaseOfThePolls() {
        for (int k = 1; k <= 6; k++) {
            FlowRecord r = period(k, -1);
            assertTrue(r.rateKnown(), "period " + k);
            assertEquals(TCP_BPS, r.throughputBps(), TCP_BPS * 0.02,
                    "period " + k + ": the first sample's life is 2 s to ONOS, 2.5 s in truth");
        }
    }

    @Test
    void aSkippedPollRepeatsTheRateAndTheNextCoversBothIntervals() {
        period(1, -1);
        period(2, -1);
        FlowRecord skipped = period(3, T0 + 12_500);
        assertEquals(TCP_BPS, skipped.throughputBps(), TCP_BPS * 0.02, "no fresh sample: the last rate");
        onos.rate(rule, 2 * TCP_BPS);
        FlowRecord after = period(4, -1);
        assertEquals(1.25 * TCP_BPS, after.throughputBps(), TCP_BPS * 0.02,
                "the polls at 7.5 and 17.5 s: 7.5 s at 3, 2.5 s at 6 Mbit/s");
    }

    @Test
    void aRuleOnosPutsBackCountsFromZeroAndNeverGivesAWrongRate() {
        period(1, -1);
        period(2, -1);
        onos.lose(rule);
        for (int k = 3; k <= 6; k++) {
            FlowRecord r = period(k, -1);
            assertTrue(!r.rateKnown() || Math.abs(r.throughputBps() - TCP_BPS) < TCP_BPS * 0.02,
                    "period " + k + ": " + r.throughputBps() + " bit/s");
        }
        assertEquals(TCP_BPS, f.store.getFlow(tcp).get().throughputBps(), TCP_BPS * 0.02);
    }

    @Test
    void anIdleRuleGoesWhenOnosSaysSoAndNotBefore() {
        period(1, -1);
        onos.rate(rule, 0);
        for (int k = 2; k <= 3; k++) {
            period(k, -1);
            assertTrue(f.store.getFlow(tcp).isPresent(), "period " + k + ": ONOS has not removed it yet");
        }
        // Idle since the poll at 7.5 s; ONOS removes it at the first poll more than 10 s later
        // (22.5 s) and reports it at the next (27.5 s).
        onos.advance(T0 + 25_000, -1);
        assertTrue(f.store.getFlow(tcp).isPresent(), "removed, but not yet reported");
        onos.advance(T0 + 28_000, -1);
        assertFalse(f.store.getFlow(tcp).isPresent());
        assertEquals(FudpEvent.Type.FLOW_GONE, f.events.get(f.events.size() - 1).type());
    }
}
