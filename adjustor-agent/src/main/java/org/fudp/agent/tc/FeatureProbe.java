package org.fudp.agent.tc;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Finds out which classifier the kernel offers, by trying it where it cannot disturb anything: in a
 * scratch network namespace, on a veth pair (a dummy device would do, but not every kernel has the
 * dummy driver), under an HTB qdisc, it adds one flower filter. If that works the kernel has flower;
 * otherwise, or if the probe itself cannot run, it answers u32, which every kernel with HTB has.
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
        String ns = "fudp-probe-" + ProcessHandle.current().pid() + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000));
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

    private boolean ok(String... argv) throws IOException {
        return runner.run(List.of(argv), "", TIMEOUT).ok();
    }
}
