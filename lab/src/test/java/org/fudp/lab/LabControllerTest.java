package org.fudp.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.InetAddress;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.LimitEntry;
import org.fudp.protocol.MessageType;
import org.junit.jupiter.api.Test;

/**
 * One control loop of the lab controller against a switch that only records and replays counters.
 */
class LabControllerTest {

    private static final KeyRing KEYS = KeyRing.of(1, new byte[32]);
    private static final String CONFIG = "bridge=br\novsRundir=/tmp/x\nadjustorSwitchPort=11\n"
            + "adjustorOnwardPort=12\nadjustorMac=02:fa:00:00:00:a1\n"
            + "hosts=10.0.0.1@1,10.0.0.2@2,10.0.0.3@3,10.0.0.4@4\n"
            + "bottlenecks=set1:10.0.0.4/32:10000000,set2:10.0.0.3/32:10000000\n"
            + "periodSeconds=1\nkeyFile=/k\nlog=/l\n";

    /** Records rules and frames; counters are set by the test. */
    private static final class FakeSwitch implements Switch {
        final List<String> rules = new ArrayList<>();
        final List<byte[]> frames = new ArrayList<>();
        final List<Integer> framePorts = new ArrayList<>();
        final Map<Long, Long> counters = new HashMap<>();

        @Override
        public void addFlows(List<String> r) {
            rules.addAll(r);
        }

        @Override
        public String dumpFlows() {
            StringBuilder sb = new StringBuilder();
            counters.forEach((c, b) -> sb.append(String.format(Locale.ROOT, " cookie=0x%x, n_bytes=%d, x%n", c, b)));
            return sb.toString();
        }

        @Override
        public void packetOut(int port, byte[] frame) {
            framePorts.add(port);
            frames.add(frame);
        }
    }

    private static FiveTuple flow(int proto, int src, int dst, int sport, int dport) throws IOException {
        return new FiveTuple(proto, InetAddress.getByName("10.0.0." + src), InetAddress.getByName("10.0.0." + dst),
                sport, dport);
    }

    private static List<LimitEntry> lastSnapshot(FakeSwitch sw) throws Exception {
        byte[] frame = sw.frames.get(sw.frames.size() - 1);
        byte[] payload = EthernetFrame.parse(frame).payload();
        ControlMessage m = FrameCodec.decode(payload, KEYS, 9000);
        assertEquals(MessageType.SNAPSHOT, m.type());
        return m.entries();
    }

    @Test
    void limitsTheUdpFlowOfASetToItsFairShare() throws Exception {
        LabConfig cfg = LabConfig.parse(new StringReader(CONFIG));
        FakeSwitch sw = new FakeSwitch();
        FrameEncoder enc = new FrameEncoder(KEYS, 1, 1_700_000_000_000L, 0, Clock.systemUTC());
        LabController c = new LabController(cfg, sw, enc, new PrintWriter(new StringWriter()));
        c.start();
        FiveTuple tcp1 = flow(FiveTuple.TCP, 1, 4, 50001, 5201);
        FiveTuple tcp2 = flow(FiveTuple.TCP, 2, 4, 50002, 5206);
        FiveTuple udp = flow(FiveTuple.UDP, 1, 4, 40003, 5203);
        long t0 = 1_000_000_000L;
        List<TrackedFlow> added = c.onPacketIns(Arrays.asList(new OfctlText.PacketIn(1, tcp1),
                new OfctlText.PacketIn(2, tcp2), new OfctlText.PacketIn(1, udp), new OfctlText.PacketIn(1, udp)), t0);
        assertEquals(3, added.size(), "a repeated packet-in must not add the flow twice");
        TrackedFlow u = c.flows().get(udp);
        assertTrue(sw.rules.stream().anyMatch(r -> r.contains("udp,in_port=1,") && r.endsWith("actions=output:11")),
                "UDP goes to the adjustor: " + sw.rules);
        assertTrue(sw.rules.stream().anyMatch(r -> r.contains("udp,in_port=12,") && r.endsWith("actions=output:4")),
                "what the adjustor lets through goes on to the destination: " + sw.rules);

        // One second: each TCP flow moved 3 Mbit, the UDP flow offered 50 Mbit and 8 Mbit got through.
        sw.counters.put(FlowSteering.cookie(c.flows().get(tcp1).number(), 0), 375_000L);
        sw.counters.put(FlowSteering.cookie(c.flows().get(tcp2).number(), 0), 375_000L);
        sw.counters.put(FlowSteering.cookie(u.number(), 0), 6_250_000L);
        sw.counters.put(FlowSteering.cookie(u.number(), 1), 1_000_000L);
        c.period(t0 + 1_000_000_000L, 0);

        assertEquals(11, sw.framePorts.get(0));
        List<LimitEntry> limits = lastSnapshot(sw);
        assertEquals(1, limits.size());
        assertEquals(udp, limits.get(0).flow());
        // Eq. 3 capped by the 10 Mbit/s bottleneck, Algorithm 1 over three flows: 10/3 Mbit/s.
        assertEquals(10e6 / 3, limits.get(0).rateBps(), 10e6 / 3 * 0.01);
    }

