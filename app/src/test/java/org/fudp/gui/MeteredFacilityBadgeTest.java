// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import org.fudp.api.FacilityConfig;
import org.fudp.loop.api.facilities.AgentState;
import org.junit.jupiter.api.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.ui.topo.NodeBadge;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A facility whose switch's meters enforce the limits: its badge tells the operator when the switch
 * refused some flows their meter, so they run unlimited.
 */
class MeteredFacilityBadgeTest {

    private static final DeviceId S9 = DeviceId.deviceId("of:0000000000000009");
    private final FakeFudpService fudp = new FakeFudpService();
    private final FudpHighlighter highlighter = new FudpHighlighter(fudp);

    @Test
    void everyFlowMeteredIsInfo() {
        fudp.facilities.add(FacilityConfig.metered(S9));
        fudp.agents.put(S9, AgentState.metered(S9.toString(), 3, 3, 1_000, 2, 0, ""));
        NodeBadge b = highlighter.badge(S9);
        assertEquals(NodeBadge.Status.INFO, b.status());
        assertEquals("meters, 0 UDP flows limited", b.message());
    }

    @Test
    void flowsTheSwitchRefusedAMeterAreAWarning() {
        fudp.facilities.add(FacilityConfig.metered(S9));
        fudp.agents.put(S9, AgentState.metered(S9.toString(), 3, 3, 1_000, 4, 2,
                "2 flow(s) counted but unlimited; the switch refused ... a meter: OUT_OF_METERS"));
        NodeBadge b = highlighter.badge(S9);
        assertEquals(NodeBadge.Status.WARN, b.status());
        assertEquals("meters, 2 flows unmetered, 0 UDP flows limited", b.message());
    }
}
