// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.FudpStore;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.FacilityState;
import org.onosproject.net.DeviceId;

import java.util.function.UnaryOperator;

/**
 * Writes what the loop publishes into the store, which turns changes into events for REST, CLI
 * and GUI listeners.
 */
final class StatePublisher {

    private final FudpStore store;
    /** Adds what the host knows to a facility's view: the installs that failed without the switch's word. */
    private volatile UnaryOperator<FacilityState> annotate = UnaryOperator.identity();

    StatePublisher(FudpStore store) {
        this.store = store;
    }

    /**
     * Says what the host adds to each facility's view before it is published.
     *
     * @param with returns the view with the host's part
     */
    void annotate(UnaryOperator<FacilityState> with) {
        annotate = with;
    }

    /**
     * Publishes the state changes of one event's actions.
     *
     * @param a the actions
     */
    void publish(Actions a) {
        a.flowsGone().forEach(store::removeFlow);
        a.flows().values().forEach(store::putFlow);
        a.flowSamples().forEach(store::addFlowSample);
        a.allocationsGone().forEach(store::removeAllocation);
        a.allocations().values().forEach(store::putAllocation);
        // An agent goes when its facility leaves the config: the facility's view goes with it.
        a.agentsGone().forEach(id -> {
            store.removeAgent(DeviceId.deviceId(id));
            store.removeFacilityState(DeviceId.deviceId(id));
        });
        a.agents().values().forEach(store::putAgent);
        a.facilities().values().forEach(f -> store.putFacilityState(annotate.apply(f)));
        a.decisions().forEach(store::addDecision);
        a.cfssGone().forEach(store::removeCfs);
        a.cfss().values().forEach(store::putCfs);
        a.cfsSamples().forEach(store::addCfsSample);
    }
}
