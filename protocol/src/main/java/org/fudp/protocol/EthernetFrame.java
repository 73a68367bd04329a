// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.util.Locale;

/**
 * An Ethernet II frame carrying FUDP: destination MAC, source MAC, EtherType, payload. Frames
 * are padded to the 60-byte Ethernet minimum; the FUDP header's body length tells the receiver
 * where the payload ends, so the padding is ignored. The FCS is the NIC's business and not here.
 */
public final class EthernetFrame {

    /** EtherType FUDP uses unless configured otherwise: IEEE 802 local experimental 1. */
    public static final int DEFAULT_ETHER_TYPE = 0x88B5;
    /** Ethernet header length without VLAN tag. */
    public static final int HEADER_BYTES = 14;
    /** Smallest Ethernet frame without FCS. */
    public static final int MIN_FRAME_BYTES = 60;
    /** The EtherType of an IEEE 802.1Q VLAN tag. */
    public static final int VLAN_ETHER_TYPE = 0x8100;

    private final byte[] dst;
    private final byte[] src;
    private final int etherType;
    private final byte[] payload;

    private EthernetFrame(byte[] dst, byte[] src, int etherType, byte[] payload) {
        this.dst = dst;
        this.src = src;
        this.etherType = etherType;
        this.payload = payload;
    }

    /**
     * Builds a frame.
     *
     * @param dst destination MAC, 6 bytes
     * @param src source MAC, 6 bytes
     * @param etherType EtherType, 0x0600..0xFFFF
     * @param payload the FUDP payload
     * @return the frame bytes, at least 60
     */
    public static byte[] build(byte[] dst, byte[] src, int etherType, byte[] payload) {
        checkMac("dst", dst);
        checkMac("src", src);
        checkEtherType(etherType);
        byte[] frame = new byte[Math.max(MIN_FRAME_BYTES, HEADER_BYTES + payload.length)];
        System.arraycopy(dst, 0, frame, 0, 6);
        System.arraycopy(src, 0, frame, 6, 6);
        frame[12] = (byte) (etherType >> 8);
        frame[13] = (byte) etherType;
        System.arraycopy(payload, 0, frame, HEADER_BYTES, payload.length);
        return frame;
    }

    /**
     * Parses a frame; one 802.1Q tag, if present, is skipped.
     *
     * @param frame the frame bytes, without FCS
     * @return the parsed frame; its payload still holds any padding
     * @throws IllegalArgumentException if the frame is shorter than its header
     */
    public static EthernetFrame parse(byte[] frame) {
        if (frame.length < HEADER_BYTES) {
            throw new IllegalArgumentException("frame of " + frame.length + " bytes is shorter than the "
                    + HEADER_BYTES + "-byte Ethernet header");
        }
        byte[] dst = new byte[6];
        byte[] src = new byte[6];
        System.arraycopy(frame, 0, dst, 0, 6);
        System.arraycopy(frame, 6, src, 0, 6);
        int offset = 12;
        int type = ((frame[offset] & 0xFF) << 8) | (frame[offset + 1] & 0xFF);
        if (type == VLAN_ETHER_TYPE) {
            if (frame.length < HEADER_BYTES + 4) {
                throw new IllegalArgumentException("VLAN-tagged frame of " + frame.length + " bytes is too short");
            }
            offset += 4;
            type = ((frame[offset] & 0xFF) << 8) | (frame[offset + 1] & 0xFF);
        }
        int start = offset + 2;
        byte[] payload = new byte[frame.length - start];
        System.arraycopy(frame, start, payload, 0, payload.length);
        return new EthernetFrame(dst, src, type, payload);
    }

    /**
     * Returns the destination MAC.
     *
     * @return a copy of the 6 bytes
     */
    public byte[] dst() {
        return dst.clone();
    }

    /**
     * Returns the source MAC.
     *
     * @return a copy of the 6 bytes
     */
    public byte[] src() {
        return src.clone();
    }

    /**
     * Returns the EtherType (after any VLAN tag).
     *
     * @return EtherType
     */
    public int etherType() {
        return etherType;
    }

    /**
     * Returns the payload, including any padding.
     *
     * @return a copy of the payload
     */
    public byte[] payload() {
        return payload.clone();
    }

    /**
     * Parses a MAC address written as six colon- or dash-separated hex pairs.
     *
     * @param text for example {@code 02:00:00:00:00:01}
     * @return 6 bytes
     * @throws IllegalArgumentException if the text is not a MAC address
     */
    public static byte[] parseMac(String text) {
        String[] parts = text.trim().split("[:-]", -1);
        if (parts.length != 6) {
            throw new IllegalArgumentException("'" + text + "' is not a MAC address like 02:00:00:00:00:01");
        }
        byte[] mac = new byte[6];
        for (int i = 0; i < 6; i++) {
            if (parts[i].length() != 2 || Character.digit(parts[i].charAt(0), 16) < 0
                    || Character.digit(parts[i].charAt(1), 16) < 0) {
                throw new IllegalArgumentException("'" + text + "' is not a MAC address like 02:00:00:00:00:01");
            }
            mac[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        return mac;
    }

    /**
     * Formats a MAC address.
     *
     * @param mac 6 bytes
     * @return for example {@code 02:00:00:00:00:01}
     */
    public static String formatMac(byte[] mac) {
        checkMac("mac", mac);
        StringBuilder s = new StringBuilder(17);
        for (int i = 0; i < 6; i++) {
            if (i > 0) {
                s.append(':');
            }
            s.append(String.format(Locale.ROOT, "%02x", mac[i] & 0xFF));
        }
        return s.toString();
    }

    private static void checkMac(String name, byte[] mac) {
        if (mac == null || mac.length != 6) {
            throw new IllegalArgumentException(name + " MAC must have 6 bytes, had "
                    + (mac == null ? "none" : mac.length));
        }
    }

    private static void checkEtherType(int etherType) {
        if (etherType < 0x0600 || etherType > 0xFFFF) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "EtherType must be 0x0600..0xffff, was 0x%x", etherType));
        }
    }
}
