// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.api.FacilityConfig;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.basics.HostLearningConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps ONOS from learning hosts on the adjustors' ports. Traffic that comes back from an adjustor
 * carries its senders' MACs; ONOS's HostLocationProvider would move those hosts onto the return
 * port, after which no flow to them could be placed. ONOS 2.7 turns learning off per connect point
 * with the {@code "hostLearning": {"enabled": false}} config under {@code "ports"}
 * (core/api .../net/config/basics/HostLearningConfig.java; HostLocationProvider checks it for
 * every packet it learns from). The guard writes it for each adjustor port it finds unconfigured
 * and removes what it wrote when the facility or the app goes; an operator's own setting for such
 * a port is left as it is.
 * <p>
 * What it writes is marked {@code "setBy": "org.fudp.app"} (HostLearningConfig.isValid checks only
 * {@code enabled}, and HostLocationProvider reads only that), so that another instance, or the version
 * of the app activated after an upgrade that handed the facilities over, knows it for FUDP's and removes
 * it when FUDP goes for good.
 * </p>
 */
final class HostLearningGuard {

    /** The subject key and config key HostLocationProvider registers for HostLearningConfig. */
    static final String PORTS = "ports";
    static final String HOST_LEARNING = "hostLearning";
    /** The field that marks a config as FUDP's; an operator's has none. */
    static final String SET_BY = "setBy";

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final NetworkConfigRegistry registry;
    private final ObjectNode disabled = new ObjectMapper().createObjectNode().put("enabled", false)
            .put(SET_BY, FudpManager.APP_NAME);
    private final Set<ConnectPoint> ours = new LinkedHashSet<>();

    HostLearningGuard(NetworkConfigRegistry registry) {
        this.registry = registry;
    }

    /**
     * Turns learning off on exactly the adjustor ports of these facilities.
     *
     * @param facilities the facilities in force
     */
    synchronized void setFacilities(Collection<FacilityConfig> facilities) {
        Set<ConnectPoint> wanted = new LinkedHashSet<>();
        for (FacilityConfig f : facilities) {
            if (f.isMetered()) {
                continue;
            }
            wanted.add(f.adjustorConnectPoint());
            wanted.add(new ConnectPoint(f.deviceId(), f.returnPort()));
        }
        for (ConnectPoint cp : List.copyOf(ours)) {
            if (!wanted.contains(cp)) {
                restore(cp);
            }
        }
        for (ConnectPoint cp : wanted) {
            if (ours.contains(cp)) {
                continue;
            }
            HostLearningConfig existing = registry.getConfig(cp, HostLearningConfig.class);
            if (existing != null && FudpManager.APP_NAME.equals(existing.node().path(SET_BY).asText())) {
                // Written by FUDP: another instance, or the version before an upgrade that handed over.
                ours.add(cp);
                continue;
            }
            if (existing != null) {
                if (existing.hostLearningEnabled()) {
                    log.warn("Host learning is configured on at adjustor port {}: ONOS may move hosts onto it", cp);
                }
                continue;
            }
            // By keys, so that it is queued when HostLocationProvider is not active yet.
            registry.applyConfig(PORTS, cp, HOST_LEARNING, disabled.deepCopy());
            ours.add(cp);
        }
    }

    /**
     * Removes every config the guard wrote.
     */
    synchronized void restoreAll() {
        for (ConnectPoint cp : List.copyOf(ours)) {
            restore(cp);
        }
    }

    private void restore(ConnectPoint cp) {
        registry.removeConfig(PORTS, cp, HOST_LEARNING);
        ours.remove(cp);
    }
}
