// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.sampling.PacketSample;
import org.fudp.loop.sampling.SflowIntake;
import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;
import org.onosproject.net.DeviceId;
import org.slf4j.Logger;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * This instance's sFlow collection for the sampled facilities: a {@link SflowReceiver} on the
 * {@code sflowPort} and {@code sflowAddress} component properties while the network config samples any
 * facility, and the facility each datagram came from, by the agent address it names
 * ({@code sampling.agent}). Samples of an agent no facility names are dropped and counted.
 * <p>
 * The agent address is written inside the datagram by whoever sends it, so it says nothing about the
 * sender: a datagram is taken only from a source address that is a configured agent's, or within
 * {@code sflowSources} (a switch whose datagrams leave from another address than the agent they
 * name); any other is dropped undecoded and counted. A datagram from an agent's own address speaks for that
 * agent only: its samples naming another are dropped and counted. A sender that can forge its source address on
 * the path can still pass, so bind an address only the switches' management network reaches.
 * </p>
 */
final class SflowCollector {

    private static final Logger log = getLogger(SflowCollector.class);

    private final BiConsumer<DeviceId, List<PacketSample>> sink;
    private final AtomicLong unknown = new AtomicLong();
    private final AtomicLong misnamed = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    // A stranger or a broken agent: said once, then counted, never a log line per datagram.
    private final SflowIntake intake = new SflowIntake(
            why -> log.warn("sFlow datagram dropped ({}); further ones are only counted", why));
    private volatile Map<IpAddress, DeviceId> agents = Map.of();
    private volatile List<IpPrefix> sources = List.of();
    private SflowReceiver receiver;
    private SflowSettings bound = new SflowSettings(0, null, List.of());

    /**
     * Creates the collection, receiving nothing yet.
     *
     * @param sink where each facility's samples go
     */
    SflowCollector(BiConsumer<DeviceId, List<PacketSample>> sink) {
        this.sink = sink;
    }

    /**
     * Puts the config's agents and the settings in force: receives while an agent is configured and the
     * port is not 0, from the agents' addresses and the settings' sources.
     *
     * @param nextAgents the sampled facilities, by agent address
     * @param next the port, the address to bind and the other sources accepted
     */
    synchronized void update(Map<IpAddress, DeviceId> nextAgents, SflowSettings next) {
        agents = Map.copyOf(nextAgents);
        sources = next.sources();
        boolean wanted = !agents.isEmpty() && next.port() > 0;
        if (receiver != null && (!wanted || !next.bindsAs(bound))) {
            receiver.close();
            receiver = null;
        }
        bound = next;
        if (wanted && receiver == null) {
            InetSocketAddress at = next.address() == null ? new InetSocketAddress(next.port())
                    : new InetSocketAddress(next.address().toInetAddress(), next.port());
            try {
                receiver = new SflowReceiver(at, this::accepts, this::route, intake);
                log.info("Collecting sFlow on {} (UDP port {}) from {}", next, receiver.port(), agents);
            } catch (IOException e) {
                // Sampled facilities then learn nothing new: say so where operators look.
                log.error("Cannot collect sFlow on {} ({}): the sampled facilities {} find no heavy flow", next,
                        e.getMessage(), agents.values());
            }
        }
    }

    // A datagram is taken from a configured agent's own address, or from a source the settings allow.
    private boolean accepts(InetAddress from) {
        IpAddress source = IpAddress.valueOf(from);
        if (agents.containsKey(source) || sources.stream().anyMatch(p -> p.contains(source))) {
            return true;
        }
        if (refused.getAndIncrement() == 0) {
            log.warn("sFlow datagram from {} refused: not the address of a sampled facility's agent"
                    + " (sampling.agent) nor in sflowSources; further ones are only counted", source);
        }
        return false;
    }

    /**
     * Returns the agents in force.
     *
     * @return by agent address
     */
    Map<IpAddress, DeviceId> agents() {
        return agents;
    }

    /**
     * Returns the port it receives on.
     *
     * @return the port, 0 when not receiving
     */
    synchronized int receivingPort() {
        return receiver == null ? 0 : receiver.port();
    }

    // One datagram's samples, to the facilities whose agents sent them. A datagram taken for its source being an
    // agent's own address speaks for that agent only: another facility's samples in it are dropped and counted. One
    // from sflowSources (a switch that sends from another address than its agent's) may name any agent.
    private void route(InetAddress from, List<PacketSample> samples) {
        Map<IpAddress, DeviceId> now = agents;
        IpAddress source = IpAddress.valueOf(from);
        boolean anyAgent = sources.stream().anyMatch(p -> p.contains(source));
        Map<DeviceId, List<PacketSample>> byFacility = new HashMap<>();
        for (PacketSample s : samples) {
            IpAddress agent = IpAddress.valueOf(s.agent());
            DeviceId d = now.get(agent);
            if (d == null) {
                unknown.incrementAndGet();
            } else if (!anyAgent && !agent.equals(source)) {
                if (misnamed.getAndIncrement() == 0) {
                    log.warn("sFlow samples from {} name agent {} (facility {}): dropped; a source that is an agent's"
                            + " address speaks for that agent only (sflowSources lists switches that may name any);"
                            + " further ones are only counted", source, agent, d);
                }
            } else {
                byFacility.computeIfAbsent(d, k -> new ArrayList<>()).add(s);
            }
        }
        byFacility.forEach(sink);
    }

    /**
     * Returns the datagrams taken from accepted sources since this instance started, on every port it
     * received on.
     *
     * @return count
     */
    long datagrams() {
        return intake.datagrams();
    }

    /**
     * Returns the datagrams that were not sFlow v5, since this instance started.
     *
     * @return count
     */
    long malformed() {
        return intake.malformed();
    }

    /**
     * Returns the datagrams dropped undecoded because their source is no configured agent's address and
     * not in {@code sflowSources}.
     *
     * @return count
     */
    long refused() {
        return refused.get();
    }

    /**
     * Returns the samples dropped because they name an agent other than the address they came from.
     *
     * @return count
     */
    long misnamed() {
        return misnamed.get();
    }

    /**
     * Returns the samples dropped because no facility names their agent.
     *
     * @return count
     */
    long unknown() {
        return unknown.get();
    }

    /** Stops receiving. */
    synchronized void close() {
        if (receiver != null) {
            receiver.close();
            receiver = null;
        }
        agents = Map.of();
    }

    @Override
    public String toString() {
        return "sFlow on " + bound + " from " + agents;
    }
}
