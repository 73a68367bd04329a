// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;

/**
 * The rules a meter may be attached to, and where the loop keeps which meter each one passes: a flow's
 * main rule ({@link FlowTable}) or a unit's aggregate rule ({@link UdpUnits}).
 */
public interface MeteredRules {

    /**
     * Returns the rule a meter for a flow or unit attaches to.
     *
     * @param facilityId the facility
     * @param flow the flow, or the unit's match ({@link UdpUnit#tuple()})
     * @return its rule, null if it is no longer known or not metered
     */
    RuleSpec meteredRule(String facilityId, FiveTuple flow);

    /**
     * Notes that a rule's packets now pass another meter (or none); one no longer known is left alone.
     *
     * @param facilityId the facility
     * @param flow the flow, or the unit's match
     * @param meterKey the meter, {@link RuleSpec#NO_METER} for none or for one the host cannot read
     * @param rateBps the meter's rate, bit/s; 0 for none
     */
    void meterAttached(String facilityId, FiveTuple flow, long meterKey, long rateBps);
}
