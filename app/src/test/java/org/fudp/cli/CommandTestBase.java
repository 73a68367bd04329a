// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.cli;

import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpService;
import org.fudp.codec.TestCodecService;
import org.fudp.codec.TestFudpService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.codec.CodecService;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;

/**
 * Runs FUDP commands against the testbed's service double and captures what they print.
 * <p>
 * In Karaf, {@code AbstractShellCommand.get} looks services up in OSGi, which a unit test does
 * not have; the commands take their services from {@link FudpCommand#directory} when it is set.
 * {@code execute()} would first audit the command through OSGi, so tests call
 * {@code doExecute()}, which is all of the command's own work.
 * </p>
 */
abstract class CommandTestBase {

    protected TestFudpService service;
    protected TestServiceDirectory directory;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void setUpServices() {
        service = new TestFudpService();
        directory = new TestServiceDirectory()
                .add(FudpService.class, service)
                .add(FudpAdminService.class, service)
                .add(CodecService.class, new TestCodecService());
        savedOut = System.out;
        savedErr = System.err;
    }

    @AfterEach
    void restoreStreams() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    /**
     * Runs a command.
     *
     * @param command the command with its arguments set
     * @param json whether -j was given
     * @return what it printed on standard output
     */
    protected String run(FudpCommand command, boolean json) {
        command.directory = directory;
        try {
            Field f = AbstractShellCommand.class.getDeclaredField("json");
            f.setAccessible(true);
            f.setBoolean(command, json);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
        out.reset();
        err.reset();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            command.doExecute();
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * Returns what the last command printed on standard error.
     *
     * @return error output
     */
    protected String errors() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
