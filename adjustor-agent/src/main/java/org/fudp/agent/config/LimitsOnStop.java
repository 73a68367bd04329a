// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.config;

/**
 * What a clean stop of the agent (SIGTERM: {@code systemctl stop}, {@code restart}, a package upgrade) does with its
 * limits. The switch goes on steering UDP into the adjustor until the controller finds the agent gone (a heartbeat
 * timeout) and sends it straight on, held by meters where the switch has them; limits lifted at the stop let a
 * flood pass unshaped for that long.
 */
public enum LimitsOnStop {
    /** The limits stay in the kernel: traffic through the bridge is held at them, and the next start adopts them. */
    KEEP,
    /** The limits go: traffic through the bridge passes unshaped while the agent is stopped. */
    CLEAR
}
