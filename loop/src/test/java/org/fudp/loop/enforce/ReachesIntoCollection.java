// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.collect.PerFlowCollection;

/** A fixture of {@code ArchitectureTest}: enforcement using collection's internals, which the layers refuse. */
public final class ReachesIntoCollection {

    private PerFlowCollection collection;

    /**
     * Returns what it reached into.
     *
     * @return the collection
     */
    public PerFlowCollection collection() {
        return collection;
    }
}
