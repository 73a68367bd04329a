// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FlowLimit;

import java.util.Collection;
import java.util.Set;

/**
 * Applies per-flow rate limits on one egress interface; everything not limited passes unshaped.
 */
public interface FlowShaper {

    /**
     * Reconciles the interface to exactly the given set of limits: creates what is missing, changes
     * the rate of what differs (without re-creating it) and deletes what is no longer wanted.
     *
     * @param desired the full desired set; a flow may appear only once
     * @return what was done and how long it took
     * @throws ShaperException if tc refused a command; {@link #current()} then tells what is applied,
     *     and {@link ShaperException#stateUnchanged()} whether it is still the set before the call
     */
    ApplyReport apply(Collection<FlowLimit> desired) throws ShaperException;

    /**
     * Removes everything this shaper created on the interface.
     *
     * @throws ShaperException if tc refused to remove it
     */
    void clear() throws ShaperException;

    /**
     * Returns the limits that are in force now.
     *
     * @return an immutable snapshot
     */
    Set<FlowLimit> current();

    /**
     * Returns the tc batch text that {@link #apply} would run now, without running it.
     *
     * @param desired the full desired set
     * @return tc batch text, one command a line; empty if nothing would change
     */
    String plan(Collection<FlowLimit> desired);
}
