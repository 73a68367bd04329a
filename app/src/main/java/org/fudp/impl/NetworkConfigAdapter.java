// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import org.fudp.api.Bottleneck;
import org.fudp.api.FacilityConfig;
import org.fudp.config.FudpConfig;
import org.fudp.config.FudpConfigException;
import org.fudp.config.FudpConfigFactory;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.loop.api.settings.FlowBudget;
import org.onosproject.core.ApplicationId;
import org.onlab.packet.IpAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The app's network config (the {@code "fudp"} key: facilities and bottlenecks): registers its
 * factory, hands every accepted config to the manager, and writes admin changes through network
 * config so that they are validated, stored and seen by every listener the same way. A config
 * that fails validation is refused with its errors and the previous one stays in force.
 */
final class NetworkConfigAdapter implements NetworkConfigListener {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final ObjectMapper mapper = new ObjectMapper();
    private final FudpConfigFactory factory = new FudpConfigFactory();
    private final NetworkConfigRegistry registry;
    private final ApplicationId appId;
    private final Applier apply;

    /** Takes a config that passed validation. */
    @FunctionalInterface
    interface Applier {
        /**
         * Puts a config in force.
         *
         * @param facilities the facilities
         * @param bottlenecks the bottlenecks
         * @param classes the traffic classes, in order
         * @param budgets each facility's budget, by its switch
         * @param samplingAgents the sFlow agents of the sampled facilities, by address
         */
        void apply(List<FacilityConfig> facilities, List<Bottleneck> bottlenecks, List<TrafficClass> classes,
                   Map<DeviceId, FlowBudget> budgets, Map<IpAddress, DeviceId> samplingAgents);
    }

    /**
     * Returns the loop's facility for a configured one: ids and ports as the loop has them.
     *
     * @param f the configured facility
     * @return the loop's facility
     */
    static org.fudp.loop.api.settings.Facility loopFacility(FacilityConfig f) {
        if (f.isMetered()) {
            return org.fudp.loop.api.settings.Facility.metered(f.deviceId().toString());
        }
        return new org.fudp.loop.api.settings.Facility(f.deviceId().toString(), f.adjustorPort().toLong(),
                f.returnPort().toLong(), f.adjustorMac().toBytes(), f.keyId())
                .withWhenAdjustorDown(f.whenAdjustorDown()
                        .orElse(org.fudp.loop.api.settings.Facility.WhenAdjustorDown.METERS));
    }

    NetworkConfigAdapter(NetworkConfigRegistry registry, ApplicationId appId, Applier apply) {
        this.registry = registry;
        this.appId = appId;
        this.apply = apply;
    }

    /**
     * Registers the config and applies the one already stored, if any.
     */
    void start() {
        registry.registerConfigFactory(factory);
        registry.addListener(this);
        read(registry.getConfig(appId, FudpConfig.class));
    }

    void stop() {
        registry.removeListener(this);
        registry.unregisterConfigFactory(factory);
    }

    private void read(FudpConfig config) {
        if (config == null) {
            apply.apply(ImmutableList.of(), ImmutableList.of(), ImmutableList.of(), Map.of(), Map.of());
            return;
        }
        try {
            apply.apply(config.facilities(), config.bottlenecks(), config.classes(), config.budgets(),
                    config.samplingAgents());
        } catch (FudpConfigException e) {
            log.error("Rejected the FUDP network config, the previous one stays in force: {}", e.getMessage());
        }
    }

    /**
     * Changes the stored config.
     *
     * @param change what to change
     * @throws IllegalArgumentException naming every bad field; nothing is stored then
     */
    void update(Consumer<FudpConfig> change) {
        FudpConfig current = registry.getConfig(appId, FudpConfig.class);
        ObjectNode node = current == null || !(current.node() instanceof ObjectNode)
                ? mapper.createObjectNode() : ((ObjectNode) current.node()).deepCopy();
        FudpConfig next = new FudpConfig();
        next.init(appId, FudpConfig.CONFIG_KEY, node, mapper, null);
        change.accept(next);
        List<String> errors = next.errors();
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", errors));
        }
        registry.applyConfig(appId, FudpConfig.class, node);
    }

    @Override
    public boolean isRelevant(NetworkConfigEvent event) {
        return FudpConfig.class.equals(event.configClass());
    }

    @Override
    public void event(NetworkConfigEvent event) {
        switch (event.type()) {
            case CONFIG_ADDED:
            case CONFIG_UPDATED:
                read((FudpConfig) event.config().orElse(registry.getConfig(appId, FudpConfig.class)));
                break;
            case CONFIG_REMOVED:
                read(null);
                break;
            default:
                break;
        }
    }
}
