// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.FacilityConfig;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.MastershipRole;

import java.util.Collection;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which facilities this ONOS instance controls: those whose switch it is the master of. The
 * master is the one instance that gets the switch's packet-ins, so it alone sees new flows and
 * its adjustor's acknowledgements there; ONOS's mastership store (strongly consistent) gives
 * every switch exactly one master and moves it when an instance fails.
 */
final class FacilityOwnership {

    private final MastershipService mastership;
    private final MastershipListener listener;

    /**
     * Creates the ownership.
     *
     * @param mastership ONOS's mastership service
     * @param changed called when a switch's master changes, on ONOS's event thread: must return at once
     */
    FacilityOwnership(MastershipService mastership, Runnable changed) {
        this.mastership = mastership;
        this.listener = new MastershipListener() {
            @Override
            public void event(MastershipEvent event) {
                changed.run();
            }
        };
    }

    void start() {
        mastership.addListener(listener);
    }

    void stop() {
        mastership.removeListener(listener);
    }

    /**
     * Returns the facilities this instance controls now.
     *
     * @param configured every configured facility
     * @return their device ids, as strings
     */
    Set<String> mine(Collection<FacilityConfig> configured) {
        return configured.stream().filter(f -> mastership.getLocalRole(f.deviceId()) == MastershipRole.MASTER)
                .map(f -> f.deviceId().toString()).collect(Collectors.toSet());
    }
}
