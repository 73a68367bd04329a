// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.FacilityConfig;
import org.fudp.loop.api.settings.Facility.WhenAdjustorDown;
import org.junit.jupiter.api.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the loop is given of a configured facility. */
class NetworkConfigAdapterTest {

    private static final FacilityConfig ADJUSTED = new FacilityConfig(DeviceId.deviceId("of:0000000000000001"),
            PortNumber.portNumber(3), PortNumber.portNumber(4), MacAddress.valueOf("02:00:00:00:00:aa"), 7);

    @Test
    void theLoopHoldsTheFlowsOfAFacilityWithMetersWhileItsAgentIsDownUnlessTheConfigSaysOtherwise() {
        assertEquals(WhenAdjustorDown.METERS, NetworkConfigAdapter.loopFacility(ADJUSTED).whenAdjustorDown());
        for (WhenAdjustorDown w : WhenAdjustorDown.values()) {
            assertEquals(w, NetworkConfigAdapter.loopFacility(ADJUSTED.withWhenAdjustorDown(w)).whenAdjustorDown());
        }
    }
}
