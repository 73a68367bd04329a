// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.records.CfsState;
import com.google.common.collect.ImmutableMap;
import com.google.common.net.InetAddresses;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.PrincipalShare;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.api.FacilityConfig;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.protocol.FiveTuple;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The paper's testbed as the GUI sees it (Section 5): hosts H1 and H2 behind facility s1 send
 * to H4 (Set1: two TCP flows and one UDP flow) and to H3 (Set2: one TCP and two UDP flows, one of
 * which failed its responsiveness test, and a QUIC flow that passed its tests) over 1 Gb/s
 * bottlenecks; a third set sits behind facility s5 whose agent went silent, a fourth has only TCP, and
 * facility s6 was never heard from. A fifth set, grouped by its path's 100 Mb/s link
 * from s2 to s6, is not enforced: s1's agent has not acknowledged its UDP flow's limit for 10 s, so
 * the flow runs unlimited and starves the set's TCP flow. Instance onos-1 is in charge of s1 and s6,
 * onos-2 of s5; s1's switch refused one of FUDP's rules (its table is full).
 * <p>
 * Every CFS has 150 one-second periods of history: UDP grabs the link for the first 30 s, then
 * FUDP limits it and the shares converge, as in the paper's Fig. 4(c).
 * </p>
 * <p>
 * Public because the REST tests record the same scenario for the FUDP page's browser tests.
 * </p>
 */
public final class GuiScenario {

    /** Time of the newest sample. */
    static final long END_MS = 1_700_000_000_000L;
    public static final int HISTORY = 150;
    static final int CONTROL_STARTS = 120;

    static final DeviceId S1 = DeviceId.deviceId("of:0000000000000001");
    static final DeviceId S2 = DeviceId.deviceId("of:0000000000000002");
    static final DeviceId S3 = DeviceId.deviceId("of:0000000000000003");
    static final DeviceId S4 = DeviceId.deviceId("of:0000000000000004");
    static final DeviceId S5 = DeviceId.deviceId("of:0000000000000005");
    static final DeviceId S6 = DeviceId.deviceId("of:0000000000000006");

    static final String SET1 = "bottleneck:set1";
    static final String SET2 = "bottleneck:set2";
    static final String SET3 = "bottleneck:edge";
    static final String SET4 = "dst:10.0.7.7";
    static final String SET5 = "link:of:0000000000000002/5-of:0000000000000006/1";
    /** Why Set3 has no agent, as the loop words it. */
    static final String SET3_WHY = "the adjustor agent at of:0000000000000005 is not up: silent for more than 15000 ms";
    /** Why Set5 is not enforced, as the loop words it. */
    static final String SET5_WHY = "the agent at of:0000000000000001 has not acknowledged the limit of "
            + "udp-10.0.0.2-5008-10.0.6.6-6008 at 50000 kbit/s; it runs unlimited (for 10 s)";
    /** Why s1's switch refused a rule, as the app words an OpenFlow flow-mod error. */
    static final String REFUSED = "the switch refused the flow-mod (a full table, or a match or action it does "
            + "not take)";
    /** The instance in charge of s1 and s6. */
    static final String ONOS1 = "onos-1";
    /** The instance in charge of s5, which it took over two minutes ago. */
    static final String ONOS2 = "onos-2";
    /** Why Set5's TCP flow has no rate to speak of, as the loop words it. */
    static final String STARVED = "TCP, starved: counted in its set while UDP floods it";
    /** What the QUIC flow of Set2 passed, as the loop words it. */
    static final String QUIC_PASSED = "responded: slowed from 100.00 Mbit/s to 50.40 Mbit/s at a limit of "
            + "50.00 Mbit/s, back to 99.20 Mbit/s released; passed 3 of 3 tests";
    /** What Set2's first UDP flow, dressed as QUIC, failed, as the loop words it. */
    static final String FLOOD_FAILED = "did not respond: kept offering 600.00 Mbit/s of 600.00 Mbit/s at a limit of "
            + "300.00 Mbit/s; passed 0 of 1 tests";
    /** What the loop calls a UDP flow that passed its responsiveness test. */
    static final String RESPONSIVE = "responsive";

