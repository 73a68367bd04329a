// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.network.BottleneckTable;
import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.commands.FrameOut;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.enforce.AdjustorChannel;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.Hex;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.LimitEntry;
import org.fudp.protocol.MessageType;
import org.fudp.protocol.MutableClock;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A loop with a one-switch network, a switch that keeps the loop's rules and their counters, and
 * an adjustor agent that decodes what the loop emits: the one fixture of the loop's tests.
 * <p>
 * The network: hosts 10.0.0.1 and 10.0.0.2 on ports 1 and 2, 10.0.0.3 and 10.0.0.4 behind port 5;
 * the adjustor on ports 3 (to it) and 4 (back); two configured bottlenecks of 10 Mbit/s,
 * set1 in front of 10.0.0.4 and set2 in front of 10.0.0.3.
 * </p>
 */
public final class LoopHarness {

    public static final String S1 = "of:0000000000000001";
    public static final long H1 = 1;
    public static final long H2 = 2;
    public static final long ADJUSTOR = 3;
    public static final long BACK = 4;
    public static final long ONWARD = 5;
    public static final int KEY_ID = 7;
    public static final String KEY_HEX = "00112233445566778899aabbccddeeff";
    public static final byte[] ADJUSTOR_MAC = {0x02, 0, 0, 0, 0, (byte) 0xad};
    public static final long CAPACITY = 10_000_000L;
    public static final String SET1 = "bottleneck:set1";
    public static final String SET2 = "bottleneck:set2";
    public static final long T0 = 1_800_000_000_000L;
    public static final long PERIOD = 5_000;
    public static final long AGENT_ID = 0xA6E7L;

    public static final FiveTuple TCP1 = tuple("tcp-10.0.0.1-40001-10.0.0.4-5201");
    public static final FiveTuple TCP2 = tuple("tcp-10.0.0.2-40002-10.0.0.4-5202");
    public static final FiveTuple UDP1 = tuple("udp-10.0.0.1-40003-10.0.0.4-5203");

    public static final Facility FACILITY = new Facility(S1, ADJUSTOR, BACK, ADJUSTOR_MAC, KEY_ID);

    /** The network as the host would describe it. */
    public static final class Network implements NetworkView {
        public final Map<InetAddress, Long> ports = new HashMap<>();
        public BottleneckTable bottlenecks;

        @Override
        public OptionalLong onwardPort(String facilityId, InetAddress dst, long dstMac) {
            Long p = ports.get(dst);
            return p == null || !S1.equals(facilityId) ? OptionalLong.empty() : OptionalLong.of(p);
        }

        @Override
        public Optional<CfsAssignment> cfsOf(String facilityId, InetAddress dst) {
            return bottlenecks.lookup(dst);
        }

        @Override
        public AddressPrefix aggregatePrefix(String facilityId, InetAddress dst, long onwardPort) {
            return bottlenecks.sharedPrefix(facilityId, dst, onwardPort).orElse(AddressPrefix.of(dst));
        }
    }

    /** One rule on the switch with its counter. */
    public static final class Counter {
        public long bytes;
        public long sampleMs;
        public long installedMs;
    }

    public final MutableClock agentClock = new MutableClock(T0);
    public final KeyRing agentKeys = KeyRing.of(KEY_ID, Hex.decode(KEY_HEX));
    public final FrameEncoder agent = new FrameEncoder(agentKeys, AGENT_ID, 1, 0, agentClock);
    public final Network network = new Network();
    public final Map<Long, RuleSpec> rules = new LinkedHashMap<>();
    public final Map<Long, Counter> counters = new HashMap<>();
    public final Map<String, Counter> onSwitch;
    public final List<FrameOut> frames = new ArrayList<>();
    public final List<Actions> history = new ArrayList<>();
    public final FudpLoop loop;
    public long now = T0;
    public long agentSnapshot;
    private int framesSeen;

    public LoopHarness() {
        this(LoopSettings.defaults());
    }

