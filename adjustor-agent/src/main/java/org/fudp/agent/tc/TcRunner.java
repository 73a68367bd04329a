// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs tc, optionally inside a network namespace ({@code tc -netns NS}, the same as
 * {@code ip netns exec NS tc} without the extra process).
 */
public final class TcRunner {

    /** Default time limit of one tc process; creating 10k HTB classes takes a few seconds. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

    private static final Pattern FAILED_LINE = Pattern.compile("Command failed \\S*:(\\d+)");

    private final CommandRunner runner;
    private final String tcBinary;
    private final String netns;
    private final Duration timeout;

    /**
     * Creates a runner.
     *
     * @param runner how to start processes
     * @param tcBinary path or name of tc
     * @param netns network namespace to run in, null for the current one
     * @param timeout time limit of one tc process
     */
    public TcRunner(CommandRunner runner, String tcBinary, String netns, Duration timeout) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.tcBinary = Objects.requireNonNull(tcBinary, "tcBinary");
        this.netns = netns;
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /**
     * Returns a runner of the system's tc in the current namespace.
     *
     * @return runner
     */
    public static TcRunner local() {
        return new TcRunner(new ProcessCommandRunner(), "tc", null, DEFAULT_TIMEOUT);
    }

    /**
     * Returns a runner of the system's tc inside a named network namespace.
     *
     * @param netns namespace name as {@code ip netns} knows it
     * @return runner
     */
    public static TcRunner inNamespace(String netns) {
        return new TcRunner(new ProcessCommandRunner(), "tc", Objects.requireNonNull(netns, "netns"),
                DEFAULT_TIMEOUT);
    }

    /**
     * Returns the namespace this runner works in.
     *
     * @return namespace name, empty for the current one
     */
    public Optional<String> netns() {
        return Optional.ofNullable(netns);
    }

    /**
     * Returns the process runner underneath.
     *
     * @return command runner
     */
    public CommandRunner commandRunner() {
        return runner;
    }

    /**
     * Runs a batch of tc commands in one process ({@code tc -batch -}). tc stops at the first
     * failing line, so every line before it has taken effect and none after it has.
     *
     * @param script one tc command a line, without the leading "tc"
     * @return exit code and output; a failure is a result, not an exception
     * @throws ShaperException if tc could not run at all or did not finish in time
     */
    public CommandResult batch(String script) throws ShaperException {
        return exec(List.of("-batch", "-"), script);
    }

    /**
     * Runs one tc command.
     *
     * @param args arguments after "tc"
     * @return exit code and output
     * @throws ShaperException if tc could not run at all or did not finish in time
     */
    public CommandResult run(String... args) throws ShaperException {
        return exec(Arrays.asList(args), "");
    }

    private CommandResult exec(List<String> args, String stdin) throws ShaperException {
        List<String> argv = new ArrayList<>();
        argv.add(tcBinary);
        if (netns != null) {
            argv.add("-netns");
            argv.add(netns);
        }
        argv.addAll(args);
        try {
            return runner.run(argv, stdin, timeout);
        } catch (IOException e) {
            throw new ShaperException("cannot run " + String.join(" ", argv), e);
        }
    }

    /**
     * Finds the line at which a batch stopped, from tc's "Command failed -:N" message.
     *
     * @param stderr tc's error output
     * @return 1-based line number, or -1 if tc did not say
     */
    static int failedLine(String stderr) {
        Matcher m = FAILED_LINE.matcher(stderr);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }
}
