// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.commands;

import java.util.Objects;

/**
 * Something the loop wants a person to know; hosts write it to their log.
 */
public final class Notice {

    /** How much it matters. */
    public enum Level {
        /** Normal operation worth a line: an agent came up, a flow was learnt. */
        INFO,
        /** Something an operator should look at: an agent went silent, a key is missing. */
        WARN
    }

    private final Level level;
    private final String text;

    Notice(Level level, String text) {
        this.level = Objects.requireNonNull(level, "level");
        this.text = Objects.requireNonNull(text, "text");
    }

    public Level level() {
        return level;
    }

    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return level + " " + text;
    }
}
