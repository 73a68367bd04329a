// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.facilities.AgentStatus;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.api.FacilityConfig;
import org.fudp.api.FudpEvent;
import org.fudp.config.FudpConfig;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.Hex;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.LimitEntry;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.MutableClock;
import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Metric;
import com.codahale.metrics.Timer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onlab.metrics.MetricsManager;
import org.onosproject.app.ApplicationState;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.TCP;
import org.onlab.packet.UDP;
import org.onlab.packet.VlanId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.IPCriterion;
import org.onosproject.net.flow.criteria.IPProtocolCriterion;
import org.onosproject.net.flow.criteria.PortCriterion;
import org.onosproject.net.flow.criteria.TcpPortCriterion;
import org.onosproject.net.flow.criteria.UdpPortCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.net.topology.PathServiceAdapter;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.fudp.codec.TestFudpService.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The manager wired to ONOS service doubles: that packet-ins, flow rules, counters, Packet-Outs,
 * agent frames, network config and component properties reach the loop and come back out
 * through the right ONOS service. What the loop decides is tested in the loop's own tests.
 */
class FudpManagerTest {

    private static final DeviceId S1 = DeviceId.deviceId("of:0000000000000001");
    private static final PortNumber H1_PORT = PortNumber.portNumber(1);
    private static final PortNumber H2_PORT = PortNumber.portNumber(2);
    private static final PortNumber ADJUSTOR = PortNumber.portNumber(3);
    private static final PortNumber BACK = PortNumber.portNumber(4);
    private static final PortNumber ONWARD = PortNumber.portNumber(5);
    private static final MacAddress ADJUSTOR_MAC = MacAddress.valueOf("02:00:00:00:00:aa");
    private static final int KEY_ID = 7;
    private static final String KEY_HEX = "00112233445566778899aabbccddeeff";
    private static final long CAPACITY = 10_000_000L;
    private static final String SET1 = "bottleneck:set1";
    private static final long T0 = 1_700_000_000_000L;
    private static final long PERIOD = 5_000;

    private static final String CONFIG = "{\"facilities\": [{\"deviceId\": \"" + S1 + "\", \"adjustorPort\": 3,"
            + " \"returnPort\": 4, \"adjustorMac\": \"" + ADJUSTOR_MAC + "\", \"keyId\": " + KEY_ID + "}],"
            + " \"bottlenecks\": ["
            + "  {\"name\": \"set1\","
            + "   \"link\": {\"src\": \"of:0000000000000002/2\", \"dst\": \"of:0000000000000004/1\"},"
            + "   \"capacityBps\": " + CAPACITY + ", \"destinations\": [\"10.0.0.4/32\"]},"
            + "  {\"name\": \"set2\", \"egress\": \"of:0000000000000002/3\", \"capacityBps\": " + CAPACITY + ","
            + "   \"destinations\": [\"10.0.0.3/32\"]}]}";

    /** The same switch enforcing with its own meters: no adjustor. */
    private static final String METERED_CONFIG = CONFIG.replace("\"adjustorPort\": 3, \"returnPort\": 4,"
            + " \"adjustorMac\": \"" + ADJUSTOR_MAC + "\", \"keyId\": " + KEY_ID, "\"enforcement\": \"meter\"");

    private static final FiveTuple TCP1 = tuple(FiveTuple.TCP, "10.0.0.1", 40001, "10.0.0.4", 5201);
    private static final FiveTuple TCP2 = tuple(FiveTuple.TCP, "10.0.0.2", 40002, "10.0.0.4", 5202);
    private static final FiveTuple UDP1 = tuple(FiveTuple.UDP, "10.0.0.1", 40003, "10.0.0.4", 5203);

    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(T0);
    private final MetricsManager metrics = new MetricsManager();
    private final ClusterDoubles.Mastership mastership = new ClusterDoubles.Mastership();
    private final ClusterDoubles.Cluster cluster = new ClusterDoubles.Cluster("onos-1");
    private final org.fudp.store.SharedTestStorageService storage = new org.fudp.store.SharedTestStorageService();
    private final ClusterDoubles.Applications applications = new ClusterDoubles.Applications();
    private final TestServices.TestCfgService cfg = new TestServices.TestCfgService();
    private final TestServices.TestNetcfg netcfg = new TestServices.TestNetcfg();
    private final TestServices.TestPacketService packets = new TestServices.TestPacketService();
    private final TestServices.TestFlowRuleService rules = new TestServices.TestFlowRuleService();
    private final TestServices.TestHostService hosts = new TestServices.TestHostService();
    private final TestServices.SyncEventDispatcher dispatcher = new TestServices.SyncEventDispatcher();
    private final List<FudpEvent> events = new ArrayList<>();
    private final KeyRing agentKeys = KeyRing.of(KEY_ID, Hex.decode(KEY_HEX));
    private final FrameEncoder agent = new FrameEncoder(agentKeys, 0xA6E7L, 1, 0, clock);
    private long agentSnapshot;
    private int emittedSeen;
    private final OnosMetersDouble meters = new OnosMetersDouble();
    private FudpManager mgr;



