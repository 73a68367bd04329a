// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.control;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fudp.agent.tc.ApplyReport;
import org.fudp.agent.tc.FlowShaper;
import org.fudp.agent.tc.ShaperException;
import org.fudp.protocol.FlowLimit;

/**
 * A {@link FlowShaper} that records what it is asked to hold and can be told to fail.
 */
public final class FakeShaper implements FlowShaper {

    private Set<FlowLimit> current = new LinkedHashSet<>();
    private final List<Set<FlowLimit>> applied = new ArrayList<>();
    private boolean fail;
    private boolean failUnchanged;

    /**
     * Makes the next applies fail or succeed.
     *
     * @param value true to fail
     */
    public void failNext(boolean value) {
        this.fail = value;
        this.failUnchanged = false;
    }

    /**
     * Makes the next applies fail as a shaper that refused or undid them does: the limits before
     * the call stay in force.
     */
    public void failNextUnchanged() {
        this.fail = true;
        this.failUnchanged = true;
    }

    /**
     * Returns every desired set handed to apply, in order.
     *
     * @return desired sets
     */
    public List<Set<FlowLimit>> applied() {
        return applied;
    }

    @Override
    public ApplyReport apply(Collection<FlowLimit> desired) throws ShaperException {
        if (fail) {
            throw new ShaperException("tc said no", "class change dev a1", "RTNETLINK answers: Invalid argument",
                    failUnchanged);
        }
        current = new LinkedHashSet<>(desired);
        applied.add(Set.copyOf(desired));
        return new ApplyReport(desired.size(), 0, 0, 1000, "");
    }

    @Override
    public void clear() {
        current = new LinkedHashSet<>();
    }

    @Override
    public Set<FlowLimit> current() {
        return Set.copyOf(current);
    }

    @Override
    public String plan(Collection<FlowLimit> desired) {
        return "class add dev a1 # " + desired.size() + " flows\n";
    }
}
