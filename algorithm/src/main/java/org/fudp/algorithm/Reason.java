// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

/**
 * Why a {@link Decision} came out as it did.
 */
public enum Reason {
    /** The UDP average W_a(f_U) lies inside the fairness band: allocations stay as they are. */
    IN_BAND(true),
    /**
     * The UDP average is outside the band by less than the hysteresis margin and the CFS was fair
     * last period: allocations stay as they are, so a value hovering at an edge does not flap.
     */
    WITHIN_MARGIN(true),
    /** The UDP average is above the band: Algorithm 1 reallocated the UDP flows. */
    ABOVE_BAND(false),
    /** The UDP average is below the band: Algorithm 1 reallocated the UDP flows. */
    BELOW_BAND(false),
    /**
     * The predicted TCP total is below the TCP floor (n / (n + K) of BW) while the UDP flows carry more than
     * the floor leaves them, whatever the band says of a principal's average: the UDP of many principals
     * (a reflection attack's shape) was reallocated within the floor.
     */
    BELOW_FLOOR(false),
    /**
     * Settling only: every measured UDP flow wants less than the band's lower bound, so no limit
     * can raise the UDP average into the band, and none is needed: allocations stay as they are.
     */
    BELOW_SHARE(true),
    /**
     * Settling only: the UDP average is outside the band, but reallocating would move no limit by
     * more than the margin (hysteresis or noise floor): the limits already are the set's
     * allocation, and what the band test saw is measurement noise or TCP still taking up its
     * share. Allocations stay as they are.
     */
    AT_ALLOCATION(true),
    /**
     * Settling only: the UDP average is above the band, but every measured UDP flow is held at its
     * limit and the bottleneck (capacity known) carries less than {@link CfsController#FULL} of its
     * capacity: no UDP flow takes bandwidth from TCP, whose rate is below its share on its own
     * (ramping up, or recovering from timeouts after a UDP burst). Lowering the limits would only
     * leave the link idle; allocations stay as they are.
     */
    LINK_HAS_ROOM(true),
    /** The CFS has no UDP flow: there is nothing to allocate; the predictor keeps running. */
    NO_UDP(true),
    /** The CFS has UDP flows but none has a usable sample: allocations stay as they are. */
    NO_UDP_SAMPLES(true),
    /**
     * The CFS has no TCP flow: there is no TCP to be friendly to, so every limit is released and
     * the predictor restarts when TCP returns.
     */
    NO_TCP(true),
    /** The CFS has TCP flows but none has a usable sample: nothing changes, not even the predictor. */
    NO_TCP_SAMPLES(true);

    private final boolean fair;

    Reason(boolean fair) {
        this.fair = fair;
    }

    /**
     * Tells whether this reason leaves the UDP flows' allocations as computed before (true) or
     * follows a reallocation by Algorithm 1 (false).
     *
     * @return true for every reason except {@link #ABOVE_BAND}, {@link #BELOW_BAND} and {@link #BELOW_FLOOR}
     */
    public boolean isFair() {
        return fair;
    }
}
