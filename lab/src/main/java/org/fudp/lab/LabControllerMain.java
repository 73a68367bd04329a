// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
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
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs the lab controller: {@code java -jar fudp-lab.jar <config.properties>}, until SIGTERM. One thread
 * reads packet-ins from {@code ovs-ofctl monitor}; the main thread hands them, the counters and the time
 * to the loop ({@link LabHost}).
 */
public final class LabControllerMain {

    /** Packet-ins handled before what is due runs anyway: a new flow's first packets come in bursts. */
    private static final int MAX_BATCH = 1000;
    /** How often the stats line is written. */
    private static final long STATS_MS = 1000;

    /** Packet-in messages the monitor printed (PACKET_IN headers). */
    private static final AtomicLong PACKET_INS = new AtomicLong();
    /** Events parsed from them (TCP/UDP packets and control frames), and of those the control frames. */
    private static final AtomicLong EVENTS = new AtomicLong();
    private static final AtomicLong CONTROL = new AtomicLong();
    /** Events handed to the loop, and the longest an event waited in the queue since the last line. */
    private static final AtomicLong HANDLED = new AtomicLong();
    private static final AtomicLong MAX_WAIT_MS = new AtomicLong();

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
        SflowCollector sflow = null;
        if (config.sflowPort() > 0) {
            sflow = new SflowCollector(config.sflowPort(), queue, LabControllerMain::say);
            Thread t = new Thread(sflow, "sflow");
            t.setDaemon(true);
            t.start();
        }
        SflowCollector sampled = sflow;
        Thread stats = new Thread(() -> writeStats(queue, host, sampled), "stats");
        stats.setDaemon(true);
        stats.start();
        host.start(System.currentTimeMillis());
        say(String.format(Locale.ROOT, "controller up: bridge %s, %d bottleneck(s), period %d ms", config.bridge(),
                config.bottlenecks().entries().size(), config.periodMillis()));
        try {
            while (!Thread.currentThread().isInterrupted()) {
                long wait = host.nextDueMs() - System.currentTimeMillis();
                MonitorEvent e = wait > 0 ? queue.poll(wait, TimeUnit.MILLISECONDS) : queue.poll();
                int n = 0;
                while (e != null) {
                    MAX_WAIT_MS.accumulateAndGet(System.currentTimeMillis() - e.timeMs(), Math::max);
                    if (e.samples() == null) {
                        // The stats line's "handled" are packet-ins; sFlow datagrams have their own counts.
                        HANDLED.incrementAndGet();
                    }
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
        if (sflow != null) {
            sflow.close();
        }
        say("controller stopped");
    }

    private static void readPacketIns(Process monitor, MonitorParser parser, BlockingQueue<MonitorEvent> queue) {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(monitor.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.contains("PACKET_IN")) {
                    PACKET_INS.incrementAndGet();
                }
                parser.line(line, System.currentTimeMillis()).ifPresent(e -> {
                    EVENTS.incrementAndGet();
                    if (e.isControlFrame()) {
                        CONTROL.incrementAndGet();
                    }
                    queue.add(e);
                });
            }
        } catch (IOException e) {
            say("packet-in monitor ended: " + e.getMessage());
        }
    }

    /**
     * Writes one line a second with what came in and what waits, cumulative counts from the start, for
     * the lab's analysis ({@code lab/py/switchmon.py} reads it): {@code stats at <epoch ms>: packet-ins
     * 5120 read (4980 events, 140 control frames), 4978 handled, 2 waiting, longest wait 12 ms; rules
     * refused: 41 table full, 0 other, 3 flows partly installed; heap 34 MB}, and on a sampled facility
     * {@code ; sflow 900 datagrams, 2700 samples, 0 malformed}. The longest wait is that since the
     * previous line.
     */
    private static void writeStats(BlockingQueue<MonitorEvent> queue, LabHost host, SflowCollector sflow) {
        Runtime rt = Runtime.getRuntime();
        try {
            while (true) {
                Thread.sleep(STATS_MS);
                RuleRefusals r = host.refusals();
                say(String.format(Locale.ROOT, "stats at %d ms: packet-ins %d read (%d events, %d control frames), "
                        + "%d handled, %d waiting, longest wait %d ms; rules refused: %d table full, %d other, "
                        + "%d flows partly installed; heap %d MB", System.currentTimeMillis(), PACKET_INS.get(),
                        EVENTS.get(), CONTROL.get(), HANDLED.get(), queue.size(), MAX_WAIT_MS.getAndSet(0),
                        r.tableFullRules(), r.otherRules(), r.partlyInstalledFlows(),
                        (rt.totalMemory() - rt.freeMemory()) >> 20) + (sflow == null ? "" : "; " + sflow.counts()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void say(String text) {
        System.out.println(String.format(Locale.ROOT, "[controller %tT] ", System.currentTimeMillis()) + text);
        System.out.flush();
    }
}
