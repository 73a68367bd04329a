// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.network;

/**
 * Where a correlation flow set's bottleneck comes from.
 */
public enum CfsKind {
    /** A bottleneck from the configuration. */
    CONFIGURED,
    /** The lowest-capacity link on the flows' path. */
    PATH_LINK,
    /** No path known: flows to one destination address. */
    DESTINATION
}
