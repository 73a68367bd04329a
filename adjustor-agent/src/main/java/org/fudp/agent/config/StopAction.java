// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.config;

/**
 * What a clean stop of the agent (SIGTERM: {@code systemctl stop}, {@code restart}, a package upgrade) does with
 * its bridge. The switch goes on steering UDP into the adjustor until the controller finds the agent gone (a
 * heartbeat timeout), so a bridge taken away with the agent would cut every such flow off meanwhile.
 */
public enum StopAction {
    /**
     * The limits go and the bridge stays, with the guard that keeps control frames off it: traffic passes
     * unshaped while the agent is stopped, and the next start adopts the bridge (the default).
     */
    PASSTHROUGH,
    /** The limits go and the bridge is deleted if the agent created it, its guard taken off either way. */
    REMOVE
}
