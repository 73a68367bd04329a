// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs commands as child processes.
 */
public final class ProcessCommandRunner implements CommandRunner {

    @Override
    public CommandResult run(List<String> argv, String stdin, Duration timeout) throws IOException {
        // Output goes to files, not pipes: a batch of 10k lines writes to stdin while tc may write
        // to stderr, and two full pipes would deadlock.
        File out = File.createTempFile("fudp-cmd", ".out");
        File err = File.createTempFile("fudp-cmd", ".err");
        try {
            Process p = new ProcessBuilder(argv)
                    .redirectOutput(out)
                    .redirectError(err)
                    .start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // The command exited before reading all of its input (tc stops at a failed
                // line); its exit code and stderr tell why.
            }
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!done) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", argv) + " did not finish within " + timeout);
            }
            return new CommandResult(p.exitValue(),
                    Files.readString(out.toPath(), StandardCharsets.UTF_8),
                    Files.readString(err.toPath(), StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + String.join(" ", argv), e);
        } finally {
            Files.deleteIfExists(out.toPath());
            Files.deleteIfExists(err.toPath());
        }
    }
}
