// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.protocol.RejectReason;
import org.junit.jupiter.api.Test;

/**
 * {@code status} turns the metrics into the lines an operator reads.
 */
class StatusReportTest {

    @Test
    void summarisesTheMetrics() {
        AgentMetrics m = new AgentMetrics();
        m.rejectSource(() -> java.util.Map.of(RejectReason.BAD_MAC, 2L, RejectReason.REPLAY_SEQUENCE, 1L));
        m.frameReceived();
        m.frameAccepted(1_000_000);
        m.applied(0.0031, true, 1_000_000);
        m.state(2, 7, 9);
        m.failSafe(true);
        String s = StatusReport.format(m.render(), 1_004_000);
        assertTrue(s.contains("1 received, 1 accepted, 3 rejected (bad_mac 2, replay_sequence 1)"), s);
        assertTrue(s.contains("flows:       2 limited"), s);
        assertTrue(s.contains("snapshot:    id 7, sequence 9, applied 1970-01-01T00:16:40Z (4.0 s ago)"), s);
        assertTrue(s.contains("last 3.10 ms"), s);
        assertTrue(s.contains("controller:  last heard 1970-01-01T00:16:40Z (4.0 s ago); fail-safe ACTIVE"), s);
    }

    @Test
    void saysTheAgentIsSilentUntilAControllerSpeaks() {
        AgentMetrics m = new AgentMetrics();
        m.waitingForController(true);
        String s = StatusReport.format(m.render(), 1_004_000);
        assertTrue(s.contains("controller:  waiting: none has spoken, so the agent sends nothing (not even "
                + "heartbeats); fail-safe off"), s);
    }
}
