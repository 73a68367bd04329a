// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Puts the limits back when the shaping interface is deleted and created again. Its tc tree goes
 * with it, and the controller, whose last snapshot was acknowledged, has no reason to send it
 * again: without this watch the limits would stay lost while both sides believe them in force.
 * Run it every heartbeat period.
 */
public final class InterfaceWatch implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(InterfaceWatch.class);

    private final BridgeSetup bridges;
    private final BridgeSetup.Bridge bridge;
    private final HtbFlowShaper shaper;
    private int ifindex = -1;
    private boolean gone;

    /**
     * Creates a watch.
     *
     * @param bridges runs ip and tc
     * @param bridge the agent's bridge, null if it runs without one
     * @param shaper the shaping interface's tree
     */
    public InterfaceWatch(BridgeSetup bridges, BridgeSetup.Bridge bridge, HtbFlowShaper shaper) {
        this.bridges = Objects.requireNonNull(bridges, "bridges");
        this.bridge = bridge;
        this.shaper = Objects.requireNonNull(shaper, "shaper");
    }

    @Override
    public void run() {
        String device = shaper.device();
        try {
            OptionalInt now = bridges.ifindex(device);
            if (now.isEmpty()) {
                if (!gone) {
                    LOG.warn("{}: the interface is gone; the {} limits in force are not enforced until it returns",
                            device, shaper.current().size());
                }
                gone = true;
                return;
            }
            if (ifindex >= 0 && now.getAsInt() != ifindex) {
                List<String> attached = bridge == null ? List.of() : bridges.reattach(bridge);
                int n = shaper.reinstall();
                LOG.info("{}: the interface came back (index {} -> {}){}; {} limits installed again", device, ifindex,
                        now.getAsInt(), attached.isEmpty() ? "" : ", " + attached + " attached to " + bridge.name()
                                + " again", n);
            }
            ifindex = now.getAsInt();
            gone = false;
        } catch (ShaperException e) {
            // Tried again on the next run; the controller's next snapshot rebuilds the tree anyway.
            LOG.warn("{}: cannot restore the interface: {} ({})", device, e.getMessage(), e.stderr().strip());
        } catch (RuntimeException e) {
            // A periodic task that throws is never run again.
            LOG.error("{}: interface watch failed", device, e);
        }
    }
}