    @Test
    void afterNewLimitsTheNextPeriodMeasuresOnlyTrafficUnderThem() throws Exception {
        LabConfig cfg = LabConfig.parse(new StringReader(CONFIG));
        FakeSwitch sw = new FakeSwitch();
        LabController c = new LabController(cfg, sw, new FrameEncoder(KEYS, 1, 1L, 0, Clock.systemUTC()),
                new PrintWriter(new StringWriter()));
        FiveTuple tcp = flow(FiveTuple.TCP, 2, 3, 50001, 5202);
        FiveTuple udp = flow(FiveTuple.UDP, 2, 3, 40004, 5204);
        c.onPacketIns(Arrays.asList(new OfctlText.PacketIn(2, tcp), new OfctlText.PacketIn(2, udp)), 0);
        long t = c.flows().get(tcp).number();
        long u = c.flows().get(udp).number();
        // Second 1: TCP 2 Mbit/s, UDP 40 Mbit/s offered and passed (no limit yet).
        sw.counters.put(FlowSteering.cookie(t, 0), 250_000L);
        sw.counters.put(FlowSteering.cookie(u, 0), 5_000_000L);
        sw.counters.put(FlowSteering.cookie(u, 1), 5_000_000L);
        assertEquals("ABOVE_BAND", c.period(1_000_000_000L, 0).get("set2").reason().name());
        assertTrue(c.limitsChanged());
        double limit = lastSnapshot(sw).get(0).rateBps();
        // The limit takes hold 0.25 s later; until then UDP still passes at 40 Mbit/s.
        sw.counters.put(FlowSteering.cookie(t, 0), 250_000L + 62_500L);
        sw.counters.put(FlowSteering.cookie(u, 0), 5_000_000L + 1_250_000L);
        sw.counters.put(FlowSteering.cookie(u, 1), 5_000_000L + 1_250_000L);
        c.rebaseline(1_250_000_000L);
        // The rest of second 2: TCP 2 Mbit/s, UDP exactly at its limit.
        long passed = Math.round(limit / 8 * 0.75);
        sw.counters.put(FlowSteering.cookie(t, 0), 312_500L + 187_500L);
        sw.counters.put(FlowSteering.cookie(u, 0), 6_250_000L + 3_750_000L);
        sw.counters.put(FlowSteering.cookie(u, 1), 6_250_000L + passed);
        double udpAverage = c.period(2_000_000_000L, 0).get("set2").udpAverageBps().getAsDouble();
        assertEquals(limit, udpAverage, limit * 0.01, "the pre-limit quarter second must not count");
    }

    @Test
    void aStarvedTcpFlowKeepsItsUdpCompetitorLimitedButAnIdleControlConnectionNeverCounts() throws Exception {
        LabConfig cfg = LabConfig.parse(new StringReader(CONFIG));
        FakeSwitch sw = new FakeSwitch();
        LabController c = new LabController(cfg, sw, new FrameEncoder(KEYS, 1, 1L, 0, Clock.systemUTC()),
                new PrintWriter(new StringWriter()));
        FiveTuple tcp = flow(FiveTuple.TCP, 1, 4, 50001, 5201);
        FiveTuple control = flow(FiveTuple.TCP, 1, 4, 50002, 5203);
        FiveTuple udp = flow(FiveTuple.UDP, 1, 4, 40003, 5203);
        c.onPacketIns(Arrays.asList(new OfctlText.PacketIn(1, tcp), new OfctlText.PacketIn(1, control),
                new OfctlText.PacketIn(1, udp)), 0);
        long t = c.flows().get(tcp).number();
        long k = c.flows().get(control).number();
        long u = c.flows().get(udp).number();
        sw.counters.put(FlowSteering.cookie(t, 0), 250_000L);
        sw.counters.put(FlowSteering.cookie(k, 0), 900L);
        sw.counters.put(FlowSteering.cookie(u, 0), 6_250_000L);
        sw.counters.put(FlowSteering.cookie(u, 1), 6_250_000L);
        assertEquals(1, c.period(1_000_000_000L, 0).get("set1").tcpFlows(), "the control connection is no flow");
        // Second 2: the TCP flow is in a retransmission timeout and moves nothing.
        sw.counters.put(FlowSteering.cookie(u, 0), 12_500_000L);
        sw.counters.put(FlowSteering.cookie(u, 1), 7_000_000L);
        assertEquals(1, c.period(2_000_000_000L, 0).get("set1").tcpFlows());
        assertEquals(1, lastSnapshot(sw).size(), "the UDP flow must stay limited while TCP is starved");
        // The receiver resets the connection: the set has no TCP left, so the UDP limit goes at the next period.
        assertTrue(sw.rules.stream().anyMatch(r -> r.contains("tcp_flags=+fin") && r.contains("controller")));
        FiveTuple reverse = new FiveTuple(FiveTuple.TCP, tcp.dst(), tcp.src(), tcp.dstPort(), tcp.srcPort());
        c.onPacketIns(Arrays.asList(new OfctlText.PacketIn(4, reverse, true)), 2_100_000_000L);
        sw.counters.put(FlowSteering.cookie(u, 0), 18_750_000L);
        sw.counters.put(FlowSteering.cookie(u, 1), 7_500_000L);
        assertEquals(0, c.period(3_000_000_000L, 0).get("set1").tcpFlows());
        assertEquals(0, lastSnapshot(sw).size());
    }

