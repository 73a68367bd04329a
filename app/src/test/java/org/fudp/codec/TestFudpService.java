// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.records.CfsState;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import com.google.common.net.InetAddresses;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.api.Bottleneck;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.api.ControlStatus;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.PrincipalShare;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.api.FacilityConfig;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.api.FudpAdminService;
import org.fudp.api.KeyFileStatus;
import org.fudp.api.InMemoryFudpService;
import org.fudp.protocol.FiveTuple;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A FUDP service holding the paper's testbed at one tenth scale, in steady state after FUDP
 * acted: Set 1 (two TCP flows H1, H2 to H4 and a UDP flow H1 to H4 offering 50 Mbit/s) and
 * Set 2 (two TCP flows H2 to H3 and a UDP flow H2 to H3 offering 40 Mbit/s), each behind a
 * configured 10 Mbit/s bottleneck, plus a path-derived set with one TCP flow. Admin calls are
 * recorded, and an invalid bottleneck or facility list is refused as the real service would.
 */
public class TestFudpService extends InMemoryFudpService implements FudpAdminService {

    /** Start of the recorded history, epoch ms. */
    public static final long T0 = 1_764_000_000_000L;
    /** The facility both sets' senders hang off. */
    public static final DeviceId FACILITY1 = DeviceId.deviceId("of:0000000000000001");
    /** A second facility whose agent is down. */
    public static final DeviceId FACILITY2 = DeviceId.deviceId("of:0000000000000006");

    public static final FiveTuple S1_TCP1 = tuple(FiveTuple.TCP, "10.0.0.1", 40001, "10.0.0.4", 5201);
    public static final FiveTuple S1_TCP2 = tuple(FiveTuple.TCP, "10.0.0.2", 40002, "10.0.0.4", 5202);
    public static final FiveTuple S1_UDP = tuple(FiveTuple.UDP, "10.0.0.1", 5001, "10.0.0.4", 5203);
    public static final FiveTuple S2_TCP1 = tuple(FiveTuple.TCP, "10.0.0.2", 40003, "10.0.0.3", 5201);
    public static final FiveTuple S2_TCP2 = tuple(FiveTuple.TCP, "10.0.0.2", 40004, "10.0.0.3", 5202);
    public static final FiveTuple S2_UDP = tuple(FiveTuple.UDP, "10.0.0.2", 5002, "10.0.0.3", 5203);
    public static final FiveTuple P_TCP = tuple(FiveTuple.TCP, "10.0.0.5", 40005, "10.0.0.6", 80);

    /** A QUIC flow H2 to H4 that {@link #quicInSet1()} puts in Set 1. */
    public static final FiveTuple S1_QUIC = tuple(FiveTuple.UDP, "10.0.0.2", 50443, "10.0.0.4", 443);
    /** What the QUIC flow's responsiveness tests found, worded as the loop words it. */
    public static final String QUIC_EVIDENCE = "responded: slowed from 2.00 Mbit/s to 1.01 Mbit/s at a limit of "
            + "1.00 Mbit/s, back to 1.98 Mbit/s released; passed 2 of 2 tests";
    /** What the loop calls a UDP flow that is not, or not yet, found responsive. */
    private static final String UNRESPONSIVE = "unresponsive";

    public static final String SET1 = "bottleneck:set1";
    public static final String SET2 = "bottleneck:set2";
    public static final String PATH_SET = "link:of:0000000000000002/4-of:0000000000000005/1";

    /**
     * Why Set 2 is {@code NOT_ENFORCED} after {@link #set2NotEnforced()}, worded as the loop words it:
     * its agent has not acknowledged snapshot 18, which carries Set 2's UDP limit.
     */
    public static final String SET2_NOT_ENFORCED = "the agent at of:0000000000000001 has not acknowledged the "
            + "limit of udp-10.0.0.2-5002-10.0.0.3-5203 at 3333 kbit/s; it runs unlimited (for 10 s)";

