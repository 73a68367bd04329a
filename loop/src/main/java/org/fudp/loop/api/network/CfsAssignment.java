// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.network;

import java.util.Objects;
import java.util.Optional;

/**
 * The bottleneck a flow shares with others, as a host's {@link NetworkView} found it: the id of
 * its correlation flow set and what is known of the bottleneck.
 */
public final class CfsAssignment {

    private final String cfsId;
    private final CfsKind kind;
    private final long capacityBps;
    private final String egress;
    private final String linkDst;

    /**
     * Creates an assignment.
     *
     * @param cfsId the set's id, stable across periods
     * @param kind where the bottleneck comes from
     * @param capacityBps the bottleneck's capacity, 0 if unknown
     * @param egress where the bottleneck link starts (host's text form), null if unknown
     * @param linkDst where it ends, null if unknown
     */
    public CfsAssignment(String cfsId, CfsKind kind, long capacityBps, String egress, String linkDst) {
        this.cfsId = Objects.requireNonNull(cfsId, "cfsId");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.capacityBps = Math.max(0, capacityBps);
        this.egress = egress;
        this.linkDst = linkDst;
    }

    public String cfsId() {
        return cfsId;
    }

    public CfsKind kind() {
        return kind;
    }

    /**
     * Returns the capacity.
     *
     * @return bit/s, 0 if unknown
     */
    public long capacityBps() {
        return capacityBps;
    }

    public Optional<String> egress() {
        return Optional.ofNullable(egress);
    }

    public Optional<String> linkDst() {
        return Optional.ofNullable(linkDst);
    }

    @Override
    public String toString() {
        return cfsId + " (" + kind + (capacityBps > 0 ? ", " + capacityBps + " bit/s" : "") + ")";
    }
}
