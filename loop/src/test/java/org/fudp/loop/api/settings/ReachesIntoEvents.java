// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.settings;

import org.fudp.loop.api.events.PacketIn;

/** A fixture: a setting that reads an event, which the API's layers forbid (ArchitectureTest). */
public final class ReachesIntoEvents {

    private ReachesIntoEvents() {
    }

    /**
     * Returns the packet's facility.
     *
     * @param p a packet-in
     * @return its facility
     */
    public static String facilityOf(PacketIn p) {
        return p.facilityId();
    }
}
