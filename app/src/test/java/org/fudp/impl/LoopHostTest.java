// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.fudp.api.FudpEvent;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowIds;
import org.fudp.store.CheckpointStore;
import org.junit.jupiter.api.Test;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.instructions.Instructions;

import java.util.List;

import static org.fudp.impl.HostFixture.S1;
import static org.fudp.impl.HostFixture.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the host does with the loop's actions: rules through ONOS, frames as Packet-Outs out of
 * the adjustor port, views into the store (and so events), all at the host's time.
 */
class LoopHostTest {

    private final HostFixture f = new HostFixture();
    private final FiveTuple udp = FlowIds.parse("t", "udp-10.0.0.1-5001-10.0.0.4-5201");

    @Test
    void actionsReachOnosAndTheStore() {
        f.host.packetIn(new PacketIn(S1.toString(), 1, udp, PacketIn.NO_MAC, false), new byte[60]);
        assertEquals(2, f.rules.rules.size());
        assertEquals(FudpEvent.Type.FLOW_SEEN, f.events.get(f.events.size() - 1).type());
        assertEquals(udp.toString(), f.events.get(f.events.size() - 1).subject());

        assertEquals(1, f.packets.emitted.size(), "the packet itself, sent straight on");
        f.clock.set(T0 + 1_000);
        f.host.tick();
        assertEquals(2, f.packets.emitted.size(), "a heartbeat after the interval");
        assertEquals(S1, f.packets.emitted.get(1).sendThrough());
        assertEquals(List.of(Instructions.createOutput(PortNumber.portNumber(3))),
                f.packets.emitted.get(1).treatment().allInstructions());

        f.clock.set(T0 + 5_000);
        f.host.period();
        assertEquals(1, f.store.getFlowHistory(udp).size(), "the period's history is stored");
        assertEquals(T0 + 5_000, f.host.lastPeriodMs());
    }

    /**
     * Issue 42, point 4: a checkpoint this build cannot read (a newer build's format) failed the whole adoption, and
     * the facility was not controlled at all. It starts fresh.
     */
    @Test
    void aFacilityWhoseCheckpointCannotBeReadStartsFresh() {
        org.fudp.store.SharedTestStorageService storage = new org.fudp.store.SharedTestStorageService();
        CheckpointStore written = new CheckpointStore(storage);
        assertTrue(written.write(new org.fudp.loop.api.checkpoints.FacilityCheckpoint(S1.toString(), 3, T0, List.of(),
                java.util.Map.of())));
        storage.<String, CheckpointStore.StoredFlow>consistentMapBuilder().withName(CheckpointStore.FLOWS_MAP_NAME)
                .build().put(S1 + " udp-10.0.0.1-40009-10.0.0.4-5201", null);

        HostFixture fresh = new HostFixture(HostFixture.FACILITY, null, new OnosMetersDouble(), storage);
        fresh.host.packetIn(new PacketIn(S1.toString(), 1, udp, PacketIn.NO_MAC, false), new byte[60]);
        assertEquals(2, fresh.rules.rules.size(), "controlled: the new flow's rules are in");
        assertTrue(new CheckpointStore(storage).read(S1.toString()).isPresent(), "its own checkpoint, readable");
    }

    @Test
    void aRemovedRuleForgetsItsFlowAndRemovesItsPartner() {
        f.host.packetIn(new PacketIn(S1.toString(), 1, udp, PacketIn.NO_MAC, false), new byte[60]);
        FlowRule first = f.rules.rules.values().iterator().next();
        f.rules.rules.remove(first.id());
        f.host.ruleRemoved(first);
        assertTrue(f.rules.rules.isEmpty());
        assertTrue(f.store.getFlow(udp).isEmpty());
        assertEquals(FudpEvent.Type.FLOW_GONE, f.events.get(f.events.size() - 1).type());
    }

    @Test
    void stopClearsTheAdjustorAndRemovesTheAppsRules() {
        f.host.packetIn(new PacketIn(S1.toString(), 1, udp, PacketIn.NO_MAC, false), new byte[60]);
        f.host.stop(false);
        assertEquals(TestServices.TestCoreService.APP_ID, f.rules.removedById);
        assertTrue(f.rules.rules.isEmpty());
        assertEquals(2, f.packets.emitted.size(), "the packet sent on, then the clear-all");
    }

    /**
     * Issue 26: each time the master crashed, a standby logged an ERROR with a stack: its period read
     * the app's flow entries, which ONOS's store asks the (dead) master for.
     */
    @Test
    void aStandbyReadsNoFlowTable() {
        OnosFlowRulesDouble onos = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
        HostFixture standby = new HostFixture(onos);
        standby.host.control(List.of(HostFixture.FACILITY), java.util.Set.of());
        standby.clock.set(T0 + 5_000);
        standby.host.period();
        standby.host.tick();
        assertEquals(List.of(), onos.reads, "a standby controls nothing, and reads nothing");

        HostFixture master = new HostFixture(onos);
        master.clock.set(T0 + 5_000);
        master.host.period();
        assertEquals(List.of(S1), onos.reads, "the master reads its own switch's entries, by device");
    }

    @Test
    void aPeriodThatFailsForALastingCauseIsSaidOnceUntilItWorksAgain() {
        OnosFlowRulesDouble onos = new OnosFlowRulesDouble(T0, T0 + 500, 1_000);
        onos.masterUnreachable = true;
        HostFixture master = new HostFixture(onos);
        for (int k = 1; k <= 3; k++) {
            master.clock.set(T0 + k * 5_000);
            master.host.period();
        }
        assertEquals(java.util.Set.of("Control period"), master.host.failing(), "one WARN, not one per period");
        onos.masterUnreachable = false;
        master.clock.set(T0 + 20_000);
        master.host.period();
        assertTrue(master.host.failing().isEmpty(), "said to work again");
        assertEquals(T0 + 20_000, master.host.lastPeriodMs());
    }
}
