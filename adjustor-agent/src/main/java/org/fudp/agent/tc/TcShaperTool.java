// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drives the shaper by hand, without a controller: apply limits from a file, show or clear them,
 * set up the bridge, and benchmark batch against per-command tc. The data-plane test and the tc
 * benchmark use it; operators can use it to check a kernel.
 *
 * <pre>
 * java -cp fudp-adjustor-agent.jar org.fudp.agent.tc.TcShaperTool [--netns NS] --dev IF apply LIMITS
 * </pre>
 * A limits file has one flow a line, {@code #} starts a comment:
 * <pre>
 * udp 10.0.0.1:40001 10.0.0.2:5201 10000000 [burst-bytes]
 * tcp [fd00::1]:40001 [fd00::2]:5201 5000000
 * </pre>
 * Each run adopts the tree the previous run left ({@link StartupPolicy#ADOPT}), so changing a rate
 * in the file and applying again changes the class in place.
 */
@Command(name = "tc-shaper", mixinStandardHelpOptions = true,
        description = "Apply, show and clear FUDP per-flow limits on one interface; bridge setup; tc benchmark.",
        subcommands = {TcShaperTool.Apply.class, TcShaperTool.Show.class, TcShaperTool.Clear.class,
                TcShaperTool.BridgeUp.class, TcShaperTool.BridgeDown.class, TcShaperTool.Bench.class})
public final class TcShaperTool {

    /** Default burst when a limits line gives none: 10 full frames. */
    static final long DEFAULT_BURST = 15_140;

    private static final Pattern ENDPOINT = Pattern.compile("^(?:\\[([0-9A-Fa-f:.]+)]|([0-9.]+)):(\\d+)$");

    @Option(names = "--netns", description = "Network namespace to work in (default: the current one).")
    String netns;

    @Option(names = "--dev", description = "Egress interface to shape.")
    String dev;

    @Option(names = "--classifier", defaultValue = "auto",
            description = "auto (probe for flower), u32 or flower. Default: ${DEFAULT-VALUE}.")
    String classifier;

    @Option(names = "--hash-key", defaultValue = "dst-port",
            description = "u32 hash key: src-port, dst-port, src-addr or dst-addr. Default: ${DEFAULT-VALUE}.")
    String hashKey;

    /**
     * Runs the tool.
     *
     * @param args command line
     */
    public static void main(String[] args) {
        CommandLine cl = new CommandLine(new TcShaperTool());
        // A bad limits file or a tc failure is the user's to fix: say what, without a stack trace.
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("tc-shaper: " + e.getMessage());
            return 2;
        });
        System.exit(cl.execute(args));
    }

    TcRunner tc() {
        return netns == null ? TcRunner.local() : TcRunner.inNamespace(netns);
    }

    HtbFlowShaper shaper() throws ShaperException {
        if (dev == null) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--dev is required");
        }
        ShaperOptions opts = ShaperOptions.DEFAULTS.withHashKey(parseHashKey(hashKey));
        switch (classifier.toLowerCase(Locale.ROOT)) {
            case "auto":
                opts = opts.withClassifier(new FeatureProbe(new ProcessCommandRunner()).detect());
                break;
            case "u32":
                opts = opts.withClassifier(Classifier.U32);
                break;
            case "flower":
                opts = opts.withClassifier(Classifier.FLOWER);
                break;
            default:
                throw new IllegalArgumentException("--classifier must be auto, u32 or flower, was " + classifier);
        }
        return new HtbFlowShaper(tc(), dev, opts);
    }

    static HashKey parseHashKey(String text) {
        try {
            return HashKey.valueOf(text.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--hash-key must be src-port, dst-port, src-addr or dst-addr, was "
                    + text, e);
        }
    }

    /**
     * Parses a limits file.
     *
     * @param lines file lines
     * @return limits in file order
     * @throws IllegalArgumentException naming the line and field of the first bad entry
     */
    static List<FlowLimit> parseLimits(List<String> lines) {
        List<FlowLimit> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            String at = "line " + (i + 1) + ": ";
            String[] f = line.split("\\s+");
            if (f.length < 4 || f.length > 5) {
                throw new IllegalArgumentException(at + "expected \"udp|tcp SRC:PORT DST:PORT RATE_BPS [BURST_BYTES]\","
                        + " got \"" + line + "\"");
            }
            int proto;
            if ("udp".equals(f[0])) {
                proto = FiveTuple.UDP;
            } else if ("tcp".equals(f[0])) {
                proto = FiveTuple.TCP;
            } else {
                throw new IllegalArgumentException(at + "protocol must be udp or tcp, was \"" + f[0] + "\"");
            }
            Object[] src = endpoint(at + "source", f[1]);
            Object[] dst = endpoint(at + "destination", f[2]);
            long rate = number(at + "rate", f[3]);
            long burst = f.length == 5 ? number(at + "burst", f[4]) : DEFAULT_BURST;
            try {
                out.add(new FlowLimit(new FiveTuple(proto, (InetAddress) src[0], (InetAddress) dst[0],
                        (Integer) src[1], (Integer) dst[1]), rate, burst));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(at + e.getMessage(), e);
            }
        }
        return out;
    }

    private static Object[] endpoint(String what, String text) {
        Matcher m = ENDPOINT.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(what + " must be ADDR:PORT or [ADDR6]:PORT, was \"" + text + "\"");
        }
        try {
            InetAddress a = InetAddress.getByName(m.group(1) != null ? m.group(1) : m.group(2));
            return new Object[] {a, Integer.parseInt(m.group(3))};
        } catch (UnknownHostException | NumberFormatException e) {
            throw new IllegalArgumentException(what + " is not an address and port: \"" + text + "\"", e);
        }
    }

    private static long number(String what, String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a whole number, was \"" + text + "\"", e);
        }
    }

    static void printLimits(HtbFlowShaper shaper) {
        List<FlowLimit> now = new ArrayList<>(shaper.current());
        now.sort((a, b) -> TcLayout.FLOW_ORDER.compare(a.flow(), b.flow()));
        for (FlowLimit l : now) {
            System.out.println(shaper.classIdOf(l.flow()).orElse("-") + " " + l);
        }
    }

    /** Applies a limits file. */
    @Command(name = "apply", description = "Reconcile the interface to the limits in FILE ('-' for stdin).")
    static final class Apply implements Callable<Integer> {
        @CommandLine.ParentCommand
        TcShaperTool top;

        @Parameters(index = "0", description = "Limits file.")
        String file;

        @Option(names = "--dry-run", description = "Print the tc batch instead of running it.")
        boolean dryRun;

        @Option(names = "--startup", defaultValue = "adopt", description = "adopt or clear. Default: ${DEFAULT-VALUE}.")
        String startup;

        @Override
        public Integer call() throws Exception {
            List<String> lines = "-".equals(file)
                    ? List.of(new String(System.in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
                    : Files.readAllLines(Path.of(file));
            List<FlowLimit> limits = parseLimits(lines);
            HtbFlowShaper shaper = top.shaper();
            if (dryRun) {
                if ("adopt".equals(startup)) {
                    shaper.start(StartupPolicy.ADOPT);
                }
                System.out.print(shaper.plan(limits));
                return 0;
            }
            shaper.start("clear".equals(startup) ? StartupPolicy.CLEAR : StartupPolicy.ADOPT);
            ApplyReport r = shaper.apply(limits);
            System.out.println(r);
            printLimits(shaper);
            return 0;
        }
    }

    /** Shows the adopted limits. */
    @Command(name = "show", description = "Print the limits in force, with their HTB class ids.")
    static final class Show implements Callable<Integer> {
        @CommandLine.ParentCommand
        TcShaperTool top;

        @Override
        public Integer call() throws Exception {
            HtbFlowShaper shaper = top.shaper();
            if (shaper.start(StartupPolicy.ADOPT) == 0) {
                System.out.println("no limits");
            }
            printLimits(shaper);
            return 0;
        }
    }

    /** Clears the interface. */
    @Command(name = "clear", description = "Remove the shaping tree from the interface.")
    static final class Clear implements Callable<Integer> {
        @CommandLine.ParentCommand
        TcShaperTool top;

        @Override
        public Integer call() throws Exception {
            top.shaper().clear();
            return 0;
        }
    }

    /** Sets up the bridge. */
    @Command(name = "bridge-up", description = "Bridge two interfaces; --dev is the egress (shaped) one.")
    static final class BridgeUp implements Callable<Integer> {
        @CommandLine.ParentCommand
        TcShaperTool top;

        @Option(names = "--bridge", required = true, description = "Bridge name.")
        String bridge;

        @Option(names = "--in", required = true, description = "Port the traffic to shape arrives on.")
        String in;

        @Option(names = "--ethertype", defaultValue = "0x88b5",
                description = "Control EtherType. Default: ${DEFAULT-VALUE}.")
        String etherType;

        @Override
        public Integer call() throws Exception {
            BridgeSetup.Bridge b = new BridgeSetup(new ProcessCommandRunner(), top.netns)
                    .create(bridge, in, top.dev, Integer.decode(etherType));
            System.out.println("bridge " + b.name() + (b.created() ? " created" : " adopted") + ": " + b.ingressPort()
                    + " -> " + b.egressPort());
            return 0;
        }
    }

    /** Removes the bridge. */
    @Command(name = "bridge-down", description = "Undo bridge-up (deletes the bridge).")
    static final class BridgeDown implements Callable<Integer> {
        @CommandLine.ParentCommand
        TcShaperTool top;

        @Option(names = "--bridge", required = true, description = "Bridge name.")
        String bridge;

        @Option(names = "--in", required = true, description = "Port the traffic to shape arrives on.")
        String in;

        @Override
        public Integer call() throws Exception {
            new BridgeSetup(new ProcessCommandRunner(), top.netns)
                    .remove(new BridgeSetup.Bridge(bridge, in, top.dev, true, List.of(),
                            BridgeSetup.DEFAULT_CONTROL_ETHERTYPE));
            return 0;
        }
    }

    /** Benchmarks one batch against one tc process per command. */
    @Command(name = "bench", description = "Create N flows then change all their rates: one tc batch each, "
            + "against one tc process per command.")
    static final class Bench implements Callable<Integer> {
        @CommandLine.ParentCommand
        TcShaperTool top;

        @Option(names = "--flows", defaultValue = "10000", description = "Number of flows. Default: ${DEFAULT-VALUE}.")
        int flows;

        @Override
        public Integer call() throws Exception {
            HtbFlowShaper shaper = top.shaper();
            List<FlowLimit> first = benchFlows(flows, 1);
            List<FlowLimit> second = benchFlows(flows, 2);

            // The agent is a long-running daemon: warm up the planner (pure, no tc) so that the
            // timing is of a running agent, not of class loading and JIT compilation.
            for (int i = 0; i < 3; i++) {
                shaper.plan(first);
            }
            shaper.start(StartupPolicy.CLEAR);
            // Batch CPU = the agent's own (planning, rendering: this thread) + the tc process's.
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long cpu0 = childCpuNanos() + threads.getCurrentThreadCpuTime();
            ApplyReport create = shaper.apply(first);
            long cpu1 = childCpuNanos() + threads.getCurrentThreadCpuTime();
            int classes = countClasses();
            long cpu2 = childCpuNanos() + threads.getCurrentThreadCpuTime();
            ApplyReport change = shaper.apply(second);
            long cpu3 = childCpuNanos() + threads.getCurrentThreadCpuTime();
            check(create.created() == flows && change.changed() == flows && classes == flows,
                    "batch path did not create and change " + flows + " flows (" + classes + " classes)");
            shaper.clear();

            ReconcilePlanner planner = new ReconcilePlanner(shaper.options());
            Plan p1 = planner.plan(ShaperState.EMPTY, first);
            Plan p2 = planner.plan(p1.result(), second);
            long cpu4 = childCpuNanos();
            long t0 = System.nanoTime();
            runEach(p1.render(top.dev, shaper.options()));
            long createEach = System.nanoTime() - t0;
            long cpu5 = childCpuNanos();
            int classesEach = countClasses();
            long cpu6 = childCpuNanos();
            t0 = System.nanoTime();
            runEach(p2.render(top.dev, shaper.options()));
            long changeEach = System.nanoTime() - t0;
            long cpu7 = childCpuNanos();
            check(classesEach == flows, "per-command path created " + classesEach + " classes, not " + flows);
            shaper.clear();

            System.out.printf(Locale.ROOT, "flows=%d classifier=%s lines_create=%d lines_change=%d%n", flows,
                    shaper.options().classifier(), p1.ops().size(), p2.ops().size());
            row("create", create.elapsedNanos(), createEach, cpu1 - cpu0, cpu5 - cpu4);
            row("change", change.elapsedNanos(), changeEach, cpu3 - cpu2, cpu7 - cpu6);
            row("total", create.elapsedNanos() + change.elapsedNanos(), createEach + changeEach,
                    cpu1 - cpu0 + cpu3 - cpu2, cpu5 - cpu4 + cpu7 - cpu6);
            return 0;
        }

        private static void row(String what, long batch, long each, long batchCpu, long eachCpu) {
            System.out.printf(Locale.ROOT, "%s: wall batch %.3f s, per-command %.3f s, ratio %.1fx;"
                    + " cpu batch %.2f s, per-command %.2f s, ratio %.1fx%n", what, batch / 1e9, each / 1e9,
                    (double) each / batch, batchCpu / 1e9, eachCpu / 1e9, (double) eachCpu / Math.max(1, batchCpu));
        }

        /**
         * Returns the CPU time (user + system) of this process's finished children, the tc runs, from
         * /proc/self/stat (cutime, cstime). Unlike wall time it hardly depends on other load on the
         * machine; the JVM's own cost of starting each process is not in it.
         *
         * @return nanoseconds, with the kernel's clock tick resolution (10 ms)
         * @throws IOException if /proc cannot be read
         */
        static long childCpuNanos() throws IOException {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // Fields after "(comm)" start at field 3 (state); cutime and cstime are fields 16 and 17.
            long ticks = Long.parseLong(f[16 - 3]) + Long.parseLong(f[17 - 3]);
            return ticks * 10_000_000L;
        }

        // Counts the flows' classes, leaving out the fixed group classes 1:1BB.
        private int countClasses() throws ShaperException {
            int n = 0;
            for (String line : top.tc().run("class", "show", "dev", top.dev).stdout().split("\n")) {
                if (line.startsWith("class ") && !line.startsWith("class htb 1:")) {
                    n++;
                }
            }
            return n;
        }

        private void runEach(String batch) throws IOException, InterruptedException {
            for (String line : batch.split("\n")) {
                List<String> argv = new ArrayList<>(List.of("tc"));
                if (top.netns != null) {
                    argv.add("-n");
                    argv.add(top.netns);
                }
                argv.addAll(List.of(line.split(" ")));
                Process p = new ProcessBuilder(argv).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
                if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    p.destroyForcibly();
                    throw new IOException("per-command tc failed: tc " + line);
                }
            }
        }

        private static void check(boolean ok, String why) {
            if (!ok) {
                throw new IllegalStateException(why);
            }
        }
    }

    /**
     * Makes {@code n} distinct UDP flows spread over many senders, receivers and ports.
     *
     * @param n number of flows
     * @param round 1 or 2: the second round has other rates for the same flows
     * @return limits
     */
    static List<FlowLimit> benchFlows(int n, int round) {
        List<FlowLimit> out = new ArrayList<>(n);
        try {
            for (int i = 0; i < n; i++) {
                InetAddress src = InetAddress.getByAddress(new byte[] {10, 1, (byte) (i >>> 8), (byte) i});
                InetAddress dst = InetAddress.getByAddress(new byte[] {10, 2, 0, (byte) (i % 7)});
                FiveTuple f = new FiveTuple(FiveTuple.UDP, src, dst, 20_000 + i % 30_000, 5_000 + i);
                out.add(new FlowLimit(f, 1_000_000L * round + i, DEFAULT_BURST));
            }
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }
}
