// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import java.util.Objects;

/**
 * The outcome of one external command: exit code and captured output.
 */
public final class CommandResult {

    private final int exitCode;
    private final String stdout;
    private final String stderr;

    /**
     * Creates a result.
     *
     * @param exitCode process exit code
     * @param stdout captured standard output
     * @param stderr captured standard error
     */
    public CommandResult(int exitCode, String stdout, String stderr) {
        this.exitCode = exitCode;
        this.stdout = Objects.requireNonNull(stdout, "stdout");
        this.stderr = Objects.requireNonNull(stderr, "stderr");
    }

    /**
     * Returns the exit code.
     *
     * @return exit code, 0 for success
     */
    public int exitCode() {
        return exitCode;
    }

    /**
     * Returns standard output.
     *
     * @return output text
     */
    public String stdout() {
        return stdout;
    }

    /**
     * Returns standard error.
     *
     * @return error text
     */
    public String stderr() {
        return stderr;
    }

    /**
     * Tells whether the command succeeded.
     *
     * @return true if the exit code is 0
     */
    public boolean ok() {
        return exitCode == 0;
    }
}
