// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a shaper has installed on its interface: whether the fixed part of the tree (root qdisc,
 * hash tables, link filters, groups) exists, and one {@link FlowEntry} per flow. Immutable.
 *
 * <p>{@link #after} replays batch lines on it with the kernel's rules (no duplicate class or
 * filter, no deleting a class a filter still points to), so tests can check that a plan would run
 * and that it reaches the desired state, and the shaper can account for a batch that stopped
 * half-way.
 */
final class ShaperState {

    static final ShaperState EMPTY = new ShaperState(false, Map.of());

    private final boolean base;
    private final Map<FiveTuple, FlowEntry> entries;

    ShaperState(boolean base, Map<FiveTuple, FlowEntry> entries) {
        this.base = base;
        this.entries = Collections.unmodifiableMap(new HashMap<>(entries));
    }

    boolean base() {
        return base;
    }

    Map<FiveTuple, FlowEntry> entries() {
        return entries;
    }

    /**
     * Returns the limits in force: flows whose class and both filters exist.
     *
     * @return limits
     */
    Set<FlowLimit> limits() {
        Set<FlowLimit> out = new LinkedHashSet<>();
        for (FlowEntry e : entries.values()) {
            if (e.complete()) {
                out.add(e.limit());
            }
        }
        return Collections.unmodifiableSet(out);
    }

    /**
     * Replays ops on this state.
     *
     * @param ops batch lines in order
     * @return the state after them
     * @throws IllegalStateException if an op would fail in the kernel
     */
    ShaperState after(List<TcOp> ops) {
        boolean b = base;
        Map<FiveTuple, FlowEntry> m = new HashMap<>(entries);
        Set<Integer> nodes = new HashSet<>();
        for (FlowEntry e : m.values()) {
            nodes.add(e.bucket() << 12 | e.node());
        }
        for (TcOp op : ops) {
            FlowEntry e = op.entry();
            FlowEntry old = e == null ? null : m.get(e.flow());
            boolean same = old != null && old.bucket() == e.bucket() && old.node() == e.node();
            switch (op.kind()) {
                case ADD_QDISC:
                    check(!b, op, "qdisc exists");
                    b = true;
                    break;
                case ADD_HASH_TABLE:
                case ADD_LINK:
                case ADD_GROUP_CLASS:
                case ADD_GROUP_QDISC:
                    check(b, op, "no qdisc");
                    break;
                case ADD_CLASS:
                    check(b, op, "no qdisc");
                    check(old == null && nodes.add(e.bucket() << 12 | e.node()), op, "class exists");
                    check(!e.inner() && !e.root(), op, "class created with filters");
                    m.put(e.flow(), e);
                    break;
                case CHANGE_CLASS:
                    check(same, op, "no such class");
                    m.put(e.flow(), old.withRate(e.rateBps(), e.burstBytes()));
                    break;
                case ADD_INNER_FILTER:
                    check(same && !old.inner(), op, "no class or filter exists");
                    m.put(e.flow(), old.withInner(true));
                    break;
                case ADD_ROOT_FILTER:
                    check(same && !old.root(), op, "no class or filter exists");
                    m.put(e.flow(), old.withRoot(true));
                    break;
                case DELETE_ROOT_FILTER:
                    check(same && old.root(), op, "no such filter");
                    m.put(e.flow(), old.withRoot(false));
                    break;
                case DELETE_INNER_FILTER:
                    check(same && old.inner(), op, "no such filter");
                    m.put(e.flow(), old.withInner(false));
                    break;
                case DELETE_CLASS:
                    check(same, op, "no such class");
                    check(!old.inner() && !old.root(), op, "class still has a filter");
                    nodes.remove(old.bucket() << 12 | old.node());
                    m.remove(e.flow());
                    break;
                default:
                    throw new AssertionError(op.kind());
            }
        }
        return new ShaperState(b, m);
    }

    private static void check(boolean ok, TcOp op, String why) {
        if (!ok) {
            throw new IllegalStateException(why + ": " + op);
        }
    }

    /**
     * Builds a state in which exactly the given entries are installed, for tests and adoption.
     *
     * @param entries entries
     * @return state with the fixed tree present
     */
    static ShaperState of(Collection<FlowEntry> entries) {
        Map<FiveTuple, FlowEntry> m = new HashMap<>();
        for (FlowEntry e : entries) {
            m.put(e.flow(), e);
        }
        return new ShaperState(true, m);
    }
}
