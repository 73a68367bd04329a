// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Random flows, limits and messages for property tests, plus small fixed ones for example tests.
 */
final class Messages {

    static final KeyRing KEYS = KeyRing.of(1, bytes(32, 1));

    private Messages() {
    }

    static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (seed + i);
        }
        return b;
    }

    static InetAddress addr(byte[] raw) {
        try {
            return InetAddress.getByAddress(raw);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    static FiveTuple udp4(int a, int srcPort, int dstPort) {
        return new FiveTuple(FiveTuple.UDP, addr(new byte[] {10, 0, 0, (byte) a}), addr(new byte[] {10, 0, 1, 2}),
                srcPort, dstPort);
    }

    static FlowLimit limit(int i, long rate) {
        return new FlowLimit(udp4(1, 1000 + i, 5201), rate, 15000);
    }

    static Arbitrary<FiveTuple> flows() {
        Arbitrary<Boolean> v4 = Arbitraries.of(true, false);
        return v4.flatMap(ipv4 -> {
            int n = ipv4 ? 4 : 16;
            Arbitrary<byte[]> a = Arbitraries.bytes().array(byte[].class).ofSize(n).map(b -> {
                if (!ipv4) {
                    // Keep clear of ::ffff:0:0/96, which Java folds into IPv4.
                    b[0] = 0x20;
                }
                return b;
            });
            return Combinators.combine(Arbitraries.integers().between(0, 255), a, a,
                    Arbitraries.integers().between(0, 65535), Arbitraries.integers().between(0, 65535))
                    .as((p, s, d, sp, dp) -> new FiveTuple(p, addr(s), addr(d), sp, dp));
        });
    }

    static Arbitrary<LimitEntry> entries(boolean addOnly) {
        Arbitrary<Long> positive = Arbitraries.longs().between(1, Long.MAX_VALUE);
        Arbitrary<LimitEntry> adds = Combinators.combine(flows(), positive, positive)
                .as((f, r, b) -> LimitEntry.add(new FlowLimit(f, r, b)));
        if (addOnly) {
            return adds;
        }
        return Arbitraries.oneOf(adds, flows().map(LimitEntry::remove));
    }

    static List<LimitEntry> distinct(List<LimitEntry> in) {
        Set<FiveTuple> seen = new HashSet<>();
        List<LimitEntry> out = new ArrayList<>();
        for (LimitEntry e : in) {
            if (seen.add(e.flow())) {
                out.add(e);
            }
        }
        return out;
    }

    static Arbitrary<ControlMessage> messages() {
        Arbitrary<Long> u63 = Arbitraries.longs().between(0, Long.MAX_VALUE);
        Arbitrary<Long> seq = Arbitraries.longs().between(1, Long.MAX_VALUE);
        Arbitrary<MessageType> types = Arbitraries.of(MessageType.class);
        return Combinators.combine(types, u63, u63, seq, u63, u63, Arbitraries.integers().between(1, 5))
                .flatAs((type, sender, epoch, s, ts, snap, count) -> {
                    FrameHeader.Builder hb = FrameHeader.builder(type).keyId(1).senderId(sender).epoch(epoch)
                            .sequence(s).timestampMillis(ts).snapshotId(snap);
                    if (type == MessageType.SNAPSHOT) {
                        hb.fragment(count - 1, count);
                    }
                    FrameHeader h = hb.build();
                    switch (type) {
                        case ACK:
                            return acks().map(a -> ControlMessage.ofAck(h, a));
                        case CLEAR_ALL:
                        case HEARTBEAT:
                            return Arbitraries.just(ControlMessage.of(h, List.of()));
                        default:
                            return entries(type == MessageType.SNAPSHOT).list().ofMaxSize(20)
                                    .map(l -> ControlMessage.of(h, distinct(l)));
                    }
                });
    }

    static Arbitrary<AckStatus> acks() {
        Arbitrary<Long> u63 = Arbitraries.longs().between(0, Long.MAX_VALUE);
        Arbitrary<Map<RejectReason, Long>> rejects = Arbitraries.maps(Arbitraries.of(RejectReason.class),
                Arbitraries.longs().between(1, Long.MAX_VALUE)).ofMaxSize(5).map(m -> {
                    Map<RejectReason, Long> e = new EnumMap<>(RejectReason.class);
                    e.putAll(m);
                    return e;
                });
        Arbitrary<MessageType> acked = Arbitraries.of(MessageType.class).injectNull(0.2);
        return Combinators.combine(acked, Arbitraries.of(AckResult.class), u63, u63, u63, u63, u63,
                Arbitraries.longs().between(0, 0xFFFFFFFFL)).flatAs((t, r, s, e, q, snap, applied, flows) ->
                Combinators.combine(u63, rejects).as((acc, rej) ->
                        new AckStatus(t, r, s, e, q, snap, applied, flows, acc, rej)));
    }
}
