// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Stateless encoding and authenticated decoding of one FUDP frame payload (what follows the
 * Ethernet header). The layout is specified in docs/protocol.md; every multi-byte field is in
 * network byte order. Replay protection needs state and lives in {@link FrameVerifier}.
 */
public final class FrameCodec {

    /** The magic number, ASCII "FUDP". */
    public static final int MAGIC = 0x46554450;
    /** The protocol version this codec speaks. */
    public static final int VERSION = 1;
    /**
     * Header flag 0x0001: an agent sent the frame (ACK and HEARTBEAT only). Agents ignore frames
     * that carry it, so another agent's heartbeat never counts as a controller's.
     */
    public static final int FLAG_FROM_AGENT = 0x0001;
    /** Length of the fixed header. */
    public static final int HEADER_BYTES = 60;
    /** Length of the HMAC-SHA256 trailer. */
    public static final int MAC_BYTES = 32;
    /** Header plus MAC: the smallest possible frame payload. */
    public static final int OVERHEAD_BYTES = HEADER_BYTES + MAC_BYTES;
    /** Encoded length of an entry for an IPv4 flow. */
    public static final int IPV4_ENTRY_BYTES = 32;
    /** Encoded length of an entry for an IPv6 flow. */
    public static final int IPV6_ENTRY_BYTES = 56;
    /** Length of an ACK body without reject counters. */
    public static final int ACK_FIXED_BYTES = 56;
    /** Length of one reject counter in an ACK body. */
    public static final int ACK_COUNTER_BYTES = 10;
    /** Largest body the 16-bit length field can announce. */
    public static final int MAX_BODY_BYTES = 0xFFFF;
    /** Largest payload a frame can have. */
    public static final int MAX_PAYLOAD_BYTES = OVERHEAD_BYTES + MAX_BODY_BYTES;

    private static final String HMAC = "HmacSHA256";

    private FrameCodec() {
    }

    /**
     * Returns the encoded size of an entry for a flow.
     *
     * @param flow the flow
     * @return 32 for IPv4, 56 for IPv6
     */
    public static int entryBytes(FiveTuple flow) {
        return flow.isIpv4() ? IPV4_ENTRY_BYTES : IPV6_ENTRY_BYTES;
    }

    /**
     * Encodes and signs a message with the key its header names.
     *
     * @param message the message
     * @param keys a ring holding the header's key id
     * @return the frame payload: header, body, MAC
     * @throws IllegalArgumentException if the key is missing or the body does not fit 65535 bytes
     */
    public static byte[] encode(ControlMessage message, KeyRing keys) {
        FrameHeader h = message.header();
        byte[] key = keys.key(h.keyId());
        if (key == null) {
            throw new IllegalArgumentException("no key with id " + Integer.toUnsignedString(h.keyId()));
        }
        int bodyLength = bodyLength(message);
        if (bodyLength > MAX_BODY_BYTES) {
            throw new IllegalArgumentException("body of " + bodyLength + " bytes exceeds " + MAX_BODY_BYTES
                    + "; split it over more frames");
        }
        ByteBuffer b = ByteBuffer.allocate(OVERHEAD_BYTES + bodyLength);
        b.putInt(MAGIC);
        b.put((byte) VERSION);
        b.put((byte) h.type().code());
        b.putShort((short) (h.fromAgent() ? FLAG_FROM_AGENT : 0));
        b.putInt(h.keyId());
        b.putLong(h.senderId());
        b.putLong(h.epoch());
        b.putLong(h.sequence());
        b.putLong(h.timestampMillis());
        b.putLong(h.snapshotId());
        b.putShort((short) h.fragmentIndex());
        b.putShort((short) h.fragmentCount());
        b.putShort((short) message.entries().size());
        b.putShort((short) bodyLength);
        if (message.type() == MessageType.ACK) {
            putAck(b, message.ack().orElseThrow());
        } else {
            for (LimitEntry e : message.entries()) {
                putEntry(b, e);
            }
        }
        byte[] out = b.array();
        byte[] mac = mac(key, out, HEADER_BYTES + bodyLength);
        System.arraycopy(mac, 0, out, HEADER_BYTES + bodyLength, MAC_BYTES);
        return out;
    }

