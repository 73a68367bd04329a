// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;

import java.util.Optional;
import java.util.Set;

/**
 * Checks the control period against how often ONOS reads the switches' flow and meter statistics.
 * ONOS's
 * OpenFlow provider polls them every {@code flowPollFrequency} seconds (default 5, component
 * {@code org.onosproject.provider.of.flow.impl.OpenFlowRuleProvider}; providers/openflow/flow
 * OsgiPropertyConstants.POLL_FREQUENCY_DEFAULT), on its own clock. With a period shorter than two
 * polls a period sees zero, one or two fresh samples, so rates repeat or lag by a period, and
 * the window after new limits rarely gets a sample taken under them. Meters are polled apart, every
 * {@code meterStatsPollInterval} seconds (default 10, component
 * {@code org.onosproject.provider.of.meter.impl.OpenFlowMeterProvider}); a meter is in force for ONOS
 * only once a poll saw it, so at a metered facility a new limit waits for that poll too.
 */
final class StatsPollCheck {

    static final String PROVIDER = "org.onosproject.provider.of.flow.impl.OpenFlowRuleProvider";
    static final String POLL_FREQUENCY = "flowPollFrequency";
    static final String METER_PROVIDER = "org.onosproject.provider.of.meter.impl.OpenFlowMeterProvider";
    static final String METER_POLL = "meterStatsPollInterval";

    private final ComponentConfigService cfg;

    StatsPollCheck(ComponentConfigService cfg) {
        this.cfg = cfg;
    }

    /**
     * Returns what is wrong with a period, if anything.
     *
     * @param periodMs the control period
     * @return a warning naming both settings and what to set, empty if fine or if the OpenFlow
     *         provider is not there to ask
     */
    Optional<String> warning(long periodMs) {
        return check(periodMs, PROVIDER, POLL_FREQUENCY, "the flow statistics");
    }

    /**
     * Returns what is wrong with a period at a metered facility, if anything.
     *
     * @param periodMs the control period
     * @return a warning naming both settings and what to set, empty if fine or if the OpenFlow meter
     *         provider is not there to ask
     */
    Optional<String> meterWarning(long periodMs) {
        return check(periodMs, METER_PROVIDER, METER_POLL, "the meter statistics");
    }

    private Optional<String> check(long periodMs, String provider, String property, String what) {
        // Not getProperty: ONOS's ComponentConfigManager logs an ERROR for every ask about a component
        // that has not registered its properties yet (the meter provider, when FUDP starts first);
        // getProperties answers null then, silently.
        Set<ConfigProperty> registered = cfg.getProperties(provider);
        ConfigProperty poll = registered == null ? null
                : registered.stream().filter(p -> p.name().equals(property)).findFirst().orElse(null);
        if (poll == null) {
            return Optional.empty();
        }
        int seconds;
        try {
            seconds = poll.asInteger();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (seconds <= 0 || periodMs >= 2000L * seconds) {
            return Optional.empty();
        }
        return Optional.of(String.format("controlPeriodMs %d is shorter than two polls of %s "
                + "(%s %d s of %s): periods see zero, one or two fresh samples; set controlPeriodMs to at least "
                + "%d or %s to at most %d", periodMs, what, property, seconds, provider, 2000L * seconds,
                property, Math.max(1, periodMs / 2000)));
    }
}
