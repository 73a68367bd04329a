// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fudp.protocol.AckResult;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.MutableClock;

/**
 * The one fixture of the lab's tests: the lab's config, a fake bridge that keeps the rules it is given
 * and replays them as dump-flows text, an adjustor agent, monitor text as {@code ovs-ofctl -m monitor}
 * prints it, and a host running on all of it at a time the test sets.
 * <p>
 * The network: hosts 10.0.0.1..4 on ports 1..4, the adjustor on ports 11 (to it) and 12 (back), set1 a
 * 10 Mbit/s bottleneck in front of 10.0.0.4, set2 one in front of 10.0.0.3; periods of 1 s.
 * </p>
 */
final class LabFixture {

    static final String BRIDGE = "br";
    static final String KEY_HEX = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    static final String KEY_TEXT = "# generated per lab run\n1 = " + KEY_HEX + "\n";
    static final String CONFIG = "bridge=" + BRIDGE + "\novsRundir=/tmp/x\nadjustorSwitchPort=11\n"
            + "adjustorOnwardPort=12\nadjustorMac=02:fa:00:00:00:a1\n"
            + "hosts=10.0.0.1@1,10.0.0.2@2,10.0.0.3@3,10.0.0.4@4\n"
            + "bottlenecks=set1:10.0.0.4/32:10000000,set2:10.0.0.3/32:10000000\n"
            + "periodSeconds=1\nidleTimeoutSeconds=10\nkeyFile=/k\nlog=/l\n";
    static final long T0 = 1_800_000_000_000L;
    static final long PERIOD = 1000;
    static final byte[] ADJUSTOR_MAC = EthernetFrame.parseMac("02:fa:00:00:00:a1");
    static final long AGENT_ID = 0xA6E7L;

    /** A bridge that keeps its rules by cookie, counts what the test says, and records every call. */
    static final class FakeSwitch implements Switch {
        private static final Pattern COOKIE = Pattern.compile("cookie=0x([0-9a-f]+)");

        final List<String> added = new ArrayList<>();
        /** How often the host read the switch's rules and counters. */
        int dumps;
        final List<String> deleted = new ArrayList<>();
        final List<Long> framePorts = new ArrayList<>();
        final List<byte[]> frames = new ArrayList<>();
        final Map<Long, String> rules = new LinkedHashMap<>();
        final Map<Long, Long> bytes = new HashMap<>();
        final Map<Long, Long> installedAt = new HashMap<>();
        private final LabFixture clock;

        FakeSwitch(LabFixture clock) {
            this.clock = clock;
        }

        static long cookieOf(String text) {
            Matcher m = COOKIE.matcher(text);
            return m.find() ? Long.parseUnsignedLong(m.group(1), 16) : 0;
        }

        final List<String> modified = new ArrayList<>();
        final Map<Long, String> meters = new LinkedHashMap<>();
        /** Meter ids whose next add-meter the bridge refuses, with OVS's error. */
        final Map<Long, String> refuse = new HashMap<>();
        String meterStatsText = "";

        @Override
        public void modifyFlows(List<String> r) {
            for (String rule : r) {
                modified.add(rule);
                rules.put(cookieOf(rule), rule);
            }
        }

        @Override
        public void addMeter(String spec) throws java.io.IOException {
            long id = Long.parseLong(spec.replaceAll("^meter=(\\d+),.*", "$1"));
            String refused = refuse.remove(id);
            if (refused != null) {
                throw new java.io.IOException(refused);
            }
            if (meters.size() >= 2) {
                throw new java.io.IOException("OFPMMFC_OUT_OF_METERS");
            }
            meters.put(id, spec);
        }

        @Override
        public void deleteMeter(long id) throws java.io.IOException {
            if (meters.remove(id) == null) {
                // As OVS answers a del-meter for a meter it does not hold.
                throw new java.io.IOException("OFPMMFC_UNKNOWN_METER");
            }
        }

        @Override
        public String meterStats() {
            return meterStatsText;
        }

        @Override
        public void addFlows(List<String> r) {
            for (String rule : r) {
                added.add(rule);
                long cookie = cookieOf(rule);
                if (cookie != 0) {
                    rules.put(cookie, rule);
                    bytes.put(cookie, 0L);
                    installedAt.put(cookie, clock.now);
                }
            }
        }

