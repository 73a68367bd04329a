// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.fudp.protocol.Hex;

/**
 * A real Open vSwitch bridge driven with ovs-ofctl over its management socket (OpenFlow 1.3).
 */
final class OvsOfctlSwitch implements Switch {

    private static final long TIMEOUT_SECONDS = 10;

    private final String bridge;
    private final String rundir;

    OvsOfctlSwitch(String bridge, String rundir) {
        this.bridge = bridge;
        this.rundir = rundir;
    }

    ProcessBuilder builder(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add("ovs-ofctl");
        cmd.add("--no-names");
        cmd.add("-O");
        cmd.add("OpenFlow13");
        for (String a : args) {
            cmd.add(a);
        }
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("OVS_RUNDIR", rundir);
        return pb;
    }

    private String run(byte[] stdin, String... args) throws IOException {
        return run(stdin, null, args);
    }

    /**
     * Runs ovs-ofctl; a failed flow-mod batch ({@code batch} given) whose output names the FLOW_MOD the
     * switch refused throws a {@link FlowModRefusal}, which tells how much of the batch went in.
     */
    private String run(byte[] stdin, List<String> batch, String... args) throws IOException {
        Process p = builder(args).redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream s = p.getInputStream()) {
            s.transferTo(out);
        }
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("ovs-ofctl " + args[0] + " timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            // One line: the message ends up in the loop's reasons and the controller's log, line by line.
            String message = "ovs-ofctl " + args[0] + " failed: " + text.trim().replaceAll("\\s*\\R\\s*", " / ");
            if (batch != null) {
                Optional<FlowModRefusal> refusal = FlowModRefusal.parse(text, batch, message);
                if (refusal.isPresent()) {
                    throw refusal.get();
                }
            }
            throw new IOException(message);
        }
        return text;
    }

    @Override
    public void addFlows(List<String> rules) throws IOException {
        if (!rules.isEmpty()) {
            // One FLOW_MOD and barrier per line, stopping at the first the switch refuses: FlowModRefusal.
            run((String.join("\n", rules) + "\n").getBytes(StandardCharsets.UTF_8), rules, "add-flows", bridge, "-");
        }
    }

    @Override
    public void deleteFlows(List<String> matches) throws IOException {
        if (!matches.isEmpty()) {
            run((String.join("\n", matches) + "\n").getBytes(StandardCharsets.UTF_8), "del-flows", bridge, "-");
        }
    }

    @Override
    public String dumpFlows() throws IOException {
        return run(null, "dump-flows", bridge);
    }

    @Override
    public void modifyFlows(List<String> rules) throws IOException {
        if (!rules.isEmpty()) {
            run((String.join("\n", rules) + "\n").getBytes(StandardCharsets.UTF_8), rules, "--strict", "mod-flows",
                    bridge, "-");
        }
    }

    @Override
    public void addMeter(String spec) throws IOException {
        run(null, "add-meter", bridge, spec);
    }

    @Override
    public void deleteMeter(long id) throws IOException {
        run(null, "del-meter", bridge, "meter=" + id);
    }

    @Override
    public String meterStats() throws IOException {
        return run(null, "meter-stats", bridge);
    }

    @Override
    public void packetOut(long port, byte[] frame) throws IOException {
        run(null, "packet-out", bridge, "in_port=controller packet=" + Hex.encode(frame) + " actions=output:" + port);
    }

    /**
     * Starts {@code ovs-ofctl -m monitor}, which prints every packet-in the bridge sends its controllers,
     * each followed by a hex dump of the packet ({@link MonitorParser}). The miss length argument
     * matters: without it OVS sends a service connection no packet-ins at all.
     *
     * @return the monitor process; its stdout carries the packet-ins
     * @throws IOException if it cannot start
     */
    Process monitor() throws IOException {
        return builder("-m", "monitor", bridge, "128").redirectErrorStream(true).start();
    }
}
