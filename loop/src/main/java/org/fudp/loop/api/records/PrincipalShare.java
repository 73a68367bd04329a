// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.records;

import java.util.Objects;

/**
 * One principal of a set's unresponsive UDP as the views show it (docs/algorithm.md, "Principals"): whom the
 * traffic counts for, how many of the set's measured UDP flows are its, and what they carried in the period.
 */
public final class PrincipalShare {

    private final String principal;
    private final int flows;
    private final long bps;

    /**
     * Creates the share.
     *
     * @param principal the principal's key: a source address, prefix, class or, for a flow that is a
     *        principal of its own, its 5-tuple
     * @param flows its measured UDP flows in the set, at least 1
     * @param bps what they carried, bit/s
     */
    public PrincipalShare(String principal, int flows, long bps) {
        this.principal = Objects.requireNonNull(principal, "principal");
        this.flows = flows;
        this.bps = bps;
    }

    /**
     * Returns the principal.
     *
     * @return its key
     */
    public String principal() {
        return principal;
    }

    /**
     * Returns how many measured UDP flows of the set are the principal's.
     *
     * @return flows
     */
    public int flows() {
        return flows;
    }

    /**
     * Returns what the principal's flows carried in the period.
     *
     * @return bit/s
     */
    public long bps() {
        return bps;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PrincipalShare)) {
            return false;
        }
        PrincipalShare s = (PrincipalShare) o;
        return flows == s.flows && bps == s.bps && principal.equals(s.principal);
    }

    @Override
    public int hashCode() {
        return Objects.hash(principal, flows, bps);
    }

    @Override
    public String toString() {
        return principal + " (" + flows + (flows == 1 ? " flow" : " flows") + ", " + bps / 1000 + " kbit/s)";
    }
}
