package org.fudp.impl;

import org.fudp.api.FudpEvent;
import org.fudp.loop.CfsAssignment;
import org.fudp.loop.CfsKind;
import org.fudp.loop.Facility;
import org.fudp.loop.FudpLoop;
import org.fudp.loop.LoopSettings;
import org.fudp.loop.NetworkView;
import org.fudp.protocol.MutableClock;
import org.onosproject.net.DeviceId;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The loop hosted as the manager hosts it, on ONOS service doubles, without the manager: the
 * one fixture of the adapter tests. One facility, of:…01, adjustor on ports 3 and 4; every
 * destination is on port 5 and in one set, "set1".
 */
final class HostFixture {

    static final DeviceId S1 = DeviceId.deviceId("of:0000000000000001");
    static final long T0 = 1_800_000_000_000L;
    static final int KEY_ID = 7;
    static final String KEYS = KEY_ID + " = 00112233445566778899aabbccddeeff\n";
    static final Facility FACILITY = new Facility(S1.toString(), 3, 4, new byte[]{2, 0, 0, 0, 0, (byte) 0xaa},
            KEY_ID);

    final MutableClock clock = new MutableClock(T0);
    final TestServices.TestPacketService packets = new TestServices.TestPacketService();
    final TestServices.TestFlowRuleService rules = new TestServices.TestFlowRuleService();
    final SimpleFudpStore store = new SimpleFudpStore(10);
    final List<FudpEvent> events = new ArrayList<>();
    final LoopHost host;
    final PacketAdapter packetAdapter;

    HostFixture() {
        store.setDelegate(events::add);
        NetworkView network = new NetworkView() {
            @Override
            public OptionalLong onwardPort(String facilityId, InetAddress dst, long dstMac) {
                return OptionalLong.of(5);
            }

            @Override
            public Optional<CfsAssignment> cfsOf(String facilityId, InetAddress dst) {
                return Optional.of(new CfsAssignment("set1", CfsKind.CONFIGURED, 10_000_000, null, null));
            }
        };
        FudpLoop loop = new FudpLoop(LoopSettings.defaults(), network, KEYS, T0);
        host = new LoopHost(loop, clock, new RuleAdapter(rules, TestServices.TestCoreService.APP_ID),
                new AdjustorLink(packets), new StatePublisher(store));
        host.setFacilities(List.of(FACILITY));
        packetAdapter = new PacketAdapter(packets, TestServices.TestCoreService.APP_ID, host);
        packetAdapter.start();
        packetAdapter.setFacilities(List.of(S1), 0x88b5);
    }
}
