package org.fudp.agent.tc;

/**
 * A tc command failed. The message names the command and carries tc's own error output.
 */
public class ShaperException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String command;
    private final String stderr;

    /**
     * Creates an exception for a failed command.
     *
     * @param message what was being done
     * @param command the tc command (or batch line) that failed, empty if unknown
     * @param stderr tc's error output, empty if none
     */
    public ShaperException(String message, String command, String stderr) {
        super(message + (command.isEmpty() ? "" : ": `" + command + "`")
                + (stderr.isBlank() ? "" : ": " + stderr.strip()));
        this.command = command;
        this.stderr = stderr;
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
