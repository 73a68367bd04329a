// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.fudp.agent.config.AgentConfig;
import org.fudp.agent.config.ConfigException;
import org.fudp.agent.config.LimitsOnStop;
import org.fudp.agent.config.StopAction;
import org.fudp.agent.metrics.AgentMetrics;
import org.fudp.agent.metrics.MetricsServer;
import org.fudp.agent.net.LinkInfo;
import org.fudp.agent.net.PcapFrameChannel;
import org.fudp.agent.send.SendCommand;
import org.fudp.agent.tc.BridgeSetup;
import org.fudp.agent.tc.Classifier;
import org.fudp.agent.tc.FeatureProbe;
import org.fudp.agent.tc.HtbFlowShaper;
import org.fudp.agent.tc.InterfaceWatch;
import org.fudp.agent.tc.ProcessCommandRunner;
import org.fudp.agent.tc.ShaperException;
import org.fudp.agent.tc.ShaperOptions;
import org.fudp.agent.tc.TcRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Entry point of {@code java -jar fudp-adjustor-agent.jar}: {@code run}, {@code status},
 * {@code check-config} and {@code send}.
 */
@Command(name = "fudp-adjustor-agent", mixinStandardHelpOptions = true, version = "fudp-adjustor-agent 1.0",
        description = "Receives FUDP rate limits from the controller and applies them with tc.",
        subcommands = {AdjustorAgentMain.Run.class, AdjustorAgentMain.Status.class,
            AdjustorAgentMain.CheckConfig.class, SendCommand.class})
public final class AdjustorAgentMain implements Runnable {

    /** Default configuration file. */
    static final String DEFAULT_CONFIG = "/etc/fudp/adjustor-agent.properties";

    @Spec
    private CommandSpec spec;