    @Test
    void aPausedUdpFlowKeepsItsLimitForItsNextBurst() throws Exception {
        LabConfig cfg = LabConfig.parse(new StringReader(CONFIG));
        FakeSwitch sw = new FakeSwitch();
        LabController c = new LabController(cfg, sw, new FrameEncoder(KEYS, 1, 1L, 0, Clock.systemUTC()),
                new PrintWriter(new StringWriter()));
        FiveTuple tcp = flow(FiveTuple.TCP, 2, 3, 50001, 5202);
        FiveTuple udp = flow(FiveTuple.UDP, 2, 3, 40004, 5204);
        c.onPacketIns(Arrays.asList(new OfctlText.PacketIn(2, tcp), new OfctlText.PacketIn(2, udp)), 0);
        long t = c.flows().get(tcp).number();
        long u = c.flows().get(udp).number();
        sw.counters.put(FlowSteering.cookie(t, 0), 250_000L);
        sw.counters.put(FlowSteering.cookie(u, 0), 5_000_000L);
        sw.counters.put(FlowSteering.cookie(u, 1), 5_000_000L);
        c.period(1_000_000_000L, 0);
        List<LimitEntry> before = lastSnapshot(sw);
        assertEquals(1, before.size());
        // OFF: the UDP flow sends nothing for a second; its rules are still there.
        sw.counters.put(FlowSteering.cookie(t, 0), 1_500_000L);
        assertEquals(0, c.period(2_000_000_000L, 0).get("set2").udpFlows());
        assertEquals(before, lastSnapshot(sw), "the paused flow's limit must stay in force");
        // ON again, held by its limit: FUDPA finds the set fair and the limit stays.
        long passed = before.get(0).rateBps() / 8;
        sw.counters.put(FlowSteering.cookie(t, 0), 1_500_000L + 625_000L);
        sw.counters.put(FlowSteering.cookie(u, 0), 10_000_000L);
        sw.counters.put(FlowSteering.cookie(u, 1), 5_000_000L + passed);
        assertTrue(c.period(3_000_000_000L, 0).get("set2").reason().isFair());
        assertEquals(before, lastSnapshot(sw), "the returning burst must start limited");
    }

    @Test
    void aFlowWhoseRuleIdledOutIsForgottenAndItsLimitLifted() throws Exception {
        LabConfig cfg = LabConfig.parse(new StringReader(CONFIG));
        FakeSwitch sw = new FakeSwitch();
        LabController c = new LabController(cfg, sw, new FrameEncoder(KEYS, 1, 1L, 0, Clock.systemUTC()),
                new PrintWriter(new StringWriter()));
        FiveTuple tcp = flow(FiveTuple.TCP, 2, 3, 50001, 5202);
        FiveTuple udp = flow(FiveTuple.UDP, 2, 3, 40004, 5204);
        c.onPacketIns(Arrays.asList(new OfctlText.PacketIn(2, tcp), new OfctlText.PacketIn(2, udp)), 0);
        long n = c.flows().get(udp).number();
        sw.counters.put(FlowSteering.cookie(c.flows().get(tcp).number(), 0), 250_000L);
        sw.counters.put(FlowSteering.cookie(n, 0), 5_000_000L);
        sw.counters.put(FlowSteering.cookie(n, 1), 1_000_000L);
        c.period(1_000_000_000L, 0);
        assertEquals(1, lastSnapshot(sw).size());
        sw.counters.remove(FlowSteering.cookie(n, 0));
        sw.counters.remove(FlowSteering.cookie(n, 1));
        c.period(2_000_000_000L, 0);
        assertEquals(1, c.flows().size());
        assertEquals(0, lastSnapshot(sw).size());
    }

    @Test
    void badConfigNamesTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LabConfig.parse(new StringReader(CONFIG.replace("SwitchPort=11", "SwitchPort=x"))));
        assertTrue(e.getMessage().contains("adjustorSwitchPort"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LabConfig.parse(new StringReader(CONFIG.replace("set2:10.0.0.3/32:10000000", "set2:10.0.0.3"))));
        assertTrue(e.getMessage().contains("bottlenecks"), e.getMessage());
    }
}
