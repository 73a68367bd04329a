package org.fudp.impl;

import org.fudp.loop.sampling.PacketSample;
import org.fudp.loop.sampling.SflowIntake;
import org.onlab.packet.IpAddress;
import org.onosproject.net.DeviceId;
import org.slf4j.Logger;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * This instance's sFlow collection for the sampled facilities: a {@link SflowReceiver} on the
 * {@code sflowPort} component property while the network config samples any facility, and the
 * facility each datagram came from, by the agent address it names ({@code sampling.agent}). Samples
 * of an agent no facility names are dropped and counted.
 */
final class SflowCollector {

    private static final Logger log = getLogger(SflowCollector.class);

    private final BiConsumer<DeviceId, List<PacketSample>> sink;
    private final AtomicLong unknown = new AtomicLong();
    // A stranger or a broken agent: said once, then counted, never a log line per datagram.
    private final SflowIntake intake = new SflowIntake(
            why -> log.warn("sFlow datagram dropped ({}); further ones are only counted", why));
    private volatile Map<IpAddress, DeviceId> agents = Map.of();
    private SflowReceiver receiver;
    private int port;

    /**
     * Creates the collection, receiving nothing yet.
     *
     * @param sink where each facility's samples go
     */
    SflowCollector(BiConsumer<DeviceId, List<PacketSample>> sink) {
        this.sink = sink;
    }

    /**
     * Puts the config's agents and the port in force: receives while an agent is configured and the
     * port is not 0.
     *
     * @param nextAgents the sampled facilities, by agent address
     * @param nextPort the UDP port, 0 for none
     */
    synchronized void update(Map<IpAddress, DeviceId> nextAgents, int nextPort) {
        agents = Map.copyOf(nextAgents);
        boolean wanted = !agents.isEmpty() && nextPort > 0;
        if (receiver != null && (!wanted || nextPort != port)) {
            receiver.close();
            receiver = null;
        }
        port = nextPort;
        if (wanted && receiver == null) {
            try {
                receiver = new SflowReceiver(port, this::route, intake);
                log.info("Collecting sFlow on UDP port {} from {}", receiver.port(), agents);
            } catch (IOException e) {
                // Sampled facilities then learn nothing new: say so where operators look.
                log.error("Cannot collect sFlow on UDP port {} ({}): the sampled facilities {} find no heavy flow",
                        port, e.getMessage(), agents.values());
            }
        }
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

    // One datagram's samples, to the facilities whose agents sent them.
    private void route(List<PacketSample> samples) {
        Map<IpAddress, DeviceId> now = agents;
        Map<DeviceId, List<PacketSample>> byFacility = new HashMap<>();
        for (PacketSample s : samples) {
            DeviceId d = now.get(IpAddress.valueOf(s.agent()));
            if (d == null) {
                unknown.incrementAndGet();
            } else {
                byFacility.computeIfAbsent(d, k -> new ArrayList<>()).add(s);
            }
        }
        byFacility.forEach(sink);
    }

    /**
     * Returns the datagrams received since this instance started, on every port it received on.
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
        return "sFlow on " + port + " from " + agents;
    }
}
