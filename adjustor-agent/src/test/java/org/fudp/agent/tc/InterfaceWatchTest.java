// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.fudp.agent.tc.Flows.limit;
import static org.fudp.agent.tc.Flows.udp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shaping interface deleted and created again, on a fake ip/tc that keeps a table of links. */
class InterfaceWatchTest {

    private static final FiveTuple A = udp("10.0.0.1", 40001, "10.0.0.2", 5201);

    /** Interface name to {index, master or ""}. */
    private final Map<String, Object[]> links = new HashMap<>();
    private final List<String> calls = new ArrayList<>();
    private HtbFlowShaper shaper;
    private InterfaceWatch watch;

    @BeforeEach
    void setUp() throws ShaperException {
        links.put("veth0", new Object[] {4, ""});
        links.put("veth1", new Object[] {5, ""});
        CommandRunner fake = (argv, stdin, timeout) -> {
            String cmd = String.join(" ", argv);
            calls.add(cmd);
            if (cmd.startsWith("ip -o link show dev ") || cmd.startsWith("ip link show dev ")) {
                Object[] l = links.get(argv.get(argv.size() - 1));
                return l == null ? new CommandResult(1, "", "Device does not exist.\n")
                        : new CommandResult(0, l[0] + ": " + argv.get(argv.size() - 1)
                                + ": <BROADCAST,UP> mtu 1500 qdisc htb" + (l[1].equals("") ? "" : " master " + l[1])
                                + " state UP mode DEFAULT\n", "");
            }
            if (cmd.matches("ip link set dev \\S+ master \\S+")) {
                links.get(argv.get(4))[1] = argv.get(6);
            }
            return new CommandResult(0, "", "");
        };
        BridgeSetup bridges = new BridgeSetup(fake, null);
        BridgeSetup.Bridge bridge = bridges.create("br0", "veth0", "veth1", 0x88b5);
        shaper = new HtbFlowShaper(new TcRunner(fake, "tc", null, Duration.ofSeconds(5)), "veth1",
                ShaperOptions.DEFAULTS);
        shaper.start(StartupPolicy.CLEAR);
        shaper.apply(List.of(limit(A, 5_000_000)));
        watch = new InterfaceWatch(bridges, bridge, shaper);
        watch.run();
        calls.clear();
    }

    @Test
    void aSteadyInterfaceCostsOneLookupAndChangesNothing() {
        watch.run();
        assertEquals(List.of("ip -o link show dev veth1"), calls);
    }

    @Test
    void anInterfaceCreatedAgainIsAttachedToTheBridgeAndGetsTheLimitsInForceBack() {
        links.remove("veth1");
        watch.run();
        assertTrue(calls.stream().noneMatch(c -> c.startsWith("tc -batch")), "nothing to apply while it is gone");
        links.put("veth1", new Object[] {9, ""});
        calls.clear();
        watch.run();
        assertTrue(calls.contains("ip link set dev veth1 master br0"), String.join("\n", calls));
        assertTrue(calls.stream().anyMatch(c -> c.startsWith("tc filter add dev veth1 ingress prio 1 protocol 0x88b5")),
                "the ingress guard is back: " + calls);
        assertEquals(Set.of(limit(A, 5_000_000)), shaper.current());
        assertTrue(calls.contains("tc qdisc del dev veth1 root"), "the new interface starts from a cleared tree");
        assertTrue(calls.stream().anyMatch(c -> c.startsWith("tc -batch")), "the limits are installed: " + calls);
        calls.clear();
        watch.run();
        assertEquals(List.of("ip -o link show dev veth1"), calls, "once is enough");
    }

    @Test
    void anInterfaceReplacedBetweenTwoLooksIsNoticedByItsNewIndex() {
        links.put("veth1", new Object[] {12, ""});
        watch.run();
        assertTrue(calls.contains("ip link set dev veth1 master br0"), String.join("\n", calls));
        assertTrue(calls.stream().anyMatch(c -> c.startsWith("tc -batch")));
        assertEquals(Set.of(limit(A, 5_000_000)), shaper.current());
    }
}
