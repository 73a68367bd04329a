// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.facilities;

/**
 * Liveness of an adjustor agent, as the controller sees it.
 */
public enum AgentStatus {
    /** Never heard from since the facility was configured or the controller started. */
    UNKNOWN,
    /** Heard from within the heartbeat timeout. */
    UP,
    /** Silent for longer than the heartbeat timeout. */
    DOWN
}
