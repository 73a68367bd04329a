// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.store;

import com.google.common.net.InetAddresses;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.protocol.FiveTuple;
import org.onosproject.net.DeviceId;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Values the store tests write: one facility, TCP and UDP flows numbered by their source port.
 */
final class StoreFixtures {

    static final DeviceId S1 = DeviceId.deviceId("of:0000000000000001");
    static final DeviceId S2 = DeviceId.deviceId("of:0000000000000002");
    static final String SET1 = "set1";
    static final long T0 = 1_800_000_000_000L;

    private StoreFixtures() {
    }

    static FiveTuple tcp(int port) {
        return new FiveTuple(FiveTuple.TCP, InetAddresses.forString("10.0.0.1"),
                InetAddresses.forString("10.0.1.1"), port, 80);
    }

    static FiveTuple udp(int port) {
        return new FiveTuple(FiveTuple.UDP, InetAddresses.forString("2001:db8::1"),
                InetAddresses.forString("2001:db8::2"), port, 5004);
    }

    static FlowRecord flow(FiveTuple t, long throughputBps) {
        return FlowRecord.builder(t, S1.toString()).cfsId(SET1).rates(throughputBps * 2, throughputBps, true)
                .allocationBps(t.protocol() == FiveTuple.UDP ? throughputBps : -1)
                .sinceMs(T0).updatedMs(T0 + throughputBps).build();
    }

    static CorrelationFlowSet cfs(String id, Set<FiveTuple> tcp, Set<FiveTuple> udp, CfsState state, long tcpBps) {
        return CorrelationFlowSet.builder(id, CfsKind.CONFIGURED).egress(S1 + "/5", "of:0000000000000009/1")
                .capacityBps(10_000_000).flows(tcp, udp).totals(tcpBps, 2_000_000, 3_000_000, 0.93)
                .state(state).build();
    }

    static AllocationState allocation(FiveTuple t, long bps, long seq, boolean acked, long atMs) {
        return new AllocationState(t, S1.toString(), SET1, bps, seq, atMs, acked, false);
    }

    static AgentState agent(DeviceId facility, AgentStatus status, long heartbeatMs) {
        return new AgentState(facility.toString(), status, heartbeatMs, 12, 11, heartbeatMs - 5, 40, 2,
                Map.of("bad-mac", 3L, "replay", 1L), status == AgentStatus.DOWN ? "silent" : "");
    }

    /**
     * A facility's view under a controller; with refusals, the switch refused rules: the cap is down
     * to the rules in use and learning pauses.
     *
     * @param facility the facility
     * @param controller the instance in charge
     * @param refusals rules the switch refused
     * @return the view
     */
    static FacilityState facilityState(DeviceId facility, String controller, long refusals) {
        Map<FacilityState.Skip, Long> skipped = new EnumMap<>(FacilityState.Skip.class);
        for (FacilityState.Skip why : FacilityState.Skip.values()) {
            skipped.put(why, (long) why.ordinal() * refusals);
        }
        return new FacilityState(facility.toString(), controller, T0 - 60_000, T0 - 59_000, new FlowBudget(1000, 200),
                refusals > 0 ? 40 : 12, refusals > 0 ? 40 : 1000, 12, skipped, refusals,
                refusals > 0 ? "TABLE_FULL" : "", refusals > 0 ? T0 + 4000 : 0);
    }

    static DecisionRecord decision(String cfsId, long period) {
        Map<FiveTuple, Long> told = new LinkedHashMap<>();
        told.put(udp(1), 1_000_000L + period);
        told.put(udp(2), 2_000_000L);
        return new DecisionRecord(cfsId, period, T0 + period * 5000, period % 2 == 0, false, 3, 2,
                4_000_000, 4_100_000, -100_000, 3_900_000, 4_300_000, 1_500_000, 6_000_000, true, told,
                "OUT_OF_BAND: period " + period);
    }

    static CfsSample cfsSample(long period) {
        return new CfsSample(T0 + period * 5000, 4_000_000 + period, 2_000_000, 3_000_000, 0.9, CfsState.ADJUSTING);
    }

    static FlowHistorySample flowSample(long period) {
        return new FlowHistorySample(T0 + period * 5000, 1_000_000 + period, 900_000, -1);
    }
}
