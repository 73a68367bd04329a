// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.protocol;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.Objects;

/**
 * Identifies one transport flow: IP protocol, source and destination address and port.
 * Both addresses are of the same family, IPv4 or IPv6.
 */
public final class FiveTuple {

    /** IANA protocol number of TCP. */
    public static final int TCP = 6;
    /** IANA protocol number of UDP. */
    public static final int UDP = 17;

    private final int protocol;
    private final InetAddress src;
    private final InetAddress dst;
    private final int srcPort;
    private final int dstPort;

    /**
     * Creates a flow identity.
     *
     * @param protocol IP protocol number, 0..255
     * @param src source address
     * @param dst destination address, same family as src
     * @param srcPort source port, 0..65535
     * @param dstPort destination port, 0..65535
     * @throws IllegalArgumentException if a field is out of range or the families differ
     */
    public FiveTuple(int protocol, InetAddress src, InetAddress dst, int srcPort, int dstPort) {
        if (protocol < 0 || protocol > 255) {
            throw new IllegalArgumentException("protocol must be 0..255, was " + protocol);
        }
        Objects.requireNonNull(src, "src");
        Objects.requireNonNull(dst, "dst");
        if ((src instanceof Inet4Address) != (dst instanceof Inet4Address)) {
            throw new IllegalArgumentException("src " + src.getHostAddress() + " and dst "
                    + dst.getHostAddress() + " are of different address families");
        }
        checkPort("srcPort", srcPort);
        checkPort("dstPort", dstPort);
        this.protocol = protocol;
        this.src = src;
        this.dst = dst;
        this.srcPort = srcPort;
        this.dstPort = dstPort;
    }

    private static void checkPort(String name, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(name + " must be 0..65535, was " + port);
        }
    }

    /**
     * Returns the IP protocol number.
     *
     * @return protocol number
     */
    public int protocol() {
        return protocol;
    }

    /**
     * Returns the source address.
     *
     * @return source address
     */
    public InetAddress src() {
        return src;
    }

    /**
     * Returns the destination address.
     *
     * @return destination address
     */
    public InetAddress dst() {
        return dst;
    }

    /**
     * Returns the source port.
     *
     * @return source port
     */
    public int srcPort() {
        return srcPort;
    }

    /**
     * Returns the destination port.
     *
     * @return destination port
     */
    public int dstPort() {
        return dstPort;
    }

    /**
     * Tells whether both addresses are IPv4.
     *
     * @return true for IPv4, false for IPv6
     */
    public boolean isIpv4() {
        return src instanceof Inet4Address;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FiveTuple)) {
            return false;
        }
        FiveTuple that = (FiveTuple) o;
        return protocol == that.protocol && srcPort == that.srcPort && dstPort == that.dstPort
                && src.equals(that.src) && dst.equals(that.dst);
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocol, src, dst, srcPort, dstPort);
    }

    /**
     * Returns the flow's id, the one text form of a flow ({@link FlowIds#id}).
     *
     * @return e.g. {@code udp-10.0.0.1-5001-10.0.0.4-5201}
     */
    @Override
    public String toString() {
        return FlowIds.id(this);
    }
}