    /** Why the switch of {@link #FACILITY2} refused a rule, as the app words an OpenFlow flow-mod error. */
    public static final String REFUSED = "the switch refused the flow-mod (a full table, or a match or action it "
            + "does not take)";

    private boolean enabled = true;
    private boolean dryRun;
    /** What the control status warns of. */
    public List<String> controlWarnings = List.of();

    /** Every admin call, in order, e.g. "setEnabled(false)". */
    public final List<String> adminCalls = new ArrayList<>();
    /** Why the key file cannot be reloaded, null if it can. */
    public String keyFileUnusable;

    /**
     * Creates the service with the testbed's data.
     */
    public TestFudpService() {
        ConnectPoint r2toH4 = ConnectPoint.deviceConnectPoint("of:0000000000000002/2");
        ConnectPoint h4 = ConnectPoint.deviceConnectPoint("of:0000000000000004/1");
        ConnectPoint r2toH3 = ConnectPoint.deviceConnectPoint("of:0000000000000002/3");
        ConnectPoint h3 = ConnectPoint.deviceConnectPoint("of:0000000000000003/1");
        bottlenecks.add(new Bottleneck("set1", r2toH4, h4, 10_000_000, List.of(IpPrefix.valueOf("10.0.0.4/32")),
                List.of()));
        bottlenecks.add(new Bottleneck("set2", r2toH3, h3, 10_000_000, List.of(IpPrefix.valueOf("10.0.0.3/32")),
                List.of()));
        facilities.add(new FacilityConfig(FACILITY1, PortNumber.portNumber(3), PortNumber.portNumber(4),
                MacAddress.valueOf("02:00:00:00:00:aa"), 1));
        facilities.add(new FacilityConfig(FACILITY2, PortNumber.portNumber(3), PortNumber.portNumber(4),
                MacAddress.valueOf("02:00:00:00:00:bb"), 2));

        sets.put(SET1, CorrelationFlowSet.builder(SET1, CfsKind.CONFIGURED).egress(r2toH4.toString(), h4.toString())
                .capacityBps(10_000_000).flows(ImmutableSet.of(S1_TCP1, S1_TCP2), ImmutableSet.of(S1_UDP))
                .principals(1, List.of(new PrincipalShare("10.0.0.1", 1, 3_320_000)), 6_620_000)
                .totals(6_610_000, 3_320_000, 50_000_000, 0.9993).state(CfsState.FAIR).build());
        sets.put(SET2, CorrelationFlowSet.builder(SET2, CfsKind.CONFIGURED).egress(r2toH3.toString(), h3.toString())
                .capacityBps(10_000_000).flows(ImmutableSet.of(S2_TCP1, S2_TCP2), ImmutableSet.of(S2_UDP))
                .totals(6_500_000, 3_330_000, 40_000_000, 0.9981).state(CfsState.ADJUSTING).build());
        sets.put(PATH_SET, CorrelationFlowSet.builder(PATH_SET, CfsKind.PATH_LINK)
                .egress("of:0000000000000002/4", "of:0000000000000005/1")
                .capacityBps(100_000_000).flows(ImmutableSet.of(P_TCP), ImmutableSet.of())
                .totals(20_000_000, 0, 0, 1.0).state(CfsState.NO_UDP).build());

        flow(S1_TCP1, SET1, 3_300_000, -1);
        flow(S1_TCP2, SET1, 3_310_000, -1);
        flow(S1_UDP, SET1, 3_320_000, 3_333_333);
        flows.put(S1_UDP, flows.get(S1_UDP).toBuilder().rates(50_000_000, 3_320_000, true)
                .policy("video", "weight 2: 2 TCP shares").responsiveness(UNRESPONSIVE, "").build());
        flow(S2_TCP1, SET2, 3_240_000, -1);
        flow(S2_TCP2, SET2, 3_260_000, -1);
        flow(S2_UDP, SET2, 3_330_000, 3_333_333);
        flows.put(S2_UDP, flows.get(S2_UDP).toBuilder().rates(40_000_000, 3_330_000, true)
                .responsiveness(UNRESPONSIVE, "").build());
        flow(P_TCP, PATH_SET, 20_000_000, -1);

        allocations.add(new AllocationState(S1_UDP, FACILITY1.toString(), SET1, 3_333_333, 17, T0 + 2000, true, false));
        allocations.add(new AllocationState(S2_UDP, FACILITY1.toString(), SET2, 3_333_333, 18, T0 + 3000, false,
                false));

        agents.put(FACILITY1, new AgentState(FACILITY1.toString(), AgentStatus.UP, T0 + 3500, 18, 17, T0 + 2100, 40, 1,
                ImmutableMap.of("BAD_TAG", 2L), ""));
        agents.put(FACILITY2, new AgentState(FACILITY2.toString(), AgentStatus.DOWN, T0 - 60_000, 0, 0, 0, 3, 0,
                ImmutableMap.of(), "silent for more than 15000 ms"));

        // onos-1 controls FACILITY1 within its budget; onos-2 controls FACILITY2, whose switch refused a
        // rule: its cap is down to the rules it holds, and learning pauses.
        putFacilityState(new FacilityState(FACILITY1.toString(), "onos-1", T0 - 60_000, T0 - 60_000,
                FlowBudget.DEFAULT, 9, 1000, 7, skips(0, 0, 0, 0), 0, "", 0));
        putFacilityState(new FacilityState(FACILITY2.toString(), "onos-2", T0 - 30_000, T0 - 30_000,
                new FlowBudget(64, 50), 40, 40, 40, skips(0, 2, 1, 3), 1, REFUSED, T0 + 4000));

        decisions.put(SET1, List.of(
                new DecisionRecord(SET1, 1, T0 + 1000, false, false, 2, 1, 600_000, 600_000, 0, 300_000, 300_000,
                        9_400_000, 0, false, Map.of(), "first period: predictor starts at the measured TCP aggregate"),
                new DecisionRecord(SET1, 2, T0 + 2000, true, false, 2, 1, 650_000, 643_750, 12_500, 315_625,
                        328_125, 9_350_000, 10_000_000, false, Map.of(S1_UDP, 3_333_333L), "UDP average above band"),
                new DecisionRecord(SET1, 3, T0 + 3000, false, false, 2, 1, 6_610_000, 5_864_219, 1_693_750,
                        2_085_234, 3_778_984, 3_320_000, 0, true, Map.of(), "UDP average inside the fairness band")));
        decisions.put(SET2, List.of(
                new DecisionRecord(SET2, 3, T0 + 3000, true, false, 2, 1, 6_500_000, 6_400_000, 400_000,
                        3_000_000, 3_400_000, 3_600_000, 10_000_000, false, Map.of(S2_UDP, 3_333_333L),
                        "UDP average above band")));
        for (String id : List.of(SET1, SET2)) {
            List<CfsSample> samples = new ArrayList<>();
            for (int k = 1; k <= 3; k++) {
                samples.add(new CfsSample(T0 + 1000L * k, k == 1 ? 600_000 : 6_000_000 + 200_000L * k,
                        k == 1 ? 9_400_000 : 3_320_000, 50_000_000, k == 1 ? 0.39 : 0.99,
                        k == 2 ? CfsState.ADJUSTING : CfsState.FAIR));
            }
            cfsHistory.put(id, samples);
        }
        for (FlowRecord r : flows.values()) {
            List<FlowHistorySample> samples = new ArrayList<>();
            for (int k = 1; k <= 3; k++) {
                samples.add(new FlowHistorySample(T0 + 1000L * k, r.demandBps(), r.throughputBps(),
                        r.isUdp() && k >= 2 ? 3_333_333 : -1));
            }
            flowHistory.put(r.flow(), samples);
        }
    }