    @BeforeEach
    void setUp() throws Exception {
        Path keyFile = ManagerFixture.privateFile(tmp.resolve("fudp.keys"), KEY_ID + " = " + KEY_HEX + "\n");
        host("00:00:00:00:00:01", "10.0.0.1", H1_PORT);
        host("00:00:00:00:00:02", "10.0.0.2", H2_PORT);
        host("00:00:00:00:00:04", "10.0.0.4", ONWARD);
        netcfg.current = netcfg.make(CONFIG);

        mgr = new FudpManager();
        mgr.clock = clock;
        mgr.autoSchedule = false;
        mgr.coreService = new TestServices.TestCoreService();
        mgr.cfgService = cfg;
        mgr.netcfgRegistry = netcfg;
        mgr.packetService = packets;
        mgr.flowRuleService = rules;
        mgr.meterService = meters;
        mgr.hostService = hosts;
        mgr.pathService = new PathServiceAdapter();
        mgr.deviceService = new DeviceServiceAdapter();
        mgr.metricsService = metrics;
        mgr.mastershipService = mastership.of(cluster.id());
        mgr.storageService = storage;
        mgr.clusterService = cluster;
        mgr.applicationService = applications;
        mastership.setMaster(S1, cluster.id());
        // Deactivating here means the app is deactivated, not that this instance leaves a cluster.
        applications.state = ApplicationState.INSTALLED;
        Field f = AbstractListenerManager.class.getDeclaredField("eventDispatcher");
        f.setAccessible(true);
        f.set(mgr, dispatcher);

        TestServices.TestContext ctx = new TestServices.TestContext();
        ctx.props.put(OsgiPropertyConstants.KEY_FILE, keyFile.toString());
        mgr.activate(ctx);
        mgr.addListener(events::add);
    }

    @AfterEach
    void tearDown() {
        if (packets.processor != null) {
            mgr.deactivate();
        }
    }

    private void host(String mac, String ip, PortNumber port) {
        MacAddress m = MacAddress.valueOf(mac);
        hosts.hosts.add(new DefaultHost(new ProviderId("of", "test"), HostId.hostId(m), m, VlanId.NONE,
                new HostLocation(S1, port, 0), Set.of(IpAddress.valueOf(ip))));
    }

    // ------------------------------------------------------------------ packet helpers

    private static Ethernet dataPacket(FiveTuple t) throws DeserializationException {
        IPv4 ip = new IPv4();
        ip.setSourceAddress(IpAddress.valueOf(t.src()).toString());
        ip.setDestinationAddress(IpAddress.valueOf(t.dst()).toString());
        ip.setProtocol((byte) t.protocol());
        ip.setTtl((byte) 64);
        if (t.protocol() == FiveTuple.TCP) {
            TCP tcp = new TCP();
            tcp.setSourcePort(t.srcPort());
            tcp.setDestinationPort(t.dstPort());
            ip.setPayload(tcp);
        } else {
            UDP udp = new UDP();
            udp.setSourcePort(t.srcPort());
            udp.setDestinationPort(t.dstPort());
            ip.setPayload(udp);
        }
        Ethernet eth = new Ethernet();
        eth.setEtherType(Ethernet.TYPE_IPV4);
        eth.setSourceMACAddress("00:00:00:00:00:0" + (t.src().getAddress()[3]));
        eth.setDestinationMACAddress("00:00:00:00:00:04");
        eth.setPayload(ip);
        byte[] bytes = eth.serialize();
        return Ethernet.deserializer().deserialize(bytes, 0, bytes.length);
    }

    private TestServices.TestPacketContext packetIn(PortNumber port, Ethernet eth, byte[] raw) {
        TestServices.TestPacketContext ctx = new TestServices.TestPacketContext(
                new DefaultInboundPacket(new ConnectPoint(S1, port), eth, ByteBuffer.wrap(raw)));
        packets.processor.process(ctx);
        return ctx;
    }

    private TestServices.TestPacketContext flowStarts(FiveTuple t, PortNumber port) throws Exception {
        Ethernet eth = dataPacket(t);
        return packetIn(port, eth, eth.serialize());
    }

    private void fromAgent(byte[] payload) throws DeserializationException {
        byte[] frame = EthernetFrame.build(ADJUSTOR_MAC.toBytes(), MacAddress.valueOf("02:fd:00:00:00:01").toBytes(),
                EthernetFrame.DEFAULT_ETHER_TYPE, payload);
        Ethernet eth = Ethernet.deserializer().deserialize(frame, 0, frame.length);
        TestServices.TestPacketContext ctx = packetIn(ADJUSTOR, eth, frame);
        assertTrue(ctx.isHandled(), "control frame must be consumed");
    }

    private void heartbeat() throws DeserializationException {
        fromAgent(agent.heartbeat(agentSnapshot));
    }

    /**
     * Decodes every control frame emitted since the last call, as the adjustor agent would, but
     * heartbeats; data packets the loop sent on are skipped.
     */
    private List<ControlMessage> newControlMessages() throws FrameRejectedException {
        return newControlMessages(false);
    }

    private List<ControlMessage> newControlMessages(boolean withHeartbeats) throws FrameRejectedException {
        List<ControlMessage> out = new ArrayList<>();
        for (; emittedSeen < packets.emitted.size(); emittedSeen++) {
            OutboundPacket p = packets.emitted.get(emittedSeen);
            ByteBuffer data = p.data().duplicate();
            byte[] frame = new byte[data.remaining()];
            data.get(frame);
            EthernetFrame eth = EthernetFrame.parse(frame);
            if (eth.etherType() != EthernetFrame.DEFAULT_ETHER_TYPE) {
                continue;
            }
            assertEquals(S1, p.sendThrough());
            assertEquals(List.of(Instructions.createOutput(ADJUSTOR)), p.treatment().allInstructions());
            assertEquals(ADJUSTOR_MAC, MacAddress.valueOf(eth.dst()));
            ControlMessage m = FrameCodec.decode(eth.payload(), agentKeys, FrameCodec.MAX_PAYLOAD_BYTES);
            assertEquals(KEY_ID, m.header().keyId());
            if (withHeartbeats || m.type() != MessageType.HEARTBEAT) {
                out.add(m);
            }
        }
        return out;
    }

