// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.send;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.fudp.agent.net.FrameChannel;
import org.fudp.agent.net.PcapFrameChannel;
import org.fudp.protocol.AckStatus;
import org.fudp.protocol.ControlMessage;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.FrameCodec;
import org.fudp.protocol.FrameEncoder;
import org.fudp.protocol.FrameRejectedException;
import org.fudp.protocol.FrameVerifier;
import org.fudp.protocol.Hex;
import org.fudp.protocol.KeyRing;
import org.fudp.protocol.LimitEntry;
import org.fudp.protocol.MessageType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code send}: plays the controller's part for tests and the lab. It encodes one snapshot,
 * delta, clear-all or heartbeat with the protocol codec, sends it out of an interface as raw
 * frames, and prints the ACKs that come back. A state file keeps the sender's epoch, sequence
 * and snapshot id between runs, so successive runs form one valid conversation.
 */
@Command(name = "send", mixinStandardHelpOptions = true,
        description = "Send a control message out of an interface, as the controller would, and collect ACKs.")
public final class SendCommand implements Callable<Integer> {

    /** Message kinds the command sends. */
    enum Kind { SNAPSHOT, DELTA, CLEAR, HEARTBEAT }

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", description = "snapshot | delta | clear | heartbeat")
    private Kind kind;

    @Option(names = {"-i", "--interface"}, required = true, description = "interface to send on")
    private String iface;

    @Option(names = {"-k", "--keys"}, required = true, description = "key file (signs with its active key)")
    private Path keysFile;

    @Option(names = "--flow", description = "ADD: PROTO,SRC,SPORT,DST,DPORT,RATE[,BURST] (repeatable)")
    private List<String> flows = new ArrayList<>();

    @Option(names = "--remove", description = "delta REMOVE: PROTO,SRC,SPORT,DST,DPORT (repeatable)")
    private List<String> removes = new ArrayList<>();

    @Option(names = "--flows-file", description = "file with one --flow spec a line (# comments)")
    private Path flowsFile;

    @Option(names = "--snapshot-id", description = "snapshot: its id (default: last + 1); delta: base "
            + "(default: last); clear: resulting id (default: last + 1)")
    private Long snapshotId;

    @Option(names = "--sender-id", defaultValue = "7", description = "controller id (default: ${DEFAULT-VALUE})")
    private long senderId;

    @Option(names = "--state", description = "file keeping epoch, sequence and snapshot id between runs")
    private Path stateFile;

    @Option(names = "--ethertype", defaultValue = "0x88b5", description = "EtherType (default: ${DEFAULT-VALUE})")
    private String etherType;

    @Option(names = "--dst-mac", defaultValue = "ff:ff:ff:ff:ff:ff", description = "destination MAC")
    private String dstMac;

    @Option(names = "--mtu", defaultValue = "1500", description = "payload limit per frame (default: ${DEFAULT-VALUE})")
    private int mtu;

    @Option(names = "--wait-acks", defaultValue = "0", description = "wait for this many ACKs (default: none)")
    private int waitAcks;

    @Option(names = "--timeout-ms", defaultValue = "5000", description = "how long to wait for ACKs "
            + "(default: ${DEFAULT-VALUE})")
    private long timeoutMillis;

    @Option(names = "--save", description = "also write the frames sent, one hex line each")
    private Path saveFile;

    @Option(names = "--replay", description = "send the frames saved in this file unchanged, instead of a new message")
    private Path replayFile;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        int type = Integer.decode(etherType);
        KeyRing keys = KeyRing.parse(new String(Files.readAllBytes(keysFile), StandardCharsets.UTF_8));
        Properties state = loadState();
        long epoch = Long.parseLong(state.getProperty("epoch", Long.toString(System.currentTimeMillis())));
        long sequence = Long.parseLong(state.getProperty("sequence", "0"));
        long lastSnapshot = Long.parseLong(state.getProperty("snapshot", "0"));
        FrameEncoder encoder = new FrameEncoder(keys, senderId, epoch, sequence, Clock.systemUTC());

