package org.fudp.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The command line: clear messages and exit codes, no stack traces for an operator's mistakes.
 */
class AdjustorAgentMainTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = AdjustorAgentMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void checkConfigAcceptsAGoodFile() throws Exception {
        Path keys = dir.resolve("keys");
        Files.writeString(keys, "1 = 000102030405060708090a0b0c0d0e0f\n");
        Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rw-------"));
        Path cfg = dir.resolve("agent.properties");
        Files.writeString(cfg, "control.interface = eth1\nshape.interface = eth2\nkeys.file = keys\n");
        assertEquals(0, run("check-config", "-c", cfg.toString()));
        assertTrue(out.toString().contains("OK (control eth1, shaping eth2"), out.toString());
    }

    @Test
    void checkConfigNamesEveryBadKey() throws Exception {
        Path cfg = dir.resolve("agent.properties");
        Files.writeString(cfg, "control.interface = eth1\nfailsafe.action = drop\n");
        int code = run("check-config", "-c", cfg.toString());
        assertEquals(2, code);
        String e = err.toString();
        assertTrue(e.contains("failsafe.action: 'drop' is not one of keep, clear"), e);
        assertTrue(e.contains("shape.interface: is required"), e);
        assertFalse(e.contains("\tat org.fudp"), "no stack trace: " + e);
    }

    @Test
    void sendWithAMissingKeyFileFailsInOneLine() {
        int code = run("send", "heartbeat", "-i", "nonexistent0", "-k", dir.resolve("nokeys").toString());
        assertEquals(1, code);
        assertTrue(err.toString().startsWith("fudp-adjustor-agent send: "), err.toString());
        assertFalse(err.toString().contains("\tat "), err.toString());
    }

    @Test
    void statusReportsAnUnreachableAgent() {
        int code = run("status", "--url", "http://127.0.0.1:1/metrics");
        assertEquals(1, code);
        assertTrue(err.toString().contains("agent not reachable at http://127.0.0.1:1/metrics"), err.toString());
    }
}
