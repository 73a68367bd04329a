// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm.whatif;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.algorithm.CfsController;
import org.fudp.algorithm.CfsInput;
import org.fudp.algorithm.Decision;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs FUDPA over recorded periods, exactly as the controller would, and reports its decisions:
 * the engine behind {@code tools/fudp-whatif FILE|-}.
 *
 * <p>Each CFS id gets its own {@link CfsController}. A CFS absent from a period has ended: its
 * state is dropped and, if it appears again, it starts as a new CFS.
 */
public final class WhatIfRunner {

    /** Exit code for success. */
    public static final int EXIT_OK = 0;
    /** Exit code for an unexpected failure. */
    public static final int EXIT_FAILURE = 1;
    /** Exit code for bad arguments or bad input. */
    public static final int EXIT_BAD_INPUT = 2;

    private static final String USAGE = "usage: fudp-whatif FILE|-   (reads what-if JSON, rates in bit/s;"
            + " prints FUDPA's decisions as JSON)";

    private WhatIfRunner() {
    }

    /**
     * Runs a parsed input.
     *
     * @param input configuration and periods
     * @return the decisions
     */
    public static WhatIfResult run(WhatIfInput input) {
        Map<String, CfsController> controllers = new HashMap<>();
        List<List<Decision>> out = new ArrayList<>(input.periods().size());
        for (List<CfsInput> period : input.periods()) {
            Map<String, CfsController> next = new HashMap<>();
            List<Decision> decisions = new ArrayList<>(period.size());
            for (CfsInput cfs : period) {
                CfsController c = controllers.get(cfs.cfsId());
                if (c == null) {
                    c = new CfsController(cfs.cfsId(), input.config());
                }
                next.put(cfs.cfsId(), c);
                decisions.add(c.step(cfs));
            }
            controllers = next;
            out.add(decisions);
        }
        return new WhatIfResult(input.config(), out);
    }

    /**
     * Parses and runs a JSON input.
     *
     * @param json the what-if document
     * @return the decisions
     * @throws WhatIfInputException naming the first bad field
     */
    public static WhatIfResult run(JsonNode json) throws WhatIfInputException {
        return run(WhatIfParser.parse(json));
    }

    /**
     * Reads, parses and runs a JSON input.
     *
     * @param in the what-if document; not closed
     * @return the decisions
     * @throws WhatIfInputException naming the first bad field, or {@code input} for bad JSON
     * @throws IOException if reading fails
     */
    public static WhatIfResult run(InputStream in) throws WhatIfInputException, IOException {
        return run(WhatIfParser.readJson(in));
    }

    /**
     * Command-line entry point: {@code FILE} or {@code -} for stdin; exits 0, 2 on bad input or
     * arguments, 1 on an unexpected failure, always with a one-line message and no stack trace.
     *
     * @param args one argument
     */
    public static void main(String[] args) {
        int code = cli(args, System.in, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    /**
     * Runs the command line against the given streams.
     *
     * @param args command-line arguments
     * @param stdin read when the argument is {@code -}
     * @param out receives the JSON result
     * @param err receives one-line error messages
     * @return exit code
     */
    public static int cli(String[] args, InputStream stdin, PrintStream out, PrintStream err) {
        if (args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"))) {
            out.println(USAGE);
            return EXIT_OK;
        }
        if (args.length != 1 || args[0].isEmpty()) {
            err.println(USAGE);
            return EXIT_BAD_INPUT;
        }
        String source = args[0];
        try {
            WhatIfResult result;
            if (source.equals("-")) {
                result = run(stdin);
            } else {
                try (InputStream in = Files.newInputStream(Paths.get(source))) {
                    result = run(in);
                }
            }
            ObjectMapper mapper = new ObjectMapper();
            byte[] json = mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(result.toJson());
            out.println(new String(json, StandardCharsets.UTF_8));
            return EXIT_OK;
        } catch (WhatIfInputException e) {
            err.println("fudp-whatif: " + oneLine(e.getMessage()));
            return EXIT_BAD_INPUT;
        } catch (NoSuchFileException e) {
            err.println("fudp-whatif: " + source + ": no such file");
            return EXIT_BAD_INPUT;
        } catch (IOException e) {
            err.println("fudp-whatif: cannot read " + source + ": " + oneLine(String.valueOf(e.getMessage())));
            return EXIT_BAD_INPUT;
        } catch (RuntimeException e) {
            err.println("fudp-whatif: internal error: " + oneLine(String.valueOf(e)));
            return EXIT_FAILURE;
        }
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ').replace('\r', ' ');
    }
}