    private static int bodyLength(ControlMessage m) {
        if (m.type() == MessageType.ACK) {
            return ACK_FIXED_BYTES + ACK_COUNTER_BYTES * m.ack().orElseThrow().rejects().size();
        }
        int n = 0;
        for (LimitEntry e : m.entries()) {
            n += entryBytes(e.flow());
        }
        return n;
    }

    private static void putEntry(ByteBuffer b, LimitEntry e) {
        FiveTuple f = e.flow();
        b.put((byte) e.op().code());
        b.put((byte) (f.isIpv4() ? 4 : 6));
        b.put((byte) f.protocol());
        b.put((byte) 0);
        b.putShort((short) f.srcPort());
        b.putShort((short) f.dstPort());
        b.put(f.src().getAddress());
        b.put(f.dst().getAddress());
        b.putLong(e.rateBps());
        b.putLong(e.burstBytes());
    }

    private static void putAck(ByteBuffer b, AckStatus a) {
        b.put((byte) (a.ackedType() == null ? 0 : a.ackedType().code()));
        b.put((byte) a.result().code());
        b.putShort((short) a.rejects().size());
        b.putInt((int) a.flowsLimited());
        b.putLong(a.ackedSenderId());
        b.putLong(a.ackedEpoch());
        b.putLong(a.ackedSequence());
        b.putLong(a.lastAppliedSnapshotId());
        b.putLong(a.lastAppliedSequence());
        b.putLong(a.framesAccepted());
        for (Map.Entry<RejectReason, Long> e : a.rejects().entrySet()) {
            b.putShort((short) e.getKey().code());
            b.putLong(e.getValue());
        }
    }