    private void ack(ControlMessage m) throws DeserializationException {
        agentSnapshot = m.header().snapshotId();
        fromAgent(agent.ack(new AckStatus(m.type(), AckResult.APPLIED, m.header().senderId(), m.header().epoch(),
                m.header().sequence(), m.header().snapshotId(), m.header().sequence(), m.entries().size(), 1,
                Map.of())));
    }

    private static Map<FiveTuple, Long> limits(ControlMessage m) {
        Map<FiveTuple, Long> limits = new LinkedHashMap<>();
        for (LimitEntry e : m.entries()) {
            limits.put(e.flow(), e.rateBps());
        }
        return limits;
    }

    private FlowRule ruleFor(FiveTuple t, boolean back) {
        return rules.rulesOn(S1).stream()
                .filter(r -> matches(r, t) && (r.selector().getCriterion(Criterion.Type.IN_PORT) != null) == back)
                .findFirst().orElse(null);
    }

    private static boolean matches(FlowRule r, FiveTuple t) {
        IPCriterion src = (IPCriterion) r.selector().getCriterion(Criterion.Type.IPV4_SRC);
        IPCriterion dst = (IPCriterion) r.selector().getCriterion(Criterion.Type.IPV4_DST);
        IPProtocolCriterion proto = (IPProtocolCriterion) r.selector().getCriterion(Criterion.Type.IP_PROTO);
        int sport;
        int dport;
        if (t.protocol() == FiveTuple.UDP) {
            UdpPortCriterion s = (UdpPortCriterion) r.selector().getCriterion(Criterion.Type.UDP_SRC);
            UdpPortCriterion d = (UdpPortCriterion) r.selector().getCriterion(Criterion.Type.UDP_DST);
            if (s == null || d == null) {
                return false;
            }
            sport = s.udpPort().toInt();
            dport = d.udpPort().toInt();
        } else {
            TcpPortCriterion s = (TcpPortCriterion) r.selector().getCriterion(Criterion.Type.TCP_SRC);
            TcpPortCriterion d = (TcpPortCriterion) r.selector().getCriterion(Criterion.Type.TCP_DST);
            if (s == null || d == null) {
                return false;
            }
            sport = s.tcpPort().toInt();
            dport = d.tcpPort().toInt();
        }
        return src != null && dst != null && proto != null && proto.protocol() == t.protocol()
                && src.ip().equals(IpAddress.valueOf(t.src()).toIpPrefix())
                && dst.ip().equals(IpAddress.valueOf(t.dst()).toIpPrefix())
                && sport == t.srcPort() && dport == t.dstPort();
    }

    private static PortNumber output(FlowRule r) {
        List<Instruction> ins = r.treatment().allInstructions();
        assertEquals(1, ins.size(), ins.toString());
        return ((Instructions.OutputInstruction) ins.get(0)).port();
    }

    /** Gives a rule a counter that reads as {@code bps} averaged over its first 4 s. */
    private void rate(FlowRule r, long bps, long installedMs) {
        TestServices.TestFlowRuleService.Counter c = new TestServices.TestFlowRuleService.Counter(installedMs);
        c.sampleMs = installedMs + 4_000;
        c.bytes = bps / 8 * 4;
        rules.counters.put(r.id(), c);
    }

    /** Moves a rule's counter on by {@code bps} for one period. */
    private void advance(FlowRule r, long bps) {
        TestServices.TestFlowRuleService.Counter c = rules.counters.get(r.id());
        c.sampleMs += PERIOD;
        c.bytes += bps / 8 * PERIOD / 1000;
    }

    private List<FudpEvent.Type> eventTypes() {
        return events.stream().map(FudpEvent::type).collect(Collectors.toList());
    }

    // ------------------------------------------------------------------ one closed loop through ONOS

