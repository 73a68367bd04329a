// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.fudp.agent.config.AgentConfig;
import org.fudp.agent.control.FakeShaper;
import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.agent.net.FrameChannel;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.MutableClock;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.Hex;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon's frame path without a real interface: frames in, tc state and ACK frames out.
 */
class AgentDaemonTest {

    private static final byte[] CONTROLLER_MAC = EthernetFrame.parseMac("02:00:00:00:00:07");
    private static final byte[] AGENT_MAC = EthernetFrame.parseMac("02:00:00:00:00:99");
    /** A forger's, or a newer controller's. */
    private static final byte[] OTHER_MAC = EthernetFrame.parseMac("02:00:00:00:00:08");
    private static final String KEY1 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    @TempDir
    Path dir;

    /** Records frames sent; receives nothing. */
    static final class RecordingChannel implements FrameChannel {
        final List<byte[]> sent = new ArrayList<>();

        @Override
        public void receive(java.util.function.Consumer<byte[]> handler) {
            // Tests call AgentDaemon.onFrame directly.
        }

        @Override
        public void stopReceiving() {
        }

        @Override
        public void send(byte[] frame) {
            sent.add(frame);
        }

        @Override
        public byte[] localMac() {
            return AGENT_MAC.clone();
        }

        @Override
        public void close() {
        }
    }

    private final MutableClock clock = new MutableClock();
    private final FakeShaper shaper = new FakeShaper();
    private final RecordingChannel channel = new RecordingChannel();
    private final AgentMetrics metrics = new AgentMetrics();
    /** Configuration keys a test adds to the daemon's. */
    private final Properties extra = new Properties();

    private AgentDaemon daemon() throws Exception {
        return daemon(channel, "1000");
    }

    private AgentDaemon daemon(FrameChannel ch, String heartbeatMillis) throws Exception {
        return daemon(ch, heartbeatMillis, shaper);
    }

    private AgentDaemon daemon(FrameChannel ch, String heartbeatMillis, org.fudp.agent.tc.FlowShaper s)
            throws Exception {
        Path keys = dir.resolve("keys");
        Files.writeString(keys, "1 = " + KEY1 + "\n");
        Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rw-------"));
        Properties p = new Properties();
        p.setProperty("control.interface", "a0");
        p.setProperty("shape.interface", "a1");
        p.setProperty("keys.file", keys.toString());
        p.setProperty("replay.max-clock-skew-ms", "0");
        p.setProperty("heartbeat.period-ms", heartbeatMillis);
        p.putAll(extra);
        AgentConfig cfg = AgentConfig.parse(p, "test", dir);
        return new AgentDaemon(cfg, s, ch, metrics, 99, clock, null);
    }

    private static byte[] frame(byte[] payload) {
        return frameFrom(CONTROLLER_MAC, payload);
    }

    private static byte[] frameFrom(byte[] sourceMac, byte[] payload) {
        return EthernetFrame.build(AGENT_MAC, sourceMac, 0x88B5, payload);
    }

