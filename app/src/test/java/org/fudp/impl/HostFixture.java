// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.FudpEvent;
import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.network.CfsKind;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.FudpLoop;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.protocol.MutableClock;
import org.fudp.store.CheckpointStore;
import org.onlab.metrics.MetricsManager;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.MeterService;
import org.onosproject.store.service.StorageService;
import org.onosproject.net.packet.PacketPriority;

import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.OptionalLong;
import java.util.concurrent.Executor;

/**
 * The loop hosted as the manager hosts it, on ONOS service doubles, without the manager: the
 * one fixture of the adapter tests. One facility, of:…01, adjustor on ports 3 and 4; every
 * destination is on port 5 and in one set, "set1".
 */
final class HostFixture {

    static final DeviceId S1 = DeviceId.deviceId("of:0000000000000001");
    static final long T0 = 1_800_000_000_000L;
    static final int KEY_ID = 7;
    static final String KEYS = KEY_ID + " = 00112233445566778899aabbccddeeff\n";
    static final Facility FACILITY = new Facility(S1.toString(), 3, 4, new byte[]{2, 0, 0, 0, 0, (byte) 0xaa},
            KEY_ID);

    final MutableClock clock = new MutableClock(T0);
    final TestServices.TestPacketService packets = new TestServices.TestPacketService();
    final TestServices.TestFlowRuleService rules = new TestServices.TestFlowRuleService();
    final SimpleFudpStore store = new SimpleFudpStore(10);
    final MetricsManager metrics = new MetricsManager();
    final List<FudpEvent> events = new ArrayList<>();
    final NetworkView network;
    final LoopHost host;
    final PacketAdapter packetAdapter;
    /** The loop's thread: runs each event as it is queued, unless a test holds it. */
    final HeldExecutor loopThread = new HeldExecutor();

    HostFixture() {
        this(null);
    }

    /**
     * Creates the fixture with another flow rule service in place of the recording one.
     *
     * @param flowRules the flow rule service the host uses, null for {@link #rules}
     */
    HostFixture(FlowRuleService flowRules) {
        this(FACILITY, flowRules, new OnosMetersDouble());
    }

    /**
     * Creates the fixture for one facility, with these ONOS services.
     *
     * @param facility the one facility
     * @param flowRules the flow rule service the host uses, null for {@link #rules}
     * @param meters the meter service the host uses
     */
    HostFixture(Facility facility, FlowRuleService flowRules, MeterService meters) {
        this(facility, flowRules, meters, new org.fudp.store.SharedTestStorageService());
    }

    /**
     * Creates the fixture as one instance of a cluster: the storage is what the instances share.
     *
     * @param facility the one facility
     * @param flowRules the flow rule service the host uses, null for {@link #rules}
     * @param meters the meter service the host uses
     * @param storage where the instances leave their checkpoints
     */
    HostFixture(Facility facility, FlowRuleService flowRules, MeterService meters, StorageService storage) {
        store.setDelegate(events::add);
        network = new NetworkView() {
            @Override
            public OptionalLong onwardPort(String facilityId, InetAddress dst, long dstMac) {
                return OptionalLong.of(5);
            }

            @Override
            public Optional<CfsAssignment> cfsOf(String facilityId, InetAddress dst) {
                return Optional.of(new CfsAssignment("set1", CfsKind.CONFIGURED, 10_000_000, null, null));
            }
        };
        FudpLoop loop = new FudpLoop(LoopSettings.defaults(), network, KEYS, T0);
        host = new LoopHost(loop, clock, loopThread,
                new RuleAdapter(flowRules == null ? rules : flowRules, TestServices.TestCoreService.APP_ID,
                        clock::millis),
                outcome -> new MeterAdapter(meters, TestServices.TestCoreService.APP_ID, outcome),
                new AdjustorLink(packets), new StatePublisher(store), new LoopMetrics(metrics),
                new CheckpointStore(storage));
        host.control(List.of(facility), Set.of(facility.id()));
        packetAdapter = new PacketAdapter(packets, TestServices.TestCoreService.APP_ID, host, network);
        packetAdapter.start();
        packetAdapter.setFacilities(List.of(facility), 0x88b5, PacketPriority.MEDIUM, Set.of());
    }

    /**
     * Plays the facility's adjustor agent: applies every snapshot the loop sent since the last call
     * and acknowledges it, as the real agent does (heartbeats answered, never mind).
     */
    void agentAppliesAll() {
        org.fudp.protocol.KeyRing keys = org.fudp.protocol.KeyRing.parse(KEYS);
        org.fudp.protocol.FrameEncoder agent = new org.fudp.protocol.FrameEncoder(keys, 0xA6E7L, 1, 0,
                new MutableClock(clock.millis()));
        for (; agentSeen < packets.emitted.size(); agentSeen++) {
            java.nio.ByteBuffer data = packets.emitted.get(agentSeen).data().duplicate();
            byte[] frame = new byte[data.remaining()];
            data.get(frame);
            org.fudp.protocol.EthernetFrame eth = org.fudp.protocol.EthernetFrame.parse(frame);
            if (eth.etherType() != org.fudp.protocol.EthernetFrame.DEFAULT_ETHER_TYPE) {
                continue;
            }
            org.fudp.protocol.ControlMessage m;
            try {
                m = org.fudp.protocol.FrameCodec.decode(eth.payload(), keys,
                        org.fudp.protocol.FrameCodec.MAX_PAYLOAD_BYTES);
            } catch (org.fudp.protocol.FrameRejectedException e) {
                throw new AssertionError("the loop sent a frame the agent rejects", e);
            }
            long snapshot = m.type() == org.fudp.protocol.MessageType.HEARTBEAT ? agentSnapshot
                    : m.header().snapshotId();
            byte[] reply = m.type() == org.fudp.protocol.MessageType.HEARTBEAT ? agent.heartbeat(agentSnapshot)
                    : agent.ack(new org.fudp.protocol.AckStatus(m.type(), org.fudp.protocol.AckResult.APPLIED,
                    m.header().senderId(), m.header().epoch(), m.header().sequence(), snapshot,
                    m.header().sequence(), m.entries().size(), 1, java.util.Map.of()));
            agentSnapshot = snapshot;
            host.controlFrame(S1.toString(), org.fudp.protocol.EthernetFrame.build(FACILITY_MAC,
                    new byte[]{2, (byte) 0xfd, 0, 0, 0, 1}, org.fudp.protocol.EthernetFrame.DEFAULT_ETHER_TYPE, reply));
        }
    }

    private static final byte[] FACILITY_MAC = {2, 0, 0, 0, 0, (byte) 0xaa};
    private int agentSeen;
    private long agentSnapshot;

    /**
     * Runs tasks on the caller's thread at once, or, while held, queues them until released:
     * lets a test see what is done before and after the loop's thread gets to an event.
     */
    static final class HeldExecutor implements Executor {
        private final Deque<Runnable> queue = new ArrayDeque<>();
        private boolean held;

        @Override
        public void execute(Runnable r) {
            if (held) {
                queue.add(r);
            } else {
                r.run();
            }
        }

        void hold() {
            held = true;
        }

        int queued() {
            return queue.size();
        }

        void release() {
            held = false;
            while (!queue.isEmpty()) {
                queue.poll().run();
            }
        }
    }
}