    static final FiveTuple T1_H4 = tcp("10.0.0.1", 40001, "10.0.0.4", 5201);
    static final FiveTuple T2_H4 = tcp("10.0.0.2", 40002, "10.0.0.4", 5201);
    static final FiveTuple U1_H4 = udp("10.0.0.1", 5001, "10.0.0.4", 6001);
    static final FiveTuple T2_H3 = tcp("10.0.0.2", 40003, "10.0.0.3", 5201);
    static final FiveTuple U1_H3 = udp("10.0.0.1", 5002, "10.0.0.3", 6002);
    static final FiveTuple U2_H3 = udp("10.0.0.2", 5003, "10.0.0.3", 6003);
    static final FiveTuple Q_H3 = udp("10.0.0.2", 50443, "10.0.0.3", 443);
    static final FiveTuple T5 = tcp("10.0.5.1", 40005, "10.0.9.9", 5201);
    static final FiveTuple U5 = udp("10.0.5.2", 5005, "10.0.9.9", 6005);
    static final FiveTuple T7 = tcp("10.0.0.1", 40007, "10.0.7.7", 443);
    static final FiveTuple T8 = tcp("10.0.0.1", 40008, "10.0.6.6", 5201);
    static final FiveTuple U8 = udp("10.0.0.2", 5008, "10.0.6.6", 6008);

    private GuiScenario() {
    }

    /** Links of the topology as ONOS reports them: {src, dst}. */
    static List<ConnectPoint[]> links() {
        List<ConnectPoint[]> links = new ArrayList<>();
        links.add(new ConnectPoint[]{cp(S1, 3), cp(S2, 1)});
        links.add(new ConnectPoint[]{cp(S2, 2), cp(S4, 1)});
        links.add(new ConnectPoint[]{cp(S2, 3), cp(S3, 1)});
        links.add(new ConnectPoint[]{cp(S5, 2), cp(S2, 4)});
        links.add(new ConnectPoint[]{cp(S6, 1), cp(S2, 5)});
        return links;
    }

    static ConnectPoint cp(DeviceId d, long port) {
        return new ConnectPoint(d, PortNumber.portNumber(port));
    }

    /**
     * Builds the service double.
     *
     * @return service holding the scenario
     */
    public static FakeFudpService service() {
        FakeFudpService s = new FakeFudpService();
        s.facilities.add(facility(S1, 1));
        s.facilities.add(facility(S5, 2));
        s.facilities.add(facility(S6, 3));
        s.agents.put(S1, agent(S1, AgentStatus.UP));
        s.agents.put(S5, agent(S5, AgentStatus.DOWN));
        s.agents.put(S6, agent(S6, AgentStatus.UNKNOWN));

        long g = 1_000_000_000L;
        long m = 1_000_000L;
        // Set1: two TCP flows and one UDP flow to H4, enforced and fair.
        flow(s, T1_H4, S1, SET1, 310 * m, 310 * m, -1);
        flow(s, T2_H4, S1, SET1, 300 * m, 300 * m, -1);
        flow(s, U1_H4, S1, SET1, 800 * m, 300 * m, 300 * m);
        set(s, CorrelationFlowSet.builder(SET1, CfsKind.CONFIGURED)
                .egress(cp(S2, 2).toString(), cp(S4, 1).toString()).capacityBps(g), CfsState.FAIR);
        allocation(s, U1_H4, S1, SET1, 300 * m, true);
        // Set2: one TCP and two UDP flows to H3; the last limits are not acknowledged yet. The first UDP flow
        // opened as QUIC and failed its responsiveness test; a QUIC flow passed its tests and is never limited.
        flow(s, T2_H3, S1, SET2, 250 * m, 250 * m, -1);
        flow(s, U1_H3, S1, SET2, 600 * m, 420 * m, 330 * m);
        s.flows.put(U1_H3, s.flows.get(U1_H3).toBuilder().responsiveness("unresponsive", FLOOD_FAILED).build());
        flow(s, U2_H3, S1, SET2, 200 * m, 200 * m, 330 * m);
        flow(s, Q_H3, S1, SET2, 100 * m, 100 * m, -1);
        s.flows.put(Q_H3, s.flows.get(Q_H3).toBuilder().policy("", "responsive: counted with its set's TCP, not "
                + "limited").responsiveness(RESPONSIVE, QUIC_PASSED).build());
        set(s, CorrelationFlowSet.builder(SET2, CfsKind.CONFIGURED)
                .egress(cp(S2, 3).toString(), cp(S3, 1).toString()).capacityBps(g), CfsState.ADJUSTING);
        allocation(s, U1_H3, S1, SET2, 330 * m, false);
        allocation(s, U2_H3, S1, SET2, 330 * m, false);
        // Set3: behind s5, whose agent is down; its UDP flow runs unlimited.
        flow(s, T5, S5, SET3, 8 * m, 8 * m, -1);
        flow(s, U5, S5, SET3, 150 * m, 92 * m, -1);
        set(s, CorrelationFlowSet.builder(SET3, CfsKind.CONFIGURED)
                .egress(cp(S5, 2).toString(), cp(S2, 4).toString()).capacityBps(100 * m), CfsState.NO_AGENT,
                SET3_WHY);
        // Set4: TCP only, tied by its destination: nothing to control.
        flow(s, T7, S1, SET4, 40 * m, 40 * m, -1);
        set(s, CorrelationFlowSet.builder(SET4, CfsKind.DESTINATION),
                CfsState.NO_UDP);
        // Set5: a limit told to s1's agent ten periods ago and never acknowledged; UDP floods the link.
        flow(s, T8, S1, SET5, m, m, -1);
        s.flows.put(T8, s.flows.get(T8).toBuilder().policy("", STARVED).build());
        flow(s, U8, S1, SET5, 120 * m, 97 * m, 50 * m);
        set(s, CorrelationFlowSet.builder(SET5, CfsKind.PATH_LINK)
                .egress(cp(S2, 5).toString(), cp(S6, 1).toString()).capacityBps(100 * m), CfsState.NOT_ENFORCED,
                SET5_WHY);
        allocation(s, U8, S1, SET5, 50 * m, false);
        // Who is in charge: onos-1 of s1 and s6, onos-2 of s5. s1's switch refused a rule: its cap came
        // down to the rules it holds, two new flows got none while learning paused, and it pauses still.
        facilityState(s, S1, ONOS1, END_MS - 600_000, 1, END_MS + 3000);
        facilityState(s, S5, ONOS2, END_MS - 120_000, 0, 0);
        facilityState(s, S6, ONOS1, END_MS - 600_000, 0, 0);

        history(s);
        // n counts the TCP flow and the responsive QUIC flow.
        s.decisions.put(SET2, List.of(new DecisionRecord(SET2, 150, END_MS, true, false, 2, 2,
                350 * m, 355 * m, 12 * m, 171_500_000, 183_500_000, 310 * m, 910 * m, false,
                ImmutableMap.of(U1_H3, 330 * m, U2_H3, 330 * m), "UDP average above band")));
        return s;
    }

