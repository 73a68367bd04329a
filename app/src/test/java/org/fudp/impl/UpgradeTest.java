// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.MutableClock;
import org.fudp.store.CheckpointStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onlab.metrics.MetricsManager;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.app.ApplicationState;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.net.topology.PathServiceAdapter;

import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.fudp.codec.TestFudpService.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 33, point 5: upgrading the app ({@code onos-app ... reinstall!}: an uninstall, then an install and
 * activation of the new .oar) on one ONOS instance. ONOS 2.7.0 removes none of the app's flow rules and none of
 * its consistent maps when it uninstalls it (ApplicationManager and DistributedApplicationStore only stop the
 * app's features; no other core component listens for it), keeps its application id (DistributedApplicationIdStore),
 * and so the ids of its rules (DefaultFlowRule.Builder.computeFlowId). With {@code handOverOnDeactivate} the
 * version that goes hands every facility over, as an instance leaving a cluster does, and the version activated
 * next on the same flow rule store, meters and storage takes it over: no rule installed again or removed, no
 * CLEAR_ALL to the real agent code, the limit in force throughout. Without it, deactivation clears as before.
 */
class UpgradeTest {

    private static final DeviceId S1 = DeviceId.deviceId("of:0000000000000001");
    private static final PortNumber H1_PORT = PortNumber.portNumber(1);
    private static final PortNumber H2_PORT = PortNumber.portNumber(2);
    private static final PortNumber ADJUSTOR = PortNumber.portNumber(3);
    private static final PortNumber BACK = PortNumber.portNumber(4);
    private static final int KEY_ID = 7;
    private static final String KEY_HEX = "00112233445566778899aabbccddeeff";
    private static final long T0 = 1_700_000_000_000L;
    private static final long PERIOD = OsgiPropertyConstants.CONTROL_PERIOD_MS_DEFAULT;
    private static final String CONFIG = "{\"facilities\": [{\"deviceId\": \"" + S1 + "\", \"adjustorPort\": 3,"
            + " \"returnPort\": 4, \"adjustorMac\": \"02:00:00:00:00:aa\", \"keyId\": " + KEY_ID + "}],"
            + " \"bottlenecks\": [{\"name\": \"set1\", \"egress\": \"of:0000000000000002/2\","
            + " \"capacityBps\": 10000000, \"destinations\": [\"10.0.0.4/32\"]}]}";
    private static final FiveTuple TCP1 = tuple(FiveTuple.TCP, "10.0.0.1", 40001, "10.0.0.4", 5201);
    private static final FiveTuple TCP2 = tuple(FiveTuple.TCP, "10.0.0.2", 40002, "10.0.0.4", 5202);
    private static final FiveTuple UDP1 = tuple(FiveTuple.UDP, "10.0.0.1", 40003, "10.0.0.4", 5203);
    private static final String ON = OsgiPropertyConstants.HAND_OVER_ON_DEACTIVATE;

    @TempDir
    Path tmp;

    // What outlives the app in ONOS: the flow rule store and the switch, the storage, the network config, the
    // packet service, the node and its mastership.
    private final MutableClock clock = new MutableClock(T0);
    private final OnosFlowRulesDouble onosRules = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
    private final org.fudp.store.SharedTestStorageService storage = new org.fudp.store.SharedTestStorageService();
    private final TestServices.TestPacketService packets = new TestServices.TestPacketService();
    private final TestServices.TestNetcfg netcfg = new TestServices.TestNetcfg();
    private final TestServices.TestHostService hosts = new TestServices.TestHostService();
    private final ClusterDoubles.Mastership mastership = new ClusterDoubles.Mastership();
    private final ClusterDoubles.Cluster node = new ClusterDoubles.Cluster("onos-1");
    private final ClusterDoubles.Applications applications = new ClusterDoubles.Applications();
    private final RealAgent agent = new RealAgent(clock, KEY_ID, KEY_HEX, this::newFrames, this::fromAgent);
    private int emittedSeen;
    private String keyFile;
    private FudpManager mgr;

    @BeforeEach
    void setUp() throws Exception {
        keyFile = ManagerFixture.privateFile(tmp.resolve("fudp.keys"), KEY_ID + " = " + KEY_HEX + "\n").toString();
        for (String[] h : new String[][]{{"00:00:00:00:00:01", "10.0.0.1", "1"},
            {"00:00:00:00:00:02", "10.0.0.2", "2"}, {"00:00:00:00:00:04", "10.0.0.4", "5"}}) {
            MacAddress mac = MacAddress.valueOf(h[0]);
            hosts.hosts.add(new DefaultHost(new ProviderId("of", "test"), HostId.hostId(mac), mac, VlanId.NONE,
                    new HostLocation(S1, PortNumber.portNumber(h[2]), 0), Set.of(IpAddress.valueOf(h[1]))));
        }
        netcfg.current = netcfg.make(CONFIG);
        mastership.setMaster(S1, node.id());
    }

    @AfterEach
    void tearDown() {
        if (packets.processor != null) {
            applications.state = ApplicationState.INSTALLED;
            mgr.deactivate();
        }
    }

    /** Activates a version of the app, as ONOS does after an install: the stores hold what the last one left. */
    private FudpManager activate(boolean handOver) throws ReflectiveOperationException {
        FudpManager m = new FudpManager();
        m.clock = clock;
        m.autoSchedule = false;
        m.coreService = new TestServices.TestCoreService();
        m.cfgService = new TestServices.TestCfgService();
        m.netcfgRegistry = netcfg;
        m.packetService = packets;
        m.flowRuleService = onosRules;
        m.meterService = new OnosMetersDouble();
        m.hostService = hosts;
        m.pathService = new PathServiceAdapter();
        m.deviceService = new DeviceServiceAdapter();
        m.metricsService = new MetricsManager();
        m.mastershipService = mastership.of(node.id());
        m.storageService = storage;
        m.clusterService = node;
        m.applicationService = applications;
        Field f = AbstractListenerManager.class.getDeclaredField("eventDispatcher");
        f.setAccessible(true);
        f.set(m, new TestServices.SyncEventDispatcher());
        applications.state = ApplicationState.ACTIVE;
        m.activate(ManagerFixture.context(properties(handOver)));
        return m;
    }

    private Map<String, String> properties(boolean handOver) {
        return Map.of(OsgiPropertyConstants.KEY_FILE, keyFile, ON, Boolean.toString(handOver));
    }

    /** {@code onos-app onos uninstall} and the first half of {@code reinstall!}: the app is gone from ONOS's store. */
    private void uninstall(FudpManager m) {
        applications.state = null;
        m.deactivate();
    }

    private List<byte[]> newFrames() {
        List<byte[]> out = packets.controlFrames(emittedSeen);
        emittedSeen = packets.emitted.size();
        return out;
    }

    // A frame from the agent reaches the app as a packet-in on the adjustor port; between two versions, no one's.
    private void fromAgent(byte[] frame) {
        if (packets.processor != null) {
            packetIn(ADJUSTOR, frame);
        }
    }

    private void packetIn(PortNumber port, byte[] frame) {
        packets.packetIn(new ConnectPoint(S1, port), frame);
    }

    private FlowRule ruleFor(FiveTuple t, boolean back) {
        return onosRules.rules().stream().filter(r -> r.selector().toString().contains(":" + t.srcPort() + ",")
                && (r.selector().getCriterion(Criterion.Type.IN_PORT) != null) == back).findFirst().orElseThrow();
    }

    /** The rules ONOS's store holds for the switch, by id, with the switch holding each. */
    private Map<FlowId, Boolean> rulesHeld() {
        Map<FlowId, Boolean> out = new HashMap<>();
        onosRules.rules().forEach(r -> out.put(r.id(), onosRules.onSwitch(r.id()) != null));
        return out;
    }

    /** Sets what the flows carry from now on: TCP sharing what UDP leaves, UDP offering 50 Mbit/s. */
    private void traffic(double udpThroughput) {
        double tcpEach = (10_000_000 - udpThroughput) / 2;
        onosRules.rate(ruleFor(TCP1, false), tcpEach);
        onosRules.rate(ruleFor(TCP2, false), tcpEach);
        onosRules.rate(ruleFor(UDP1, false), 50_000_000);
        onosRules.rate(ruleFor(UDP1, true), udpThroughput);
    }

    /** Lets time run to a moment: ONOS polls the switch on its own clock; the agent hears what was sent. */
    private void to(long t) {
        onosRules.advance(t, -1);
        clock.set(t);
        agent.receive();
    }

    /** One period of the version active, the agent answering as frames arrive. */
    private void period() {
        to(clock.millis() + PERIOD);
        mgr.host().period();
        mgr.host().tick();
        agent.receive();
        agent.heartbeat();
        agent.receive();
    }

    private long heldLimit() {
        return agent.held.stream().filter(l -> l.flow().equals(UDP1)).mapToLong(FlowLimit::rateBps).findFirst()
                .orElse(0);
    }

    private List<String> hostLearning() {
        return netcfg.byKeys.keySet().stream().filter(k -> k.endsWith("/hostLearning")).sorted()
                .collect(Collectors.toList());
    }

    /** The first version learns the flows from packet-ins and limits the UDP flow; the agent holds the limit. */
    private void limitTheUdpFlow() {
        agent.heartbeat();
        agent.receive();
        packetIn(H1_PORT, TestServices.dataPacket(TCP1));
        packetIn(H2_PORT, TestServices.dataPacket(TCP2));
        packetIn(H1_PORT, TestServices.dataPacket(UDP1));
        assertEquals(4, onosRules.rules().size());
        traffic(8_000_000);
        period();
        traffic(3_300_000);
        period();
        period();
        assertTrue(heldLimit() > 0, "the agent limits the UDP flow before the upgrade");
        assertEquals(2, hostLearning().size(), "host learning off on both adjustor ports: " + hostLearning());
    }

    @Test
    void anUpgradeWithHandOverOnDeactivateKeepsTheRulesAndTheLimits() throws Exception {
        mgr = activate(false);
        limitTheUdpFlow();
        // The operator: onos> cfg set org.fudp.impl.FudpManager handOverOnDeactivate true
        mgr.modified(ManagerFixture.context(properties(true)));
        long limit = heldLimit();
        Map<FlowId, Boolean> held = rulesHeld();
        int adds = onosRules.addsSent;
        long sender = agent.appliedFrom.get(0);

        // onos-app onos reinstall! fudp-app-<new>.oar: first the uninstall.
        uninstall(mgr);
        agent.receive();
        assertFalse(agent.received.contains(MessageType.CLEAR_ALL), "the agent is not told to clear");
        assertEquals(limit, heldLimit(), "and keeps its limit");
        assertEquals(held, rulesHeld(), "every rule stays, in ONOS's store and on the switch");
        assertEquals(0, onosRules.removalsAsked, "none is removed");
        assertTrue(new CheckpointStore(storage).read(S1.toString()).isPresent(), "the checkpoint stays");
        assertEquals(2, hostLearning().size(), "host learning stays off on the adjustor ports");
        assertTrue(packets.requested.isEmpty(), "the punts go: no one would take their packets");
        List<Long> epochs = List.copyOf(agent.epochs);

        // The install of the new version takes a few seconds; ONOS polls on, the traffic goes on.
        to(clock.millis() + 3_000);
        assertEquals(held, rulesHeld(), "the rules stay while the UDP flow runs through the adjustor");

        mgr = activate(true);
        agent.receive();
        assertEquals(held, rulesHeld(), "the new version took the rules over");
        assertEquals(adds, onosRules.addsSent, "and installed none again");
        assertEquals(0, onosRules.removalsAsked);
        assertEquals(List.of(sender), agent.appliedFrom, "the same instance, the same sender");
        assertEquals(epochs.size() + 1, agent.epochs.size(), "under a newer epoch: " + agent.epochs);
        assertTrue(agent.epochs.get(epochs.size()) > epochs.get(epochs.size() - 1));
        assertEquals(limit, heldLimit(), "announcing the same limit");
        assertEquals(agent.held.size(), agent.fewestHeld, "the agent never held fewer limits");
        assertEquals(5, packets.requested.size(), "the punts are back: TCP and UDP over IPv4 and IPv6, control");

        period();
        assertEquals(3, mgr.getFlows().size(), "the flows are known without a packet-in");
        period();
        assertEquals(held.keySet(), rulesHeld().keySet(), "no rule installed again or removed in its periods");
        assertEquals(adds, onosRules.addsSent);
        assertTrue(mgr.getAllocations().stream().anyMatch(a -> a.flow().equals(UDP1) && a.acknowledged()),
                "its allocation is acknowledged");
        assertTrue(heldLimit() > 0);
        assertEquals(agent.held.size(), agent.fewestHeld, "the agent never held fewer limits");
        assertFalse(agent.received.contains(MessageType.CLEAR_ALL), "and was never told to clear");

        // Before a final uninstall the operator turns it off: then everything of FUDP's goes.
        mgr.modified(ManagerFixture.context(properties(false)));
        uninstall(mgr);
        agent.receive();
        assertEquals(MessageType.CLEAR_ALL, agent.received.get(agent.received.size() - 1));
        assertTrue(agent.held.isEmpty());
        assertTrue(onosRules.rules().isEmpty(), "the rules go");
        assertTrue(new CheckpointStore(storage).read(S1.toString()).isEmpty(), "the checkpoint goes");
        assertEquals(List.of(), hostLearning(), "the host-learning configs the version before wrote go too");
    }

    @Test
    void withoutItDeactivationClearsAndTheNextVersionStartsAfresh() throws Exception {
        mgr = activate(false);
        limitTheUdpFlow();

        uninstall(mgr);
        agent.receive();
        assertEquals(MessageType.CLEAR_ALL, agent.received.get(agent.received.size() - 1), "the agent is told");
        assertTrue(agent.held.isEmpty(), "it drops its limits");
        assertTrue(onosRules.rules().isEmpty(), "FUDP's rules go");
        assertTrue(new CheckpointStore(storage).read(S1.toString()).isEmpty(), "so does the checkpoint");
        assertEquals(List.of(), hostLearning(), "and the host-learning configs");

        mgr = activate(false);
        agent.receive();
        assertTrue(mgr.getFlows().isEmpty(), "the new version learns the flows again from packet-ins");
        assertTrue(agent.held.isEmpty(), "and limits nothing until its periods decide");
    }

    /** Host learning settings of the operator's own are left alone by either version, hand-over or not. */
    @Test
    void anOperatorsHostLearningSettingIsNotTakenForFudps() throws Exception {
        String back = TestServices.TestNetcfg.keys("ports", new ConnectPoint(S1, BACK), "hostLearning");
        netcfg.byKeys.put(back, netcfg.mapper.createObjectNode().put("enabled", false));
        mgr = activate(true);
        uninstall(mgr);
        mgr = activate(false);
        uninstall(mgr);
        assertEquals(List.of(back), hostLearning(), "the operator's stays, FUDP's goes");
    }
}
