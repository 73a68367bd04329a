// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sampling;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sFlow decoding of datagrams Open vSwitch sent, and of any damage to them.
 * <p>
 * The fixtures (ovs-sflow-*.hex: hex, '#' comment lines) are real datagrams from Open vSwitch 3.1.0
 * on Debian 12: a userspace (netdev) bridge between two network namespaces, 10.250.77.1 and
 * 10.250.77.2, with sFlow agent=lo sampling=1 header=128 sending to a Python UDP socket on 127.0.0.1,
 * while Python made one TCP connection (40001 to 5001) and sent four UDP datagrams (40002 to 5002,
 * the last with DSCP 46). OVS numbers its data source 2:1000; the ports were ifIndex 339 and 341.
 * </p>
 */
class SflowDecoderTest {

    private static final String[] FIXTURES = {"ovs-sflow-arp-tcp.hex", "ovs-sflow-udp-ipv6.hex",
        "ovs-sflow-counters.hex"};
    private static final String C2S = "tcp-10.250.77.1-40001-10.250.77.2-5001";
    private static final String S2C = "tcp-10.250.77.2-5001-10.250.77.1-40001";
    private static final String UDP = "udp-10.250.77.1-40002-10.250.77.2-5002";
    private static final InetAddress LOCALHOST = FlowIds.address("agent", "127.0.0.1");

    @Test
    void ovsTcpConnectionGivesItsSegmentsAndTheArpGivesNothing() throws SflowFormatException {
        List<PacketSample> samples = decode(fixture(FIXTURES[0]));
        assertEquals(List.of(ovs(3, C2S, 78, 0, 0x02), ovs(4, S2C, 78, 0, 0x12), ovs(5, C2S, 70, 0, 0x10),
                ovs(6, C2S, 81, 0, 0x18), ovs(7, S2C, 70, 0, 0x10), ovs(8, S2C, 85, 0, 0x18)), samples);
        PacketSample data = samples.get(3);
        assertEquals(81, data.estimatedBytes());
        assertEquals(1, data.estimatedPackets());
        assertEquals(LOCALHOST, data.agent());
    }

    @Test
    void theIntakeCountsEveryDatagramAndSaysOnlyTheFirstMalformedOne() {
        List<String> said = new ArrayList<>();
        SflowIntake intake = new SflowIntake(said::add);
        byte[] ovs = fixture(FIXTURES[0]);
        assertEquals(6, intake.take(ovs, ovs.length, "/127.0.0.1").size());
        byte[] garbage = {0, 0, 0, 4, 1, 2, 3};
        assertEquals(List.of(), intake.take(garbage, garbage.length, "/192.0.2.66"));
        assertEquals(List.of(), intake.take(garbage, garbage.length, "/192.0.2.67"));
        assertEquals(List.of(3L, 6L, 2L), List.of(intake.datagrams(), intake.samples(), intake.malformed()));
        assertEquals(1, said.size(), "said once, then only counted: " + said);
        assertTrue(said.get(0).startsWith("from /192.0.2.66: "), said.get(0));
    }

    @Test
    void ovsUdpWithItsDscpAndTheIcmpv6GivesNothing() throws SflowFormatException {
        assertEquals(List.of(ovs(10, C2S, 70, 0, 0x11), ovs(11, UDP, 246, 0, 0), ovs(12, UDP, 246, 0, 0),
                ovs(13, UDP, 246, 0, 0), ovs(14, UDP, 1046, 46, 0), ovs(15, S2C, 70, 0, 0x10)),
                decode(fixture(FIXTURES[1])));
        ByteBuffer buffer = ByteBuffer.wrap(fixture(FIXTURES[1]));
        assertEquals(6, SflowDecoder.decode(buffer).size());
        assertEquals(0, buffer.position(), "the buffer is left as it was");
    }