    /**
     * TCP and a 50 Mbit/s UDP flow to H4 behind the 10 Mbit/s set1 bottleneck: the flows are
     * learnt from packet-ins, steered by ONOS flow rules, measured from ONOS flow entries, limited
     * by a snapshot the agent decodes from a Packet-Out, and the agent's ACK, a packet-in,
     * settles the allocation in the store.
     */
    @Test
    void closedLoopThroughOnosServices() throws Exception {
        heartbeat();
        assertEquals(AgentStatus.UP, mgr.getAgent(S1).get().status());
        assertTrue(eventTypes().contains(FudpEvent.Type.AGENT_UP));
        ack(newControlMessages().get(0));

        TestServices.TestPacketContext c1 = flowStarts(TCP1, H1_PORT);
        TestServices.TestPacketContext c3 = flowStarts(UDP1, H1_PORT);
        flowStarts(UDP1, H1_PORT);

        assertEquals(3, rules.rulesOn(S1).size(), "a known flow's next packet installs nothing");
        FlowRule tcp = ruleFor(TCP1, false);
        FlowRule udpIn = ruleFor(UDP1, false);
        FlowRule udpBack = ruleFor(UDP1, true);
        assertEquals(ONWARD, output(tcp));
        assertEquals(ADJUSTOR, output(udpIn));
        assertEquals(ONWARD, output(udpBack));
        assertEquals(BACK, ((PortCriterion) udpBack.selector().getCriterion(Criterion.Type.IN_PORT)).port());
        assertEquals(OsgiPropertyConstants.FLOW_PRIORITY_DEFAULT, udpIn.priority());
        assertEquals(OsgiPropertyConstants.FLOW_PRIORITY_DEFAULT + 1, udpBack.priority());
        assertEquals(OsgiPropertyConstants.FLOW_IDLE_TIMEOUT_DEFAULT, udpIn.timeout());
        assertEquals(TestServices.TestCoreService.APP_ID.id(), udpIn.appId());
        assertTrue(c1.isHandled());
        assertTrue(c3.isHandled());
        assertEquals(List.of(Instructions.createOutput(ONWARD)),
                packets.emitted.get(packets.emitted.size() - 1).treatment().allInstructions(),
                "the UDP flow's first packets go straight on, not into the adjustor before the rule back exists");
        assertEquals(2, eventTypes().stream().filter(FudpEvent.Type.FLOW_SEEN::equals).count());
        assertEquals(UDP1.toString(), events.stream().filter(e -> e.type() == FudpEvent.Type.FLOW_SEEN)
                .reduce((a, b) -> b).get().subject(), "event subjects are flow ids");

        rate(tcp, 1_000_000, T0);
        rate(udpIn, 50_000_000, T0);
        rate(udpBack, 9_000_000, T0);
        clock.set(T0 + PERIOD);
        mgr.host().period();

        DecisionRecord rec = last(mgr.getDecisions(SET1));
        assertTrue(rec.reallocated());
        List<ControlMessage> sent = newControlMessages();
        assertEquals(1, sent.size());
        assertEquals(MessageType.SNAPSHOT, sent.get(0).type());
        assertEquals(rec.allocations(), limits(sent.get(0)));
        AllocationState before = mgr.getAllocations().iterator().next();
        assertFalse(before.acknowledged());
        assertEquals(CfsState.ADJUSTING, mgr.getCorrelationFlowSet(SET1).get().state());
        ack(sent.get(0));
        assertTrue(mgr.getAllocations().iterator().next().acknowledged());

        CorrelationFlowSet set1 = mgr.getCorrelationFlowSet(SET1).get();
        assertEquals(CfsKind.CONFIGURED, set1.kind());
        assertEquals("of:0000000000000002/2", set1.egress().get());
        assertEquals("of:0000000000000004/1", set1.linkDst().get());
        assertEquals(Set.of(UDP1), set1.udpFlows());
        assertEquals(1, mgr.getCfsHistory(SET1).size());
        assertEquals(1, mgr.getFlowHistory(UDP1).size());
        assertEquals(1, mgr.getControlStatus().periodsRun());
        assertEquals(T0 + PERIOD, mgr.getControlStatus().lastPeriodMs());
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }

    /**
     * After one ping between H1 and H4, ReactiveForwarding's priority-10 MAC rule forwards all of
     * their traffic without a packet-in. FUDP's punts at MEDIUM (30000) still win; at REACTIVE (5),
     * what FUDP requested before, it never learns the flow.
     */
    @Test
    void fwdsMacRuleAfterAPingDoesNotHideNewFlowsFromFudp() throws Exception {
        SwitchTableDouble s1 = new SwitchTableDouble(S1, packets);
        Ethernet udp = dataPacket(UDP1);
        s1.fwdRule(H1_PORT.toLong(), udp.getSourceMAC(), udp.getDestinationMAC());

        TestServices.TestPacketContext ctx = s1.arrive(H1_PORT.toLong(), udp);

        assertNotNull(ctx, "the punt beats fwd's rule");
        assertTrue(ctx.isHandled());
        assertTrue(mgr.getFlow(UDP1).isPresent());

        TestServices.TestContext props = new TestServices.TestContext();
        props.props.put(OsgiPropertyConstants.PUNT_PRIORITY, "REACTIVE");
        mgr.modified(props);
        assertNull(s1.arrive(H1_PORT.toLong(), dataPacket(TCP1)), "at REACTIVE fwd's rule wins");
        assertTrue(mgr.getFlow(TCP1).isEmpty());
        assertEquals(1, s1.forwardedByOthers);
    }

    /**
     * UDP that comes back from the adjustor carries its sender's MAC. Unless learning is off at
     * the return port, ONOS moves the sender onto it (the host double plays HostLocationProvider),
     * and no flow toward that host could be placed any more.
     */
    @Test
    void hostsAreNotLearntOnTheAdjustorPortsSoFlowsBackToThemArePlaced() throws Exception {
        String back = TestServices.TestNetcfg.keys("ports", new ConnectPoint(S1, BACK), "hostLearning");
        assertEquals(false, netcfg.byKeys.get(back).get("enabled").asBoolean());
        assertTrue(netcfg.byKeys.containsKey(TestServices.TestNetcfg.keys("ports", new ConnectPoint(S1, ADJUSTOR),
                "hostLearning")));

        hosts.heard(netcfg, MacAddress.valueOf("00:00:00:00:00:01"), new ConnectPoint(S1, BACK));
        FiveTuple toH1 = tuple(FiveTuple.TCP, "10.0.0.4", 5201, "10.0.0.1", 40001);
        Ethernet eth = dataPacket(toH1);
        eth.setSourceMACAddress("00:00:00:00:00:04");
        eth.setDestinationMACAddress("00:00:00:00:00:01");
        assertTrue(packetIn(ONWARD, eth, eth.serialize()).isHandled());
        assertEquals(H1_PORT, output(ruleFor(toH1, false)), "H1 is still where it is");

        mgr.deactivate();
        assertTrue(netcfg.byKeys.isEmpty(), "what the app wrote goes with it");
    }

