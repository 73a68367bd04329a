package org.fudp.impl;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;

import java.util.Optional;

/**
 * Checks the control period against how often ONOS reads the switches' flow statistics. ONOS's
 * OpenFlow provider polls them every {@code flowPollFrequency} seconds (default 5, component
 * {@code org.onosproject.provider.of.flow.impl.OpenFlowRuleProvider}; providers/openflow/flow
 * OsgiPropertyConstants.POLL_FREQUENCY_DEFAULT), on its own clock. With a period shorter than two
 * polls a period sees zero, one or two fresh samples, so rates repeat or lag by a period, and
 * the window after new limits rarely gets a sample taken under them.
 */
final class StatsPollCheck {

    static final String PROVIDER = "org.onosproject.provider.of.flow.impl.OpenFlowRuleProvider";
    static final String POLL_FREQUENCY = "flowPollFrequency";

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
        ConfigProperty poll = cfg.getProperty(PROVIDER, POLL_FREQUENCY);
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
        return Optional.of(String.format("controlPeriodMs %d is shorter than two polls of the flow statistics "
                + "(%s %d s of %s): periods see zero, one or two fresh samples; set controlPeriodMs to at least "
                + "%d or %s to at most %d", periodMs, POLL_FREQUENCY, seconds, PROVIDER, 2000L * seconds,
                POLL_FREQUENCY, Math.max(1, periodMs / 2000)));
    }
}