    private static JsonNode vectors() throws IOException {
        try (InputStream in = AgentDaemonTest.class.getResourceAsStream("/org/fudp/protocol/test-vectors.json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    private static byte[] vector(JsonNode root, String name) {
        for (JsonNode v : root.get("frames")) {
            if (v.get("name").asText().equals(name)) {
                return Hex.decode(v.get("payload").asText());
            }
        }
        throw new IllegalArgumentException(name);
    }

    @Test
    void sharedVectorSnapshotLimitsItsFlowsAndIsAckedToTheController() throws Exception {
        AgentDaemon d = daemon();
        JsonNode root = vectors();
        d.onFrame(frame(vector(root, "snapshot-ipv4")));
        assertEquals(2, shaper.current().size());
        Set<Long> rates = new java.util.HashSet<>();
        for (FlowLimit l : shaper.current()) {
            rates.add(l.rateBps());
        }
        assertEquals(Set.of(10_000_000L, 5_000_000L), rates);
        assertEquals(1, channel.sent.size());
        EthernetFrame ack = EthernetFrame.parse(channel.sent.get(0));
        assertArrayEquals(CONTROLLER_MAC, ack.dst(), "ACK goes back to the controller's MAC");
        assertArrayEquals(AGENT_MAC, ack.src());
        ControlMessage m = FrameCodec.decode(ack.payload(), KeyRing.of(1, Hex.decode(KEY1)), 9000);
        assertEquals(MessageType.ACK, m.type());
        assertEquals(AckResult.APPLIED, m.ack().orElseThrow().result());
        assertEquals(42, m.ack().orElseThrow().lastAppliedSnapshotId());
        assertEquals(99, m.header().senderId());
    }

    @Test
    void invalidSharedVectorsChangeNothingAndAreCounted() throws Exception {
        AgentDaemon d = daemon();
        JsonNode root = vectors();
        for (JsonNode v : root.get("invalid")) {
            d.onFrame(frame(Hex.decode(v.get("payload").asText())));
        }
        assertTrue(shaper.applied().isEmpty());
        assertTrue(channel.sent.isEmpty(), "rejected frames are never answered");
        String text = metrics.render();
        assertTrue(text.contains("fudp_agent_frames_rejected_total{reason=\"bad_mac\"} 1"), text);
        assertTrue(text.contains("fudp_agent_frames_rejected_total{reason=\"truncated\"} 1"), text);
        assertTrue(text.contains("fudp_agent_frames_received_total 6"), text);
    }

    @Test
    void forgedAndReplayedFramesChangeNothing() throws Exception {
        AgentDaemon d = daemon();
        KeyRing keys = KeyRing.of(1, Hex.decode(KEY1));
        FrameEncoder controller = new FrameEncoder(keys, 7, 1, 0, clock);
        FlowLimit limit = org.fudp.agent.send.FlowSpecs.limit("udp,10.0.0.1,1,10.0.1.2,5201,10M");
        byte[] snapshot = controller.snapshot(1, List.of(limit), 1500).get(0);
        d.onFrame(frame(snapshot));
        assertEquals(1, shaper.applied().size());

        FrameEncoder forger = new FrameEncoder(KeyRing.of(1, new byte[32]), 7, 1, 100, clock);
        d.onFrame(frame(forger.clearAll(2)));
        d.onFrame(frame(snapshot));
        assertEquals(1, shaper.applied().size());
        assertEquals(1, shaper.current().size());
        String text = metrics.render();
        assertTrue(text.contains("reason=\"bad_mac\"} 1"), text);
        assertTrue(text.contains("reason=\"replay_sequence\"} 1"), text);
        assertTrue(text.contains("fudp_agent_flows_limited 1"), text);
    }

    /** The destination MAC and message of the i-th frame the agent sent. */
    private EthernetFrame sentFrame(int i) {
        return EthernetFrame.parse(channel.sent.get(i));
    }

    private static MessageType type(EthernetFrame f) throws Exception {
        return FrameCodec.decode(f.payload(), KeyRing.of(1, Hex.decode(KEY1)), 9000).type();
    }

    /** Issue 25: a broadcast before a controller spoke was flooded, and ONOS learnt the adjustor as a host. */
    @Test
    void sendsNothingUntilAnAuthenticControllerFrameThenHeartbeatsToItsMac() throws Exception {
        AgentDaemon d = daemon();
        d.heartbeat();
        clock.advance(11_000);
        d.tick();
        assertTrue(channel.sent.isEmpty(), "no heartbeat, no fail-safe STATUS ACK before a controller spoke");
        assertTrue(d.control().failSafeActive(), "the fail-safe still acts on the silence");
        String text = metrics.render();
        assertTrue(text.contains("fudp_agent_heartbeats_sent_total 0\n"), text);
        assertTrue(text.contains("fudp_agent_waiting_for_controller 1\n"), text);

        FrameEncoder forger = new FrameEncoder(KeyRing.of(1, new byte[32]), 7, 1, 0, clock);
        d.onFrame(frameFrom(OTHER_MAC, forger.heartbeat(0)));
        d.heartbeat();
        assertTrue(channel.sent.isEmpty(), "a frame that fails authentication teaches no address");
        assertTrue(metrics.render().contains("reason=\"bad_mac\"} 1"));

        FrameEncoder controller = new FrameEncoder(KeyRing.of(1, Hex.decode(KEY1)), 7, 1, 0, clock);
        d.onFrame(frame(controller.heartbeat(0)));
        assertFalse(d.control().failSafeActive(), "the controller's heartbeat ends the fail-safe");
        d.heartbeat();
        assertEquals(1, channel.sent.size(), "a controller's heartbeat gets no ACK, then one heartbeat a period");
        assertArrayEquals(CONTROLLER_MAC, sentFrame(0).dst(), "heartbeats go to the controller's MAC");
        assertEquals(MessageType.HEARTBEAT, type(sentFrame(0)));
        text = metrics.render();
        assertTrue(text.contains("fudp_agent_heartbeats_sent_total 1\n"), text);
        assertTrue(text.contains("fudp_agent_waiting_for_controller 0\n"), text);
    }

    @Test
    void afterAControllerChangeHeartbeatsGoToTheControllerInCharge() throws Exception {
        AgentDaemon d = daemon();
        KeyRing keys = KeyRing.of(1, Hex.decode(KEY1));
        d.onFrame(frame(new FrameEncoder(keys, 7, 1, 0, clock).snapshot(1, List.of(), 1500).get(0)));
        FrameEncoder newer = new FrameEncoder(keys, 8, 2, 0, clock);
        d.onFrame(frameFrom(OTHER_MAC, newer.heartbeat(0)));
        d.heartbeat();
        d.onFrame(frameFrom(OTHER_MAC, newer.snapshot(1, List.of(), 1500).get(0)));
        d.heartbeat();
        assertEquals(4, channel.sent.size());
        assertArrayEquals(CONTROLLER_MAC, sentFrame(0).dst(), "the first snapshot's ACK");
        assertArrayEquals(CONTROLLER_MAC, sentFrame(1).dst(), "a newer controller's heartbeat does not move them");
        assertArrayEquals(OTHER_MAC, sentFrame(2).dst(), "its snapshot puts it in charge: the ACK");
        assertEquals(MessageType.ACK, type(sentFrame(2)));
        assertArrayEquals(OTHER_MAC, sentFrame(3).dst(), "and the heartbeats after it");
        assertEquals(MessageType.HEARTBEAT, type(sentFrame(3)));
    }

    @Test
    void aConfiguredPeerMacIsAddressedFromTheStart() throws Exception {
        extra.setProperty("control.peer-mac", "02:00:00:00:00:0c");
        AgentDaemon d = daemon();
        d.heartbeat();
        assertEquals(1, channel.sent.size());
        assertArrayEquals(EthernetFrame.parseMac("02:00:00:00:00:0c"), sentFrame(0).dst());
        assertTrue(metrics.render().contains("fudp_agent_waiting_for_controller 0\n"));
    }

    @Test
    void framesLeaveInSequenceOrderWhileAcksAndHeartbeatsRace() throws Exception {
        KeyRing keys = KeyRing.of(1, Hex.decode(KEY1));
        FrameEncoder controller = new FrameEncoder(keys, 7, 1, 0, clock);
        SentFrames sent = new SentFrames(keys);
        java.util.concurrent.CountDownLatch stop = new java.util.concurrent.CountDownLatch(1);
        FrameChannel racing = new ThreadedChannel(sent, stop) {
            @Override
            public void receive(java.util.function.Consumer<byte[]> handler) throws java.io.IOException {
                FlowLimit l = org.fudp.agent.send.FlowSpecs.limit("udp,10.0.0.1,1,10.0.1.2,5201,10M");
                for (int i = 1; i <= 200; i++) {
                    handler.accept(frame(controller.snapshot(i, List.of(l), 1500).get(0)));
                    if (i % 20 == 0) {
                        // Let a heartbeat in between ACKs, however slow the machine: the race under test.
                        sent.awaitHeartbeats(i / 20);
                    }
                }
                awaitStop();
            }
        };
        AgentDaemon d = daemon(racing, "10");
        Thread t = start(d);
        sent.await(m -> metrics.render().contains("fudp_agent_acks_sent_total{result=\"applied\"} 200"),
                "200 snapshots applied");
        d.stop();
        t.join(5000);
        long last = 0;
        for (ControlMessage m : sent.messages()) {
            assertTrue(m.header().sequence() > last, "sequence " + m.header().sequence() + " after " + last);
            last = m.header().sequence();
        }
        assertTrue(metrics.render().contains("fudp_agent_acks_sent_total{result=\"applied\"} 200"));
        assertTrue(sent.heartbeats() >= 10, "heartbeats between the ACKs: " + sent.heartbeats());
    }

    @Test
    void heartbeatsKeepFlowingDuringALongApply() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch applying = new java.util.concurrent.CountDownLatch(1);
        org.fudp.agent.tc.FlowShaper slow = new org.fudp.agent.tc.FlowShaper() {
            @Override
            public org.fudp.agent.tc.ApplyReport apply(java.util.Collection<FlowLimit> desired) {
                applying.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return new org.fudp.agent.tc.ApplyReport(desired.size(), 0, 0, 0, "");
            }

            @Override
            public void clear() {
            }

            @Override
            public Set<FlowLimit> current() {
                return Set.of();
            }

            @Override
            public String plan(java.util.Collection<FlowLimit> desired) {
                return "";
            }
        };
        KeyRing keys = KeyRing.of(1, Hex.decode(KEY1));
        byte[] snapshot = new FrameEncoder(keys, 7, 1, 0, clock).snapshot(1, List.of(), 1500).get(0);
        SentFrames sent = new SentFrames(keys);
        java.util.concurrent.CountDownLatch stop = new java.util.concurrent.CountDownLatch(1);
        FrameChannel ch = new ThreadedChannel(sent, stop) {
            @Override
            public void receive(java.util.function.Consumer<byte[]> handler) throws java.io.IOException {
                handler.accept(frame(snapshot));
                awaitStop();
            }
        };
        AgentDaemon d = daemon(ch, "10", slow);
        Thread t = start(d);
        assertTrue(applying.await(WAIT_S, java.util.concurrent.TimeUnit.SECONDS), "the apply never started");
        int before = sent.heartbeats();
        // The apply stays blocked until released: heartbeats that arrive meanwhile cannot wait for it.
        sent.awaitHeartbeats(before + 5);
        release.countDown();
        d.stop();
        t.join(5000);
    }

    /** Bound on waits for another thread; only a hung agent reaches it, never a slow machine. */
    private static final long WAIT_S = 60;

    private static Thread start(AgentDaemon d) {
        Thread t = new Thread(() -> {
            try {
                d.run();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        t.start();
        return t;
    }

    /** The frames an agent thread sent, decoded, and waits on them that end on an event, not a time. */
    private static final class SentFrames {
        private final KeyRing keys;
        private final List<ControlMessage> messages = new ArrayList<>();

        SentFrames(KeyRing keys) {
            this.keys = keys;
        }

        synchronized void add(byte[] f) {
            try {
                messages.add(FrameCodec.decode(EthernetFrame.parse(f).payload(), keys, 9000));
            } catch (Exception e) {
                throw new AssertionError("the agent sent a frame it cannot decode", e);
            }
            notifyAll();
        }

        synchronized List<ControlMessage> messages() {
            return new ArrayList<>(messages);
        }

        synchronized int heartbeats() {
            return (int) messages.stream().filter(m -> m.type() == MessageType.HEARTBEAT).count();
        }

        void awaitHeartbeats(int n) {
            await(m -> m.heartbeats() >= n, n + " heartbeats");
        }

        synchronized void await(java.util.function.Predicate<SentFrames> done, String what) {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(WAIT_S);
            while (!done.test(this)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("the agent never got to " + what + " (" + heartbeats()
                            + " heartbeats, " + messages.size() + " frames sent)");
                }
                try {
                    wait(Math.max(1, Math.min(left / 1_000_000, 50)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted waiting for " + what);
                }
            }
        }
    }

    /** A channel whose receive runs on the agent's thread until stopped; what it sends goes to a SentFrames. */
    private abstract static class ThreadedChannel implements FrameChannel {
        private final SentFrames sent;
        private final java.util.concurrent.CountDownLatch stop;

        ThreadedChannel(SentFrames sent, java.util.concurrent.CountDownLatch stop) {
            this.sent = sent;
            this.stop = stop;
        }

        void awaitStop() throws java.io.InterruptedIOException {
            try {
                stop.await();
            } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
            }
        }

        @Override
        public void stopReceiving() {
            stop.countDown();
        }

        @Override
        public void send(byte[] f) {
            sent.add(f);
        }

        @Override
        public byte[] localMac() {
            return AGENT_MAC.clone();
        }

        @Override
        public void close() {
        }
    }

    @Test
    void otherEtherTypesAreIgnored() throws Exception {
        AgentDaemon d = daemon();
        d.onFrame(EthernetFrame.build(AGENT_MAC, CONTROLLER_MAC, 0x0800, new byte[100]));
        assertTrue(metrics.render().contains("fudp_agent_frames_accepted_total 0"));
        assertTrue(shaper.applied().isEmpty());
    }
}
