// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.sets.ReachesDownIntoFlow;

/** A fixture of {@code ArchitectureTest}: the flow table using a set's class, which makes a cycle. */
public final class ReachesUpIntoSets {

    private ReachesDownIntoFlow set;

    /**
     * Returns what it reached up to.
     *
     * @return the set's class
     */
    public ReachesDownIntoFlow set() {
        return set;
    }
}
