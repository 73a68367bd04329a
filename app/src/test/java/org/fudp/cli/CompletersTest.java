// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import org.fudp.codec.TestFudpService;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The completers offer the ids a user can type.
 */
class CompletersTest extends CommandTestBase {

    @Test
    void completesCfsIds() {
        CfsIdCompleter c = new CfsIdCompleter();
        c.directory = directory;
        assertEquals(List.of(TestFudpService.SET1, TestFudpService.SET2, TestFudpService.PATH_SET), c.choices());
    }

    @Test
    void completesFlowIds() {
        FlowIdCompleter c = new FlowIdCompleter();
        c.directory = directory;
        List<String> ids = c.choices();
        assertEquals(7, ids.size());
        assertEquals("tcp-10.0.0.1-40001-10.0.0.4-5201", ids.get(0));
        assertEquals("udp-10.0.0.2-5002-10.0.0.3-5203", ids.get(6));
    }

    @Test
    void completesFacilityDevices() {
        FacilityDeviceCompleter c = new FacilityDeviceCompleter();
        c.directory = directory;
        assertEquals(List.of("of:0000000000000001", "of:0000000000000006"), c.choices());
    }
}