    public LoopHarness(LoopSettings settings) {
        this(settings, T0, new HashMap<>(), List.of(FACILITY));
    }

    /**
     * Creates a harness whose loop shares a switch with other harnesses' loops, as the ONOS
     * instances of a cluster share the switches.
     *
     * @param settings the loop's settings
     * @param epoch the loop's epoch
     * @param onSwitch the switch's counters by rule (flow and role), shared
     * @param facilities the facilities the loop starts with
     */
    public LoopHarness(LoopSettings settings, long epoch, Map<String, Counter> onSwitch, List<Facility> facilities) {
        this.onSwitch = onSwitch;
        network.ports.put(address("10.0.0.1"), H1);
        network.ports.put(address("10.0.0.2"), H2);
        network.ports.put(address("10.0.0.3"), ONWARD);
        network.ports.put(address("10.0.0.4"), ONWARD);
        capacity(CAPACITY);
        loop = new FudpLoop(settings, network, KEY_ID + " = " + KEY_HEX + "\n", epoch);
        apply(loop.setFacilities(now, facilities));
    }

    /**
     * Gives both bottlenecks another capacity.
     *
     * @param bps bit/s
     */
    public void capacity(long bps) {
        network.bottlenecks = new BottleneckTable(List.of(
                new BottleneckTable.Entry("set1", bps, S1 + "/5", null,
                        List.of(AddressPrefix.parse("t", "10.0.0.4/32"))),
                new BottleneckTable.Entry("set2", bps, S1 + "/5", null,
                        List.of(AddressPrefix.parse("t", "10.0.0.3/32")))));
    }

    public static FiveTuple tuple(String id) {
        return FlowIds.parse("test", id);
    }

    public static InetAddress address(String text) {
        return FlowIds.address("test", text);
    }


    /** Executes what the loop returned, as a host would. */
    public Actions apply(Actions a) {
        for (RuleSpec r : a.rulesToRemove()) {
            rules.remove(r.key());
            counters.remove(r.key());
            onSwitch.remove(r.flow() + "/" + r.role());
        }
        for (RuleSpec r : a.rulesToAdd()) {
            rules.put(r.key(), r);
            Counter c = new Counter();
            c.installedMs = now;
            c.sampleMs = now;
            counters.put(r.key(), c);
            onSwitch.put(r.flow() + "/" + r.role(), c);
        }
        for (RuleSpec r : a.rulesToModify()) {
            // In place: the same rule, another treatment; its counter goes on.
            rules.replace(r.key(), r);
        }
        for (RuleSpec r : a.rulesTakenOver()) {
            assertTrue(onSwitch.containsKey(r.flow() + "/" + r.role()), "taken over but not on the switch: " + r);
            rules.put(r.key(), r);
            counters.put(r.key(), onSwitch.get(r.flow() + "/" + r.role()));
        }
        for (RuleSpec r : a.rulesHandedOver()) {
            rules.remove(r.key());
            counters.remove(r.key());
        }
        frames.addAll(a.frames());
        history.add(a);
        return a;
    }

    public void at(long ms) {
        now = ms;
        agentClock.set(ms);
    }

    public Actions packetIn(FiveTuple t, long inPort) {
        return apply(loop.packetIn(now, new PacketIn(S1, inPort, t, PacketIn.NO_MAC, false)));
    }

    public Actions closing(FiveTuple t, long inPort) {
        return apply(loop.packetIn(now, new PacketIn(S1, inPort, t, PacketIn.NO_MAC, true)));
    }

    /** Runs a period with every rule's counter as read now. */
    public Actions period() {
        return apply(loop.period(now, readCounters()));
    }

    /** Hands the loop a statistics poll between periods, with every rule's counter as read now. */
    public Actions poll() {
        return apply(loop.poll(now, readCounters()));
    }

    public Actions tick() {
        return apply(loop.tick(now));
    }

    public List<RuleCounter> readCounters() {
        List<RuleCounter> out = new ArrayList<>();
        counters.forEach((k, c) -> out.add(new RuleCounter(k, c.sampleMs, c.bytes, c.sampleMs - c.installedMs)));
        return out;
    }

