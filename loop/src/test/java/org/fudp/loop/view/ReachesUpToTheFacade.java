// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.view;

import org.fudp.loop.FudpLoop;

/** A fixture of {@code ArchitectureTest}: a part of the loop using the facade above it. */
public final class ReachesUpToTheFacade {

    private FudpLoop loop;

    /**
     * Returns what it reached up to.
     *
     * @return the facade
     */
    public FudpLoop loop() {
        return loop;
    }
}