    @Test
    void anOperatorsOwnHostLearningSettingIsLeftAlone() {
        netcfg.fire(NetworkConfigEvent.Type.CONFIG_REMOVED, null);
        assertTrue(netcfg.byKeys.isEmpty());
        String back = TestServices.TestNetcfg.keys("ports", new ConnectPoint(S1, BACK), "hostLearning");
        netcfg.byKeys.put(back, netcfg.mapper.createObjectNode().put("enabled", true));
        netcfg.fire(NetworkConfigEvent.Type.CONFIG_UPDATED, netcfg.current);
        mgr.deactivate();
        assertTrue(netcfg.byKeys.get(back).get("enabled").asBoolean());
    }

    @Test
    void aRuleThatIdlesOutTakesItsFlowAndItsOtherRuleWithIt() throws Exception {
        flowStarts(UDP1, H1_PORT);
        FlowRule udpIn = ruleFor(UDP1, false);
        FlowRule udpBack = ruleFor(UDP1, true);
        events.clear();

        rules.idleOut(udpIn);

        assertTrue(mgr.getFlow(UDP1).isEmpty());
        assertEquals(List.of(FudpEvent.Type.FLOW_GONE), eventTypes());
        assertTrue(rules.removed.contains(udpBack), "the rule back from the adjustor goes with it");
        assertTrue(rules.rules.isEmpty());
    }

    @Test
    void packetsAtOtherSwitchesOrForUnknownDestinationsAreLeftAlone() throws Exception {
        Ethernet eth = dataPacket(tuple(FiveTuple.UDP, "10.0.0.1", 1, "10.9.9.9", 2));
        eth.setDestinationMACAddress("00:00:00:00:00:99");
        TestServices.TestPacketContext ctx = packetIn(H1_PORT, eth, eth.serialize());
        assertFalse(ctx.isHandled());

        Ethernet known = dataPacket(UDP1);
        TestServices.TestPacketContext elsewhere = new TestServices.TestPacketContext(new DefaultInboundPacket(
                ConnectPoint.deviceConnectPoint("of:0000000000000009/1"), known, ByteBuffer.wrap(known.serialize())));
        packets.processor.process(elsewhere);
        assertFalse(elsewhere.isHandled());

        assertTrue(rules.rules.isEmpty());
        assertTrue(mgr.getFlows().isEmpty());
    }

    @Test
    void agentSilenceIsSeenOnTheTick() throws Exception {
        heartbeat();
        ack(newControlMessages().get(0));
        events.clear();
        clock.set(T0 + OsgiPropertyConstants.HEARTBEAT_TIMEOUT_MS_DEFAULT + 1);
        mgr.host().tick();
        assertEquals(FudpEvent.Type.AGENT_DOWN, eventTypes().get(0));
        assertEquals(AgentStatus.DOWN, mgr.getAgent(S1).get().status());
        assertEquals(MessageType.HEARTBEAT, newControlMessages(true).get(0).type(), "the tick also heartbeats");
    }

    /**
     * What {@code onos> metrics} and {@code GET /onos/v1/metrics} list: both read ONOS's
     * {@code MetricsService.getMetrics()} (cli MetricsListCommand, web/api MetricsWebResource).
     */
    /**
     * Issue 42, point 3: a frame of the control EtherType from a host's port, signed with another key, was taken
     * as the agent's: rejected as BAD_MAC, which the agent's reason then showed and the troubleshooting table
     * answers with a re-key. Only the adjustor's ports speak for the agent.
     */
    @Test
    void aControlFrameFromAHostsPortIsDroppedUnreadAndCounted() throws Exception {
        heartbeat();
        byte[] forged = new FrameEncoder(KeyRing.of(KEY_ID, Hex.decode("ffeeddccbbaa99887766554433221100")), 0xBADL,
                1, 0, clock).heartbeat(0);
        for (int i = 0; i < 2; i++) {
            byte[] frame = EthernetFrame.build(ADJUSTOR_MAC.toBytes(), MacAddress.valueOf("02:fd:00:00:00:01")
                    .toBytes(), EthernetFrame.DEFAULT_ETHER_TYPE, forged);
            Ethernet eth = Ethernet.deserializer().deserialize(frame, 0, frame.length);
            assertTrue(packetIn(H1_PORT, eth, frame).isHandled(), "blocked: no other app forwards it either");
        }
        Map<String, Metric> m = metrics.getMetrics();
        assertEquals(0, count(m, "FUDP.adjustor.framesRejected"), "not read, so not rejected as a bad MAC");
        assertEquals(2, count(m, "FUDP.adjustor.framesForeign"));
    }

