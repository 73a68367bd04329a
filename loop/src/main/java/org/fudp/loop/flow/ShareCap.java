// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

/**
 * A responsive flow's share cap ({@code ResponsiveUdp}): held at its max-min share, still counted as responsive,
 * while another member of its set is below its own. It comes after a number of periods in a row wide of its share
 * beside such a member, follows the share as it moves, and goes after a number of periods in a row without one.
 */
final class ShareCap {

    private double capBps = -1;
    private int wide;
    private int quiet;

    boolean on() {
        return capBps >= 0;
    }

    double bps() {
        return capBps;
    }

    void clear() {
        capBps = -1;
        wide = 0;
        quiet = 0;
    }

    /**
     * Takes one period.
     *
     * @param wideOfShare whether the flow held more than its share's margin this period
     * @param victim whether another member of its set was below its own this period
     * @param shareBps the flow's max-min share
     * @param periods how many periods in a row wide of its share beside a victim cap it
     * @param quietPeriods how many periods in a row without a victim lift the cap
     * @return true if the cap came or went this period
     */
    boolean check(boolean wideOfShare, boolean victim, double shareBps, int periods, int quietPeriods) {
        if (on()) {
            quiet = victim ? 0 : quiet + 1;
            if (quiet >= quietPeriods) {
                clear();
                return true;
            }
            capBps = shareBps;
            return false;
        }
        wide = wideOfShare && victim ? wide + 1 : 0;
        if (wide < periods) {
            return false;
        }
        capBps = shareBps;
        quiet = 0;
        return true;
    }
}
