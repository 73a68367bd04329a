// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.events;

import java.util.OptionalLong;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.api.settings.Facility;

/**
 * Whether a TCP or UDP packet a facility sent to the controller is FUDP's to handle. A host that
 * must answer its switch at once (ONOS's packet processors run on the OpenFlow I/O threads) asks
 * this before handing the packet to the loop on the loop's own thread; it needs no loop state.
 */
public enum PacketVerdict {
    /** Not FUDP's: no way on is known from here; other apps may forward it. */
    LEAVE,
    /** FUDP's, and it goes no further: whatever arrives from the adjustor port is the agent's. */
    DROP,
    /** FUDP's: the loop learns or forwards it. */
    TAKE;

    /**
     * Judges a packet at a facility.
     *
     * @param f the facility it arrived at
     * @param inPort where it entered the switch
     * @param onward the port toward its destination, as the host's {@link NetworkView} finds it;
     *               not consulted for packets from the adjustor's ports
     * @return the verdict
     */
    public static PacketVerdict of(Facility f, long inPort, OptionalLong onward) {
        if (inPort == f.adjustorPort()) {
            return DROP;
        }
        if (inPort == f.returnPort()) {
            // Shaped traffic back from the adjustor: its flow's rule sends it on; one that has no
            // flow is no one's to flood or learn from.
            return TAKE;
        }
        if (onward.isEmpty() || onward.getAsLong() == inPort || f.isAdjustorSide(onward.getAsLong())) {
            return LEAVE;
        }
        return TAKE;
    }
}
