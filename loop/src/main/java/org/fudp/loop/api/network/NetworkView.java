// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.network;

import java.net.InetAddress;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the loop asks its host about the network: where a flow goes on from a facility, and
 * which bottleneck it shares. The app answers from ONOS's host, path and device services and its
 * network config; the lab from its config file.
 */
public interface NetworkView {

    /**
     * Finds the port by which a flow leaves a facility toward its destination.
     *
     * @param facilityId the facility switch
     * @param dst the flow's destination address
     * @param dstMac the frame's destination MAC (48 bits), or {@link org.fudp.loop.api.events.PacketIn#NO_MAC}
     * @return the port, empty if unknown
     */
    OptionalLong onwardPort(String facilityId, InetAddress dst, long dstMac);

    /**
     * Finds the correlation flow set of a flow at a facility.
     *
     * @param facilityId the facility switch
     * @param dst the flow's destination address
     * @return the set, empty if the flow shares no known bottleneck (it is then measured, never
     *         limited)
     */
    Optional<CfsAssignment> cfsOf(String facilityId, InetAddress dst);

    /**
     * Finds the destinations one aggregate rule of a sampled facility may forward together with a flow's
     * destination: a prefix all of whose addresses leave the facility by the given port and share one set,
     * such as a configured bottleneck's prefix behind its egress port on this facility
     * ({@link BottleneckTable#sharedPrefix}). Aggregates then grow with the bottlenecks, not the destinations.
     *
     * @param facilityId the facility switch
     * @param dst the flow's destination address
     * @param onwardPort the port it leaves the facility by ({@link #onwardPort})
     * @return the prefix; the destination alone, full-length, when the host cannot say that of a wider one
     */
    default AddressPrefix aggregatePrefix(String facilityId, InetAddress dst, long onwardPort) {
        return AddressPrefix.of(dst);
    }
}