    private static void flow(FakeFudpService s, FiveTuple t, DeviceId facility, String cfs,
                             long demand, long rate, long alloc) {
        // Limited UDP flows of set 2 are in the class "video" (weight 2), as the network config would put them.
        boolean video = SET2.equals(cfs) && t.protocol() == FiveTuple.UDP && alloc >= 0;
        s.flows.put(t, FlowRecord.builder(t, facility.toString()).cfsId(cfs).rates(demand, rate, true)
                .allocationBps(alloc).sinceMs(END_MS - HISTORY * 1000L).updatedMs(END_MS)
                .policy(video ? "video" : "", t.protocol() == FiveTuple.UDP
                        ? video ? "weight 2: 2 TCP shares" : alloc >= 0 ? "fair share" : "not limited"
                        : "TCP: never limited")
                .responsiveness(t.protocol() == FiveTuple.UDP ? "unresponsive" : "", "").build());
    }

    private static void set(FakeFudpService s, CorrelationFlowSet.Builder b, CfsState state) {
        set(s, b, state, "");
    }

    private static void set(FakeFudpService s, CorrelationFlowSet.Builder b, CfsState state, String why) {
        String id = b.build().id();
        Set<FiveTuple> tcp = new LinkedHashSet<>();
        Set<FiveTuple> udp = new LinkedHashSet<>();
        long tcpBps = 0;
        long udpBps = 0;
        long demand = 0;
        int responsive = 0;
        List<Long> rates = new ArrayList<>();
        // The unresponsive UDP by source host, as the loop's default principal counts it: flows and bit/s.
        Map<String, long[]> hosts = new LinkedHashMap<>();
        for (FlowRecord f : s.flows.values()) {
            if (!id.equals(f.cfsId())) {
                continue;
            }
            rates.add(f.throughputBps());
            if (f.isUdp() && !RESPONSIVE.equals(f.responsiveness())) {
                long[] v = hosts.computeIfAbsent(f.flow().src().getHostAddress(), k -> new long[2]);
                v[0]++;
                v[1] += f.throughputBps();
            }
            if (f.isUdp()) {
                responsive += RESPONSIVE.equals(f.responsiveness()) ? 1 : 0;
                udp.add(f.flow());
                udpBps += f.throughputBps();
                demand += f.demandBps();
            } else {
                tcp.add(f.flow());
                tcpBps += f.throughputBps();
            }
        }
        List<PrincipalShare> top = new ArrayList<>();
        hosts.forEach((k, v) -> top.add(new PrincipalShare(k, (int) v[0], v[1])));
        top.sort((a, c) -> Long.compare(c.bps(), a.bps()));
        int n = tcp.size() + responsive;
        long capacity = b.build().capacityBps();
        long floor = hosts.isEmpty() || n == 0 ? 0 : capacity * n / (n + 4);
        s.sets.put(id, b.flows(tcp, udp).responsiveUdp(responsive)
                .principals(hosts.size(), top.subList(0, Math.min(3, top.size())), floor)
                .totals(tcpBps, udpBps, demand, jain(rates)).state(state, why).build());
    }