    @Test
    void counterSamplesAreSkippedByTheirLength() throws SflowFormatException {
        byte[] counters = fixture(FIXTURES[2]);
        List<byte[]> samples = samplesOf(counters);
        List<Integer> formats = new ArrayList<>();
        samples.forEach(s -> formats.add(ByteBuffer.wrap(s).getInt()));
        assertEquals(List.of(1, 1, 2, 2, 2, 2), formats, "two ARP flow samples, four counter samples");
        assertEquals(List.of(), decode(counters));
        // The counter samples, then OVS's TCP SYN sample: decoding resumes right after the counters.
        byte[] syn = samplesOf(fixture(FIXTURES[0])).get(2);
        byte[] spliced = cat(Arrays.copyOf(counters, 24), words(6), samples.get(2), samples.get(3),
                samples.get(4), samples.get(5), samples.get(0), syn);
        assertEquals(List.of(ovs(3, C2S, 78, 0, 0x02)), decode(spliced));
    }

    @Test
    void vlanTaggedFramesDecode() throws SflowFormatException {
        FiveTuple flow = FlowIds.parse("flow", "tcp-10.0.0.1-1234-10.0.0.2-80");
        for (int[] tpids : new int[][] {{}, {0x8100}, {0x88A8, 0x8100}}) {
            List<PacketSample> s = decode(datagram(flowSample(100, frame(5, 0, FiveTuple.TCP, tpids))));
            assertEquals(1, s.size(), tpids.length + " tags");
            assertEquals(flow, s.get(0).flow());
            assertEquals(34, s.get(0).dscp());
            assertEquals(0x02, s.get(0).tcpFlags());
            assertEquals(0x020000000002L, s.get(0).dstMac());
            assertEquals(100L * 1500, s.get(0).estimatedBytes());
        }
        byte[] tooManyTags = frame(5, 0, FiveTuple.TCP, 0x8100, 0x8100, 0x8100, 0x8100, 0x8100);
        assertEquals(List.of(), decode(datagram(flowSample(100, tooManyTags))));
    }

    @Test
    void ipHeaderLengthFragmentsAndProtocolsAreHonoured() throws SflowFormatException {
        PacketSample udp = decode(datagram(flowSample(7, frame(7, 0x2000, FiveTuple.UDP)))).get(0);
        assertEquals("udp-10.0.0.1-1234-10.0.0.2-80", udp.flow().toString(), "options skipped, first fragment");
        assertEquals(0, udp.tcpFlags());
        assertEquals(List.of(), decode(datagram(flowSample(7, frame(5, 0x2010, FiveTuple.UDP)))), "later fragment");
        assertEquals(List.of(), decode(datagram(flowSample(7, frame(5, 0, 1)))), "ICMP");
        byte[] cutBeforeFlags = Arrays.copyOf(frame(5, 0, FiveTuple.TCP), 14 + 20 + 8);
        assertEquals(List.of(), decode(datagram(flowSample(7, cutBeforeFlags))), "header cut by the agent");
    }

    @Test
    void expandedFlowSampleAndAnIpv6AgentDecode() throws SflowFormatException {
        byte[] body = cat(words(9, 0, 70000, 50, 900, 2, 0, 3, 2, 2, 1), rawHeader(frame(5, 0, FiveTuple.UDP)));
        PacketSample s = decode(datagram(cat(words(3), opaque(body)))).get(0);
        assertEquals(70000, s.sourceIdIndex());
        assertEquals(50, s.samplingRate());
        assertEquals(3, s.input());
        assertEquals(0x80000002, s.output(), "format 2 (multiple), 2 interfaces");
        byte[] huge = cat(words(9, 0, 7, 50, 900, 2, 0, 0x40000000L, 0, 1, 1), rawHeader(frame(5, 0, FiveTuple.UDP)));
        assertEquals(List.of(), decode(datagram(cat(words(3), opaque(huge)))), "ifIndex beyond the compact form");
        byte[] v6 = cat(words(5, 2, 0, 0, 0, 1, 7, 1, 1000, 1), flowSample(10, frame(5, 0, FiveTuple.UDP)));
        assertEquals(FlowIds.address("agent", "::1"), decode(v6).get(0).agent());
    }

