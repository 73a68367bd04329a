// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Limits flows on one egress interface with an HTB tree: one class per limited flow (rate = ceil =
 * the flow's limit), exact 5-tuple filters steering its packets into the class, and no default
 * class, so every packet no filter claims takes HTB's direct queue and leaves at line rate. The
 * layout is in {@link TcLayout}'s description: root qdisc {@code 1:}, u32 hash tables {@code 100:}
 * (IPv4) and {@code 200:} (IPv6) hashed on one byte chosen by {@link HashKey} (or flower filters
 * where the kernel has flower), one group HTB per bucket, flow classes {@code 1BB:N} in it.
 *
 * <p>Each {@link #apply} plans the difference between what is installed and what is desired
 * ({@link ReconcilePlanner}) and runs it as one {@code tc -batch -} process. An apply is all or
 * nothing: every rate and burst is checked against what tc can express ({@link #MIN_RATE_BPS},
 * {@link #MAX_BURST_BYTES}; a burst tc cannot hold at its rate is lowered, {@link #maxBurstBytes})
 * before tc runs, and if tc still stops at a line it refuses, the shaper
 * records the effect of the lines before it and runs a second batch that puts the previous limits
 * back. Only if that fails too is the interface state unknown; the next apply then clears it first.
 *
 * <p>This shaper owns the root qdisc of its interface: at startup it adopts a tree an earlier run
 * left or deletes the root qdisc ({@link #start}), and {@link #clear} deletes it. Until
 * {@link #start} runs, the state of the interface is unknown, and the first apply clears it first.
 *
 * <p>Thread-safe: all methods are synchronized.
 */
public final class HtbFlowShaper implements FlowShaper {

    /**
     * The lowest rate tc can set, in bit/s: tc takes rates in bytes per second and refuses a rate
     * that rounds down to 0 bytes/s ({@code "rate" is required}). Higher rates are rounded down to
     * whole bytes per second.
     */
    public static final long MIN_RATE_BPS = 8;
    /** The highest burst (and cburst) tc can set, in bytes: tc parses sizes as 32-bit numbers. */
    public static final long MAX_BURST_BYTES = 0xFFFF_FFFFL;
    /**
     * How many kernel scheduler ticks a second has: tc stores a burst as the time it takes at the
     * rate, in 32-bit ticks of 1/15.625 µs ({@code /proc/net/psched}: 1000/64 on every kernel since 2.6.32).
     */
    private static final long TICKS_PER_SECOND = 15_625_000L;
    private static final long MAX_TICKS = 0xFFFF_FFFFL;

    private static final Logger LOG = LoggerFactory.getLogger(HtbFlowShaper.class);

    /**
     * Returns the largest burst tc can hold at a rate: the burst, as time at the rate, must fit in
     * 2^32-1 scheduler ticks (about 274.9 s), or tc silently stores it wrapped (a 3000-byte burst at
     * 8 bit/s comes out as 251 bytes). The shaper lowers larger bursts to this.
     *
     * @param rateBps rate in bit/s, at least {@link #MIN_RATE_BPS}
     * @return burst in bytes, at most {@link #MAX_BURST_BYTES}
     */
    public static long maxBurstBytes(long rateBps) {
        long bytesPerSecond = rateBps / 8;
        if (bytesPerSecond >= 1L << 31) {
            return MAX_BURST_BYTES;
        }
        return Math.max(1, Math.min(MAX_BURST_BYTES, MAX_TICKS * bytesPerSecond / TICKS_PER_SECOND));
    }

    private final TcRunner tc;
    private final String device;
    private final ShaperOptions options;
    private final ReconcilePlanner planner;
    /** What is installed; null when unknown (the interface must be cleared before use). */
    private ShaperState state;

    /**
     * Creates a shaper. Runs nothing yet.
     *
     * @param tc how to run tc (possibly inside a namespace)
     * @param device egress interface name
     * @param options classifier, hash key and HTB parameters
     */
    public HtbFlowShaper(TcRunner tc, String device, ShaperOptions options) {
        this.tc = Objects.requireNonNull(tc, "tc");
        this.device = Objects.requireNonNull(device, "device");
        if (device.isBlank() || device.contains(" ")) {
            throw new IllegalArgumentException("device must be an interface name, was \"" + device + "\"");
        }
        this.options = Objects.requireNonNull(options, "options");
        this.planner = new ReconcilePlanner(options);
    }

    /**
     * Returns the egress interface.
     *
     * @return interface name
     */
    public String device() {
        return device;
    }

    /**
     * Returns the options.
     *
     * @return options
     */
    public ShaperOptions options() {
        return options;
    }

    /**
     * Takes charge of the interface: adopts the tree an earlier run left, or clears it.
     *
     * @param policy adopt (falling back to clear if the tree is not one this shaper would build)
     *     or clear
     * @return the number of limited flows adopted, 0 if the interface was cleared
     * @throws ShaperException if tc could not read or clear the interface
     */
    public synchronized int start(StartupPolicy policy) throws ShaperException {
        if (policy == StartupPolicy.ADOPT) {
            if (options.classifier() != Classifier.U32) {
                LOG.info("{}: adopting is implemented for u32 trees only; clearing", device);
            } else {
                TcTreeParser parser = new TcTreeParser(options.hashKey());
                Optional<ShaperState> found = parser.parse(show("qdisc"), show("class"), show("filter"),
                        groupFilters());
                if (found.isPresent()) {
                    state = found.get();
                    LOG.info("{}: adopted {} limited flows", device, state.entries().size());
                    return state.entries().size();
                }
                LOG.info("{}: not adopting the tree found ({}); clearing", device, parser.reason());
            }
        }
        clearDevice();
        state = ShaperState.EMPTY;
        return 0;
    }

    private String groupFilters() throws ShaperException {
        StringBuilder sb = new StringBuilder();
        for (int b = 0; b < TcLayout.BUCKETS; b++) {
            sb.append("filter show dev ").append(device).append(" parent ").append(TcLayout.hex(TcLayout.group(b)))
                    .append(":\n");
        }
        CommandResult r = tc.batch(sb.toString());
        // Without the groups, tc fails on the first show; the parser then finds no group filter.
        return r.stdout();
    }

    private String show(String what) throws ShaperException {
        CommandResult r = tc.run(what, "show", "dev", device);
        if (!r.ok()) {
            throw new ShaperException("cannot read the tree on " + device, "tc " + what + " show dev " + device,
                    r.stderr());
        }
        return r.stdout();
    }

    @Override
    public synchronized ApplyReport apply(Collection<FlowLimit> desired) throws ShaperException {
        long t0 = System.nanoTime();
        try {
            // Every value is checked before tc runs: a set tc would refuse half way is refused whole.
            planner.normalize(desired);
        } catch (IllegalArgumentException e) {
            throw new ShaperException("desired limits rejected, nothing applied: " + e.getMessage(), "", "", true);
        }
        if (state == null) {
            clearDevice();
            state = ShaperState.EMPTY;
        }
        Plan plan;
        try {
            plan = planner.plan(state, desired);
        } catch (IllegalArgumentException e) {
            throw new ShaperException("desired limits rejected, nothing applied: " + e.getMessage(), "", "", true);
        }
        if (plan.isEmpty()) {
            return new ApplyReport(0, 0, 0, System.nanoTime() - t0, "");
        }
        ShaperState before = state;
        String text = plan.render(device, options);
        CommandResult r;
        try {
            r = tc.batch(text);
        } catch (ShaperException e) {
            state = null;
            boolean restored = restore(null, before);
            throw new ShaperException(e.getMessage() + (restored ? "; previous limits restored" : ""), e.command(),
                    e.stderr(), restored);
        }
        if (r.ok()) {
            state = plan.result();
            return new ApplyReport(plan.created(), plan.changed(), plan.deleted(), System.nanoTime() - t0, text);
        }
        List<TcOp> ops = plan.ops();
        int line = TcRunner.failedLine(r.stderr());
        String failed = line >= 1 && line <= ops.size() ? ops.get(line - 1).render(device, options) : "";
        ShaperState partial = line < 1 || line > ops.size() || ops.get(line - 1).isBase() ? null
                : before.after(ops.subList(0, line - 1));
        boolean restored = restore(partial, before);
        String outcome = !restored ? "; previous limits NOT restored, interface state unknown"
                : line == 1 && partial != null ? "; nothing was changed" : "; previous limits restored";
        throw new ShaperException("tc batch on " + device + " stopped at line " + line + " of " + ops.size() + outcome,
                failed, r.stderr(), restored);
    }

    /**
     * Puts back the limits of {@code before} after a batch stopped part way, so a failed apply
     * leaves the data plane as it found it. Sets {@link #state} to what is installed afterwards.
     *
     * @param partial what the stopped batch left installed, or null if unknown (the interface is
     *     cleared and rebuilt)
     * @param before the state before the failed batch
     * @return true if the limits in force are again exactly those of {@code before}
     */
    private boolean restore(ShaperState partial, ShaperState before) {
        ShaperState from = partial;
        try {
            if (from == null) {
                clearDevice();
                from = ShaperState.EMPTY;
            }
            state = from;
            Plan back = planner.plan(from, before.limits());
            if (back.isEmpty()) {
                return true;
            }
            CommandResult r = tc.batch(back.render(device, options));
            if (r.ok()) {
                state = back.result();
                LOG.warn("{}: batch failed; the {} limits in force before it are restored", device,
                        before.entries().size());
                return true;
            }
            LOG.error("{}: restoring the previous limits failed too: {}", device, r.stderr().strip());
        } catch (ShaperException | IllegalArgumentException e) {
            LOG.error("{}: restoring the previous limits failed: {}", device, e.getMessage());
        }
        // Neither the old nor the new tree for sure: the next apply starts from a cleared interface.
        state = null;
        return false;
    }

    @Override
    public synchronized void clear() throws ShaperException {
        clearDevice();
        state = ShaperState.EMPTY;
    }

    private void clearDevice() throws ShaperException {
        CommandResult r = tc.run("qdisc", "del", "dev", device, "root");
        // A device whose root qdisc is the kernel's default (handle 0) has nothing of ours on it.
        if (!r.ok() && !r.stderr().contains("handle of zero") && !r.stderr().contains("No such file")) {
            throw new ShaperException("cannot clear " + device, "tc qdisc del dev " + device + " root", r.stderr());
        }
        LOG.debug("{}: root qdisc cleared", device);
    }

    /**
     * Installs the limits in force again from scratch, for an interface that lost its tree because
     * it was deleted and created again.
     *
     * @return how many limits were installed
     * @throws ShaperException if tc failed (then the next apply starts from a cleared interface)
     */
    public synchronized int reinstall() throws ShaperException {
        Set<FlowLimit> limits = current();
        state = null;
        apply(limits);
        return limits.size();
    }

    @Override
    public synchronized Set<FlowLimit> current() {
        return state == null ? Set.of() : state.limits();
    }

    @Override
    public synchronized String plan(Collection<FlowLimit> desired) {
        if (state == null) {
            return "# tc qdisc del dev " + device + " root   (run first, on its own: the interface is not adopted)\n"
                    + planner.plan(ShaperState.EMPTY, desired).render(device, options);
        }
        return planner.plan(state, desired).render(device, options);
    }

    /**
     * Returns the HTB class of a limited flow, e.g. for status output.
     *
     * @param flow the flow
     * @return class id such as {@code 1:2a}, empty if the flow is not limited
     */
    public synchronized Optional<String> classIdOf(FiveTuple flow) {
        FlowEntry e = state == null ? null : state.entries().get(flow);
        return e == null || !e.complete() ? Optional.empty() : Optional.of(e.classId());
    }
}