    /**
     * Jain's fairness index, paper Eq. (4).
     *
     * @param rates per-flow rates
     * @return index
     */
    static double jain(List<Long> rates) {
        double sum = 0;
        double squares = 0;
        for (long r : rates) {
            sum += r;
            squares += (double) r * r;
        }
        return squares == 0 ? Double.NaN : sum * sum / (rates.size() * squares);
    }

    private static void allocation(FakeFudpService s, FiveTuple t, DeviceId facility, String cfs,
                                   long bps, boolean acked) {
        s.allocations.add(new AllocationState(t, facility.toString(), cfs, bps, 42, END_MS - 1000, acked, false));
    }

    // One rule per flow the facility tracks; a refusal brings the cap down to the rules in use.
    private static void facilityState(FakeFudpService s, DeviceId d, String controller, long sinceMs, long refusals,
                                      long pausedUntilMs) {
        int flows = (int) s.flows.values().stream().filter(f -> f.facilityId().equals(d.toString())).count();
        Map<FacilityState.Skip, Long> skipped = new EnumMap<>(FacilityState.Skip.class);
        for (FacilityState.Skip why : FacilityState.Skip.values()) {
            skipped.put(why, why == FacilityState.Skip.SWITCH_REFUSED ? 2 * refusals : 0L);
        }
        s.putFacilityState(new FacilityState(d.toString(), controller, sinceMs, sinceMs, FlowBudget.DEFAULT, flows,
                refusals > 0 ? flows : FlowBudget.DEFAULT_RULES, flows, skipped, refusals, refusals > 0 ? REFUSED : "",
                pausedUntilMs));
    }

    private static FacilityConfig facility(DeviceId d, int key) {
        return new FacilityConfig(d, PortNumber.portNumber(10), PortNumber.portNumber(11),
                MacAddress.valueOf("02:00:00:00:00:0" + key), key);
    }

    private static AgentState agent(DeviceId d, AgentStatus status) {
        long heard = status == AgentStatus.UNKNOWN ? 0 : END_MS - (status == AgentStatus.UP ? 400 : 9000);
        return new AgentState(d.toString(), status, heard, 42, status == AgentStatus.UP ? 42 : 40, heard,
                120, 1, ImmutableMap.of(), status == AgentStatus.DOWN ? "silent for more than 15000 ms" : "");
    }

    // Before period CONTROL_STARTS the UDP flows take what they demand; afterwards each flow's
    // rate moves a quarter of the way to its current value each period (FUDP converges fast).
    private static void history(FakeFudpService s) {
        for (CorrelationFlowSet cfs : s.sets.values()) {
            Map<FiveTuple, List<FlowHistorySample>> series = new LinkedHashMap<>();
            List<CfsSample> samples = new ArrayList<>();
            Map<FiveTuple, Double> rate = new LinkedHashMap<>();
            for (int i = 0; i < HISTORY; i++) {
                long t = END_MS - (HISTORY - 1 - i) * 1000L;
                long tcp = 0;
                long udp = 0;
                long demand = 0;
                List<Long> rates = new ArrayList<>();
                for (FlowRecord f : s.flows.values()) {
                    if (!cfs.id().equals(f.cfsId())) {
                        continue;
                    }
                    double uncontrolled = f.isUdp() ? f.demandBps() * 0.9 : f.throughputBps() * 0.15;
                    double target = i < HISTORY - CONTROL_STARTS ? uncontrolled : f.throughputBps();
                    double r = rate.getOrDefault(f.flow(), uncontrolled);
                    r += (target - r) * 0.25;
                    // A little ripple, as measured rates have.
                    r *= 1 + 0.02 * Math.sin(i * 0.7 + f.flow().srcPort());
                    rate.put(f.flow(), r);
                    long bps = Math.round(r);
                    rates.add(bps);
                    if (f.isUdp()) {
                        udp += bps;
                        demand += f.demandBps();
                    } else {
                        tcp += bps;
                    }
                    series.computeIfAbsent(f.flow(), k -> new ArrayList<>())
                            .add(new FlowHistorySample(t, f.demandBps(), bps, f.allocationBps().orElse(-1)));
                }
                samples.add(new CfsSample(t, tcp, udp, demand, jain(rates), cfs.state()));
            }
            s.cfsHistory.put(cfs.id(), samples);
            s.flowHistory.putAll(series);
        }
    }

    private static FiveTuple tcp(String src, int sp, String dst, int dp) {
        return new FiveTuple(FiveTuple.TCP, InetAddresses.forString(src), InetAddresses.forString(dst), sp, dp);
    }

    private static FiveTuple udp(String src, int sp, String dst, int dp) {
        return new FiveTuple(FiveTuple.UDP, InetAddresses.forString(src), InetAddresses.forString(dst), sp, dp);
    }
}