    /**
     * Computes the HMAC-SHA256 of the first {@code length} bytes of {@code data}.
     *
     * @param key the key
     * @param data the bytes
     * @param length how many leading bytes are covered
     * @return 32-byte MAC
     */
    static byte[] mac(byte[] key, byte[] data, int length) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            mac.update(data, 0, length);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            // Every Java SE runtime must provide HmacSHA256.
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    /**
     * Checks and decodes one frame payload. Nothing is returned unless the whole frame is valid:
     * the caller gets either an immutable message or an exception, never part of a frame.
     * Bytes after the MAC (Ethernet padding) are ignored.
     *
     * @param payload the bytes after the Ethernet header
     * @param keys the keys a valid frame may be signed with
     * @param maxPayloadBytes the largest payload accepted
     * @return the decoded message
     * @throws FrameRejectedException with the first reason the frame fails
     */
    public static ControlMessage decode(byte[] payload, KeyRing keys, int maxPayloadBytes)
            throws FrameRejectedException {
        int len = payload.length;
        if (len < OVERHEAD_BYTES) {
            throw new FrameRejectedException(RejectReason.TRUNCATED, len + " bytes, a frame has at least "
                    + OVERHEAD_BYTES);
        }
        ByteBuffer b = ByteBuffer.wrap(payload);
        int magic = b.getInt(0);
        if (magic != MAGIC) {
            throw new FrameRejectedException(RejectReason.BAD_MAGIC, String.format("magic 0x%08x, expected 0x%08x",
                    magic, MAGIC));
        }
        int version = payload[4] & 0xFF;
        if (version != VERSION) {
            throw new FrameRejectedException(RejectReason.UNKNOWN_VERSION, "version " + version
                    + ", this receiver speaks " + VERSION);
        }
        int bodyLength = b.getShort(58) & 0xFFFF;
        int frameLength = OVERHEAD_BYTES + bodyLength;
        if (frameLength > maxPayloadBytes) {
            throw new FrameRejectedException(RejectReason.OVERSIZED, "body length " + bodyLength
                    + " makes a " + frameLength + "-byte frame, at most " + maxPayloadBytes + " accepted");
        }
        if (len < frameLength) {
            throw new FrameRejectedException(RejectReason.TRUNCATED, len + " bytes, header announces "
                    + frameLength);
        }
        int keyId = b.getInt(8);
        byte[] key = keys.key(keyId);
        if (key == null) {
            throw new FrameRejectedException(RejectReason.UNKNOWN_KEY, "key id "
                    + Integer.toUnsignedString(keyId) + " is not among " + keys.keyIds());
        }
        byte[] expected = mac(key, payload, HEADER_BYTES + bodyLength);
        byte[] actual = new byte[MAC_BYTES];
        System.arraycopy(payload, HEADER_BYTES + bodyLength, actual, 0, MAC_BYTES);
        if (!MessageDigest.isEqual(expected, actual)) {
            throw new FrameRejectedException(RejectReason.BAD_MAC, "HMAC-SHA256 under key "
                    + Integer.toUnsignedString(keyId) + " does not match");
        }
        // From here on the sender holds the key: what remains are its mistakes, not forgeries.
        int typeCode = payload[5] & 0xFF;
        MessageType type = MessageType.fromCode(typeCode);
        if (type == null) {
            throw new FrameRejectedException(RejectReason.UNKNOWN_TYPE, "message type " + typeCode);
        }
        int flags = b.getShort(6) & 0xFFFF;
        if ((flags & ~FLAG_FROM_AGENT) != 0) {
            throw malformed("flags are 0x" + Integer.toHexString(flags) + ", version 1 defines 0x0001 only");
        }
        FrameHeader header;
        try {
            header = FrameHeader.builder(type).keyId(keyId).senderId(b.getLong(12)).epoch(b.getLong(20))
                    .sequence(b.getLong(28)).timestampMillis(b.getLong(36)).snapshotId(b.getLong(44))
                    .fragment(b.getShort(52) & 0xFFFF, b.getShort(54) & 0xFFFF)
                    .fromAgent((flags & FLAG_FROM_AGENT) != 0).build();
        } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
        }
        int entryCount = b.getShort(56) & 0xFFFF;
        ByteBuffer body = ByteBuffer.wrap(payload, HEADER_BYTES, bodyLength).slice();
        if (type == MessageType.ACK) {
            if (entryCount != 0) {
                throw malformed("an ACK has entry count 0, was " + entryCount);
            }
            return ControlMessage.ofAck(header, readAck(body));
        }
        List<LimitEntry> entries = readEntries(body, entryCount, type);
        return ControlMessage.of(header, entries);
    }

    private static FrameRejectedException malformed(String detail) {
        return new FrameRejectedException(RejectReason.MALFORMED, detail);
    }

    private static List<LimitEntry> readEntries(ByteBuffer body, int entryCount, MessageType type)
            throws FrameRejectedException {
        if ((type == MessageType.CLEAR_ALL || type == MessageType.HEARTBEAT)
                && (entryCount != 0 || body.remaining() != 0)) {
            throw malformed(type + " has no body, got " + entryCount + " entries in " + body.remaining()
                    + " bytes");
        }
        List<LimitEntry> entries = new ArrayList<>(entryCount);
        Set<FiveTuple> seen = new HashSet<>();
        for (int i = 0; i < entryCount; i++) {
            if (body.remaining() < 8) {
                throw malformed("entry " + i + " of " + entryCount + " starts past the body's end");
            }
            int at = body.position();
            EntryOp op = EntryOp.fromCode(body.get() & 0xFF);
            int family = body.get() & 0xFF;
            int protocol = body.get() & 0xFF;
            int reserved = body.get() & 0xFF;
            int srcPort = body.getShort() & 0xFFFF;
            int dstPort = body.getShort() & 0xFFFF;
            String where = "entry " + i + " at body offset " + at;
            if (op == null) {
                throw malformed(where + ": op " + (body.get(at) & 0xFF) + " is neither ADD (1) nor REMOVE (2)");
            }
            if (type == MessageType.SNAPSHOT && op != EntryOp.ADD) {
                throw malformed(where + ": a SNAPSHOT holds ADD entries only");
            }
            if (family != 4 && family != 6) {
                throw malformed(where + ": ip version " + family + " is neither 4 nor 6");
            }
            if (reserved != 0) {
                throw malformed(where + ": reserved byte is " + reserved + ", must be 0");
            }
            int addrBytes = family == 4 ? 4 : 16;
            if (body.remaining() < 2 * addrBytes + 16) {
                throw malformed(where + ": runs past the body's end");
            }
            InetAddress src = readAddress(body, addrBytes, where + " src");
            InetAddress dst = readAddress(body, addrBytes, where + " dst");
            long rate = body.getLong();
            long burst = body.getLong();
            FiveTuple flow = new FiveTuple(protocol, src, dst, srcPort, dstPort);
            if (!seen.add(flow)) {
                throw malformed(where + ": flow " + flow + " appears twice");
            }
            if (op == EntryOp.ADD) {
                if (rate < 1 || burst < 1) {
                    throw malformed(where + ": ADD needs rate and burst in 1..2^63-1, got rate "
                            + Long.toUnsignedString(rate) + " burst " + Long.toUnsignedString(burst));
                }
                entries.add(LimitEntry.add(new FlowLimit(flow, rate, burst)));
            } else {
                if (rate != 0 || burst != 0) {
                    throw malformed(where + ": REMOVE needs rate and burst 0");
                }
                entries.add(LimitEntry.remove(flow));
            }
        }
        if (body.remaining() != 0) {
            throw malformed(entryCount + " entries leave " + body.remaining() + " body bytes unused");
        }
        return entries;
    }

    private static InetAddress readAddress(ByteBuffer body, int n, String where) throws FrameRejectedException {
        byte[] a = new byte[n];
        body.get(a);
        InetAddress addr;
        try {
            addr = InetAddress.getByAddress(a);
        } catch (UnknownHostException e) {
            throw malformed(where + ": " + e.getMessage());
        }
        if (n == 16 && addr instanceof Inet4Address) {
            // Java folds ::ffff:a.b.c.d into IPv4; such a flow must be sent as ip version 4.
            throw malformed(where + ": IPv4-mapped IPv6 address; send it as ip version 4");
        }
        return addr;
    }

    private static AckStatus readAck(ByteBuffer body) throws FrameRejectedException {
        if (body.remaining() < ACK_FIXED_BYTES) {
            throw malformed("ACK body has " + body.remaining() + " bytes, at least " + ACK_FIXED_BYTES);
        }
        int ackedCode = body.get() & 0xFF;
        MessageType ackedType = null;
        if (ackedCode != 0) {
            ackedType = MessageType.fromCode(ackedCode);
            if (ackedType == null) {
                throw malformed("ACK names unknown message type " + ackedCode);
            }
        }
        int resultCode = body.get() & 0xFF;
        AckResult result = AckResult.fromCode(resultCode);
        if (result == null) {
            throw malformed("ACK result " + resultCode + " is unknown");
        }
        int counters = body.getShort() & 0xFFFF;
        long flows = body.getInt() & 0xFFFFFFFFL;
        long ackedSender = body.getLong();
        long ackedEpoch = body.getLong();
        long ackedSeq = body.getLong();
        long snapshot = body.getLong();
        long appliedSeq = body.getLong();
        long accepted = body.getLong();
        if (body.remaining() != counters * ACK_COUNTER_BYTES) {
            throw malformed("ACK announces " + counters + " reject counters but has " + body.remaining()
                    + " bytes left for them");
        }
        Map<RejectReason, Long> rejects = new EnumMap<>(RejectReason.class);
        for (int i = 0; i < counters; i++) {
            int code = body.getShort() & 0xFFFF;
            RejectReason r = RejectReason.fromCode(code);
            if (r == null) {
                throw malformed("ACK reject counter " + i + " names unknown reason " + code);
            }
            long count = body.getLong();
            if (count == 0 || rejects.put(r, count) != null) {
                throw malformed("ACK reject counter " + i + " (" + r + ") is zero or repeated");
            }
        }
        return new AckStatus(ackedType, result, ackedSender, ackedEpoch, ackedSeq, snapshot, appliedSeq, flows,
                accepted, rejects);
    }
}
