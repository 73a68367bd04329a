// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import com.google.common.collect.Iterables;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onlab.metrics.MetricsManager;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.app.ApplicationState;
import org.onosproject.cluster.ClusterEvent;
import org.onosproject.cluster.NodeId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.net.topology.PathServiceAdapter;

import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.fudp.codec.TestFudpService.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three FUDP instances of one ONOS cluster over shared doubles of what a cluster shares (the
 * switch's rules, the mastership of each switch, named storage primitives), and the real agent
 * code on the other end of the facility's adjustor port. Only the master of the facility's switch
 * controls it; when the master goes, the next one takes its flows, limits and predictions over
 * and the agent never holds fewer limits or hears two controllers at once.
 */
class ClusterFailoverTest {

    private static final DeviceId S1 = DeviceId.deviceId("of:0000000000000001");
    private static final PortNumber H1_PORT = PortNumber.portNumber(1);
    private static final PortNumber H2_PORT = PortNumber.portNumber(2);
    private static final PortNumber ADJUSTOR = PortNumber.portNumber(3);
    private static final PortNumber ONWARD = PortNumber.portNumber(5);
    private static final MacAddress ADJUSTOR_MAC = MacAddress.valueOf("02:00:00:00:00:aa");
    private static final int KEY_ID = 7;
    private static final String KEY_HEX = "00112233445566778899aabbccddeeff";
    private static final long T0 = 1_700_000_000_000L;
    private static final long PERIOD = OsgiPropertyConstants.CONTROL_PERIOD_MS_DEFAULT;
    private static final String CONFIG = "{\"facilities\": [{\"deviceId\": \"" + S1 + "\", \"adjustorPort\": 3,"
            + " \"returnPort\": 4, \"adjustorMac\": \"" + ADJUSTOR_MAC + "\", \"keyId\": " + KEY_ID + "}],"
            + " \"bottlenecks\": [{\"name\": \"set1\", \"egress\": \"of:0000000000000002/2\","
            + " \"capacityBps\": 10000000, \"destinations\": [\"10.0.0.4/32\"]}]}";
    private static final FiveTuple TCP1 = tuple(FiveTuple.TCP, "10.0.0.1", 40001, "10.0.0.4", 5201);
    private static final FiveTuple TCP2 = tuple(FiveTuple.TCP, "10.0.0.2", 40002, "10.0.0.4", 5202);
    private static final FiveTuple UDP1 = tuple(FiveTuple.UDP, "10.0.0.1", 40003, "10.0.0.4", 5203);

    @TempDir
    Path tmp;

    private final MutableClock clock = new MutableClock(T0);
    private final ClusterDoubles.Mastership mastership = new ClusterDoubles.Mastership();
    private final org.fudp.store.SharedTestStorageService storage = new org.fudp.store.SharedTestStorageService();
    /** The switch's rules and counters: ONOS's flow rule store is the same on every instance. */
    private final TestServices.TestFlowRuleService rules = new TestServices.TestFlowRuleService();
    private final List<Instance> instances = new ArrayList<>();
    private final RealAgent agent = new RealAgent(clock, KEY_ID, KEY_HEX, this::newFrames, this::toMaster);
    private Path keyFile;

    /** One ONOS instance with FUDP active. */
    private final class Instance {
        final ClusterDoubles.Cluster node;
        final ClusterDoubles.Applications applications = new ClusterDoubles.Applications();
        final TestServices.TestPacketService packets = new TestServices.TestPacketService();
        final TestServices.TestNetcfg netcfg = new TestServices.TestNetcfg();
        final TestServices.TestHostService hosts = new TestServices.TestHostService();
        final FudpManager mgr = new FudpManager();
        int emittedSeen;
        boolean up;

        Instance(String id) {
            node = new ClusterDoubles.Cluster(id);
        }

        void activate(MastershipService m) throws Exception {
            for (String[] h : new String[][]{{"00:00:00:00:00:01", "10.0.0.1", "1"},
                {"00:00:00:00:00:02", "10.0.0.2", "2"}, {"00:00:00:00:00:04", "10.0.0.4", "5"}}) {
                MacAddress mac = MacAddress.valueOf(h[0]);
                hosts.hosts.add(new DefaultHost(new ProviderId("of", "test"), HostId.hostId(mac), mac, VlanId.NONE,
                        new HostLocation(S1, PortNumber.portNumber(h[2]), 0), Set.of(IpAddress.valueOf(h[1]))));
            }
            netcfg.current = netcfg.make(CONFIG);
            mgr.clock = clock;
            mgr.autoSchedule = false;
            mgr.coreService = new TestServices.TestCoreService();
            mgr.cfgService = new TestServices.TestCfgService();
            mgr.netcfgRegistry = netcfg;
            mgr.packetService = packets;
            mgr.flowRuleService = rules;
            mgr.hostService = hosts;
            mgr.pathService = new PathServiceAdapter();
            mgr.deviceService = new DeviceServiceAdapter();
            mgr.metricsService = new MetricsManager();
            mgr.mastershipService = m;
            mgr.storageService = storage;
            mgr.clusterService = node;
            mgr.applicationService = applications;
            Field f = AbstractListenerManager.class.getDeclaredField("eventDispatcher");
            f.setAccessible(true);
            f.set(mgr, new TestServices.SyncEventDispatcher());
            TestServices.TestContext ctx = new TestServices.TestContext();
            ctx.props.put(OsgiPropertyConstants.KEY_FILE, keyFile.toString());
            mgr.activate(ctx);
            up = true;
        }

        /** The instance shuts down; the app stays active in the cluster. */
        void shutDown() {
            applications.state = ApplicationState.ACTIVE;
            mgr.deactivate();
            up = false;
        }

        /** Control frames this instance emitted since the last call. */
        List<byte[]> newFrames() {
            List<byte[]> out = packets.controlFrames(emittedSeen);
            emittedSeen = packets.emitted.size();
            return out;
        }
    }

    /** The control frames the instances sent since the agent last looked, each instance's read in its turn. */
    private Iterable<byte[]> newFrames() {
        return Iterables.concat(Iterables.transform(List.copyOf(instances), Instance::newFrames));
    }

    /** A frame from the agent reaches the controller as a packet-in at the switch's master only. */
    private void toMaster(byte[] frame) {
        master().ifPresent(i -> packetIn(i, ADJUSTOR, frame));
    }


    @BeforeEach
    void setUp() throws Exception {
        keyFile = tmp.resolve("fudp.keys");
        Files.write(keyFile, (KEY_ID + " = " + KEY_HEX + "\n").getBytes(StandardCharsets.UTF_8));
        for (String id : List.of("onos-1", "onos-2", "onos-3")) {
            instances.add(new Instance(id));
        }
        mastership.setMaster(S1, instances.get(0).node.id());
        for (Instance i : instances) {
            i.activate(mastership.of(i.node.id()));
        }
    }

    @AfterEach
    void tearDown() {
        for (Instance i : instances) {
            if (i.up) {
                i.applications.state = ApplicationState.INSTALLED;
                i.mgr.deactivate();
            }
        }
    }

    private java.util.Optional<Instance> master() {
        NodeId m = mastership.of(instances.get(0).node.id()).getMasterFor(S1);
        return instances.stream().filter(i -> i.up && i.node.id().equals(m)).findFirst();
    }

    private static void packetIn(Instance i, PortNumber port, byte[] frame) {
        i.packets.packetIn(new ConnectPoint(S1, port), frame);
    }

    private FlowRule ruleFor(FiveTuple t, boolean back) {
        return rules.rulesOn(S1).stream().filter(r -> r.selector().toString().contains(":" + t.srcPort() + ",")
                && (r.selector().getCriterion(Criterion.Type.IN_PORT) != null) == back).findFirst().orElseThrow();
    }

    /** Lets the switch's counters run one period: TCP at its share, UDP offering 50 Mbit/s. */
    private void traffic(long udpThroughput) {
        long tcpEach = (10_000_000L - udpThroughput) / 2;
        Map<FlowRule, Long> rates = new LinkedHashMap<>();
        rates.put(ruleFor(TCP1, false), tcpEach);
        rates.put(ruleFor(TCP2, false), tcpEach);
        rates.put(ruleFor(UDP1, false), 50_000_000L);
        rates.put(ruleFor(UDP1, true), udpThroughput);
        rates.forEach((r, bps) -> {
            TestServices.TestFlowRuleService.Counter c = rules.counters.computeIfAbsent(r.id(),
                    k -> new TestServices.TestFlowRuleService.Counter(T0));
            c.sampleMs = clock.millis();
            c.bytes += bps / 8 * PERIOD / 1000;
        });
    }

    /** One period on every instance that is up, the agent answering as frames arrive. */
    private void period(long udpThroughput) throws Exception {
        clock.set(clock.millis() + PERIOD);
        traffic(udpThroughput);
        for (Instance i : instances) {
            if (i.up) {
                i.mgr.host().period();
                i.mgr.host().tick();
            }
        }
        agent.receive();
        agent.heartbeat();
        agent.receive();
    }

    private long heldLimit() {
        return agent.held.stream().filter(l -> l.flow().equals(UDP1)).mapToLong(FlowLimit::rateBps).findFirst()
                .orElse(0);
    }

    /** Brings the loop to the point where set1's UDP flow is limited and the agent holds it. */
    private void limitTheUdpFlow() throws Exception {
        agent.heartbeat();
        agent.receive();
        Instance m = master().orElseThrow();
        for (FiveTuple t : List.of(TCP1, TCP2, UDP1)) {
            packetIn(m, t.equals(TCP2) ? H2_PORT : H1_PORT, TestServices.dataPacket(t));
        }
        assertEquals(4, rules.rulesOn(S1).size());
        period(8_000_000L);
        period(3_300_000L);
        period(3_300_000L);
        assertTrue(heldLimit() > 0, "the agent limits the UDP flow before the failover");
    }

    @Test
    void onlyTheMasterControlsAndTheNextMasterTakesOverWithinTwoPeriods() throws Exception {
        limitTheUdpFlow();
        Instance first = instances.get(0);
        long senderA = ComponentSettings.senderId("onos-1");
        assertEquals(List.of(senderA), agent.appliedFrom, "only the master was ever in charge");
        for (Instance i : instances.subList(1, 3)) {
            assertTrue(i.packets.emitted.isEmpty(), i.node.id() + " sent nothing: it is not the master");
        }
        long limitBefore = heldLimit();
        Instance third = instances.get(2);
        assertTrue(third.mgr.getFlow(UDP1).isPresent(), "a standby instance serves the flows from the shared views");
        assertEquals(limitBefore, third.mgr.getAllocations().stream().filter(a -> a.flow().equals(UDP1))
                .findFirst().orElseThrow().toldBps(), "and the allocations");

        first.shutDown();
        assertEquals(4, rules.rulesOn(S1).size(), "a leaving instance leaves the rules");
        assertEquals(limitBefore, heldLimit(), "and the limits");
        mastership.setMaster(S1, instances.get(1).node.id());
        Instance second = instances.get(1);
        agent.receive();
        long senderB = ComponentSettings.senderId("onos-2");
        assertEquals(senderB, (long) agent.appliedFrom.get(agent.appliedFrom.size() - 1),
                "the new master's snapshot is applied at once");
        assertEquals(limitBefore, heldLimit(), "with the same limit");
        assertEquals(agent.held.size(), agent.fewestHeld, "the agent never held fewer limits");

        period(3_300_000L);
        period(3_300_000L);
        assertEquals(4, rules.rulesOn(S1).size(), "no rule installed twice or removed");
        assertTrue(second.mgr.getAllocations().stream().anyMatch(a -> a.flow().equals(UDP1) && a.acknowledged()),
                "the new master's allocation is acknowledged within two periods");
        assertTrue(third.mgr.getAllocations().stream().anyMatch(a -> a.flow().equals(UDP1) && a.acknowledged()),
                "as the standby instance sees it");
        assertTrue(instances.get(2).packets.emitted.isEmpty(), "the third instance never sent anything");
        assertEquals(List.of(senderA, senderB), agent.appliedFrom, "one controller after the other, never back");
        assertEquals(agent.held.size(), agent.fewestHeld, "the agent never held fewer limits");
    }

    @Test
    void aCutOffOldMasterCanNeitherWriteNorOverrideTheNewOne() throws Exception {
        limitTheUdpFlow();
        Instance old = instances.get(0);
        // onos-1 is cut off: it hears no mastership event, so it goes on as the master it was.
        mastership.cutOff(old.node.id());
        mastership.setMaster(S1, instances.get(1).node.id());
        agent.receive();
        long senderB = ComponentSettings.senderId("onos-2");
        assertEquals(List.of(ComponentSettings.senderId("onos-1"), senderB), agent.appliedFrom);
        long limitBefore = heldLimit();

        // The old master goes on with its periods, and even changes its mind about the limit; its
        // first period after the cut is the last: its checkpoint is refused, and it stops.
        period(6_000_000L);
        int sentByOld = old.packets.emitted.size();
        period(3_300_000L);
        period(3_300_000L);
        assertEquals(sentByOld, old.packets.emitted.size(), "the old master sent nothing more");
        assertTrue(old.mgr.getControlStatus().periodsRun() > 0);
        assertEquals(List.of(ComponentSettings.senderId("onos-1"), senderB), agent.appliedFrom,
                "the old master never took the agent back");
        assertNotEquals(0, heldLimit(), "limited throughout, at " + limitBefore + " then " + heldLimit());
    }

    @Test
    void aWholeClusterRestartResumesFromTheSharedState() throws Exception {
        limitTheUdpFlow();
        long limitBefore = heldLimit();
        for (Instance i : instances) {
            i.shutDown();
        }
        instances.clear();
        for (String id : List.of("onos-1", "onos-2", "onos-3")) {
            instances.add(new Instance(id));
        }
        mastership.setMaster(S1, instances.get(2).node.id());
        for (Instance i : instances) {
            i.activate(mastership.of(i.node.id()));
        }
        agent.receive();
        assertEquals(limitBefore, heldLimit(), "the restarted cluster announces the same limits");
        assertEquals(ComponentSettings.senderId("onos-3"), (long) agent.appliedFrom.get(agent.appliedFrom.size() - 1));
        period(3_300_000L);
        assertFalse(instances.get(2).mgr.getFlows().isEmpty(), "its flows are known without a packet-in");
        assertEquals(4, rules.rulesOn(S1).size());
    }

    /**
     * Issue 33: an instance that came up late on a live cluster answered {@code {"agents":[]}} for minutes
     * while the others showed the facility. Here onos-3 starts again before it and the others see each
     * other ACTIVE (its maps start empty, no write reaches it), then they do: the facility's view, its agent
     * and its set do not change, so no period writes them again. When onos-1 hears that onos-3 came up, the
     * instances write their views again, and onos-3 shows what the others show at once.
     */
    @Test
    void anInstanceThatComesUpLateShowsWhatTheOthersShowOnceTheySeeIt() throws Exception {
        limitTheUdpFlow();
        Instance first = instances.get(0);
        instances.get(2).shutDown();
        storage.startUnseen();
        Instance late = new Instance("onos-3");
        instances.set(2, late);
        late.activate(mastership.of(late.node.id()));
        assertTrue(late.mgr.getAgents().isEmpty(), "what the live cluster answered");

        storage.seen();
        assertTrue(late.mgr.getFacilityStates().isEmpty(), "seen, but nothing it missed was written again");
        first.node.heard(ClusterEvent.Type.INSTANCE_ACTIVATED, late.node);
        for (Instance i : instances) {
            assertEquals(Set.copyOf(first.mgr.getAgents()), Set.copyOf(i.mgr.getAgents()), i.node.id().id());
            assertEquals(Set.copyOf(first.mgr.getFacilityStates()), Set.copyOf(i.mgr.getFacilityStates()));
            assertEquals(Set.copyOf(first.mgr.getCorrelationFlowSets()), Set.copyOf(i.mgr.getCorrelationFlowSets()));
            assertEquals(Set.copyOf(first.mgr.getAllocations()), Set.copyOf(i.mgr.getAllocations()));
        }
        assertEquals("onos-1", late.mgr.getFacilityState(S1).orElseThrow().controller());
        assertEquals(1, late.mgr.getCorrelationFlowSets().size());
    }
}
