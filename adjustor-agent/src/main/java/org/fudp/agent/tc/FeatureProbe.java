// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Finds out what the kernel offers the agent, by trying it where it cannot disturb anything: in a
 * scratch network namespace, on a veth pair (a dummy device would do, but not every kernel has the
 * dummy driver). {@link #detect} adds one flower filter under an HTB qdisc: if that works the kernel
 * has flower; otherwise, or if the probe itself cannot run, it answers u32, which every kernel with
 * HTB has. {@link #probe} tries everything the agent uses (HTB, u32, flower, a bridge with the port
 * flags) and says which parts work, for {@code check-config}.
 *
 * <p>Creating the namespace needs root ({@code ip netns add} mounts under /run/netns); with only
 * CAP_NET_ADMIN, as under the packaged systemd unit, the probe cannot run. An unprivileged user
 * namespace is no way out: the kernel loads no qdisc or classifier module on its behalf, so a
 * module not loaded yet would look absent.
 */
public final class FeatureProbe {

    private static final Logger LOG = LoggerFactory.getLogger(FeatureProbe.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final CommandRunner runner;

    /**
     * Creates a probe.
     *
     * @param runner how to run ip and tc
     */
    public FeatureProbe(CommandRunner runner) {
        this.runner = Objects.requireNonNull(runner, "runner");
    }

    /**
     * Detects the classifier to use.
     *
     * @return {@link Classifier#FLOWER} if the kernel accepts a flower filter, else {@link Classifier#U32}
     */
    public Classifier detect() {
        String ns = scratchName();
        try {
            if (!ok("ip", "netns", "add", ns)) {
                LOG.info("feature probe: cannot create a scratch namespace; using u32");
                return Classifier.U32;
            }
            try {
                boolean flower = ok("ip", "-n", ns, "link", "add", "probe0", "type", "veth", "peer", "name", "probe1")
                        && ok("tc", "-n", ns, "qdisc", "add", "dev", "probe0", "root", "handle", "1:", "htb")
                        && ok("tc", "-n", ns, "filter", "add", "dev", "probe0", "parent", "1:", "protocol", "ip",
                                "prio", "1", "flower", "ip_proto", "udp", "classid", "1:1");
                LOG.info("feature probe: flower {}; using {}", flower ? "present" : "absent",
                        flower ? Classifier.FLOWER : Classifier.U32);
                return flower ? Classifier.FLOWER : Classifier.U32;
            } finally {
                // Deleting the namespace deletes the veth pair and the qdisc with it.
                ok("ip", "netns", "del", ns);
            }
        } catch (IOException e) {
            LOG.info("feature probe failed ({}); using u32", e.getMessage());
            return Classifier.U32;
        }
    }

    /**
     * Tries every kernel feature the agent uses, in a scratch namespace.
     *
     * @return what works, or why the probe could not run
     */
    public Features probe() {
        String ns = scratchName();
        try {
            CommandResult add = runner.run(List.of("ip", "netns", "add", ns), "", TIMEOUT);
            if (!add.ok()) {
                return Features.notProbed("ip netns add: " + firstLine(add.stderr()));
            }
            try {
                CommandResult veth = runner.run(List.of("ip", "-n", ns, "link", "add", "probe0", "type", "veth",
                        "peer", "name", "probe1"), "", TIMEOUT);
                if (!veth.ok()) {
                    return Features.notProbed("ip link add type veth: " + firstLine(veth.stderr()));
                }
                boolean htb = ok("tc", "-n", ns, "qdisc", "add", "dev", "probe0", "root", "handle", "1:", "htb");
                // One priority holds one classifier kind, so u32 and flower get their own.
                boolean u32 = htb && ok("tc", "-n", ns, "filter", "add", "dev", "probe0", "parent", "1:", "protocol",
                        "ip", "prio", "1", "u32", "match", "u32", "0", "0", "classid", "1:1");
                boolean flower = htb && ok("tc", "-n", ns, "filter", "add", "dev", "probe0", "parent", "1:",
                        "protocol", "ip", "prio", "2", "flower", "ip_proto", "udp", "classid", "1:1");
                boolean bridge = ok("ip", "-n", ns, "link", "add", "name", "probebr", "type", "bridge")
                        && ok("ip", "-n", ns, "link", "set", "dev", "probe1", "master", "probebr")
                        && ok("bridge", "-n", ns, "link", "set", "dev", "probe1", "learning", "off", "bcast_flood",
                                "off", "mcast_flood", "off");
                return new Features(null, htb, u32, flower, bridge);
            } finally {
                ok("ip", "netns", "del", ns);
            }
        } catch (IOException e) {
            return Features.notProbed(e.getMessage());
        }
    }

    /** What {@link #probe} found. */
    public static final class Features {
        private final String notProbed;
        private final boolean htb;
        private final boolean u32;
        private final boolean flower;
        private final boolean bridgePortFlags;

        Features(String notProbed, boolean htb, boolean u32, boolean flower, boolean bridgePortFlags) {
            this.notProbed = notProbed;
            this.htb = htb;
            this.u32 = u32;
            this.flower = flower;
            this.bridgePortFlags = bridgePortFlags;
        }

        static Features notProbed(String why) {
            return new Features(why, false, false, false, false);
        }

        /**
         * Tells why the probe could not run.
         *
         * @return the reason, or null if it ran (then the other answers hold)
         */
        public String notProbed() {
            return notProbed;
        }

        /**
         * Tells whether the kernel has the HTB qdisc.
         *
         * @return true if an HTB qdisc could be added
         */
        public boolean htb() {
            return htb;
        }

        /**
         * Tells whether the kernel has the u32 classifier.
         *
         * @return true if a u32 filter could be added under HTB
         */
        public boolean u32() {
            return u32;
        }

        /**
         * Tells whether the kernel has the flower classifier.
         *
         * @return true if a flower filter could be added under HTB
         */
        public boolean flower() {
            return flower;
        }

        /**
         * Tells whether the kernel's bridge takes the port flags the agent sets.
         *
         * @return true if a bridge port accepted learning, bcast_flood and mcast_flood off
         */
        public boolean bridgePortFlags() {
            return bridgePortFlags;
        }
    }

    private static String scratchName() {
        return "fudp-probe-" + ProcessHandle.current().pid() + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000));
    }

    private static String firstLine(String text) {
        String t = text.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }

    private boolean ok(String... argv) throws IOException {
        return runner.run(List.of(argv), "", TIMEOUT).ok();
    }
}
