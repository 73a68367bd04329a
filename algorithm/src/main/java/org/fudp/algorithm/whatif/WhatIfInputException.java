// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm.whatif;

/**
 * Bad what-if input: names the offending field by its path, e.g.
 * {@code periods[0].cfs[1].flows[2].rateBps}, and says what was expected and what was seen.
 */
public final class WhatIfInputException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String problem;

    /**
     * Creates the exception.
     *
     * @param field path of the bad field, e.g. {@code config.alpha}
     * @param problem what was expected and what was seen
     */
    public WhatIfInputException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
        this.problem = problem;
    }

    /**
     * Returns the path of the bad field.
     *
     * @return field path
     */
    public String field() {
        return field;
    }

    /**
     * Returns what was wrong with it.
     *
     * @return problem
     */
    public String problem() {
        return problem;
    }
}