    @Test
    void countersShowInOnosMetricsAndLeaveWithTheApp() throws Exception {
        heartbeat();
        ack(newControlMessages().get(0));
        flowStarts(TCP1, H1_PORT);
        flowStarts(UDP1, H1_PORT);
        rate(ruleFor(TCP1, false), 1_000_000, T0);
        rate(ruleFor(UDP1, false), 50_000_000, T0);
        rate(ruleFor(UDP1, true), 9_000_000, T0);
        clock.set(T0 + PERIOD);
        mgr.host().period();
        fromAgent(new FrameEncoder(KeyRing.of(KEY_ID, Hex.decode("ffeeddccbbaa99887766554433221100")), 0xBADL, 1, 0,
                clock).heartbeat(0));
        clock.set(T0 + OsgiPropertyConstants.HEARTBEAT_TIMEOUT_MS_DEFAULT + 1);
        mgr.host().tick();

        Map<String, Metric> m = metrics.getMetrics();
        assertEquals(1, count(m, "FUDP.loop.periods"));
        assertEquals(1, count(m, "FUDP.loop.reallocations"));
        assertEquals(1, ((Timer) m.get("FUDP.loop.periodTime")).getCount());
        assertEquals(controlFramesEmitted(), count(m, "FUDP.adjustor.framesSent"), "every control frame emitted");
        assertEquals(1, count(m, "FUDP.adjustor.framesRejected"), "the forged heartbeat");
        assertEquals(1, count(m, "FUDP.adjustor.agentUp"));
        assertEquals(1, count(m, "FUDP.adjustor.agentDown"));
        assertEquals(0, ((Gauge<?>) m.get("FUDP.adjustor.agentsUp")).getValue());

        mgr.deactivate();
        assertTrue(metrics.getMetrics().keySet().stream().noneMatch(n -> n.startsWith("FUDP.")),
                "left behind: " + metrics.getMetrics().keySet());
    }

    private long controlFramesEmitted() {
        return packets.emitted.stream().filter(p -> {
            ByteBuffer data = p.data().duplicate();
            byte[] frame = new byte[data.remaining()];
            data.get(frame);
            return EthernetFrame.parse(frame).etherType() == EthernetFrame.DEFAULT_ETHER_TYPE;
        }).count();
    }

    private static long count(Map<String, Metric> m, String name) {
        assertTrue(m.get(name) instanceof Counter, name + " in " + m.keySet());
        return ((Counter) m.get(name)).getCount();
    }

    @Test
    void forgedFrameIsCountedAndConsumed() throws Exception {
        FrameEncoder forger = new FrameEncoder(KeyRing.of(KEY_ID, Hex.decode("ffeeddccbbaa99887766554433221100")),
                0xBADL, 1, 0, clock);
        fromAgent(forger.heartbeat(0));
        AgentState a = mgr.getAgent(S1).get();
        assertEquals(AgentStatus.UNKNOWN, a.status());
        assertEquals(Long.valueOf(1), a.rejectedFrames().get("controller:BAD_MAC"));
    }

    // ------------------------------------------------------------------ config

    @Test
    void badNetworkConfigIsRejectedAndThePreviousStaysInForce() {
        List<FacilityConfig> before = mgr.getFacilities();
        assertEquals(1, before.size());
        String bad = CONFIG.replace("\"adjustorPort\": 3", "\"adjustorPort\": \"x\"");
        FudpConfig c = netcfg.make(bad);
        // what ONOS's config store does with it: refuse it, with the message naming the field
        RuntimeException e = assertThrows(RuntimeException.class, () -> netcfg.applyConfig(
                TestServices.TestCoreService.APP_ID, FudpConfig.class, c.node()));
        assertTrue(e.getMessage().contains("facilities[0].adjustorPort: must be a port number"), e.getMessage());
        // and if it reaches the manager anyway (config posted before the app registered its factory)
        netcfg.fire(NetworkConfigEvent.Type.CONFIG_UPDATED, c);
        assertEquals(before, mgr.getFacilities());
        assertEquals(2, mgr.getBottlenecks().size());
    }

    @Test
    void adminChangesGoThroughNetworkConfigAndAreValidated() {
        FacilityConfig f = mgr.getFacilities().get(0);
        FacilityConfig broken = new FacilityConfig(f.deviceId(), f.adjustorPort(), f.adjustorPort(),
                f.adjustorMac(), f.keyId());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> mgr.setFacilities(List.of(broken)));
        assertTrue(e.getMessage().contains("facilities[0].returnPort: must differ from adjustorPort"), e.getMessage());
        assertEquals(List.of(f), mgr.getFacilities());

