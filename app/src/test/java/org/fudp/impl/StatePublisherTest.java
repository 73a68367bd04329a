// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.FudpLoop;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.network.NetworkView;
import org.junit.jupiter.api.Test;
import org.onosproject.net.DeviceId;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the real loop publishes reaches the store: each facility's view, naming the instance in
 * charge, beside its agent; and both go when the facility leaves the config.
 */
class StatePublisherTest {

    private static final long T0 = HostFixture.T0;
    private static final DeviceId S1 = HostFixture.S1;

    private final SimpleFudpStore store = new SimpleFudpStore(3);
    private final StatePublisher publisher = new StatePublisher(store);
    /** No flow comes: the network is never asked. */
    private final FudpLoop loop = new FudpLoop(LoopSettings.defaults(), new NetworkView() {
        @Override
        public OptionalLong onwardPort(String facilityId, InetAddress dst, long dstMac) {
            return OptionalLong.empty();
        }

        @Override
        public Optional<CfsAssignment> cfsOf(String facilityId, InetAddress dst) {
            return Optional.empty();
        }
    }, HostFixture.KEYS, T0);

    @Test
    void eachFacilitysViewNamesItsControllerAndGoesWithTheFacility() {
        loop.setController("onos-1");
        publisher.publish(loop.setFacilities(T0 + 100, List.of(HostFixture.FACILITY)));
        publisher.publish(loop.period(T0 + 1000, List.of()));

        FacilityState view = store.getFacilityState(S1).orElseThrow();
        assertEquals("onos-1", view.controller());
        assertEquals(T0 + 100, view.controllingSinceMs(), "in charge since the facility was given to it");
        assertEquals(T0, view.epoch(), "the loop's epoch at the adjustor");
        assertEquals(FlowBudget.DEFAULT, view.budget());
        assertEquals(0, view.rulesInUse());
        assertEquals(0, view.refusals());
        assertTrue(store.getAgent(S1).isPresent());

        // A changed facility is a new one for its agent: its view comes back at the next period.
        Facility moved = new Facility(S1.toString(), 3, 6, new byte[]{2, 0, 0, 0, 0, (byte) 0xaa},
                HostFixture.KEY_ID);
        publisher.publish(loop.setFacilities(T0 + 1500, List.of(moved)));
        publisher.publish(loop.period(T0 + 2000, List.of()));
        assertEquals("onos-1", store.getFacilityState(S1).orElseThrow().controller());

        publisher.publish(loop.setFacilities(T0 + 3000, List.of()));
        assertTrue(store.getFacilityState(S1).isEmpty(), "the facility left the config");
        assertTrue(store.getAgent(S1).isEmpty());
        assertTrue(store.getFacilityStates().isEmpty());
    }
}
