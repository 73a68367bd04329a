// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.hostfixture;

import org.fudp.loop.enforce.FailOpen;

/** A fixture of the loop's {@code ArchitectureTest}: a host using enforcement directly, past the facade. */
public final class HostUsingEnforcement {

    private FailOpen failOpen;

    /**
     * Returns what it reached past the facade for.
     *
     * @return the enforcement class
     */
    public FailOpen failOpen() {
        return failOpen;
    }
}
