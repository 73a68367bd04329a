// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

/**
 * A tc command failed. The message names the command and carries tc's own error output.
 */
public class ShaperException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String command;
    private final String stderr;
    private final boolean stateUnchanged;

    /**
     * Creates an exception for a failed command.
     *
     * @param message what was being done
     * @param command the tc command (or batch line) that failed, empty if unknown
     * @param stderr tc's error output, empty if none
     */
    public ShaperException(String message, String command, String stderr) {
        this(message, command, stderr, false);
    }

    /**
     * Creates an exception for a failed command, saying whether the limits in force are still the
     * ones before the failed call.
     *
     * @param message what was being done
     * @param command the tc command (or batch line) that failed, empty if unknown
     * @param stderr tc's error output, empty if none
     * @param stateUnchanged true if the limits in force are exactly those before the failed call
     *     (nothing ran, or what ran was undone)
     */
    public ShaperException(String message, String command, String stderr, boolean stateUnchanged) {
        super(message + (command.isEmpty() ? "" : ": `" + command + "`")
                + (stderr.isBlank() ? "" : ": " + stderr.strip()));
        this.command = command;
        this.stderr = stderr;
        this.stateUnchanged = stateUnchanged;
    }

    /**
     * Creates an exception caused by another one.
     *
     * @param message what was being done
     * @param cause the cause
     */
    public ShaperException(String message, Throwable cause) {
        super(message + ": " + cause.getMessage(), cause);
        this.command = "";
        this.stderr = "";
        this.stateUnchanged = false;
    }

    /**
     * Tells whether the limits in force are still exactly those before the failed call.
     *
     * @return true if nothing changed (or what changed was undone); false if unknown or changed
     */
    public boolean stateUnchanged() {
        return stateUnchanged;
    }

    /**
     * Returns the command that failed.
     *
     * @return the command, empty if unknown
     */
    public String command() {
        return command;
    }

    /**
     * Returns tc's error output.
     *
     * @return stderr text, empty if none
     */
    public String stderr() {
        return stderr;
    }
}
