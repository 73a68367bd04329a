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
 * What a shaper has installed on its interface: whether the fixed part of the tree (qdisc, hash
 * tables, link filters) exists, and one {@link FlowEntry} per flow. Immutable.
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
     * Returns the limits in force: flows whose class and filter both exist.
     *
     * @return limits
     */
    Set<FlowLimit> limits() {
        Set<FlowLimit> out = new LinkedHashSet<>();
        for (FlowEntry e : entries.values()) {
            if (e.hasFilter()) {
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
        Set<Integer> minors = new HashSet<>();
        Set<Integer> filters = new HashSet<>();
        for (FlowEntry e : m.values()) {
            minors.add(e.minor());
            if (e.hasFilter()) {
                filters.add(e.filter());
            }
        }
        for (TcOp op : ops) {
            FlowEntry e = op.entry();
            FlowEntry old = e == null ? null : m.get(e.flow());
            switch (op.kind()) {
                case ADD_QDISC:
                    check(!b, op, "qdisc exists");
                    b = true;
                    break;
                case ADD_HASH_TABLE:
                case ADD_LINK:
                    check(b, op, "no qdisc");
                    break;
                case ADD_CLASS:
                    check(b, op, "no qdisc");
                    check(old == null && minors.add(e.minor()), op, "class exists");
                    check(!e.hasFilter(), op, "class created with a filter");
                    m.put(e.flow(), e);
                    break;
                case CHANGE_CLASS:
                    check(old != null && old.minor() == e.minor(), op, "no such class");
                    m.put(e.flow(), old.withRate(e.rateBps(), e.burstBytes()));
                    break;
                case ADD_FILTER:
                    check(old != null && old.minor() == e.minor(), op, "filter to a missing class");
                    check(!old.hasFilter() && filters.add(e.filter()), op, "filter exists");
                    m.put(e.flow(), old.withFilter(e.filter()));
                    break;
                case DELETE_FILTER:
                    check(old != null && old.hasFilter() && old.filter() == e.filter(), op, "no such filter");
                    filters.remove(old.filter());
                    m.put(e.flow(), old.withFilter(FlowEntry.NO_FILTER));
                    break;
                case DELETE_CLASS:
                    check(old != null && old.minor() == e.minor(), op, "no such class");
                    check(!old.hasFilter(), op, "class still has a filter");
                    minors.remove(old.minor());
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
