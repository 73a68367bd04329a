// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.protocol.FiveTuple;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The rules one flow has on its switch and where they send it. A flow through the adjustor has two: the
 * one into the adjustor counts what it offers, the one back what it delivers. Every other flow has one; a
 * TCP flow may have two closing rules besides.
 */
final class FlowRules {

    private final long adjustorPort;
    private final long onwardPort;
    private final RuleSpec back;
    private RuleSpec main;
    private List<RuleSpec> all;

    // dscp: what the rules match, TrafficClass.NO_DSCP for any. A UDP flow's rules match its DSCP, so that a
    // packet marked otherwise misses them and comes to the controller, which learns the flow again under its
    // new marking (its traffic class may differ). Once only: a flow learnt again matches any DSCP, so a flow
    // that keeps changing its marks is not punted packet by packet. TCP matches any DSCP.
    FlowRules(long number, FiveTuple tuple, Facility facility, long onwardPort, boolean viaAdjustor,
              LoopSettings settings, int dscp) {
        this.adjustorPort = facility.adjustorPort();
        this.onwardPort = onwardPort;
        int prio = settings.flowPriority();
        int idle = settings.flowIdleTimeoutS();
        List<RuleSpec> r = new ArrayList<>(4);
        if (viaAdjustor) {
            main = rule(number, tuple, facility, RuleSpec.Role.TO_ADJUSTOR, RuleSpec.ANY_PORT, adjustorPort, prio,
                    idle, dscp);
            back = rule(number, tuple, facility, RuleSpec.Role.FROM_ADJUSTOR, facility.returnPort(), onwardPort,
                    prio + 1, idle, dscp);
            r.add(main);
            r.add(back);
        } else {
            main = rule(number, tuple, facility, RuleSpec.Role.DIRECT, RuleSpec.ANY_PORT, onwardPort, prio, idle,
                    dscp);
            back = null;
            r.add(main);
        }
        if (tuple.protocol() != FiveTuple.UDP && settings.closingRules()) {
            // No idle timeout: they match only a connection's last segments, so they would idle out
            // in the middle of every live connection and take the flow with them. They go with the
            // flow's own rule instead.
            r.add(rule(number, tuple, facility, RuleSpec.Role.CLOSING_FIN, RuleSpec.ANY_PORT, onwardPort, prio + 1,
                    0, dscp));
            r.add(rule(number, tuple, facility, RuleSpec.Role.CLOSING_RST, RuleSpec.ANY_PORT, onwardPort, prio + 1,
                    0, dscp));
        }
        this.all = Collections.unmodifiableList(r);
    }

    private static RuleSpec rule(long number, FiveTuple tuple, Facility facility, RuleSpec.Role role, long inPort,
                                 long outPort, int priority, int idle, int dscp) {
        return new RuleSpec(number, facility.id(), tuple, role, inPort, outPort, priority, idle, dscp);
    }

    RuleSpec main() {
        return main;
    }

    // The rule back from the adjustor, null for a flow that does not go through one.
    RuleSpec back() {
        return back;
    }

    List<RuleSpec> all() {
        return all;
    }

    // Points the main rule into the adjustor or straight on; the rule keeps its key, so its counter goes on.
    RuleSpec steer(boolean through) {
        RuleSpec old = main;
        main = main.withOutPort(through ? adjustorPort : onwardPort);
        List<RuleSpec> r = new ArrayList<>(all);
        r.set(r.indexOf(old), main);
        all = Collections.unmodifiableList(r);
        return main;
    }
}