    @Test
    void malformedDatagramsAreRejectedNamingTheFieldAndOffset() {
        byte[] good = datagram(flowSample(1, frame(5, 0, FiveTuple.TCP)));
        assertRejected(patch(good, 0, 4), 0, "version");
        assertRejected(patch(good, 4, 3), 4, "agent address type");
        assertRejected(patch(good, 24, 0xFFFFFFFFL), 24, "samples cannot fit");
        assertRejected(patch(good, 32, 4000), 32, "sample of 4000 bytes");
        assertRejected(patch(good, 44, 0), 44, "sampling rate 0");
        assertRejected(patch(good, 64, 1 << 30), 64, "flow records cannot fit");
        assertRejected(patch(good, 72, 1000), 72, "flow record of 1000 bytes");
        assertRejected(patch(good, 80, 1L << 25), 80, "frame length");
        assertRejected(patch(good, 88, 200), 88, "sampled header");
        assertRejected(Arrays.copyOf(good, 20), 20, "uptime");
        assertRejected(new byte[SflowDecoder.MAX_DATAGRAM_BYTES + 1], 0, "longer than UDP");
        assertThrows(IllegalArgumentException.class, () -> SflowDecoder.decode(good, good.length + 1));
    }

    @Test
    void everyTruncationOfARealDatagramIsAShorterResultOrRejected() throws SflowFormatException {
        for (String name : FIXTURES) {
            byte[] d = fixture(name);
            List<PacketSample> full = decode(d);
            for (int length = 0; length <= d.length; length++) {
                List<PacketSample> cut = decodeOrNull(Arrays.copyOf(d, length));
                assertEquals(cut, decodeOrNull(d, length), name + " read past " + length);
                if (cut != null) {
                    assertEquals(full.subList(0, cut.size()), cut, name + " cut at " + length);
                }
            }
        }
    }

    @Property(tries = 2000)
    void randomBytesAreDecodedOrRejected(@ForAll @Size(max = 700) byte[] bytes, @ForAll boolean sflowStart) {
        if (sflowStart && bytes.length >= 8) {
            System.arraycopy(words(5, 1), 0, bytes, 0, 8);
        }
        decodesOrRejects(bytes);
    }

    @Property(tries = 3000)
    void mutatedRealDatagramsAreDecodedOrRejected(@ForAll @IntRange(max = 2) int fixture,
            @ForAll @Size(min = 1, max = 6) List<@IntRange(max = 1 << 20) Integer> where,
            @ForAll @Size(min = 6, max = 6) List<Integer> what, @ForAll boolean wordWise,
            @ForAll @IntRange(max = 64) int cut) {
        byte[] d = fixture(FIXTURES[fixture]);
        for (int i = 0; i < where.size(); i++) {
            int at = where.get(i) % d.length;
            if (wordWise) {
                ByteBuffer.wrap(d).putInt(at & ~3, what.get(i));
            } else {
                d[at] ^= what.get(i).byteValue();
            }
        }
        decodesOrRejects(Arrays.copyOf(d, Math.max(0, d.length - cut)));
    }

    /**
     * A sample as OVS sent it in these captures: rate 1, the pool its sequence number, the hosts' MACs; a UDP
     * packet's payload was zeros, and its first 16 bytes come with the sample (the loop looks there for QUIC).
     */
    private static PacketSample ovs(long seq, String flow, int frameLength, int dscp, int flags) {
        FiveTuple t = FlowIds.parse("flow", flow);
        boolean fromH1 = t.src().equals(FlowIds.address("h1", "10.250.77.1"));
        PacketSample s = new PacketSample(LOCALHOST, 0, seq, 2, 1000, 1, seq, 0, fromH1 ? 339 : 341,
                fromH1 ? 341 : 339, frameLength, fromH1 ? 0x2A9673618355L : 0x8A9A70A6D65CL, t, dscp, flags);
        return t.protocol() == FiveTuple.UDP ? s.withPayload(new byte[PacketSample.PAYLOAD_HEAD]) : s;
    }