        mgr.setBottlenecks(List.of(mgr.getBottlenecks().get(1)));
        assertEquals(1, mgr.getBottlenecks().size());
        assertEquals("set2", mgr.getBottlenecks().get(0).name());
        assertEquals(List.of(f), mgr.getFacilities(), "facilities untouched");
    }

    @Test
    void removingTheFacilityClearsItsAdjustorAndItsRequests() throws Exception {
        heartbeat();
        ack(newControlMessages().get(0));
        flowStarts(UDP1, H1_PORT);
        netcfg.fire(NetworkConfigEvent.Type.CONFIG_REMOVED, null);
        assertEquals(MessageType.CLEAR_ALL, newControlMessages().get(0).type());
        assertTrue(rules.rules.isEmpty());
        assertTrue(packets.requested.isEmpty(), packets.requested.toString());
        assertTrue(mgr.getAgent(S1).isEmpty());
    }

    @Test
    void componentPropertiesReachTheLoopAndBadOnesAreRefused() throws Exception {
        TestServices.TestContext ctx = new TestServices.TestContext();
        ctx.props.put(OsgiPropertyConstants.ALPHA, "1.5");
        ctx.props.put(OsgiPropertyConstants.CONTROL_PERIOD_MS, "fast");
        ctx.props.put(OsgiPropertyConstants.BETA, "0.5");
        ctx.props.put(OsgiPropertyConstants.FLOW_PRIORITY, "32000");
        ctx.props.put(OsgiPropertyConstants.CONTROL_ETHER_TYPE, "0x88b6");
        mgr.modified(ctx);
        assertEquals(OsgiPropertyConstants.ALPHA_DEFAULT, mgr.getControlStatus().alpha());
        assertEquals(0.5, mgr.getControlStatus().beta());
        assertEquals(OsgiPropertyConstants.CONTROL_PERIOD_MS_DEFAULT, mgr.getControlStatus().periodMs());
        flowStarts(TCP1, H1_PORT);
        assertEquals(32000, ruleFor(TCP1, false).priority(), "new flows get the new priority");
        assertTrue(packets.requested.stream().anyMatch(r -> r.contains("0x88b6")), packets.requested.toString());
        assertTrue(packets.requested.stream().noneMatch(r -> r.contains("0x88b5")), "the old EtherType is cancelled");
    }

    /**
     * ONOS's OpenFlow provider polls flow statistics every flowPollFrequency seconds (5 by
     * default, providers/openflow/flow OpenFlowRuleProvider): FUDP's default 5 s period then sees
     * zero, one or two fresh samples. The status says so, naming what to set.
     */
    @Test
    void aPeriodShorterThanTwoStatisticsPollsIsReported() {
        assertTrue(mgr.getControlStatus().warnings().isEmpty(), "no OpenFlow provider to ask: nothing to say");
        cfg.define(StatsPollCheck.PROVIDER, StatsPollCheck.POLL_FREQUENCY, 5);
        List<String> warnings = mgr.getControlStatus().warnings();
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).contains("controlPeriodMs to at least 10000 or flowPollFrequency to at most 2"),
                warnings.get(0));
        TestServices.TestContext ctx = new TestServices.TestContext();
        ctx.props.put(OsgiPropertyConstants.CONTROL_PERIOD_MS, "10000");
        mgr.modified(ctx);
        assertTrue(mgr.getControlStatus().warnings().isEmpty());
    }

    /**
     * A meter is in force for FUDP only once ONOS's meter statistics poll saw it
     * (meterStatsPollInterval, 10 s by default, providers/openflow/meter OpenFlowMeterProvider): with a
     * metered facility the status says when the period is shorter than two of those polls.
     */
    @Test
    void aPeriodShorterThanTwoMeterPollsIsReportedOnlyWithAMeteredFacility() {
        cfg.define(StatsPollCheck.METER_PROVIDER, StatsPollCheck.METER_POLL, 10);
        assertTrue(mgr.getControlStatus().warnings().isEmpty(), "no metered facility: nothing to say");
        netcfg.current = netcfg.make(METERED_CONFIG);
        netcfg.fire(NetworkConfigEvent.Type.CONFIG_UPDATED, netcfg.current);
        List<String> warnings = mgr.getControlStatus().warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("controlPeriodMs to at least 20000 or meterStatsPollInterval to at most 2"),
                warnings.get(0));
    }

    /**
     * Issue 26: an ONOS ERROR at every start where the app was already active, "Attribute
     * meterStatsPollInterval not present in component ...OpenFlowMeterProvider": the app asked before
     * the meter provider had registered its properties.
     */
    @Test
    void askingAboutAProviderThatRegistersLaterLogsNoOnosError() {
        netcfg.current = netcfg.make(METERED_CONFIG);
        netcfg.fire(NetworkConfigEvent.Type.CONFIG_UPDATED, netcfg.current);
        assertTrue(mgr.getControlStatus().warnings().isEmpty(), "neither provider there yet: nothing to say");
        TestServices.TestContext ctx = new TestServices.TestContext();
        ctx.props.put(OsgiPropertyConstants.CONTROL_PERIOD_MS, "4000");
        mgr.modified(ctx);
        assertEquals(List.of(), cfg.errorsLogged, "ONOS would have logged these at ERROR");
        cfg.define(StatsPollCheck.METER_PROVIDER, StatsPollCheck.METER_POLL, 10);
        List<String> warnings = mgr.getControlStatus().warnings();
        assertEquals(1, warnings.size(), "read once it exists: " + warnings);
        assertTrue(warnings.get(0).contains("meterStatsPollInterval"), warnings.get(0));
        assertEquals(List.of(), cfg.errorsLogged);
    }

    @Test
    void enablingAndDryRunGoThroughComponentConfig() {
        mgr.setEnabled(false);
        mgr.setDryRun(true);
        assertEquals("false", cfg.set.get(OsgiPropertyConstants.ENABLED));
        assertEquals("true", cfg.set.get(OsgiPropertyConstants.DRY_RUN));
        TestServices.TestContext ctx = new TestServices.TestContext();
        ctx.props.putAll(Map.of(OsgiPropertyConstants.ENABLED, "false", OsgiPropertyConstants.DRY_RUN, "true"));
        mgr.modified(ctx);
        assertFalse(mgr.getControlStatus().enabled());
        assertTrue(mgr.getControlStatus().dryRun());
    }

    // ------------------------------------------------------------------ lifecycle

    @Test
    void activationRegistersEverything() {
        assertTrue(cfg.registered.contains(FudpManager.class.getName()));
        assertEquals(1, netcfg.factories.size());
        assertEquals(1, netcfg.listeners.size());
        assertNotNull(packets.processor);
        assertNotNull(rules.listener);
        // our EtherType at CONTROL priority, and IPv4/IPv6 TCP/UDP at the facility only
        assertEquals(5, packets.requested.size());
        assertTrue(packets.requested.stream().allMatch(r -> r.endsWith("|" + S1)), packets.requested.toString());
        String control = "|" + PacketPriority.CONTROL.priorityValue() + "|";
        assertTrue(packets.requested.stream().anyMatch(r -> r.contains("0x88b5") && r.contains(control)),
                packets.requested.toString());
        assertEquals(AgentStatus.UNKNOWN, mgr.getAgent(S1).get().status());
    }

    @Test
    void deactivateCleansUp() throws Exception {
        heartbeat();
        ack(newControlMessages().get(0));
        flowStarts(UDP1, H1_PORT);
        assertFalse(rules.rules.isEmpty());

        mgr.deactivate();

        assertEquals(TestServices.TestCoreService.APP_ID, rules.removedById);
        assertTrue(rules.rules.isEmpty());
        assertTrue(packets.requested.isEmpty(), "every packet request cancelled: " + packets.requested);
        assertEquals(5, packets.cancelled.size());
        assertNull(packets.processor);
        assertNull(rules.listener);
        assertTrue(netcfg.factories.isEmpty());
        assertTrue(netcfg.listeners.isEmpty());
        assertTrue(cfg.registered.isEmpty());
        assertTrue(dispatcher.sinkClasses().isEmpty());
        List<ControlMessage> last = newControlMessages();
        assertEquals(1, last.size());
        assertEquals(MessageType.CLEAR_ALL, last.get(0).type(), "the agent is told to clear");
        assertTrue(mgr.getFlows().isEmpty());
    }

    /**
     * The same switch as a metered facility: the flood gets an ONOS meter, no Packet-Out; deactivating
     * the app withdraws it with the rules (ONOS itself keeps a deactivated app's meters).
     */
    @Test
    void deactivatingLeavesNoMeterAndNoRuleAtAMeteredFacility() throws Exception {
        meters.features(S1, 64);
        netcfg.current = netcfg.make(METERED_CONFIG);
        netcfg.fire(NetworkConfigEvent.Type.CONFIG_UPDATED, netcfg.current);
        assertTrue(mgr.getFacilities().get(0).isMetered());
        flowStarts(TCP1, H1_PORT);
        flowStarts(UDP1, H1_PORT);
        assertEquals(2, rules.rulesOn(S1).size(), "one rule per flow, straight on");
        rate(ruleFor(TCP1, false), 1_000_000, T0);
        rate(ruleFor(UDP1, false), 50_000_000, T0);
        int framesBefore = packets.emitted.size();
        clock.set(T0 + PERIOD);
        mgr.host().period();
        assertEquals(1, meters.getMeters(S1).size(), "the flood's meter");
        meters.poll(S1, T0 + PERIOD + 1_000);
        assertEquals(List.of(), packets.emitted.subList(framesBefore, packets.emitted.size()), "no adjustor to tell");
        assertEquals(org.fudp.loop.api.settings.Facility.Enforcement.METER, mgr.getAgent(S1).get().enforcement());

        mgr.deactivate();
        meters.poll(S1, T0 + PERIOD + 2_000);
        assertEquals(List.of(), List.copyOf(meters.getMeters(S1)), "no meter left in ONOS");
        assertEquals(List.of(), meters.onSwitch(S1), "nor on the switch");
        assertTrue(rules.rules.isEmpty(), "no rule left");
    }

    @Test
    void missingKeyFileMeansNothingIsSentButTheLoopRuns() throws Exception {
        mgr.deactivate();
        packets.emitted.clear();
        emittedSeen = 0;
        TestServices.TestContext ctx = new TestServices.TestContext();
        ctx.props.put(OsgiPropertyConstants.KEY_FILE, tmp.resolve("absent.keys").toString());
        mgr.activate(ctx);
        clock.set(T0 + PERIOD);
        mgr.host().period();
        mgr.host().tick();
        assertTrue(packets.emitted.isEmpty());
        assertEquals(1, mgr.getControlStatus().periodsRun());
        assertEquals(List.of("no key file at " + tmp.resolve("absent.keys") + " (NoSuchFileException): control"
                + " frames can be neither sent nor verified"), mgr.getControlStatus().warnings(), "REST, GUI, log");

        ManagerFixture.privateFile(tmp.resolve("absent.keys"), KEY_ID + " = " + KEY_HEX + "\n");
        mgr.host().tick();
        assertEquals(List.of(), mgr.getControlStatus().warnings(), "a key file that appears is read");
        heartbeat();
        assertEquals(MessageType.SNAPSHOT, newControlMessages().get(0).type(), "and the agent is served");
    }

    @Test
    void anUnusableKeyFileIsAWarningUntilAGoodOneIsRead() throws IOException {
        Path bad = tmp.resolve("bad.keys");
        Files.writeString(bad, "7 = 0011\n");
        keyFile(bad);
        String warning = mgr.getControlStatus().warnings().get(0);
        assertTrue(warning.startsWith("key file " + bad + " is unusable: line 1"), warning);
        assertTrue(warning.endsWith("the keys in force stay"), warning);

        keyFile(tmp.resolve("fudp.keys"));
        assertEquals(List.of(), mgr.getControlStatus().warnings());
    }

    private void keyFile(Path file) {
        TestServices.TestContext ctx = new TestServices.TestContext();
        ctx.props.put(OsgiPropertyConstants.KEY_FILE, file.toString());
        mgr.modified(ctx);
    }
}