    /**
     * Runs the command line.
     *
     * @param args arguments
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * Builds the command line, for main and tests.
     *
     * @return the picocli command line
     */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new AdjustorAgentMain()).setCaseInsensitiveEnumValuesAllowed(true);
        // Operators get what failed, not a stack trace: exit status 2 for a bad configuration, 1 otherwise.
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("fudp-adjustor-agent " + commandLine.getCommandName() + ": "
                    + (e.getMessage() == null ? e.toString() : e.getMessage()));
            if (e instanceof RuntimeException && !(e instanceof IllegalArgumentException)) {
                e.printStackTrace(commandLine.getErr());
            }
            return e instanceof ConfigException ? 2 : 1;
        });
        return cl;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static AgentConfig loadConfig(Path file, CommandSpec spec) throws ConfigException {
        return AgentConfig.load(file);
    }

    /** {@code run}: the daemon. */
    @Command(name = "run", mixinStandardHelpOptions = true, description = "Run the agent in the foreground.")
    static final class Run implements Callable<Integer> {
        private static final Logger LOG = LoggerFactory.getLogger(Run.class);

        @Spec
        private CommandSpec spec;

        @Option(names = {"-c", "--config"}, defaultValue = DEFAULT_CONFIG, description = "configuration file "
                + "(default: ${DEFAULT-VALUE})")
        private Path config;

        @Option(names = "--dry-run", description = "change nothing: print the tc batch each message would run "
                + "and the ACKs it would send")
        private boolean dryRun;

        @Override
        public Integer call() throws Exception {
            AgentConfig cfg = loadConfig(config, spec);
            List<String> missing = Preflight.local().missingInterfaces(cfg);
            if (!missing.isEmpty()) {
                throw new ConfigException(config.toString(), missing);
            }
            PrintStream dry = dryRun ? new PrintStream(System.out, true, StandardCharsets.UTF_8) : null;
            long agentId = cfg.agentId() != null ? cfg.agentId()
                    : LinkInfo.macToLong(LinkInfo.mac(cfg.controlInterface()));
            ProcessCommandRunner runner = new ProcessCommandRunner();
            Classifier classifier = cfg.classifier() != null ? cfg.classifier() : new FeatureProbe(runner).detect();
            ShaperOptions options = ShaperOptions.DEFAULTS.withClassifier(classifier).withHashKey(cfg.hashKey())
                    .withMinBurstBytes(cfg.minBurstBytes());
            HtbFlowShaper shaper = new HtbFlowShaper(TcRunner.local(), cfg.shapeInterface(), options);
            BridgeSetup bridges = new BridgeSetup(runner, null);
            BridgeSetup.Bridge bridge = null;
            AgentMetrics metrics = new AgentMetrics();
            MetricsServer server = null;
            CountDownLatch stopped = new CountDownLatch(1);
            ScheduledExecutorService watch = null;
            try (PcapFrameChannel channel = new PcapFrameChannel(cfg.controlInterface(), cfg.etherType())) {
                if (cfg.bridgeName() != null && !dryRun) {
                    bridge = bridges.create(cfg.bridgeName(), cfg.controlInterface(), cfg.shapeInterface(),
                            cfg.etherType());
                }
                if (!dryRun) {
                    int adopted = shaper.start(cfg.startup());
                    LOG.info("{}: {} ({} flows adopted)", cfg.shapeInterface(), options, adopted);
                }
                // The daemon first: it sets the gauges (waiting for a controller, among them) that the first
                // scrape or `status` must already read right.
                AgentDaemon daemon = new AgentDaemon(cfg, shaper, channel, metrics, agentId, Clock.systemUTC(), dry);
                if (cfg.metricsPort() != 0) {
                    server = new MetricsServer(new InetSocketAddress(cfg.metricsAddress(), cfg.metricsPort()), metrics);
                    LOG.info("metrics at http://{}:{}/metrics", cfg.metricsAddress().getHostAddress(),
                            server.address().getPort());
                }
                if (!dryRun) {
                    watch = Executors.newSingleThreadScheduledExecutor(r -> {
                        Thread t = new Thread(r, "fudp-interface-watch");
                        t.setDaemon(true);
                        return t;
                    });
                    watch.scheduleWithFixedDelay(new InterfaceWatch(bridges, bridge, shaper), 0,
                            cfg.heartbeatMillis(), TimeUnit.MILLISECONDS);
                }
                Thread hook = new Thread(() -> {
                    daemon.stop();
                    try {
                        stopped.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, "fudp-shutdown");
                Runtime.getRuntime().addShutdownHook(hook);
                LOG.info("agent {} listening on {} for EtherType 0x{}, shaping {}{}", agentId, cfg.controlInterface(),
                        Integer.toHexString(cfg.etherType()), cfg.shapeInterface(), dryRun ? " (dry run)" : "");
                daemon.run();
            } finally {
                if (watch != null) {
                    watch.shutdownNow();
                }
                if (server != null) {
                    server.close();
                }
                teardown(shaper, bridges, bridge, dryRun, cfg);
                stopped.countDown();
            }
            return 0;
        }

        private static void teardown(HtbFlowShaper shaper, BridgeSetup bridges, BridgeSetup.Bridge bridge,
                                     boolean dryRun, AgentConfig cfg) {
            boolean passthrough = bridge != null && cfg.onStop() == StopAction.PASSTHROUGH;
            // With the bridge gone nothing crosses the limits: they go with it.
            boolean keep = passthrough && cfg.limitsOnStop() == LimitsOnStop.KEEP;
            if (!dryRun && !keep) {
                try {
                    shaper.clear();
                    LOG.info("{}: limits removed", shaper.device());
                } catch (ShaperException e) {
                    LOG.error("cannot remove the limits: {}", e.getMessage());
                }
            }
            if (passthrough) {
                // The switch steers UDP into this box until the controller finds the agent gone.
                if (keep) {
                    LOG.warn("bridge {} left up with its limits: traffic goes on held at them while the agent is "
                            + "stopped, and the next start adopts them (shape.on-stop = clear lifts them)",
                            bridge.name());
                } else {
                    LOG.warn("bridge {} left up without limits (pass-through): traffic goes on unshaped while the "
                            + "agent is stopped, and the next start adopts it (bridge.on-stop = remove deletes it)",
                            bridge.name());
                }
                return;
            }
            try {
                if (bridge != null) {
                    bridges.remove(bridge);
                }
            } catch (ShaperException e) {
                LOG.error("cannot remove bridge {}: {}", bridge.name(), e.getMessage());
            }
        }
    }

    /** {@code status}: a summary of a running agent's metrics. */
    @Command(name = "status", mixinStandardHelpOptions = true, description = "Show what a running agent is doing.",
            exitCodeListHeading = "Exit status:%n", exitCodeList = {"0:an agent answered", "1:something else answered, "
                + "or nothing in time", "2:bad configuration", "3:no agent running (nothing listens)"})
    static final class Status implements Callable<Integer> {
        private static final Duration STATUS_TIMEOUT = Duration.ofSeconds(5);

        @Spec
        private CommandSpec spec;

        @Option(names = {"-c", "--config"}, defaultValue = DEFAULT_CONFIG, description = "configuration file, "
                + "for the metrics address (default: ${DEFAULT-VALUE})")
        private Path config;

        @Option(names = "--url", description = "metrics URL, instead of reading the configuration")
        private URI url;

        @Option(names = "--raw", description = "print the Prometheus text as is")
        private boolean raw;

        @Override
        public Integer call() throws Exception {
            AgentEndpoint endpoint;
            if (url != null) {
                endpoint = new AgentEndpoint(url, "--url", STATUS_TIMEOUT);
            } else {
                // Only the metrics address is needed: an operator who may not read the keys may ask too.
                AgentConfig cfg = AgentConfig.load(config, false);
                if (cfg.metricsPort() == 0) {
                    spec.commandLine().getErr().println("metrics.port is 0 in " + config + ": no status to read");
                    return 2;
                }
                endpoint = new AgentEndpoint(AgentEndpoint.url(cfg.metricsAddress(), cfg.metricsPort()),
                        "metrics.address/metrics.port in " + config, STATUS_TIMEOUT);
            }
            String text;
            try {
                text = endpoint.fetch();
            } catch (AgentEndpoint.Unreachable e) {
                spec.commandLine().getErr().println(e.getMessage());
                return e.exitStatus();
            }
            PrintWriter out = spec.commandLine().getOut();
            out.print(raw ? text : StatusReport.format(text, System.currentTimeMillis()));
            out.flush();
            return 0;
        }
    }

    /** {@code check-config}: check a configuration file and the machine it is to run on. */
    @Command(name = "check-config", mixinStandardHelpOptions = true,
            description = {"Check a configuration file and whether the agent can run with it here: interfaces, "
                + "key file, privileges, tools, kernel features, metrics address. One line per check."},
            exitCodeListHeading = "Exit status:%n", exitCodeList = {"0:every check passed (warnings allowed)",
                "1:the machine lacks something (privileges, tools, kernel features)",
                "2:the configuration is wrong (a value, an interface, the key file)"})
    static final class CheckConfig implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = {"-c", "--config"}, defaultValue = DEFAULT_CONFIG, description = "configuration file "
                + "(default: ${DEFAULT-VALUE})")
        private Path config;

        @Option(names = "--syntax-only", description = "check only the file and its key file, not this machine")
        private boolean syntaxOnly;

        @Override
        public Integer call() throws ConfigException {
            PrintWriter out = spec.commandLine().getOut();
            if (!syntaxOnly) {
                Preflight.Report report = Preflight.local().check(config);
                report.checks().forEach(c -> out.println(c.line()));
                out.println(report.summary(config));
                return report.exitStatus();
            }
            AgentConfig cfg = loadConfig(config, spec);
            out.println(config + ": OK (control " + cfg.controlInterface() + ", shaping "
                    + cfg.shapeInterface() + ", keys " + cfg.keys() + ", fail-safe " + cfg.failSafeAction()
                    .name().toLowerCase(java.util.Locale.ROOT) + " after " + cfg.silentPeriods() + " x "
                    + cfg.heartbeatMillis() + " ms)");
            return 0;
        }
    }
}
