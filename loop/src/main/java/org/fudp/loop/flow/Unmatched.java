// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.api.network.CfsAssignment;

import java.util.ArrayList;
import java.util.List;

/**
 * What a correlation flow set carries in flows without rules of their own: its TCP aggregates' rate, when they
 * last counted anything, how many TCP connections its samples show sending steadily, and its UDP units.
 * Mutable while the collection sums it up, read-only after.
 */
public final class Unmatched {

    /** The set, as the units' and aggregates' destinations name it. */
    public CfsAssignment set;
    /** The set's UDP units: UDP carried, counted and limited as one flow each. */
    public final List<UdpUnit> units = new ArrayList<>();

    /** What the set's TCP aggregates carried since the last period, bit/s. */
    public double tcpBps;
    /** When a TCP aggregate of the set last counted new bytes, -1 if never. */
    public long tcpTrafficMs = -1;
    /** How many TCP aggregate rules the set has. */
    public int tcpRules;
    /** TCP connections without rules of their own that samples showed sending for a while ({@code TcpSightings}). */
    public int sightedTcp;
}
