package org.fudp.lab;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.Reason;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.KeyRing;

/**
 * Runs the lab controller: {@code java -jar fudp-lab.jar <config.properties>}, until SIGTERM.
 */
public final class LabControllerMain {

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
        KeyRing keys = KeyRing.parse(Files.readString(config.keyFile(), StandardCharsets.UTF_8));
        OvsOfctlSwitch sw = new OvsOfctlSwitch(config.bridge(), config.ovsRundir());
        FrameEncoder encoder = new FrameEncoder(keys, 1, System.currentTimeMillis(), 0, Clock.systemUTC());
        try (PrintWriter log = new PrintWriter(Files.newBufferedWriter(config.log(), StandardCharsets.UTF_8))) {
            run(config, sw, encoder, log);
        }
    }

    private static void run(LabConfig config, OvsOfctlSwitch sw, FrameEncoder encoder, PrintWriter log)
            throws IOException, InterruptedException {
        LabController controller = new LabController(config, sw, encoder, log);
        BlockingQueue<OfctlText.PacketIn> queue = new LinkedBlockingQueue<>();
        AtomicLong agentFrames = new AtomicLong();
        AtomicLong lastAckNanos = new AtomicLong(Long.MIN_VALUE);
        Process monitor = sw.monitor();
        Thread reader = new Thread(() -> readPacketIns(monitor, queue, agentFrames, lastAckNanos), "packet-in");
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
        controller.start();
        say("controller up: bridge %s, %d bottleneck(s), period %d ms", config.bridge(),
                config.bottlenecks().size(), config.periodMillis());
        long period = TimeUnit.MILLISECONDS.toNanos(config.periodMillis());
        long next = System.nanoTime() + period;
        // New limits are in force once the agent ACKs the snapshot (usually tens of ms, the first tc
        // class some hundreds), and OVS refreshes rule counters from its datapath every max-revalidator
        // ms (the lab sets 100): measure the next period from then on, from 0.8 of a period at the latest.
        long counterLag = TimeUnit.MILLISECONDS.toNanos(150);
        long sentAt = 0;
        boolean rebaselinePending = false;
        List<OfctlText.PacketIn> batch = new ArrayList<>();
        Map<String, Reason> lastReason = new HashMap<>();
        long lastFrames = 0;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                long waitNanos = Math.min(next - System.nanoTime(),
                        rebaselinePending ? TimeUnit.MILLISECONDS.toNanos(20) : Long.MAX_VALUE);
                OfctlText.PacketIn pi = waitNanos > 0 ? queue.poll(waitNanos, TimeUnit.NANOSECONDS) : null;
                if (pi != null) {
                    batch.add(pi);
                    queue.drainTo(batch);
                    for (OfctlText.PacketIn p : batch) {
                        TrackedFlow f = p.fin() ? controller.flows().get(p.flow()) : null;
                        if (f != null && f.cfsId() != null) {
                            say("connection closed (FIN/RST): %s leaves %s", f.flowId(), f.cfsId());
                        }
                    }
                    for (TrackedFlow f : controller.onPacketIns(batch, System.nanoTime())) {
                        say("new flow %s%s", f.flowId(), f.cfsId() == null ? "" : " in " + f.cfsId()
                                + (f.viaAdjustor() ? ", steered through the adjustor" : ""));
                    }
                    batch.clear();
                }
                long now = System.nanoTime();
                if (rebaselinePending) {
                    long ack = lastAckNanos.get();
                    if (ack > sentAt && now >= ack + counterLag || now >= sentAt + period * 4 / 5) {
                        controller.rebaseline(now);
                        rebaselinePending = false;
                    }
                }
                if (now >= next) {
                    Map<String, Decision> decisions = controller.period(now, System.currentTimeMillis());
                    for (Decision d : decisions.values()) {
                        // Every reallocation, and otherwise only changes, so the log stays readable.
                        if (!d.reason().isFair() || d.reason() != lastReason.put(d.cfsId(), d.reason())) {
                            say("%s: %s", d.cfsId(), d.explanation());
                        }
                    }
                    long frames = agentFrames.get();
                    if (frames / 10 != lastFrames / 10) {
                        say("agent frames seen so far (ACKs and heartbeats, as packet-ins): %d", frames);
                    }
                    lastFrames = frames;
                    if (controller.limitsChanged()) {
                        sentAt = now;
                        rebaselinePending = true;
                    }
                    next = Math.max(next + period, now + period / 2);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        say("controller stopped");
    }

    private static void readPacketIns(Process monitor, BlockingQueue<OfctlText.PacketIn> queue, AtomicLong agent,
                                      AtomicLong lastAck) {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(monitor.getInputStream(), StandardCharsets.UTF_8))) {
            Optional<Integer> pendingPort = Optional.empty();
            String header = "";
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (pendingPort.isPresent()) {
                    if (OfctlText.isControlFrame(line)) {
                        agent.incrementAndGet();
                        if (OfctlText.isAck(header, line)) {
                            lastAck.set(System.nanoTime());
                        }
                    }
                    OfctlText.packetIn(pendingPort.get(), line).ifPresent(queue::add);
                    pendingPort = Optional.empty();
                } else {
                    pendingPort = OfctlText.packetInPort(line);
                    header = line;
                }
            }
        } catch (IOException e) {
            say("packet-in monitor ended: %s", e.getMessage());
        }
    }

    private static void say(String fmt, Object... args) {
        System.out.println(String.format(Locale.ROOT, "[controller %tT] ", System.currentTimeMillis())
                + String.format(Locale.ROOT, fmt, args));
        System.out.flush();
    }
}
