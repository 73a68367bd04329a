// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;

/**
 * The byte of a packet that picks its u32 hash bucket (256 buckets, one byte). The kernel folds
 * the 32-bit word at the given offset from the IP header with the mask, shifts it down to the
 * mask's lowest bit and keeps 8 bits; {@link #bucket} computes the same so each filter lands in the
 * bucket its packets are looked up in.
 *
 * <p>Choose the field that varies most among the limited flows: flows that share the byte share a
 * bucket and are matched one after another there. The default, {@link #DST_PORT}, suits the usual
 * case of servers sending to many clients' ephemeral ports; uploads from many clients vary in
 * {@link #SRC_PORT}.
 */
public enum HashKey {
    /** Low byte of the source port. */
    SRC_PORT(20, 40, 0x00ff0000),
    /** Low byte of the destination port. */
    DST_PORT(20, 40, 0x000000ff),
    /** Last byte of the source address. */
    SRC_ADDR(12, 20, 0x000000ff),
    /** Last byte of the destination address. */
    DST_ADDR(16, 36, 0x000000ff);

    private final int offset4;
    private final int offset6;
    private final int mask;

    HashKey(int offset4, int offset6, int mask) {
        this.offset4 = offset4;
        this.offset6 = offset6;
        this.mask = mask;
    }

    /**
     * Returns the offset of the hashed 32-bit word from the start of the IP header.
     *
     * @param ipv6 true for the IPv6 table
     * @return byte offset
     */
    int offset(boolean ipv6) {
        return ipv6 ? offset6 : offset4;
    }

    /**
     * Returns the mask applied to the hashed word, as tc's {@code hashkey mask} takes it.
     *
     * @return mask in host order
     */
    int mask() {
        return mask;
    }

    /**
     * Computes the bucket a flow's packets hash to.
     *
     * @param flow the flow
     * @return bucket 0..255
     */
    int bucket(FiveTuple flow) {
        switch (this) {
            case SRC_PORT:
                return flow.srcPort() & 0xff;
            case DST_PORT:
                return flow.dstPort() & 0xff;
            case SRC_ADDR:
                return lastByte(flow.src().getAddress());
            case DST_ADDR:
                return lastByte(flow.dst().getAddress());
            default:
                throw new AssertionError(this);
        }
    }

    private static int lastByte(byte[] address) {
        return address[address.length - 1] & 0xff;
    }
}