    public RuleSpec rule(FiveTuple t, RuleSpec.Role role) {
        return rules.values().stream().filter(r -> r.flow().equals(t) && r.role() == role).findFirst()
                .orElse(null);
    }

    /** Lets a rule's counter run at a rate until now. */
    public void flow(FiveTuple t, RuleSpec.Role role, double bps) {
        Counter c = counters.get(rule(t, role).key());
        c.bytes += Math.round(bps * (now - c.sampleMs) / 8000.0);
        c.sampleMs = now;
    }

    /** Frames from the agent. */
    public Actions fromAgent(byte[] payload) {
        byte[] frame = EthernetFrame.build(ADJUSTOR_MAC, AdjustorChannel.CONTROLLER_MAC,
                EthernetFrame.DEFAULT_ETHER_TYPE, payload);
        return apply(loop.controlFrame(now, S1, frame));
    }

    public Actions heartbeat() {
        return fromAgent(agent.heartbeat(agentSnapshot));
    }

    public Actions ack(ControlMessage m) {
        return ack(m, AckResult.APPLIED);
    }

    public Actions ack(ControlMessage m, AckResult result) {
        if (result == AckResult.APPLIED) {
            agentSnapshot = m.header().snapshotId();
        }
        return fromAgent(agent.ack(new AckStatus(m.type(), result, m.header().senderId(),
                m.header().epoch(), m.header().sequence(), m.header().snapshotId(), m.header().sequence(),
                m.entries().size(), 1, Map.of())));
    }

    /** Decodes every frame emitted since the last call, as the agent would; heartbeats only if asked. */
    public List<ControlMessage> newMessages(boolean withHeartbeats) {
        List<ControlMessage> out = new ArrayList<>();
        for (; framesSeen < frames.size(); framesSeen++) {
            FrameOut f = frames.get(framesSeen);
            assertEquals(S1, f.facilityId());
            assertEquals(ADJUSTOR, f.port());
            EthernetFrame eth = EthernetFrame.parse(f.frame());
            try {
                ControlMessage m = FrameCodec.decode(eth.payload(), agentKeys, FrameCodec.MAX_PAYLOAD_BYTES);
                if (withHeartbeats || m.type() != MessageType.HEARTBEAT) {
                    out.add(m);
                }
            } catch (FrameRejectedException e) {
                throw new AssertionError("the loop emitted a frame the agent rejects: " + e.getMessage(), e);
            }
        }
        return out;
    }

    public List<ControlMessage> newMessages() {
        return newMessages(false);
    }

    public static Map<FiveTuple, Long> limits(ControlMessage m) {
        Map<FiveTuple, Long> limits = new LinkedHashMap<>();
        for (LimitEntry e : m.entries()) {
            limits.put(e.flow(), e.rateBps());
        }
        return limits;
    }

    /** The latest published view of a set, across every action so far. */
    public CorrelationFlowSet cfs(String id) {
        CorrelationFlowSet v = null;
        for (Actions a : history) {
            if (a.cfss().containsKey(id)) {
                v = a.cfss().get(id);
            }
            if (a.cfssGone().contains(id)) {
                v = null;
            }
        }
        return v;
    }

    public AgentState agentView() {
        AgentState v = null;
        for (Actions a : history) {
            v = a.agents().getOrDefault(S1, v);
        }
        return v;
    }

    public List<DecisionRecord> decisions(String cfsId) {
        List<DecisionRecord> out = new ArrayList<>();
        for (Actions a : history) {
            a.decisions().stream().filter(d -> d.cfsId().equals(cfsId)).forEach(out::add);
        }
        return out;
    }

    /** Brings the agent up and acknowledges the empty state it gets first. */
    public void agentUp() {
        heartbeat();
        List<ControlMessage> hello = newMessages();
        assertEquals(1, hello.size());
        ack(hello.get(0));
    }
}
