// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.records;

/**
 * The control state of a correlation flow set, as REST and the GUI show it.
 */
public enum CfsState {
    /** The allocations are unchanged since the last period and in force (or there are none). */
    FAIR,
    /**
     * The last period changed an allocation, or an allocation is not in force yet, for less than a
     * period.
     */
    ADJUSTING,
    /**
     * An allocation has not been in force for a period or more: the agent has not acknowledged it,
     * the switch refused its meter, or the meter is not on the switch yet. UDP runs as the enforcer
     * last held it, possibly unlimited; the state's reason says which flow and why.
     */
    NOT_ENFORCED,
    /** The CFS has UDP flows whose adjustor is down or was never heard from. */
    NO_AGENT,
    /** The CFS has no UDP flow: nothing to control. */
    NO_UDP
}