        @Override
        public void deleteFlows(List<String> matches) {
            for (String m : matches) {
                deleted.add(m);
                // cookie=0xV/-1 or cookie=0xV/0xMASK, as ovs-ofctl del-flows reads them
                String maskText = m.substring(m.indexOf('/') + 1);
                long mask = maskText.equals("-1") ? -1L : Long.parseUnsignedLong(maskText.substring(2), 16);
                long value = cookieOf(m);
                List.copyOf(rules.keySet()).stream().filter(c -> (c & mask) == (value & mask))
                        .forEach(this::idleOut);
            }
        }

        /** Takes a rule away without telling anyone, as OVS does when it idles out. */
        void idleOut(long cookie) {
            rules.remove(cookie);
            bytes.remove(cookie);
        }

        @Override
        public String dumpFlows() {
            dumps++;
            StringBuilder s = new StringBuilder("OFPST_FLOW reply (OF1.3) (xid=0x2):\n");
            rules.forEach((cookie, rule) -> {
                long life = clock.now - installedAt.get(cookie);
                String match = rule.substring(rule.indexOf("priority="), rule.indexOf(",actions="));
                s.append(String.format(Locale.ROOT, " cookie=0x%x, duration=%d.%03ds, table=0, n_packets=1, "
                        + "n_bytes=%d, idle_timeout=10, %s actions=%s%n", cookie, life / 1000, life % 1000,
                        bytes.get(cookie), match, rule.substring(rule.indexOf("actions=") + 8)));
            });
            s.append(" cookie=0x0, duration=9.001s, table=0, n_packets=9, n_bytes=999, priority=0 "
                    + "actions=CONTROLLER:128\n");
            return s.toString();
        }

        @Override
        public void packetOut(long port, byte[] frame) {
            framePorts.add(port);
            frames.add(frame.clone());
        }

        /** Lets a rule's counter run at a rate for a time. */
        void count(long key, double bps, long ms) {
            bytes.merge(RuleText.cookie(key), Math.round(bps * ms / 8000.0), Long::sum);
        }
    }

    final LabConfig config;
    final FakeSwitch sw = new FakeSwitch(this);
    final StringWriter csv = new StringWriter();
    final List<String> log = new ArrayList<>();
    final MutableClock agentClock = new MutableClock(T0);
    final KeyRing keys = KeyRing.parse(KEY_TEXT);
    final FrameEncoder agent = new FrameEncoder(keys, AGENT_ID, 1, 0, agentClock);
    final MonitorParser monitor;
    final LabHost host;
    long now = T0;
    private int framesSeen;

    /** What the host deleted when it started. */
    final List<String> deletedAtStart;

    /**
     * A host started on a switch that holds the given rules already.
     *
     * @param rulesBefore rules in ovs-ofctl syntax, left by an earlier controller or another app
     */
    LabFixture(String... rulesBefore) {
        this(false, rulesBefore);
    }

    /**
     * A host started on a switch that holds the given rules already.
     *
     * @param metered whether the bridge enforces with its meters ({@code enforcement = meter})
     * @param rulesBefore rules in ovs-ofctl syntax, left by an earlier controller or another app
     */
    LabFixture(boolean metered, String... rulesBefore) {
        this(metered ? "\nenforcement = meter\n" : "", List.of(rulesBefore));
    }

