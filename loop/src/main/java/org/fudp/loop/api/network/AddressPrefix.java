// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.network;

import org.fudp.protocol.FlowIds;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Objects;

/**
 * An IPv4 or IPv6 prefix, such as {@code 10.0.0.0/24} or {@code 2001:db8::/32}.
 */
public final class AddressPrefix {

    private final byte[] network;
    private final int length;

    /**
     * Creates a prefix; host bits of the address are cleared.
     *
     * @param address any address inside it
     * @param length prefix length, 0..32 (IPv4) or 0..128 (IPv6)
     * @throws IllegalArgumentException if the length is out of range
     */
    public AddressPrefix(InetAddress address, int length) {
        byte[] a = address.getAddress();
        if (length < 0 || length > a.length * 8) {
            throw new IllegalArgumentException("prefix length must be 0.." + a.length * 8 + ", was " + length);
        }
        for (int bit = length; bit < a.length * 8; bit++) {
            a[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        this.network = a;
        this.length = length;
    }

    /**
     * Returns the full-length prefix of one address.
     *
     * @param address the address
     * @return a /32 or /128
     */
    public static AddressPrefix of(InetAddress address) {
        return new AddressPrefix(address, address.getAddress().length * 8);
    }

    /**
     * Returns the prefix of every address of a family, /0.
     *
     * @param like an address of the family
     * @return 0.0.0.0/0 or ::/0
     */
    public static AddressPrefix any(InetAddress like) {
        try {
            return new AddressPrefix(InetAddress.getByAddress(new byte[like.getAddress().length]), 0);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("4 or 16 zero bytes are an address", e);
        }
    }

    /**
     * Parses "ADDRESS/LENGTH", or an address alone as its full-length prefix.
     *
     * @param field the field's name for the error message
     * @param text the prefix
     * @return the prefix
     * @throws IllegalArgumentException naming the field if the text is not a prefix
     */
    public static AddressPrefix parse(String field, String text) {
        String t = text == null ? "" : text.trim();
        int slash = t.indexOf('/');
        InetAddress a = FlowIds.address(field, slash < 0 ? t : t.substring(0, slash));
        if (slash < 0) {
            return of(a);
        }
        String len = t.substring(slash + 1);
        int max = a.getAddress().length * 8;
        if (!len.matches("[0-9]{1,3}") || Integer.parseInt(len) > max) {
            throw new IllegalArgumentException(field + ": prefix length must be 0.." + max + ", was \"" + len + "\"");
        }
        return new AddressPrefix(a, Integer.parseInt(len));
    }

    /**
     * Tells whether an address lies inside this prefix (of the same family).
     *
     * @param address the address
     * @return true if inside
     */
    public boolean contains(InetAddress address) {
        byte[] a = address.getAddress();
        if (a.length != network.length) {
            return false;
        }
        for (int bit = 0; bit < length; bit++) {
            int mask = 0x80 >>> (bit % 8);
            if ((a[bit / 8] & mask) != (network[bit / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Tells whether two prefixes share an address: one of them contains the other.
     *
     * @param other the other prefix
     * @return true if they overlap
     */
    public boolean overlaps(AddressPrefix other) {
        AddressPrefix shorter = length <= other.length ? this : other;
        AddressPrefix longer = shorter == this ? other : this;
        return shorter.contains(longer.network());
    }

    /**
     * Returns the prefix's first address, its host bits clear.
     *
     * @return the network address
     */
    public InetAddress network() {
        try {
            return InetAddress.getByAddress(network);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException("4 or 16 bytes are an address", e);
        }
    }

    /**
     * Tells whether the prefix is one address, a /32 or a /128.
     *
     * @return true if full-length
     */
    public boolean isAddress() {
        return length == network.length * 8;
    }

    public int length() {
        return length;
    }

    /**
     * Returns the prefix as a switch's match takes it: the address alone when full-length.
     *
     * @return e.g. {@code 10.0.0.4}, {@code 10.84.0.0/16}
     */
    public String toMatchString() {
        return isAddress() ? FlowIds.address(network()) : toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AddressPrefix && length == ((AddressPrefix) o).length
                && Arrays.equals(network, ((AddressPrefix) o).network);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(network), length);
    }

    @Override
    public String toString() {
        return FlowIds.address(network()) + "/" + length;
    }
}