    /**
     * Counts new flows given no rules of their own, by why, every reason present as the loop has them.
     *
     * @param ruleBudget for want of rules in the budget
     * @param packetInBudget for want of packet-ins in the budget
     * @param sourceQuota for their source's quota
     * @param switchRefused while learning paused after a refusal
     * @return the counts
     */
    public static Map<FacilityState.Skip, Long> skips(long ruleBudget, long packetInBudget, long sourceQuota,
                                                      long switchRefused) {
        return Map.of(FacilityState.Skip.RULE_BUDGET, ruleBudget, FacilityState.Skip.PACKET_IN_BUDGET, packetInBudget,
                FacilityState.Skip.SOURCE_QUOTA, sourceQuota, FacilityState.Skip.SWITCH_REFUSED, switchRefused);
    }

    private void flow(FiveTuple t, String cfs, long rate, long allocation) {
        flows.put(t, FlowRecord.builder(t, FACILITY1.toString()).cfsId(cfs).rates(rate, rate, true)
                .allocationBps(allocation)
                .sinceMs(T0 - 5000).updatedMs(T0 + 3000).build());
    }

    /**
     * Puts Set 2 in {@code NOT_ENFORCED}: its limit, not acknowledged (snapshot 18), has not been in force
     * for ten periods.
     */
    public void set2NotEnforced() {
        sets.put(SET2, sets.get(SET2).toBuilder().state(CfsState.NOT_ENFORCED, SET2_NOT_ENFORCED).build());
    }

