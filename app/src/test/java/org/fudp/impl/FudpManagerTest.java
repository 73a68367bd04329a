package org.fudp.impl;

import org.fudp.algorithm.CfsController;
import org.fudp.algorithm.CfsInput;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FudpaConfig;
import org.fudp.api.AgentState;
import org.fudp.api.AllocationState;
import org.fudp.api.CorrelationFlowSet;
import org.fudp.api.DecisionRecord;
import org.fudp.api.Facility;
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
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.LimitEntry;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onlab.packet.IPv6;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The manager with adapter services: the paper's Set 1 scripted period by period, config
 * handling, agent liveness and cleanup.
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

    private static final FiveTuple TCP1 = tuple(FiveTuple.TCP, "10.0.0.1", 40001, "10.0.0.4", 5201);
    private static final FiveTuple TCP2 = tuple(FiveTuple.TCP, "10.0.0.2", 40002, "10.0.0.4", 5202);
    private static final FiveTuple UDP1 = tuple(FiveTuple.UDP, "10.0.0.1", 40003, "10.0.0.4", 5203);

    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(T0);
    private final TestServices.TestCfgService cfg = new TestServices.TestCfgService();
    private final TestServices.TestNetcfg netcfg = new TestServices.TestNetcfg();
    private final TestServices.TestPacketService packets = new TestServices.TestPacketService();
    private final TestServices.TestFlowRuleService rules = new TestServices.TestFlowRuleService();
    private final TestServices.TestHostService hosts = new TestServices.TestHostService();
    private final TestServices.SyncEventDispatcher dispatcher = new TestServices.SyncEventDispatcher();
    private final List<FudpEvent> events = new ArrayList<>();
    private final KeyRing agentKeys = KeyRing.of(KEY_ID, hex(KEY_HEX));
    private final FrameEncoder agent = new FrameEncoder(agentKeys, 0xA6E7L, 1, 0, clock);
    private long agentSnapshot;
    private int emittedSeen;
    private FudpManager mgr;

    private static FiveTuple tuple(int proto, String src, int sport, String dst, int dport) {
        return new FiveTuple(proto, IpAddress.valueOf(src).toInetAddress(), IpAddress.valueOf(dst).toInetAddress(),
                sport, dport);
    }

    private static byte[] hex(String s) {
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    @BeforeEach
    void setUp() throws Exception {
        Path keyFile = tmp.resolve("fudp.keys");
        Files.write(keyFile, (KEY_ID + " = " + KEY_HEX + "\n").getBytes(StandardCharsets.UTF_8));
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
        mgr.hostService = hosts;
        mgr.pathService = new PathServiceAdapter();
        mgr.deviceService = new DeviceServiceAdapter();
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
        byte[] frame = EthernetFrame.build(ADJUSTOR_MAC.toBytes(), TcAdjustorBackend.CONTROLLER_MAC.toBytes(),
                EthernetFrame.DEFAULT_ETHER_TYPE, payload);
        Ethernet eth = Ethernet.deserializer().deserialize(frame, 0, frame.length);
        TestServices.TestPacketContext ctx = packetIn(ADJUSTOR, eth, frame);
        assertTrue(ctx.isHandled(), "control frame must be consumed");
    }

    private void heartbeat() throws DeserializationException {
        fromAgent(agent.heartbeat(agentSnapshot));
    }

    /** Decodes every Packet-Out emitted since the last call, as the adjustor agent would, but heartbeats. */
    private List<ControlMessage> newControlMessages() throws FrameRejectedException {
        return newControlMessages(false);
    }

    private List<ControlMessage> newControlMessages(boolean withHeartbeats) throws FrameRejectedException {
        List<ControlMessage> out = new ArrayList<>();
        for (; emittedSeen < packets.emitted.size(); emittedSeen++) {
            OutboundPacket p = packets.emitted.get(emittedSeen);
            assertEquals(S1, p.sendThrough());
            assertEquals(List.of(Instructions.createOutput(ADJUSTOR)), p.treatment().allInstructions());
            ByteBuffer data = p.data().duplicate();
            byte[] frame = new byte[data.remaining()];
            data.get(frame);
            EthernetFrame eth = EthernetFrame.parse(frame);
            assertEquals(ADJUSTOR_MAC, MacAddress.valueOf(eth.dst()));
            assertEquals(EthernetFrame.DEFAULT_ETHER_TYPE, eth.etherType());
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

    // ------------------------------------------------------------------ the scripted Set 1 run

    /**
     * The paper's Set 1 at one tenth scale: TCP H1-H4, TCP H2-H4 and a 50 Mbit/s UDP H1-H4 share
     * the 10 Mbit/s R2-H4 link. Counters rise period by period; every Packet-Out is decoded with
     * the shared codec and must carry exactly what the algorithm core decides for the same rates.
     */
    @Test
    void set1ClosedLoop() throws Exception {
        heartbeat();
        assertEquals(AgentState.Status.UP, mgr.getAgent(S1).get().status());
        assertTrue(eventTypes().contains(FudpEvent.Type.AGENT_UP));
        // An agent that appears gets the full (here empty) desired state.
        List<ControlMessage> hello = newControlMessages();
        assertEquals(1, hello.size());
        assertEquals(MessageType.SNAPSHOT, hello.get(0).type());
        assertTrue(hello.get(0).entries().isEmpty());
        ack(hello.get(0));

        long installed = clock.millis();
        TestServices.TestPacketContext c1 = flowStarts(TCP1, H1_PORT);
        flowStarts(TCP2, H2_PORT);
        TestServices.TestPacketContext c3 = flowStarts(UDP1, H1_PORT);
        // a second packet of a known flow installs nothing more
        flowStarts(UDP1, H1_PORT);

        // FIC passive: TCP straight on, UDP into the adjustor and back from it onward.
        assertEquals(4, rules.rulesOn(S1).size());
        FlowRule tcp1 = ruleFor(TCP1, false);
        FlowRule tcp2 = ruleFor(TCP2, false);
        FlowRule udpIn = ruleFor(UDP1, false);
        FlowRule udpBack = ruleFor(UDP1, true);
        assertNotNull(tcp1);
        assertNotNull(tcp2);
        assertNotNull(udpIn);
        assertNotNull(udpBack);
        assertEquals(ONWARD, output(tcp1));
        assertEquals(ONWARD, output(tcp2));
        assertEquals(ADJUSTOR, output(udpIn));
        assertEquals(ONWARD, output(udpBack));
        assertEquals(BACK, ((PortCriterion) udpBack.selector().getCriterion(Criterion.Type.IN_PORT)).port());
        assertEquals(OsgiPropertyConstants.FLOW_PRIORITY_DEFAULT, udpIn.priority());
        assertEquals(OsgiPropertyConstants.FLOW_PRIORITY_DEFAULT + 1, udpBack.priority());
        assertEquals(OsgiPropertyConstants.FLOW_IDLE_TIMEOUT_DEFAULT, udpIn.timeout());
        assertFalse(udpIn.isPermanent());
        assertTrue(c1.isHandled());
        assertEquals(List.of(Instructions.createOutput(ADJUSTOR)), c3.treatmentBuilder().build().allInstructions());
        assertEquals(3, mgr.getFlows().size());
        assertEquals(3, eventTypes().stream().filter(FudpEvent.Type.FLOW_SEEN::equals).count());

        Map<FlowRule, TestServices.TestFlowRuleService.Counter> counters = new HashMap<>();
        for (FlowRule r : List.of(tcp1, tcp2, udpIn, udpBack)) {
            TestServices.TestFlowRuleService.Counter c = new TestServices.TestFlowRuleService.Counter(installed);
            c.sampleMs = installed;
            rules.counters.put(r.id(), c);
            counters.put(r, c);
        }

        CfsController reference = new CfsController(SET1, FudpaConfig.defaults().toBuilder()
                .alpha(OsgiPropertyConstants.ALPHA_DEFAULT).beta(OsgiPropertyConstants.BETA_DEFAULT).build());
        long told = Long.MAX_VALUE;
        int snapshots = 0;
        long prevSample = installed;
        for (int k = 1; k <= 8; k++) {
            long now = T0 + k * PERIOD;
            long sample = now - 200;
            clock.set(now);
            // The network: UDP offers 50 Mbit/s (2 Mbit/s from period 6), the adjustor lets
            // through at most what it was told, the bottleneck's remainder goes to TCP.
            long demand = k < 6 ? 50_000_000L : 2_000_000L;
            long udpThr = k == 1 ? 8_000_000L : Math.min(demand, told);
            long tcpEach = (CAPACITY - udpThr) / 2;
            Map<FlowRule, Long> rates = Map.of(tcp1, tcpEach, tcp2, tcpEach, udpIn, demand, udpBack, udpThr);
            Map<FlowRule, Double> measured = new HashMap<>();
            for (Map.Entry<FlowRule, Long> e : rates.entrySet()) {
                TestServices.TestFlowRuleService.Counter c = counters.get(e.getKey());
                long delta = Math.round(e.getValue() * (sample - prevSample) / 8000.0);
                long before = c.bytes;
                c.bytes += delta;
                c.sampleMs = sample;
                // what the estimator computes from these counters: the rule's average over its
                // life on the first sample, the counter difference afterwards
                measured.put(e.getKey(), k == 1 ? c.bytes * 8000.0 / (sample - installed)
                        : (c.bytes - before) * 8000.0 / (sample - prevSample));
            }
            prevSample = sample;

            mgr.runPeriod(now);

            Decision expected = reference.step(CfsInput.of(SET1, (double) CAPACITY, List.of(
                    org.fudp.algorithm.FlowSample.tcp(TCP1.toString(), measured.get(tcp1)),
                    org.fudp.algorithm.FlowSample.tcp(TCP2.toString(), measured.get(tcp2)),
                    org.fudp.algorithm.FlowSample.udp(UDP1.toString(), measured.get(udpBack), measured.get(udpIn)))));
            Map<FiveTuple, Long> expectedLimits = new LinkedHashMap<>();
            expected.allocations().asMap().forEach((id, bps) -> {
                assertEquals(UDP1.toString(), id);
                expectedLimits.put(UDP1, Math.max(1, Math.round(bps)));
            });

            List<ControlMessage> sent = newControlMessages();
            long nowTold = expectedLimits.getOrDefault(UDP1, Long.MAX_VALUE);
            if (nowTold != told) {
                assertEquals(1, sent.size(), "period " + k + ": one snapshot for a changed allocation");
                assertEquals(MessageType.SNAPSHOT, sent.get(0).type());
                assertEquals(expectedLimits, limits(sent.get(0)), "period " + k);
                assertEquals(FudpManager.burstBytes(nowTold), sent.get(0).entries().get(0).burstBytes());
                snapshots++;
                AllocationState before = mgr.getAllocations().iterator().next();
                assertFalse(before.acknowledged(), "not acknowledged before the agent answers");
                assertEquals(CorrelationFlowSet.State.ADJUSTING, mgr.getCorrelationFlowSet(SET1).get().state());
                ack(sent.get(0));
                AllocationState after = mgr.getAllocations().iterator().next();
                assertTrue(after.acknowledged());
                assertEquals(nowTold, after.toldBps());
                told = nowTold;
            } else {
                assertTrue(sent.isEmpty(), "period " + k + ": nothing to send when nothing changed: " + sent);
                assertEquals(CorrelationFlowSet.State.FAIR, mgr.getCorrelationFlowSet(SET1).get().state(),
                        "period " + k + ": unchanged and acknowledged");
            }

            DecisionRecord rec = last(mgr.getDecisions(SET1));
            assertEquals(expected.fair(), !rec.reallocated());
            assertEquals(Math.round(expected.predictedTcpBps()), rec.predictedTcpBps());
            assertEquals(expectedLimits, rec.allocations());
            heartbeat();
        }
        assertTrue(snapshots >= 2, "the run should limit UDP and then follow its lower demand");
        assertTrue(told < 50_000_000L);

        CorrelationFlowSet set1 = mgr.getCorrelationFlowSet(SET1).get();
        assertEquals(CorrelationFlowSet.Kind.CONFIGURED, set1.kind());
        assertEquals(CAPACITY, set1.capacityBps());
        assertEquals(Set.of(TCP1, TCP2), set1.tcpFlows());
        assertEquals(Set.of(UDP1), set1.udpFlows());
        assertEquals(ConnectPoint.deviceConnectPoint("of:0000000000000002/2"), set1.egress().get());
        assertTrue(set1.jainIndex() > 0.9, "Jain " + set1.jainIndex());
        assertEquals(8, mgr.getCfsHistory(SET1).size());
        assertEquals(8, mgr.getFlowHistory(UDP1).size());
        assertEquals(CorrelationFlowSet.State.FAIR, set1.state(), mgr.getDecisions(SET1).toString());
        assertEquals(8, mgr.getControlStatus().periodsRun());
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }

    // ------------------------------------------------------------------ FIC details

    @Test
    void flowLeavesItsCfsWhenItsRuleIdlesOut() throws Exception {
        flowStarts(TCP1, H1_PORT);
        flowStarts(UDP1, H1_PORT);
        FlowRule udpIn = ruleFor(UDP1, false);
        FlowRule udpBack = ruleFor(UDP1, true);
        rate(ruleFor(TCP1, false), 1_000_000, T0);
        rate(udpIn, 5_000_000, T0);
        rate(udpBack, 5_000_000, T0);
        mgr.runPeriod(T0 + PERIOD);
        assertEquals(Set.of(UDP1), mgr.getCorrelationFlowSet(SET1).get().udpFlows());
        events.clear();

        rules.idleOut(udpIn);

        assertTrue(mgr.getFlow(UDP1).isEmpty());
        assertEquals(List.of(FudpEvent.Type.FLOW_GONE), eventTypes());
        assertEquals(UDP1, events.get(0).flow().get().flow());
        assertTrue(rules.removed.contains(udpBack), "the rule back from the adjustor goes with it");
        mgr.runPeriod(T0 + 2 * PERIOD);
        CorrelationFlowSet set1 = mgr.getCorrelationFlowSet(SET1).get();
        assertTrue(set1.udpFlows().isEmpty());
        assertEquals(CorrelationFlowSet.State.NO_UDP, set1.state());
    }

    @Test
    void ipv6UdpFlowGetsIpv6Rules() throws Exception {
        host("00:00:00:00:00:44", "2001:db8::4", ONWARD);
        FiveTuple t = tuple(FiveTuple.UDP, "2001:db8::1", 5001, "2001:db8::4", 5201);
        UDP udp = new UDP();
        udp.setSourcePort(t.srcPort());
        udp.setDestinationPort(t.dstPort());
        IPv6 ip = new IPv6();
        ip.setSourceAddress(t.src().getAddress());
        ip.setDestinationAddress(t.dst().getAddress());
        ip.setNextHeader(IPv6.PROTOCOL_UDP);
        ip.setHopLimit((byte) 64);
        ip.setPayload(udp);
        Ethernet eth = new Ethernet();
        eth.setEtherType(Ethernet.TYPE_IPV6);
        eth.setSourceMACAddress("00:00:00:00:00:01");
        eth.setDestinationMACAddress("00:00:00:00:00:44");
        eth.setPayload(ip);
        byte[] raw = eth.serialize();
        TestServices.TestPacketContext ctx = packetIn(H1_PORT, Ethernet.deserializer().deserialize(raw, 0, raw.length),
                raw);

        assertTrue(ctx.isHandled());
        assertTrue(mgr.getFlow(t).isPresent());
        assertEquals(2, rules.rules.size());
        for (FlowRule r : rules.rules.values()) {
            IPCriterion src = (IPCriterion) r.selector().getCriterion(Criterion.Type.IPV6_SRC);
            IPCriterion dst = (IPCriterion) r.selector().getCriterion(Criterion.Type.IPV6_DST);
            assertEquals(IpAddress.valueOf("2001:db8::1").toIpPrefix(), src.ip());
            assertEquals(IpAddress.valueOf("2001:db8::4").toIpPrefix(), dst.ip());
            boolean back = r.selector().getCriterion(Criterion.Type.IN_PORT) != null;
            assertEquals(back ? ONWARD : ADJUSTOR, output(r));
        }
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
    void flowWithoutConfiguredBottleneckGroupsByDestination() throws Exception {
        host("00:00:00:00:00:07", "10.0.0.7", PortNumber.portNumber(6));
        FiveTuple t = tuple(FiveTuple.UDP, "10.0.0.1", 1000, "10.0.0.7", 2000);
        flowStarts(t, H1_PORT);
        rate(ruleFor(t, false), 1_000_000, T0);
        rate(ruleFor(t, true), 1_000_000, T0);
        mgr.runPeriod(T0 + PERIOD);
        // PathServiceAdapter knows no path: the flows to one address form the set.
        CorrelationFlowSet cfs = mgr.getCorrelationFlowSet("dst:10.0.0.7").get();
        assertEquals(CorrelationFlowSet.Kind.DESTINATION, cfs.kind());
        assertEquals(Set.of(t), cfs.udpFlows());
    }

    @Test
    void trickleFlowsDoNotJoinTheirCfs() throws Exception {
        FiveTuple control = tuple(FiveTuple.TCP, "10.0.0.1", 40000, "10.0.0.4", 5201);
        flowStarts(TCP1, H1_PORT);
        flowStarts(control, H1_PORT);
        rate(ruleFor(TCP1, false), 3_000_000, T0);
        rate(ruleFor(control, false), 8_000, T0);
        mgr.runPeriod(T0 + PERIOD);
        // iperf3's control connection carries a few hundred bytes: counting it would halve the
        // TCP average the band is built on
        assertEquals(Set.of(TCP1), mgr.getCorrelationFlowSet(SET1).get().tcpFlows());
        assertEquals("", mgr.getFlow(control).get().cfsId());
        assertEquals(SET1, mgr.getFlow(TCP1).get().cfsId());
    }

    @Test
    void starvedTcpFlowStaysInItsCfsForTheGracePeriods() throws Exception {
        flowStarts(TCP1, H1_PORT);
        FlowRule tcp = ruleFor(TCP1, false);
        rate(tcp, 3_000_000, T0);
        mgr.runPeriod(T0 + PERIOD);
        for (int k = 1; k < FudpManager.GRACE_PERIODS; k++) {
            advance(tcp, 0);
            mgr.runPeriod(T0 + (k + 1) * PERIOD);
            assertEquals(Set.of(TCP1), mgr.getCorrelationFlowSet(SET1).get().tcpFlows(), "idle period " + k);
        }
        advance(tcp, 0);
        mgr.runPeriod(T0 + (FudpManager.GRACE_PERIODS + 1) * PERIOD);
        assertTrue(mgr.getCorrelationFlowSet(SET1).isEmpty(), "gone after " + FudpManager.GRACE_PERIODS);
        assertEquals(FudpEvent.Type.CFS_CHANGED, last(eventTypes()));
        assertTrue(last(events).cfs().isEmpty());
    }

    // ------------------------------------------------------------------ UFC details

    @Test
    void agentSilenceRaisesAgentDownAndItsReturnGetsAFullSnapshot() throws Exception {
        heartbeat();
        ack(newControlMessages().get(0));
        events.clear();

        mgr.tick(T0 + OsgiPropertyConstants.HEARTBEAT_TIMEOUT_MS_DEFAULT);
        assertTrue(events.isEmpty(), "not down at exactly the timeout");
        mgr.tick(T0 + OsgiPropertyConstants.HEARTBEAT_TIMEOUT_MS_DEFAULT + 1);
        assertEquals(List.of(FudpEvent.Type.AGENT_DOWN), eventTypes());
        assertEquals(AgentState.Status.DOWN, events.get(0).agent().get().status());
        assertEquals(AgentState.Status.DOWN, mgr.getAgent(S1).get().status());

        clock.set(T0 + 20_000);
        heartbeat();
        assertEquals(FudpEvent.Type.AGENT_UP, last(eventTypes()));
        List<ControlMessage> again = newControlMessages();
        assertEquals(1, again.size(), "a reappearing agent gets the whole desired state");
        assertEquals(MessageType.SNAPSHOT, again.get(0).type());
    }

    @Test
    void unacknowledgedSnapshotIsSentAgainAfterTheAckTimeout() throws Exception {
        heartbeat();
        ControlMessage first = newControlMessages().get(0);
        mgr.tick(T0 + OsgiPropertyConstants.ACK_TIMEOUT_MS_DEFAULT - 1);
        assertTrue(newControlMessages().isEmpty());
        mgr.tick(T0 + OsgiPropertyConstants.ACK_TIMEOUT_MS_DEFAULT);
        List<ControlMessage> resent = newControlMessages();
        assertEquals(1, resent.size());
        assertEquals(first.header().snapshotId(), resent.get(0).header().snapshotId());
        assertTrue(resent.get(0).header().sequence() > first.header().sequence());
        assertEquals(1, mgr.getAgent(S1).get().resends());
        ack(resent.get(0));
        mgr.tick(T0 + 10 * OsgiPropertyConstants.ACK_TIMEOUT_MS_DEFAULT);
        assertTrue(newControlMessages().isEmpty(), "nothing more once acknowledged");
    }

    @Test
    void controllerHeartbeatsWhenItHasNothingElseToSay() throws Exception {
        mgr.tick(T0 + OsgiPropertyConstants.HEARTBEAT_INTERVAL_MS_DEFAULT);
        List<ControlMessage> sent = newControlMessages(true);
        assertEquals(1, sent.size());
        assertEquals(MessageType.HEARTBEAT, sent.get(0).type());
        mgr.tick(T0 + OsgiPropertyConstants.HEARTBEAT_INTERVAL_MS_DEFAULT + 500);
        assertTrue(newControlMessages(true).isEmpty(), "not before the next interval");
        // a snapshot counts as a sign of life too
        clock.set(T0 + 1_600);
        heartbeat();
        assertEquals(MessageType.SNAPSHOT, newControlMessages(true).get(0).type());
        mgr.tick(T0 + 2_500);
        assertTrue(newControlMessages(true).isEmpty());
        mgr.tick(T0 + 2_600);
        assertEquals(MessageType.HEARTBEAT, newControlMessages(true).get(0).type());
    }

    @Test
    void restartedAgentGetsTheWholeStateAgain() throws Exception {
        heartbeat();
        ack(newControlMessages().get(0));
        FrameEncoder restarted = new FrameEncoder(agentKeys, 0xA6E7L, 2, 0, clock);
        fromAgent(restarted.heartbeat(0));
        List<ControlMessage> sent = newControlMessages();
        assertEquals(1, sent.size());
        assertEquals(MessageType.SNAPSHOT, sent.get(0).type());
    }

    @Test
    void forgedFrameIsCountedAndDoesNotBringTheAgentUp() throws Exception {
        FrameEncoder forger = new FrameEncoder(KeyRing.of(KEY_ID, hex("ffeeddccbbaa99887766554433221100")),
                0xBADL, 1, 0, clock);
        fromAgent(forger.heartbeat(0));
        AgentState a = mgr.getAgent(S1).get();
        assertEquals(AgentState.Status.UNKNOWN, a.status());
        assertEquals(Long.valueOf(1), a.rejectedFrames().get("controller:BAD_MAC"));
    }

    @Test
    void dryRunComputesAndReportsButSendsNoLimit() throws Exception {
        heartbeat();
        ack(newControlMessages().get(0));
        mgr.setDryRun(true);
        assertEquals("true", cfg.set.get(OsgiPropertyConstants.DRY_RUN));
        long installed = clock.millis();
        flowStarts(TCP1, H1_PORT);
        flowStarts(UDP1, H1_PORT);
        for (FlowRule r : rules.rulesOn(S1)) {
            TestServices.TestFlowRuleService.Counter c = new TestServices.TestFlowRuleService.Counter(installed);
            long bps = output(r).equals(ADJUSTOR) ? 50_000_000L : r.equals(ruleFor(UDP1, true)) ? 9_000_000L
                    : 1_000_000L;
            c.sampleMs = installed + 4_000;
            c.bytes = bps / 8 * 4;
            rules.counters.put(r.id(), c);
        }
        mgr.runPeriod(T0 + PERIOD);
        DecisionRecord rec = last(mgr.getDecisions(SET1));
        assertTrue(rec.reallocated());
        assertTrue(rec.dryRun());
        AllocationState a = mgr.getAllocations().iterator().next();
        assertTrue(a.dryRun());
        assertEquals(0, a.toldSeq());
        assertTrue(newControlMessages().isEmpty(), "dry-run sends nothing");
    }

    @Test
    void disablingReleasesTheLimitsOnceAndThenSendsNoMore() throws Exception {
        heartbeat();
        ack(newControlMessages().get(0));
        flowStarts(TCP1, H1_PORT);
        flowStarts(UDP1, H1_PORT);
        rate(ruleFor(TCP1, false), 1_000_000, T0);
        rate(ruleFor(UDP1, false), 50_000_000, T0);
        rate(ruleFor(UDP1, true), 9_000_000, T0);
        clock.set(T0 + PERIOD);
        mgr.runPeriod(T0 + PERIOD);
        ControlMessage limited = newControlMessages().get(0);
        assertEquals(1, limited.entries().size(), "UDP above the band is limited");
        ack(limited);

        mgr.setEnabled(false);
        assertEquals("false", cfg.set.get(OsgiPropertyConstants.ENABLED));
        clock.set(T0 + 2 * PERIOD);
        mgr.runPeriod(T0 + 2 * PERIOD);
        List<ControlMessage> release = newControlMessages();
        assertEquals(1, release.size());
        assertEquals(MessageType.SNAPSHOT, release.get(0).type());
        assertTrue(release.get(0).entries().isEmpty(), "an empty snapshot lifts the limit");
        assertTrue(mgr.getAllocations().isEmpty());
        assertFalse(mgr.getControlStatus().enabled());
        ack(release.get(0));
        mgr.runPeriod(T0 + 3 * PERIOD);
        assertTrue(newControlMessages().isEmpty());
        assertEquals(Set.of(UDP1), mgr.getCorrelationFlowSet(SET1).get().udpFlows(), "still measured and shown");
    }

    // ------------------------------------------------------------------ config

    @Test
    void badNetworkConfigIsRejectedAndThePreviousStaysInForce() {
        List<Facility> before = mgr.getFacilities();
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
        Facility f = mgr.getFacilities().get(0);
        Facility broken = new Facility(f.deviceId(), f.adjustorPort(), f.adjustorPort(), f.adjustorMac(), f.keyId());
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
    void invalidComponentPropertiesAreRefusedAndTheOldValuesKept() {
        TestServices.TestContext ctx = new TestServices.TestContext();
        ctx.props.put(OsgiPropertyConstants.ALPHA, "1.5");
        ctx.props.put(OsgiPropertyConstants.CONTROL_PERIOD_MS, "fast");
        ctx.props.put(OsgiPropertyConstants.CONTROL_ETHER_TYPE, "0x0800");
        ctx.props.put(OsgiPropertyConstants.BETA, "0.5");
        mgr.modified(ctx);
        assertEquals(OsgiPropertyConstants.ALPHA_DEFAULT, mgr.getControlStatus().alpha());
        assertEquals(0.5, mgr.getControlStatus().beta());
        assertEquals(OsgiPropertyConstants.CONTROL_PERIOD_MS_DEFAULT, mgr.getControlStatus().periodMs());
        assertNull(FudpManager.parseEtherType("0x0800"));
        assertEquals(Integer.valueOf(0x88b6), FudpManager.parseEtherType("0x88b6"));
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
        assertEquals(AgentState.Status.UNKNOWN, mgr.getAgent(S1).get().status());
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

    @Test
    void missingKeyFileMeansNothingIsSentButTheLoopRuns() throws IOException {
        mgr.deactivate();
        packets.emitted.clear();
        emittedSeen = 0;
        FudpManager other = mgr;
        TestServices.TestContext ctx = new TestServices.TestContext();
        ctx.props.put(OsgiPropertyConstants.KEY_FILE, tmp.resolve("absent.keys").toString());
        other.activate(ctx);
        other.runPeriod(T0 + PERIOD);
        assertTrue(packets.emitted.isEmpty());
        assertEquals(1, other.getControlStatus().periodsRun());
    }
}
