// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import java.util.List;

/**
 * The batch that takes a shaper from its actual state to a desired one, and the state it leads to.
 */
final class Plan {

    private final List<TcOp> ops;
    private final ShaperState result;
    private final int created;
    private final int changed;
    private final int deleted;

    Plan(List<TcOp> ops, ShaperState result, int created, int changed, int deleted) {
        this.ops = List.copyOf(ops);
        this.result = result;
        this.created = created;
        this.changed = changed;
        this.deleted = deleted;
    }

    List<TcOp> ops() {
        return ops;
    }

    ShaperState result() {
        return result;
    }

    int created() {
        return created;
    }

    int changed() {
        return changed;
    }

    int deleted() {
        return deleted;
    }

    boolean isEmpty() {
        return ops.isEmpty();
    }

    /**
     * Renders the batch text.
     *
     * @param dev egress device
     * @param options shaper options
     * @return one tc command a line, each ending in a newline
     */
    String render(String dev, ShaperOptions options) {
        StringBuilder sb = new StringBuilder(ops.size() * 160);
        for (TcOp op : ops) {
            sb.append(op.render(dev, options)).append('\n');
        }
        return sb.toString();
    }
}
