// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.facilities;

import org.fudp.loop.api.settings.FlowBudget;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A facility's view: the host's installs that failed without the switch's word stay apart from the
 * switch's refusals, and every other "with" keeps them.
 */
class FacilityStateTest {

    private final FacilityState refused = new FacilityState("of:1", FlowBudget.DEFAULT, 9, 9, 4,
            Map.of(FacilityState.Skip.SWITCH_REFUSED, 2L), 1, "TABLE_FULL", 5_000);

    @Test
    void installFailuresAreTheirOwnAndTheRestStays() {
        assertEquals(0, refused.installFailures());
        assertEquals(0, refused.rulesRetrying());
        assertEquals("", refused.lastInstallFailure());
        FacilityState both = refused.withInstallFailures(3, 2, "not ready");
        assertEquals(3, both.installFailures());
        assertEquals(2, both.rulesRetrying());
        assertEquals("not ready", both.lastInstallFailure());
        assertEquals(1, both.refusals());
        assertEquals("TABLE_FULL", both.lastRefusal());
        assertEquals(9, both.ruleCap());
        assertNotEquals(refused, both);
        assertEquals(refused, both.withInstallFailures(0, 0, ""));
        assertTrue(both.toString().contains("3 installs failed (2 retrying)"), both.toString());
    }

    @Test
    void theControllerAndTheAggregatesKeepThem() {
        FacilityState f = refused.withInstallFailures(3, 2, "not ready").inCharge("onos-1", 10, 11).withAggregates(4);
        assertEquals(3, f.installFailures());
        assertEquals(2, f.rulesRetrying());
        assertEquals("not ready", f.lastInstallFailure());
        assertEquals("onos-1", f.controller());
        assertEquals(4, f.aggregates());
        assertEquals(f.hashCode(), refused.withInstallFailures(3, 2, "not ready").inCharge("onos-1", 10, 11)
                .withAggregates(4).hashCode());
    }
}
