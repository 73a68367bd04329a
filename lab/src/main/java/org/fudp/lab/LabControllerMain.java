package org.fudp.lab;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs the lab controller: {@code java -jar fudp-lab.jar <config.properties>}, until SIGTERM. One thread
 * reads packet-ins from {@code ovs-ofctl monitor}; the main thread hands them, the counters and the time
 * to the loop ({@link LabHost}).
 */
public final class LabControllerMain {

    /** Packet-ins handled before what is due runs anyway: a new flow's first packets come in bursts. */
    private static final int MAX_BATCH = 1000;

    private LabControllerMain() {
    }

    /**
     * Entry point.
     *
     * @param args the config file
     * @throws Exception on a fatal error (bad config, switch unreachable)
     */
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java -jar fudp-lab.jar <config.properties>");
            System.exit(2);
        }
        LabConfig config = LabConfig.load(Path.of(args[0]));
        String keyText = Files.readString(config.keyFile(), StandardCharsets.UTF_8);
        OvsOfctlSwitch sw = new OvsOfctlSwitch(config.bridge(), config.ovsRundir());
        try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(config.log(), StandardCharsets.UTF_8))) {
            LabHost host = new LabHost(config, sw, keyText, System.currentTimeMillis(), new PeriodCsv(csv),
                    LabControllerMain::say);
            run(config, sw, host);
        }
    }

    private static void run(LabConfig config, OvsOfctlSwitch sw, LabHost host)
            throws IOException, InterruptedException {
        BlockingQueue<MonitorEvent> queue = new LinkedBlockingQueue<>();
        Process monitor = sw.monitor();
        MonitorParser parser = new MonitorParser(config.bridge(), host.loop().settings().controlEtherType());
        Thread reader = new Thread(() -> readPacketIns(monitor, parser, queue), "packet-in");
        reader.setDaemon(true);
        reader.start();
        Thread main = Thread.currentThread();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            main.interrupt();
            monitor.destroy();
            try {
                main.join(3000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        host.start(System.currentTimeMillis());
        say(String.format(Locale.ROOT, "controller up: bridge %s, %d bottleneck(s), period %d ms", config.bridge(),
                config.bottlenecks().entries().size(), config.periodMillis()));
        try {
            while (!Thread.currentThread().isInterrupted()) {
                long wait = host.nextDueMs() - System.currentTimeMillis();
                MonitorEvent e = wait > 0 ? queue.poll(wait, TimeUnit.MILLISECONDS) : queue.poll();
                int n = 0;
                while (e != null) {
                    host.handle(e);
                    e = ++n < MAX_BATCH ? queue.poll() : null;
                }
                host.runDue(System.currentTimeMillis());
            }
        } catch (InterruptedException e) {
            // SIGTERM, see the shutdown hook
        }
        // Cleared so that ovs-ofctl can run once more: the agent drops its limits, the loop's rules go.
        Thread.interrupted();
        host.stop(System.currentTimeMillis());
        say("controller stopped");
    }

    private static void readPacketIns(Process monitor, MonitorParser parser, BlockingQueue<MonitorEvent> queue) {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(monitor.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                parser.line(line, System.currentTimeMillis()).ifPresent(queue::add);
            }
        } catch (IOException e) {
            say("packet-in monitor ended: " + e.getMessage());
        }
    }

    private static void say(String text) {
        System.out.println(String.format(Locale.ROOT, "[controller %tT] ", System.currentTimeMillis()) + text);
        System.out.flush();
    }
}
