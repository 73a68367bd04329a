// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.net;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.fudp.protocol.EthernetFrame;

/**
 * Facts about a network interface, read from sysfs.
 */
public final class LinkInfo {

    private LinkInfo() {
    }

    /**
     * Reads an interface's MAC address.
     *
     * @param iface interface name
     * @return 6 bytes
     * @throws IOException if the interface does not exist or has no Ethernet address
     */
    public static byte[] mac(String iface) throws IOException {
        Path p = Path.of("/sys/class/net", iface, "address");
        try {
            return EthernetFrame.parseMac(new String(Files.readAllBytes(p), StandardCharsets.US_ASCII).trim());
        } catch (NoSuchFileException e) {
            throw new IOException("interface " + iface + " does not exist", e);
        } catch (IllegalArgumentException e) {
            throw new IOException("interface " + iface + " has no Ethernet address: " + e.getMessage(), e);
        }
    }

    /**
     * Turns a MAC address into a number, the default agent id.
     *
     * @param mac 6 bytes
     * @return the 48-bit value
     */
    public static long macToLong(byte[] mac) {
        long v = 0;
        for (byte b : mac) {
            v = (v << 8) | (b & 0xFF);
        }
        return v;
    }
}
