// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.net.InetAddress;
import java.util.Optional;
import java.util.OptionalLong;
import org.fudp.loop.api.network.AddressPrefix;
import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.network.NetworkView;

/**
 * The network as the lab's config describes it: one bridge, every host on its own port, the
 * bottlenecks by destination prefix. ONOS would answer from its host service and the app's netcfg.
 */
final class LabNetwork implements NetworkView {

    private final LabConfig config;

    LabNetwork(LabConfig config) {
        this.config = config;
    }

    @Override
    public OptionalLong onwardPort(String facilityId, InetAddress dst, long dstMac) {
        if (!config.bridge().equals(facilityId)) {
            return OptionalLong.empty();
        }
        // Hosts are known by address (static neighbours, no ARP), so the MAC adds nothing.
        return config.portOf(dst).map(p -> OptionalLong.of(p)).orElse(OptionalLong.empty());
    }

    @Override
    public Optional<CfsAssignment> cfsOf(String facilityId, InetAddress dst) {
        return config.bridge().equals(facilityId) ? config.bottlenecks().lookup(dst) : Optional.empty();
    }

    @Override
    public AddressPrefix aggregatePrefix(String facilityId, InetAddress dst, long onwardPort) {
        return config.bottlenecks().sharedPrefix(facilityId, dst, onwardPort).orElse(AddressPrefix.of(dst));
    }
}
