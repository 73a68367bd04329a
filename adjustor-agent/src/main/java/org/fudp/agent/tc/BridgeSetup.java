// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Joins the agent's two switch-facing interfaces with a Linux bridge, so that data traffic passes
 * through the agent and can be shaped on its way back to the switch.
 *
 * <h2>Data path</h2>
 * <pre>
 *   switch port A ──▶ ingress port ──▶ bridge ──▶ egress port ──▶ switch port B (return port)
 *                      │ control frames                 └ HTB tree of {@link HtbFlowShaper}:
 *                      ▼ (EtherType, default 0x88B5)      limited flows in their class,
 *                 agent's capture; the bridge              everything else at line rate
 *                 never forwards them
 * </pre>
 * The switch steers the flows to be shaped out of port A; the agent bridges them to its egress
 * port, whose HTB tree shapes the limited UDP flows, and they return to the switch on port B.
 * Traffic in the other direction (B to A) crosses the bridge unshaped. The bridge runs without
 * STP and with no forwarding delay: it is a wire with two ends, not part of a switched network.
 *
 * <h2>Never a loop</h2>
 * Both ports of the switch are edge ports to the controller, so other apps flood out of them:
 * ARP broadcasts, ONOS's BDDP discovery frames (broadcast), IPv6 neighbour discovery (multicast).
 * A bridge that carried those back into the switch would close a loop, or make the controller see
 * a link from the switch to itself. So the ports forward no broadcast and no multicast
 * ({@code bcast_flood off}, {@code mcast_flood off}; IEEE link-local groups such as LLDP's are never
 * forwarded by a Linux bridge anyway), and learn no MAC ({@code learning off}), so that a host seen
 * on the wrong side can never black-hole its traffic: every unicast frame goes to the other port.
 *
 * <h2>Silent</h2>
 * Those port flags hold back only what the bridge forwards: what the bridge device itself sends
 * goes out of both ports, with the bridge's MAC, which is a port's (the lowest), usually the
 * control interface's. So a bridge this class creates snoops no multicast ({@code mcast_snooping
 * 0}: with snooping on, the kernel joins the all-snoopers groups and sends IGMP reports, and could
 * forward multicast to a port that reported a group, past {@code mcast_flood off}) and gets no
 * IPv6 link-local address ({@code addrgenmode none}: no duplicate address detection, router
 * solicitation or MLD). ONOS's apps would flood such frames, and ONOS would learn the adjustor as a
 * host wherever the flood came back in, before any controller spoke to it (issue 25).
 *
 * <h2>Control frames</h2>
 * The controller's frames reach the agent on a switch-facing port as ordinary Ethernet frames. The
 * agent's packet capture sees them before the bridge does (packet taps run before tc ingress and
 * before the bridge), so this class adds a tc ingress filter on both ports that takes frames of the
 * control EtherType out of the bridge's path: {@code action drop} where the kernel has the gact
 * action, otherwise {@code action mirred egress redirect dev lo}, where a frame of an EtherType no
 * protocol handles is discarded. The agent's own acknowledgements are sent out of the port directly
 * and do not cross the bridge.
 *
 * <h2>Ownership</h2>
 * If the bridge already exists it is adopted: the ports are attached to it and it is left in place
 * at {@link #remove}. A bridge this class created is deleted at {@link #remove}, which also detaches
 * its ports. The ingress guard is removed either way.
 */
public final class BridgeSetup {

    /** IEEE 802 local experimental EtherType 1, the control protocol's default. */
    public static final int DEFAULT_CONTROL_ETHERTYPE = 0x88B5;

    private static final Logger LOG = LoggerFactory.getLogger(BridgeSetup.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Priority of the ingress guard filter, low so that it runs before anything an operator adds. */
    private static final String GUARD_PRIO = "1";

    private final CommandRunner runner;
    private final String netns;

    /**
     * Creates a bridge helper.
     *
     * @param runner how to run ip and tc
     * @param netns network namespace to work in, null for the current one
     */
    public BridgeSetup(CommandRunner runner, String netns) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.netns = netns;
    }

    /** A bridge set up by {@link #create}. */
    public static final class Bridge {
        private final String name;
        private final String ingressPort;
        private final String egressPort;
        private final boolean created;
        private final List<String> clsactAdded;
        private final int controlEtherType;

        Bridge(String name, String ingressPort, String egressPort, boolean created, List<String> clsactAdded,
               int controlEtherType) {
            this.controlEtherType = controlEtherType;
            this.name = name;
            this.ingressPort = ingressPort;
            this.egressPort = egressPort;
            this.created = created;
            this.clsactAdded = List.copyOf(clsactAdded);
        }

        /**
         * Returns the bridge device name.
         *
         * @return name
         */
        public String name() {
            return name;
        }

        /**
         * Returns the port traffic to be shaped arrives on (and control frames too).
         *
         * @return interface name
         */
        public String ingressPort() {
            return ingressPort;
        }

        /**
         * Returns the port toward the switch's return port: give it to {@link HtbFlowShaper}.
         *
         * @return interface name
         */
        public String egressPort() {
            return egressPort;
        }

        /**
         * Tells whether this bridge was created (rather than adopted).
         *
         * @return true if {@link BridgeSetup#remove} deletes it
         */
        public boolean created() {
            return created;
        }
    }

    /**
     * Creates (or adopts) the bridge, attaches both ports, brings everything up and keeps control
     * frames from being forwarded.
     *
     * @param bridge bridge device name
     * @param ingressPort port facing the switch's port that sends the traffic to shape
     * @param egressPort port facing the switch's return port
     * @param controlEtherType EtherType of control frames
     * @return the bridge
     * @throws ShaperException if a command fails; what was created is removed again
     */
    public Bridge create(String bridge, String ingressPort, String egressPort, int controlEtherType)
            throws ShaperException {
        if (ingressPort.equals(egressPort)) {
            throw new IllegalArgumentException("ingressPort and egressPort must differ, both were " + ingressPort);
        }
        if (controlEtherType < 0x0600 || controlEtherType > 0xffff) {
            throw new IllegalArgumentException("controlEtherType must be 0x0600..0xffff, was 0x"
                    + Integer.toHexString(controlEtherType));
        }
        boolean exists = ip("link", "show", "dev", bridge).ok();
        if (exists && !ip("-d", "link", "show", "dev", bridge).stdout().contains("bridge ")) {
            throw new ShaperException("cannot adopt " + bridge + ": it is not a bridge", "ip -d link show dev "
                    + bridge, "");
        }
        List<String> clsact = new ArrayList<>();
        Bridge result = new Bridge(bridge, ingressPort, egressPort, !exists, clsact, controlEtherType);
        try {
            if (!exists) {
                must(ip("link", "add", "name", bridge, "type", "bridge", "stp_state", "0", "forward_delay", "0",
                        "mcast_snooping", "0"), "ip link add name " + bridge + " type bridge");
                // Before it is up, when a link-local address would be made. A kernel without IPv6 refuses,
                // and then has nothing to send either.
                CommandResult quiet = ip("link", "set", "dev", bridge, "addrgenmode", "none");
                if (!quiet.ok()) {
                    LOG.warn("{}: cannot turn off IPv6 address generation ({}); if it has IPv6, its link-local "
                            + "traffic reaches the switch", bridge, quiet.stderr().strip());
                }
            }
            for (String port : new String[] {ingressPort, egressPort}) {
                attach(port, bridge);
            }
            must(ip("link", "set", "dev", bridge, "up"), "ip link set dev " + bridge + " up");
            for (String port : new String[] {ingressPort, egressPort}) {
                guard(port, controlEtherType, clsact);
            }
            result = new Bridge(bridge, ingressPort, egressPort, !exists, clsact, controlEtherType);
            LOG.info("bridge {} {}: {} -> {} (shaped egress), control EtherType 0x{} kept off the bridge", bridge,
                    exists ? "adopted" : "created", ingressPort, egressPort, Integer.toHexString(controlEtherType));
            return result;
        } catch (ShaperException e) {
            try {
                remove(new Bridge(bridge, ingressPort, egressPort, !exists, clsact, controlEtherType));
            } catch (ShaperException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    /**
     * Returns an interface's index, which changes when the interface is deleted and created again.
     *
     * @param device the interface
     * @return its index, empty if there is no such interface
     * @throws ShaperException if ip cannot run
     */
    public OptionalInt ifindex(String device) throws ShaperException {
        CommandResult r = ip("-o", "link", "show", "dev", device);
        if (!r.ok()) {
            return OptionalInt.empty();
        }
        int colon = r.stdout().indexOf(':');
        try {
            return colon > 0 ? OptionalInt.of(Integer.parseInt(r.stdout().substring(0, colon).strip()))
                    : OptionalInt.empty();
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /**
     * Attaches again the ports of a bridge that left it: an interface deleted and created again
     * (a driver reload, an operator's mistake) comes back outside the bridge and without the
     * ingress guard, and the traffic to shape would stop at it.
     *
     * @param bridge the bridge
     * @return the ports attached again; ports that do not exist now are left for a later call
     * @throws ShaperException if a command fails
     */
    public List<String> reattach(Bridge bridge) throws ShaperException {
        List<String> attached = new ArrayList<>();
        for (String port : new String[] {bridge.ingressPort(), bridge.egressPort()}) {
            CommandResult r = ip("-o", "link", "show", "dev", port);
            if (!r.ok() || r.stdout().contains(" master " + bridge.name() + " ")) {
                continue;
            }
            attach(port, bridge.name());
            guard(port, bridge.controlEtherType, new ArrayList<>());
            attached.add(port);
        }
        return attached;
    }

    // A port of the bridge: no learning, no flooding (see the class comment), up.
    private void attach(String port, String bridge) throws ShaperException {
        must(ip("link", "set", "dev", port, "master", bridge), "ip link set dev " + port + " master " + bridge);
        must(exec("bridge", portFlags(port)), "bridge link set dev " + port
                + " learning off bcast_flood off mcast_flood off");
        must(ip("link", "set", "dev", port, "up"), "ip link set dev " + port + " up");
    }

    private void guard(String port, int etherType, List<String> clsactAdded) throws ShaperException {
        CommandResult q = tc("qdisc", "add", "dev", port, "clsact");
        if (q.ok()) {
            clsactAdded.add(port);
        } else if (!q.stderr().contains("File exists") && !q.stderr().contains("Exclusivity flag")) {
            must(q, "tc qdisc add dev " + port + " clsact");
        }
        String proto = "0x" + Integer.toHexString(etherType);
        // The guard owns its priority: drop what an earlier run left there, so a restart does not
        // stack a second copy.
        tc("filter", "del", "dev", port, "ingress", "prio", GUARD_PRIO);
        List<String> base = List.of("filter", "add", "dev", port, "ingress", "prio", GUARD_PRIO, "protocol",
                proto, "u32", "match", "u32", "0", "0", "action");
        if (tc(concat(base, "drop")).ok()) {
            return;
        }
        must(tc(concat(base, "mirred", "egress", "redirect", "dev", "lo")),
                "tc filter add dev " + port + " ingress protocol " + proto
                        + " ... action mirred egress redirect dev lo");
    }

    /**
     * Undoes {@link #create}: removes the ingress guard and deletes the bridge if it was created.
     *
     * @param bridge the bridge
     * @throws ShaperException if a command fails
     */
    public void remove(Bridge bridge) throws ShaperException {
        for (String port : new String[] {bridge.ingressPort(), bridge.egressPort()}) {
            if (bridge.clsactAdded.contains(port)) {
                tc("qdisc", "del", "dev", port, "clsact");
            } else {
                tc("filter", "del", "dev", port, "ingress", "prio", GUARD_PRIO);
            }
        }
        if (bridge.created()) {
            must(ip("link", "del", "dev", bridge.name()), "ip link del dev " + bridge.name());
        }
    }

    private static String[] portFlags(String port) {
        return new String[] {"link", "set", "dev", port, "learning", "off", "bcast_flood", "off", "mcast_flood", "off"};
    }

    private static String[] concat(List<String> base, String... more) {
        List<String> all = new ArrayList<>(base);
        all.addAll(Arrays.asList(more));
        return all.toArray(new String[0]);
    }

    private CommandResult ip(String... args) throws ShaperException {
        return exec("ip", args);
    }

    private CommandResult tc(String... args) throws ShaperException {
        return exec("tc", args);
    }

    private CommandResult exec(String tool, String... args) throws ShaperException {
        List<String> argv = new ArrayList<>();
        argv.add(tool);
        if (netns != null) {
            argv.add("-n");
            argv.add(netns);
        }
        argv.addAll(Arrays.asList(args));
        try {
            return runner.run(argv, "", TIMEOUT);
        } catch (IOException e) {
            throw new ShaperException("cannot run " + String.join(" ", argv), e);
        }
    }

    private static void must(CommandResult r, String command) throws ShaperException {
        if (!r.ok()) {
            throw new ShaperException("bridge setup failed", command, r.stderr());
        }
    }
}
