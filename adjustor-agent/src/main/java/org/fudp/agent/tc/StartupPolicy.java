// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

/**
 * What a shaper does with a tree it finds on its interface at startup.
 */
public enum StartupPolicy {
    /**
     * Keep a tree an earlier run of the agent left (same handles, same classifier and hash key),
     * so limits stay in force across a restart and the next snapshot only changes what differs.
     * Anything else on the interface is cleared as with {@link #CLEAR}.
     */
    ADOPT,
    /** Remove whatever root qdisc the interface has and start from nothing. */
    CLEAR
}
