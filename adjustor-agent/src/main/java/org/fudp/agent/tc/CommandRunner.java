// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Runs an external command. The real one is {@link ProcessCommandRunner}; tests pass a lambda
 * that records the command line and answers as tc would.
 */
@FunctionalInterface
public interface CommandRunner {

    /**
     * Runs a command to completion.
     *
     * @param argv program and arguments
     * @param stdin text for standard input, empty for none
     * @param timeout how long to wait before killing it
     * @return exit code and output
     * @throws IOException if the command could not start or did not finish in time
     */
    CommandResult run(List<String> argv, String stdin, Duration timeout) throws IOException;
}