    /**
     * Creates the fixture with more config lines.
     *
     * @param moreConfig config lines after the fixture's own
     * @param rulesBefore rules in ovs-ofctl syntax, left by an earlier controller or another app
     */
    LabFixture(String moreConfig, List<String> rulesBefore) {
        sw.addFlows(rulesBefore);
        sw.added.clear();
        try {
            config = LabConfig.parse(new StringReader(CONFIG + moreConfig));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        host = new LabHost(config, sw, KEY_TEXT, T0, new PeriodCsv(new PrintWriter(csv)), log::add);
        monitor = new MonitorParser(BRIDGE, EthernetFrame.DEFAULT_ETHER_TYPE);
        try {
            host.start(now);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        deletedAtStart = List.copyOf(sw.deleted);
        sw.deleted.clear();
    }

    static LabConfig config(String text) throws IOException {
        return LabConfig.parse(new StringReader(text));
    }

    void at(long ms) {
        now = ms;
        agentClock.set(ms);
    }

    /** Feeds monitor output to the host, as the reader thread and the main loop do. */
    void monitor(String text) {
        for (String line : text.split("\n")) {
            monitor.line(line, now).ifPresent(host::handle);
        }
    }

    void runDue() {
        host.runDue(now);
    }

    /** Moves to the next period boundary and runs it. */
    void period(int k) {
        at(T0 + k * PERIOD);
        runDue();
    }

    /**
     * Returns monitor output for one packet-in: the header, the summary and the hex dump, as OVS 3.1
     * prints them with {@code -O OpenFlow13 -m}.
     */
    static String packetInText(long inPort, String summary, byte[] packet) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "NXT_PACKET_IN2 (OF1.3) (xid=0x0): "
                + "cookie=0x0 total_len=%d in_port=%d (via action) data_len=%d (unbuffered)%n", packet.length,
                inPort, packet.length));
        s.append(summary).append('\n');
        for (int off = 0; off < packet.length; off += 16) {
            s.append(String.format(Locale.ROOT, "%08x ", off));
            for (int i = off; i < Math.min(off + 16, packet.length); i++) {
                s.append(i - off == 8 ? '-' : ' ').append(String.format(Locale.ROOT, "%02x", packet[i] & 0xff));
            }
            s.append('\n');
        }
        return s.toString();
    }

    /** A TCP or UDP packet-in from a host's port, with a made-up packet behind its summary. */
    static String flowText(String proto, long inPort, String src, int sport, String dst, int dport, String flags) {
        String summary = String.format(Locale.ROOT, "%s,vlan_tci=0x0000,dl_src=02:fa:00:00:00:0%d,"
                + "dl_dst=02:fa:00:00:00:0%s,nw_src=%s,nw_dst=%s,nw_tos=0,nw_ecn=0,nw_ttl=64,nw_frag=no,tp_src=%d,"
                + "tp_dst=%d%s %s_csum:1a2b", proto, inPort, dst.substring(dst.length() - 1), src, dst, sport, dport,
                flags == null ? "" : ",tcp_flags=" + flags, proto);
        return packetInText(inPort, summary, new byte[1514]);
    }

    /** An agent frame as it reaches the controller: port 11, EtherType 0x88b5. */
    static String controlText(byte[] payload) {
        byte[] frame = EthernetFrame.build(EthernetFrame.parseMac("02:fd:00:00:00:01"), ADJUSTOR_MAC,
                EthernetFrame.DEFAULT_ETHER_TYPE, payload);
        return packetInText(11, "vlan_tci=0x0000,dl_src=02:fa:00:00:00:a1,dl_dst=02:fd:00:00:00:01,dl_type=0x88b5",
                frame);
    }

    /** Decodes the frames the host sent out since the last call, as the agent would. */
    List<ControlMessage> newMessages() {
        List<ControlMessage> out = new ArrayList<>();
        for (; framesSeen < sw.frames.size(); framesSeen++) {
            assertTrue(sw.framePorts.get(framesSeen) == 11, "control frames leave by the adjustor port");
            try {
                out.add(FrameCodec.decode(EthernetFrame.parse(sw.frames.get(framesSeen)).payload(), keys,
                        FrameCodec.MAX_PAYLOAD_BYTES));
            } catch (FrameRejectedException e) {
                throw new AssertionError("the host sent a frame the agent rejects: " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** The agent's acknowledgement of a frame, as monitor text. */
    String ack(ControlMessage m) {
        return controlText(agent.ack(new AckStatus(m.type(), AckResult.APPLIED, m.header().senderId(),
                m.header().epoch(), m.header().sequence(), m.header().snapshotId(), m.header().sequence(),
                m.entries().size(), 1, Map.of())));
    }

    /** Brings the agent up (a heartbeat) and acknowledges every snapshot it gets. */
    void agentUp() {
        monitor(controlText(agent.heartbeat(0)));
        ackAll();
    }

    void ackAll() {
        for (ControlMessage m : newMessages()) {
            if (m.type() != org.fudp.protocol.MessageType.HEARTBEAT) {
                monitor(ack(m));
            }
        }
    }

    List<String> csvRows() {
        String[] lines = csv.toString().split("\n");
        List<String> rows = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            rows.add(lines[i]);
        }
        return rows;
    }
}