    private static void decodesOrRejects(byte[] d) {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            try {
                assertNotNull(SflowDecoder.decode(d, d.length));
            } catch (SflowFormatException e) {
                assertTrue(e.offset() >= 0 && e.offset() <= d.length, e.getMessage());
            }
        });
    }

    private static void assertRejected(byte[] d, int offset, String what) {
        SflowFormatException e = assertThrows(SflowFormatException.class, () -> decode(d));
        assertTrue(e.getMessage().contains(what), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
    }

    private static List<PacketSample> decode(byte[] d) throws SflowFormatException {
        return SflowDecoder.decode(d, d.length);
    }

    private static List<PacketSample> decodeOrNull(byte[] d) {
        return decodeOrNull(d, d.length);
    }

    private static List<PacketSample> decodeOrNull(byte[] d, int length) {
        try {
            return SflowDecoder.decode(d, length);
        } catch (SflowFormatException e) {
            return null;
        }
    }

    private static byte[] fixture(String name) {
        try (InputStream in = SflowDecoderTest.class.getResourceAsStream(name)) {
            String hex = new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines()
                    .filter(line -> !line.startsWith("#")).map(String::strip).collect(Collectors.joining());
            byte[] b = new byte[hex.length() / 2];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
            }
            return b;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The samples (format, length, body) of a datagram from an IPv4 agent. */
    private static List<byte[]> samplesOf(byte[] d) {
        List<byte[]> out = new ArrayList<>();
        ByteBuffer b = ByteBuffer.wrap(d);
        for (int i = 0, p = 28; i < b.getInt(24); i++, p += 8 + b.getInt(p + 4)) {
            out.add(Arrays.copyOfRange(d, p, p + 8 + b.getInt(p + 4)));
        }
        return out;
    }

    private static byte[] datagram(byte[]... samples) {
        return cat(words(5, 1, 0x0A000001L, 7, 1, 1000, samples.length), cat(samples));
    }

    /** A compact flow sample: source 0:5, input 1, output 2, one raw header record. */
    private static byte[] flowSample(long rate, byte[] frame) {
        return cat(words(1), opaque(cat(words(1, 5, rate, 500, 0, 1, 2, 1), rawHeader(frame))));
    }

    private static byte[] rawHeader(byte[] frame) {
        return cat(words(1), opaque(cat(words(1, 1500, 4), opaque(frame))));
    }

    /** An Ethernet frame 10.0.0.1:1234 to 10.0.0.2:80, DSCP 34, a TCP SYN or UDP, behind the given tags. */
    private static byte[] frame(int ihlWords, int flagsAndOffset, int protocol, int... tpids) {
        ByteBuffer b = ByteBuffer.allocate(200).put(new byte[] {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1});
        for (int tpid : tpids) {
            b.putShort((short) tpid).putShort((short) 100);
        }
        b.putShort((short) 0x0800).put((byte) (0x40 | ihlWords)).put((byte) (34 << 2)).putShort((short) 60)
                .putShort((short) 1).putShort((short) flagsAndOffset).put((byte) 64).put((byte) protocol)
                .putShort((short) 0).put(new byte[] {10, 0, 0, 1}).put(new byte[] {10, 0, 0, 2})
                .put(new byte[(ihlWords - 5) * 4]).putShort((short) 1234).putShort((short) 80);
        b.put(protocol == FiveTuple.TCP ? new byte[] {0, 0, 0, 1, 0, 0, 0, 0, 0x50, 0x02, 0x20, 0, 0, 0, 0, 0}
                : new byte[] {0, 8, 0, 0});
        return Arrays.copyOf(b.array(), b.position());
    }

    private static byte[] patch(byte[] d, int at, long word) {
        byte[] copy = d.clone();
        ByteBuffer.wrap(copy).putInt(at, (int) word);
        return copy;
    }

    private static byte[] opaque(byte[] content) {
        return cat(words(content.length), content, new byte[-content.length & 3]);
    }

    private static byte[] words(long... words) {
        ByteBuffer b = ByteBuffer.allocate(4 * words.length);
        for (long w : words) {
            b.putInt((int) w);
        }
        return b.array();
    }

    private static byte[] cat(byte[]... parts) {
        ByteBuffer b = ByteBuffer.allocate(Arrays.stream(parts).mapToInt(p -> p.length).sum());
        Arrays.stream(parts).forEach(b::put);
        return b.array();
    }
}
