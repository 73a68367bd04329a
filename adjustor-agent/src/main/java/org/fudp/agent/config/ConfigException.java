// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.config;

import java.util.List;

/**
 * A configuration that cannot be used. The message lists every problem, one a line, each naming
 * its key, so an operator fixes them all in one go.
 */
public class ConfigException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    /**
     * Creates the exception.
     *
     * @param source where the configuration came from, for example the file name
     * @param problems one message per bad key
     */
    public ConfigException(String source, List<String> problems) {
        super(source + ": " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s") + ":\n  "
                + String.join("\n  ", problems));
        this.problems = List.copyOf(problems);
    }

    /**
     * Returns the problems.
     *
     * @return one message per bad key
     */
    public List<String> problems() {
        return problems;
    }
}
