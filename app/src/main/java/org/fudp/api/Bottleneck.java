// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import org.onlab.packet.IpPrefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.HostId;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A configured bottleneck: a link, or an egress port, of known capacity with the destinations
 * that sit behind it. Every flow toward one of these destinations belongs to this bottleneck's
 * correlation flow set (the paper's Set 1 is the R2-H4 link with H4 behind it).
 */
public final class Bottleneck {

    private final String name;
    private final ConnectPoint egress;
    private final ConnectPoint linkDst;
    private final long capacityBps;
    private final List<IpPrefix> prefixes;
    private final List<HostId> hosts;

    /**
     * Creates a bottleneck.
     *
     * @param name unique name, also the CFS id suffix
     * @param egress the port traffic leaves by toward the destinations (a link's source)
     * @param linkDst the far end of the link, or null for an egress port alone
     * @param capacityBps capacity in bit/s, positive
     * @param prefixes destination prefixes behind it
     * @param hosts destination hosts behind it
     */
    public Bottleneck(String name, ConnectPoint egress, ConnectPoint linkDst, long capacityBps,
                      List<IpPrefix> prefixes, List<HostId> hosts) {
        this.name = Objects.requireNonNull(name, "name");
        this.egress = Objects.requireNonNull(egress, "egress");
        this.linkDst = linkDst;
        if (capacityBps <= 0) {
            throw new IllegalArgumentException("capacityBps must be positive, was " + capacityBps);
        }
        this.capacityBps = capacityBps;
        this.prefixes = ImmutableList.copyOf(prefixes);
        this.hosts = ImmutableList.copyOf(hosts);
    }

    /**
     * Returns the bottleneck's name.
     *
     * @return name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the port by which traffic leaves toward the destinations.
     *
     * @return egress connect point (the link's source for a link)
     */
    public ConnectPoint egress() {
        return egress;
    }

    /**
     * Returns the far end when the bottleneck is a link.
     *
     * @return link destination, empty for an egress port
     */
    public Optional<ConnectPoint> linkDst() {
        return Optional.ofNullable(linkDst);
    }

    /**
     * Returns the capacity.
     *
     * @return capacity in bit/s
     */
    public long capacityBps() {
        return capacityBps;
    }

    /**
     * Returns the destination prefixes behind the bottleneck.
     *
     * @return prefixes
     */
    public List<IpPrefix> prefixes() {
        return prefixes;
    }

    /**
     * Returns the destination hosts behind the bottleneck.
     *
     * @return host ids
     */
    public List<HostId> hosts() {
        return hosts;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Bottleneck)) {
            return false;
        }
        Bottleneck that = (Bottleneck) o;
        return capacityBps == that.capacityBps && name.equals(that.name) && egress.equals(that.egress)
                && Objects.equals(linkDst, that.linkDst) && prefixes.equals(that.prefixes)
                && hosts.equals(that.hosts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, egress, linkDst, capacityBps, prefixes, hosts);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("name", name).add("egress", egress)
                .add("linkDst", linkDst).add("capacityBps", capacityBps)
                .add("prefixes", prefixes).add("hosts", hosts).toString();
    }
}