        List<byte[]> payloads = new ArrayList<>();
        if (replayFile != null) {
            for (String line : Files.readAllLines(replayFile, StandardCharsets.US_ASCII)) {
                if (!line.isBlank()) {
                    payloads.add(Hex.decode(line));
                }
            }
        } else {
            List<FlowLimit> limits = limits();
            switch (kind) {
                case SNAPSHOT:
                    lastSnapshot = snapshotId != null ? snapshotId : lastSnapshot + 1;
                    payloads.addAll(encoder.snapshot(lastSnapshot, limits, mtu));
                    break;
                case DELTA:
                    List<LimitEntry> changes = new ArrayList<>();
                    for (FlowLimit l : limits) {
                        changes.add(LimitEntry.add(l));
                    }
                    for (String r : removes) {
                        changes.add(LimitEntry.remove(FlowSpecs.flow(r)));
                    }
                    payloads.addAll(encoder.delta(snapshotId != null ? snapshotId : lastSnapshot, changes, mtu));
                    break;
                case CLEAR:
                    lastSnapshot = snapshotId != null ? snapshotId : lastSnapshot + 1;
                    payloads.add(encoder.clearAll(lastSnapshot));
                    break;
                default:
                    payloads.add(encoder.heartbeat(lastSnapshot));
            }
            state.setProperty("epoch", Long.toString(epoch));
            state.setProperty("sequence", Long.toString(encoder.lastSequence()));
            state.setProperty("snapshot", Long.toString(lastSnapshot));
            saveState(state);
        }
        if (saveFile != null) {
            List<String> lines = new ArrayList<>();
            for (byte[] p : payloads) {
                lines.add(Hex.encode(p));
            }
            Files.write(saveFile, lines, StandardCharsets.US_ASCII);
        }
        try (FrameChannel channel = new PcapFrameChannel(iface, type)) {
            byte[] dst = EthernetFrame.parseMac(dstMac);
            for (byte[] p : payloads) {
                channel.send(EthernetFrame.build(dst, channel.localMac(), type, p));
            }
            out.println("sent " + payloads.size() + " frame" + (payloads.size() == 1 ? "" : "s") + " ("
                    + (replayFile != null ? "replay of " + replayFile
                    : kind.name().toLowerCase(java.util.Locale.ROOT)) + ") on " + iface);
            out.flush();
            return collectAcks(channel, keys, type, out, sequences(payloads));
        }
    }

    private int collectAcks(FrameChannel channel, KeyRing keys, int type, PrintWriter out, Set<Long> sent)
            throws IOException {
        if (waitAcks <= 0) {
            return 0;
        }
        FrameVerifier verifier = new FrameVerifier(keys, FrameCodec.MAX_PAYLOAD_BYTES, 0, Clock.systemUTC());
        AtomicInteger got = new AtomicInteger();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "send-deadline");
            t.setDaemon(true);
            return t;
        });
        timer.schedule(channel::stopReceiving, timeoutMillis, TimeUnit.MILLISECONDS);
        try {
            channel.receive(frame -> {
                EthernetFrame eth = EthernetFrame.parse(frame);
                if (eth.etherType() != type) {
                    return;
                }
                try {
                    ControlMessage m = verifier.verify(eth.payload());
                    if (m.type() != MessageType.ACK) {
                        return;
                    }
                    AckStatus a = m.ack().orElseThrow();
                    // Only answers to what this run sent count; status reports and old ACKs are shown apart.
                    if (a.ackedSenderId() == senderId && sent.contains(a.ackedSequence())) {
                        out.println(a);
                        if (got.incrementAndGet() >= waitAcks) {
                            channel.stopReceiving();
                        }
                    } else {
                        out.println("(other) " + a);
                    }
                } catch (FrameRejectedException e) {
                    out.println("ignored an invalid frame: " + e.getMessage());
                }
                out.flush();
            });
        } finally {
            timer.shutdownNow();
        }
        if (got.get() < waitAcks) {
            spec.commandLine().getErr().println("only " + got.get() + " of " + waitAcks + " ACKs arrived within "
                    + timeoutMillis + " ms");
            return 3;
        }
        return 0;
    }

    private static Set<Long> sequences(List<byte[]> payloads) {
        Set<Long> seqs = new HashSet<>();
        for (byte[] p : payloads) {
            if (p.length >= FrameCodec.HEADER_BYTES) {
                seqs.add(ByteBuffer.wrap(p).getLong(28));
            }
        }
        return seqs;
    }

    private List<FlowLimit> limits() throws IOException {
        List<FlowLimit> limits = new ArrayList<>();
        for (String f : flows) {
            limits.add(FlowSpecs.limit(f));
        }
        if (flowsFile != null) {
            for (String line : Files.readAllLines(flowsFile, StandardCharsets.UTF_8)) {
                String l = line.replaceAll("#.*", "").trim();
                if (!l.isEmpty()) {
                    limits.add(FlowSpecs.limit(l));
                }
            }
        }
        return limits;
    }

    private Properties loadState() throws IOException {
        Properties p = new Properties();
        if (stateFile != null && Files.exists(stateFile)) {
            try (Reader r = Files.newBufferedReader(stateFile, StandardCharsets.UTF_8)) {
                p.load(r);
            }
        }
        return p;
    }

    private void saveState(Properties p) throws IOException {
        if (stateFile == null) {
            return;
        }
        try (Writer w = Files.newBufferedWriter(stateFile, StandardCharsets.UTF_8)) {
            p.store(w, "fudp-adjustor-agent send: sender state");
        }
    }
}
