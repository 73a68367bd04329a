// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import com.fasterxml.jackson.databind.JsonNode;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.MutableClock;
import org.onlab.metrics.MetricsManager;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onlab.packet.MacAddress;
import org.onosproject.app.ApplicationState;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.topology.PathServiceAdapter;
import org.fudp.protocol.KeyRing;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The manager on ONOS service doubles, activated with a network config and a key file, for the tests
 * that change its config, its keys or its component properties, here and through the REST API. The
 * config's facility of:…01 has its adjustor on ports 3 and 4 at {@link #ADJUSTOR_MAC}; the test drives
 * periods and ticks itself.
 */
public final class ManagerFixture {

    static final DeviceId S1 = DeviceId.deviceId("of:0000000000000001");
    static final PortNumber ADJUSTOR = PortNumber.portNumber(3);
    static final MacAddress ADJUSTOR_MAC = MacAddress.valueOf("02:00:00:00:00:aa");
    static final long T0 = 1_700_000_000_000L;

    final MutableClock clock = new MutableClock(T0);
    final MetricsManager metrics = new MetricsManager();
    final TestServices.TestCfgService cfg = new TestServices.TestCfgService();
    final TestServices.TestNetcfg netcfg = new TestServices.TestNetcfg();
    final TestServices.TestPacketService packets = new TestServices.TestPacketService();
    final FudpManager mgr = new FudpManager();
    private int seen;

    /**
     * Activates the manager.
     *
     * @param config the FUDP network config in force, JSON
     * @param properties the component properties it starts with
     * @throws ReflectiveOperationException if the event dispatcher cannot be set
     */
    public ManagerFixture(String config, Map<String, String> properties) throws ReflectiveOperationException {
        ClusterDoubles.Mastership mastership = new ClusterDoubles.Mastership();
        ClusterDoubles.Cluster cluster = new ClusterDoubles.Cluster("onos-1");
        ClusterDoubles.Applications applications = new ClusterDoubles.Applications();
        netcfg.current = netcfg.make(config);
        mgr.clock = clock;
        mgr.autoSchedule = false;
        mgr.coreService = new TestServices.TestCoreService();
        mgr.cfgService = cfg;
        mgr.netcfgRegistry = netcfg;
        mgr.packetService = packets;
        mgr.flowRuleService = new TestServices.TestFlowRuleService();
        mgr.meterService = new OnosMetersDouble();
        mgr.hostService = new TestServices.TestHostService();
        mgr.pathService = new PathServiceAdapter();
        mgr.deviceService = new DeviceServiceAdapter();
        mgr.metricsService = metrics;
        mgr.mastershipService = mastership.of(cluster.id());
        mgr.storageService = new org.fudp.store.SharedTestStorageService();
        mgr.clusterService = cluster;
        mgr.applicationService = applications;
        mastership.setMaster(S1, cluster.id());
        applications.state = ApplicationState.INSTALLED;
        Field f = AbstractListenerManager.class.getDeclaredField("eventDispatcher");
        f.setAccessible(true);
        f.set(mgr, new TestServices.SyncEventDispatcher());
        mgr.activate(context(properties));
    }

    static TestServices.TestContext context(Map<String, String> properties) {
        TestServices.TestContext ctx = new TestServices.TestContext();
        ctx.props.putAll(properties);
        return ctx;
    }

    /**
     * Writes a key file that only its owner may read, as an operator should.
     *
     * @param file where
     * @param text its lines
     * @return the file
     * @throws IOException if it cannot be written
     */
    static Path privateFile(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    /** Changes component properties as ONOS does: every property comes with the change. */
    void modified(Map<String, String> properties) {
        mgr.modified(context(properties));
    }

    /**
     * Hands the manager a frame from the facility's adjustor agent.
     *
     * @param payload the frame's payload, as the agent's encoder makes it
     * @throws DeserializationException never, the frame is well formed
     */
    void fromAgent(byte[] payload) throws DeserializationException {
        byte[] frame = EthernetFrame.build(ADJUSTOR_MAC.toBytes(), MacAddress.valueOf("02:fd:00:00:00:01").toBytes(),
                EthernetFrame.DEFAULT_ETHER_TYPE, payload);
        Ethernet eth = Ethernet.deserializer().deserialize(frame, 0, frame.length);
        packets.processor.process(new TestServices.TestPacketContext(
                new DefaultInboundPacket(new ConnectPoint(S1, ADJUSTOR), eth, ByteBuffer.wrap(frame))));
    }

    /**
     * Decodes the control frames sent since the last call as an agent holding these keys would.
     *
     * @param agentKeys the agent's keys
     * @return the messages
     * @throws FrameRejectedException if the agent would reject one (signed with a key it lacks)
     */
    List<ControlMessage> controlMessages(KeyRing agentKeys) throws FrameRejectedException {
        List<ControlMessage> out = new ArrayList<>();
        for (byte[] frame : packets.controlFrames(seen)) {
            out.add(FrameCodec.decode(EthernetFrame.parse(frame).payload(), agentKeys, FrameCodec.MAX_PAYLOAD_BYTES));
        }
        seen = packets.emitted.size();
        return out;
    }

    /**
     * Returns the manager, for a test that serves it over REST.
     *
     * @return the activated manager
     */
    public FudpManager manager() {
        return mgr;
    }

    /**
     * Returns the FUDP network config as ONOS's store holds it now.
     *
     * @return its JSON
     */
    public JsonNode networkConfig() {
        return netcfg.current.node();
    }

    /** Deactivates the manager, unless it was already. */
    public void deactivate() {
        if (packets.processor != null) {
            mgr.deactivate();
        }
    }
}
