// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;

import java.util.function.Consumer;

/**
 * The app's rules' removals and statistics for the loop ({@link LoopHost#flowRuleEvent}): ONOS's flow rule
 * service posts every app's events to every listener, and asks {@link #isRelevant} first (ListenerRegistry).
 */
final class AppRuleListener implements FlowRuleListener {

    private final ApplicationId appId;
    private final Consumer<FlowRuleEvent> to;

    /**
     * Creates the listener.
     *
     * @param appId the app whose rules count
     * @param to where their removals and updates go, on ONOS's event thread
     */
    AppRuleListener(ApplicationId appId, Consumer<FlowRuleEvent> to) {
        this.appId = appId;
        this.to = to;
    }

    @Override
    public boolean isRelevant(FlowRuleEvent event) {
        return (event.type() == FlowRuleEvent.Type.RULE_REMOVED || event.type() == FlowRuleEvent.Type.RULE_UPDATED)
                && event.subject().appId() == appId.id();
    }

    @Override
    public void event(FlowRuleEvent event) {
        to.accept(event);
    }
}
