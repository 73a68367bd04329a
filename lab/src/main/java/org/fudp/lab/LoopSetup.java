// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import org.fudp.algorithm.FudpaConfig;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.protocol.EthernetFrame;

/**
 * The loop's settings and the one facility, from the lab's config: where the lab's Open vSwitch and
 * timing differ from the app's defaults, and why.
 */
final class LoopSetup {

    /** Above every base rule (0, 1, 2, 10, 20); the loop's second rules take one more. */
    static final int FLOW_PRIORITY = 100;
    /** The agent's key id: lab/py/fudp.py writes the run's key as "1 = <hex>". */
    static final int KEY_ID = 1;

    private LoopSetup() {
    }

    /**
     * Returns the loop's settings.
     *
     * @param config the lab's config
     * @return settings
     */
    static LoopSettings settings(LabConfig config) {
        return LoopSettings.builder()
                .periodMs(config.periodMillis())
                // The app's switches, set at start (the fault run's dry-run and disabled cases).
                .enabled(config.enabled())
                .dryRun(config.dryRun())
                .fudpa(FudpaConfig.defaults().toBuilder().alpha(config.alpha()).beta(config.beta())
                        .settle(config.settle()).tcpFloorPrincipals(config.tcpFloorPrincipals()).build())
                .principal(config.principal())
                .flowIdleTimeoutS(config.idleTimeoutSeconds())
                .flowPriority(FLOW_PRIORITY)
                // OVS matches tcp_flags; ONOS 2.7 cannot, so only the lab closes connections at their FIN/RST
                // (a scenario can turn them off to run as the app does).
                .closingRules(config.closingRules())
                .responsive(config.responsive())
                // The lab sets other_config:max-revalidator=100: counters lag the datapath by up to 100 ms.
                .counterLagMs(150)
                // An ACK comes back in tens of ms (the agent's very first tc class: 0.3-0.7 s), so a
                // snapshot unacknowledged after half a 1 s period was lost: resend it within the same period.
                .ackTimeoutMs(500)
                // The agent heartbeats every 1 s and acts on 10 s of silence (its fail-safe); we heartbeat
                // as often, and call it down after 5 s, five of its heartbeats, five lab periods.
                .heartbeatIntervalMs(1000)
                .heartbeatTimeoutMs(5000)
                .build();
    }

    /**
     * Returns the lab's one facility: the bridge and the adjustor on its two ports.
     *
     * @param config the lab's config
     * @return facility, its id the bridge name
     */
    static Facility facility(LabConfig config) {
        if (config.metered()) {
            return Facility.metered(config.bridge());
        }
        return new Facility(config.bridge(), config.adjustorSwitchPort(), config.adjustorOnwardPort(),
                EthernetFrame.parseMac(config.adjustorMac()), KEY_ID).withWhenAdjustorDown(config.whenAdjustorDown());
    }
}