    /**
     * Gives Set 2 a unit: a swarm's UDP no rule of its own measures, offering 47 Mbit/s, metered to 3.3.
     */
    public void set2WithAUnit() {
        sets.put(SET2, sets.get(SET2).toBuilder().units(1, 47_000_000, 3_300_000).build());
    }

    /**
     * Adds to Set 1 a QUIC flow that passed its responsiveness tests: unlimited, counted with the set's TCP.
     */
    public void quicInSet1() {
        flow(S1_QUIC, SET1, 1_980_000, -1);
        flows.put(S1_QUIC, flows.get(S1_QUIC).toBuilder().policy("", "responsive: counted with its set's TCP, "
                + "not limited").responsiveness("responsive", QUIC_EVIDENCE).build());
        CorrelationFlowSet set1 = sets.get(SET1);
        sets.put(SET1, set1.toBuilder().flows(set1.tcpFlows(), ImmutableSet.of(S1_UDP, S1_QUIC)).responsiveUdp(1)
                .build());
    }

    /**
     * Builds a 5-tuple from text addresses.
     *
     * @param proto protocol number
     * @param src source address
     * @param sport source port
     * @param dst destination address
     * @param dport destination port
     * @return 5-tuple
     */
    public static FiveTuple tuple(int proto, String src, int sport, String dst, int dport) {
        return new FiveTuple(proto, InetAddresses.forString(src), InetAddresses.forString(dst), sport, dport);
    }

    @Override
    public ControlStatus getControlStatus() {
        return new ControlStatus(enabled, dryRun, 1000, 0.875, 0.25, 3, T0 + 3000, controlWarnings);
    }

    @Override
    public void setFacilities(List<FacilityConfig> list) {
        adminCalls.add("setFacilities(" + list.size() + ")");
        facilities.clear();
        facilities.addAll(list);
    }

    @Override
    public void setBottlenecks(List<Bottleneck> list) {
        adminCalls.add("setBottlenecks(" + list.size() + ")");
        bottlenecks.clear();
        bottlenecks.addAll(list);
    }

    @Override
    public void setTrafficClasses(List<TrafficClass> list) {
        adminCalls.add("setTrafficClasses(" + list.size() + ")");
        trafficClasses.clear();
        trafficClasses.addAll(list);
    }

    @Override
    public void setEnabled(boolean on) {
        adminCalls.add("setEnabled(" + on + ")");
        enabled = on;
    }

    @Override
    public void setDryRun(boolean on) {
        adminCalls.add("setDryRun(" + on + ")");
        dryRun = on;
    }

    @Override
    public KeyFileStatus reloadKeys() {
        adminCalls.add("reloadKeys()");
        if (keyFileUnusable != null) {
            throw new IllegalStateException(keyFileUnusable);
        }
        return keyFile;
    }
}
