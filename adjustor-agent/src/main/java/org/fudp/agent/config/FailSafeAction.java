// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.config;

/**
 * What the agent does when the controller has been silent for too long.
 */
public enum FailSafeAction {
    /** Keep the last limits: UDP stays TCP-friendly at its last known share (the default). */
    KEEP,
    /** Lift every limit: traffic flows as if there were no FUDP. */
    CLEAR
}
