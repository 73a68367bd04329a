package org.fudp.impl;

import org.fudp.api.FudpStore;
import org.fudp.loop.Actions;
import org.onosproject.net.DeviceId;

/**
 * Writes what the loop publishes into the store, which turns changes into events for REST, CLI
 * and GUI listeners.
 */
final class StatePublisher {

    private final FudpStore store;

    StatePublisher(FudpStore store) {
        this.store = store;
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
        a.facilities().values().forEach(store::putFacilityState);
        a.decisions().forEach(store::addDecision);
        a.cfssGone().forEach(store::removeCfs);
        a.cfss().values().forEach(store::putCfs);
        a.cfsSamples().forEach(store::addCfsSample);
    }
}
