// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bridge's own set-up, on a fake ip/bridge/tc that records the commands. */
class BridgeSetupTest {

    private final List<String> calls = new ArrayList<>();
    private final CommandRunner fake = (argv, stdin, timeout) -> {
        String cmd = String.join(" ", argv);
        calls.add(cmd);
        return cmd.equals("ip link show dev br0") ? new CommandResult(1, "", "Device \"br0\" does not exist.\n")
                : new CommandResult(0, "", "");
    };

    /** Issue 25: the bridge device sent IGMP reports with the adjustor's MAC before any controller spoke. */
    @Test
    void aCreatedBridgeSendsNothingOfItsOwn() throws ShaperException {
        new BridgeSetup(fake, null).create("br0", "veth0", "veth1", 0x88b5);
        assertEquals("ip link add name br0 type bridge stp_state 0 forward_delay 0 mcast_snooping 0", calls.get(1),
                "no multicast snooping, so no all-snoopers join and its IGMP/MLD reports");
        int noAddress = calls.indexOf("ip link set dev br0 addrgenmode none");
        assertTrue(noAddress > 0 && noAddress < calls.indexOf("ip link set dev br0 up"),
                "no IPv6 link-local address, set before it is up: " + calls);
    }
}
