// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.sets;

import org.fudp.loop.flow.ReachesUpIntoSets;

/** A fixture of {@code ArchitectureTest}: the set's side of the cycle {@link ReachesUpIntoSets} makes. */
public final class ReachesDownIntoFlow {

    private ReachesUpIntoSets flow;

    /**
     * Returns what it uses.
     *
     * @return the flow table's class
     */
    public ReachesUpIntoSets flow() {
        return flow;
    }
}
