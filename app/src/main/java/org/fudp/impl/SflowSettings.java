// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Where this instance's sFlow collector listens and whom it hears: the UDP port, the address it binds
 * (null for every address of the instance), and the source addresses it accepts datagrams from besides
 * the sampled facilities' own agents.
 */
final class SflowSettings {

    private final int port;
    private final IpAddress address;
    private final List<IpPrefix> sources;

    /**
     * Creates the settings.
     *
     * @param port the UDP port, 0 for no collector
     * @param address the address to bind, null for every address
     * @param sources prefixes whose datagrams are accepted besides the configured agents' addresses
     */
    SflowSettings(int port, IpAddress address, List<IpPrefix> sources) {
        this.port = port;
        this.address = address;
        this.sources = List.copyOf(sources);
    }

    int port() {
        return port;
    }

    IpAddress address() {
        return address;
    }

    List<IpPrefix> sources() {
        return sources;
    }

    /**
     * Tells whether a collector bound as these settings say is bound as the other ones say.
     *
     * @param other other settings
     * @return true if port and address are the same
     */
    boolean bindsAs(SflowSettings other) {
        return port == other.port && Objects.equals(address, other.address);
    }

    /**
     * Returns the address as the component property gives it.
     *
     * @return the address, "" for every address
     */
    String addressText() {
        return address == null ? "" : address.toString();
    }

    /**
     * Returns the sources as the component property gives them.
     *
     * @return comma-separated prefixes, "" for none
     */
    String sourcesText() {
        return sources.stream().map(IpPrefix::toString).collect(Collectors.joining(","));
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SflowSettings)) {
            return false;
        }
        SflowSettings s = (SflowSettings) o;
        return bindsAs(s) && sources.equals(s.sources);
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, address, sources);
    }

    @Override
    public String toString() {
        return "UDP port " + port + " on " + (address == null ? "every address" : address)
                + (sources.isEmpty() ? "" : ", also from " + sourcesText());
    }
}
