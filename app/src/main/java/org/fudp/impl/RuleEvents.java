package org.fudp.impl;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;

/**
 * The app's rules' removals and statistics, for the loop ({@link LoopHost#flowRuleEvent}): a removal
 * makes it forget the rule's flow, each statistics poll tells it when a flow stopped. Other apps'
 * rules are not the loop's business.
 */
final class RuleEvents implements FlowRuleListener {

    private final ApplicationId appId;
    private final LoopHost host;

    RuleEvents(ApplicationId appId, LoopHost host) {
        this.appId = appId;
        this.host = host;
    }

    @Override
    public boolean isRelevant(FlowRuleEvent event) {
        return (event.type() == FlowRuleEvent.Type.RULE_REMOVED || event.type() == FlowRuleEvent.Type.RULE_UPDATED)
                && event.subject().appId() == appId.id();
    }

    @Override
    public void event(FlowRuleEvent event) {
        host.flowRuleEvent(event);
    }
}
