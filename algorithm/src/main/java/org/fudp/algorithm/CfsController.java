// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.algorithm;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Runs FUDPA for one correlation flow set, one {@link #step} per control period.
 *
 * <p>It holds the CFS's state between periods: the TCP predictor (W_k, D_k), the allocations in
 * force, whether the last judgement was fair (for the hysteresis) and each flow's last sample
 * (for missing ones). Create one per CFS and call it from one thread; it is not thread-safe.
 * See {@code docs/algorithm.md} for the rules where the paper is silent.
 */
public final class CfsController {

    /**
     * A bottleneck that carries at least this share of its capacity is full; below it, TCP that is
     * under its share has room to grow without any limit being lowered. Measured totals of a full
     * 10 Mbit/s lab bottleneck were 9.6 to 9.9 Mbit/s; a new TCP flow in slow start next to a UDP
     * flow just limited left it at 9.35. Erring toward "room" costs little: the limits kept are
     * those Algorithm 1 set a period before.
     */
    public static final double FULL = 0.95;

    private final String cfsId;
    private final FudpaConfig config;
    private final TcpPredictor predictor;
    private final SampleMemory memory;

    private long period;
    private boolean wasFair = true;
    private Allocations allocations = Allocations.empty();

    // Reused across periods so that a step allocates only its result.
    private final PeriodTally tally = new PeriodTally();
    private final Principals principals = new Principals();
    private double[] sortedDemand = new double[0];

    /**
     * Creates the controller of a new CFS.
     *
     * @param cfsId CFS id; every input passed to {@link #step} must carry it
     * @param config tunables
     */
    public CfsController(String cfsId, FudpaConfig config) {
        this.cfsId = Objects.requireNonNull(cfsId, "cfsId");
        this.config = Objects.requireNonNull(config, "config");
        this.predictor = new TcpPredictor(config.alpha(), config.beta());
        this.memory = new SampleMemory(config.maxMissingPeriods());
    }

    /**
     * Creates the controller of a CFS that another controller instance ran until now: it goes on
     * from that state, with no cold start of the prediction.
     *
     * @param cfsId CFS id
     * @param config tunables
     * @param state where the other instance left the CFS
     * @return the controller
     */
    public static CfsController resume(String cfsId, FudpaConfig config, ControllerState state) {
        CfsController c = new CfsController(cfsId, config);
        c.period = state.period();
        c.wasFair = state.wasFair();
        if (state.predictorStarted()) {
            c.predictor.resume(state.predictedBps(), state.deviationBps());
        }
        c.allocations = state.allocations().isEmpty() ? Allocations.empty() : Allocations.of(state.allocations());
        return c;
    }

    /**
     * Returns where this controller is, for another instance to resume it.
     *
     * @return the state
     */
    public ControllerState state() {
        return new ControllerState(period, predictor.isStarted(), predictor.predictedBps(), predictor.deviationBps(),
                wasFair, allocations.asMap());
    }

    /**
     * Returns the CFS id.
     *
     * @return CFS id
     */
    public String cfsId() {
        return cfsId;
    }

    /**
     * Returns the tunables.
     *
     * @return configuration
     */
    public FudpaConfig config() {
        return config;
    }

    /**
     * Returns the allocations in force.
     *
     * @return allocations after the last step
     */
    public Allocations allocations() {
        return allocations;
    }

    /**
     * Runs one control period: predict (eq. 1, 2), judge against the band (section 4.2.2) and,
     * when unfair, reallocate (eq. 3, Algorithm 1).
     *
     * @param input this period's samples of every member flow
     * @return the decision, whose allocations are now in force
     * @throws IllegalArgumentException if the input belongs to another CFS
     */
    public Decision step(CfsInput input) {
        if (!cfsId.equals(input.cfsId())) {
            throw new IllegalArgumentException("input is for CFS '" + input.cfsId()
                    + "' but this controller runs CFS '" + cfsId + "'");
        }
        List<FlowSample> samples = input.samples();
        memory.begin(samples.size());
        tally.collect(samples, memory);
        int n = tally.tcpFlows;
        int m = tally.udpFlows;
        int missing = tally.missing;
        principals.group(samples, tally, config.principals());
        double udpAverage = principals.average();

        Decision d;
        long k = period++;
        if (tally.tcpMembers == 0) {
            // No TCP to be friendly to: release every limit; TCP that returns starts a new prediction.
            predictor.reset();
            wasFair = true;
            install(Allocations.empty());
            d = new Decision(cfsId, k, 0, m, missing, 0, 0, 0, Double.NaN, Double.NaN, udpAverage,
                    Double.NaN, Double.NaN, allocations, Reason.NO_TCP).withPrincipals(principals.count, Double.NaN);
        } else if (n == 0) {
            // Nothing measured: keep everything, including the predictor, rather than act on no data.
            install(limitsOfMembers(samples));
            d = new Decision(cfsId, k, 0, m, missing, 0, predictor.predictedBps(), predictor.deviationBps(),
                    Double.NaN, Double.NaN, udpAverage, Double.NaN, Double.NaN, allocations, Reason.NO_TCP_SAMPLES)
                    .withPrincipals(principals.count, Double.NaN);
        } else {
            if (input.departedTcpFlows() > 0) {
                // The remaining TCP flows take the departed share over (CfsInput#withTcpDepartures).
                tally.tcpSum = Math.max(tally.tcpSum + input.departedTcpBps(), predictor.predictedBps());
            }
            predictor.update(tally.tcpSum);
            double w = predictor.predictedBps();
            double dev = predictor.deviationBps();
            double low = FairnessBand.low(w, dev, n);
            double high = FairnessBand.high(w, dev, n);
            Reason reason;
            // Eq. 3, capped by the bottleneck's capacity when known, less what exempt flows load it with.
            double available = Math.min(w + tally.udpSum, Math.max(0, capacityOrInfinity(input) - tally.exemptSum));
            double floor = tcpFloor(available, n);
            double tcpRemainder = Double.NaN;
            boolean reallocated = false;
            // Settling judges only the principals that want at least the band's lower bound: no limit can
            // raise one that wants less into the band, and judging it would keep a set at its max-min
            // allocation unfair for ever. NaN: none wants that much.
            double judged = config.settle() ? principals.averageDemandingAtLeast(low) : udpAverage;
            if (tally.udpMembers == 0) {
                reason = Reason.NO_UDP;
                wasFair = true;
                install(Allocations.empty());
            } else if (m == 0) {
                reason = Reason.NO_UDP_SAMPLES;
                install(limitsOfMembers(samples));
            } else {
                if (Double.isNaN(judged)) {
                    reason = Reason.BELOW_SHARE;
                } else {
                    udpAverage = judged;
                    reason = FairnessBand.judge(udpAverage, low, high, w / n, wasFair, config);
                }
                if (reason == Reason.ABOVE_BAND && roomWhileHeld(input, samples)) {
                    reason = Reason.LINK_HAS_ROOM;
                } else if (reason.isFair() && belowFloor(w, floor, available) && !roomWhileHeld(input, samples)) {
                    // However the band judges a principal's average, UDP takes what the floor keeps for TCP.
                    reason = Reason.BELOW_FLOOR;
                }
                if (reason.isFair()) {
                    install(limitsOfMembers(samples));
                } else {
                    reallocated = true;
                    Allocations next = reallocate(samples, available, floor);
                    Allocations kept = limitsOfMembers(samples);
                    // Settling: new limits within the margin of those in force would change nothing
                    // a flow notices, and chasing the band with them only churns.
                    if (config.settle() && withinByPrincipal(samples, kept, next, FairnessBand.margin(w / n, config))) {
                        reason = Reason.AT_ALLOCATION;
                        install(kept);
                    } else {
                        install(next);
                    }
                    tcpRemainder = Math.max(0, available - allocations.totalBps());
                }
                wasFair = reason.isFair();
            }
            d = new Decision(cfsId, k, n, m, missing, tally.tcpSum, w, dev, low, high, udpAverage,
                    reallocated ? available : Double.NaN, tcpRemainder, allocations, reason)
                    .withPrincipals(principals.count, floor);
        }
        memory.end(samples);
        return d;
    }

    // Stores only on change: at a million CFSs, even a redundant reference store costs a GC barrier.
    private void install(Allocations next) {
        if (next != allocations) {
            allocations = next;
        }
    }

    // Settling: every UDP flow is held at its limit and the link has room, so TCP is below its share on its own.
    private boolean roomWhileHeld(CfsInput input, List<FlowSample> samples) {
        return config.settle() && linkHasRoom(input) && udpHeld(samples);
    }

    // The bottleneck carries less than FULL of its known capacity.
    private boolean linkHasRoom(CfsInput input) {
        double c = input.capacityOrNaN();
        return !Double.isNaN(c) && tally.tcpSum + tally.udpSum + tally.exemptSum < FULL * c;
    }

    // Every measured UDP flow has a limit in force and is held at it.
    private boolean udpHeld(List<FlowSample> samples) {
        for (int j = 0; j < tally.udpFlows; j++) {
            OptionalDouble limit = allocations.rateOf(samples.get(tally.udpPosition[j]).flowId());
            if (limit.isEmpty() || !Allocations.holds(limit.getAsDouble(), tally.udpRate[j])) {
                return false;
            }
        }
        return true;
    }

    private static double capacityOrInfinity(CfsInput input) {
        double c = input.capacityOrNaN();
        return Double.isNaN(c) ? Double.POSITIVE_INFINITY : c;
    }

    // The new limits are those in force within the margin, for every principal as a whole: a principal of many
    // flows moves the link by the sum of its flows' changes, however small each is.
    private boolean withinByPrincipal(List<FlowSample> samples, Allocations kept, Allocations next, double margin) {
        if (!kept.within(next, margin)) {
            return false;
        }
        if (principals.count == tally.udpFlows) {
            return true;
        }
        double[] change = new double[principals.count];
        Map<String, Double> before = kept.asMap();
        Map<String, Double> after = next.asMap();
        for (int j = 0; j < tally.udpFlows; j++) {
            String id = samples.get(tally.udpPosition[j]).flowId();
            change[principals.of[j]] += after.get(id) - before.get(id);
        }
        for (double c : change) {
            if (Math.abs(c) > margin) {
                return false;
            }
        }
        return true;
    }

    // The TCP floor: what n TCP flows get beside K principals of unbounded demand. NaN without a floor.
    private double tcpFloor(double available, int n) {
        int k = config.tcpFloorPrincipals();
        return k == 0 ? Double.NaN : available * n / (n + k);
    }

    // The predicted TCP total is below the floor while the UDP flows carry more than the floor leaves them,
    // each by more than the hysteresis margin of what is at stake.
    private boolean belowFloor(double w, double floor, double available) {
        if (Double.isNaN(floor)) {
            return false;
        }
        double udpCap = available - floor;
        double slack = Math.max(config.noiseFloorBps(), config.hysteresis() * udpCap);
        return w < floor - slack && tally.udpSum > udpCap + slack;
    }

    // Algorithm 1 over the usable UDP flows' principals, then within each principal; within the TCP floor;
    // no principal's limit below the noise floor.
    private Allocations reallocate(List<FlowSample> samples, double available, double floor) {
        int p = principals.count;
        double[] share = new double[p];
        if (tally.anyPolicy) {
            shareWeighted(available, floor, share);
        } else {
            sharePlain(available, floor, share);
        }
        double noise = config.noiseFloorBps();
        for (int u = 0; u < p; u++) {
            share[u] = Math.min(Math.max(share[u], noise), principals.policy[u].capBps());
        }
        int m = tally.udpFlows;
        String[] ids = new String[tally.udpMembers];
        double[] rates = new double[ids.length];
        principals.split(tally, share, config.settle(), rates);
        for (int j = 0; j < m; j++) {
            ids[j] = samples.get(tally.udpPosition[j]).flowId();
        }
        return keepUnmeasured(samples, ids, rates);
    }

    private void sharePlain(double available, double floor, double[] share) {
        int p = principals.count;
        if (sortedDemand.length < p) {
            sortedDemand = new double[Math.max(p, sortedDemand.length * 2)];
        }
        double[] demand = principals.demand;
        System.arraycopy(demand, 0, sortedDemand, 0, p);
        Arrays.sort(sortedDemand, 0, p);
        double level = MaxMinAllocator.level(available, tally.tcpFlows, sortedDemand, p);
        if (!Double.isNaN(floor) && usedAt(level) > available - floor) {
            // Many principals: they share what the floor leaves them among themselves.
            level = MaxMinAllocator.level(available - floor, 0, sortedDemand, p);
        } else if (level == Double.POSITIVE_INFINITY && config.settle()) {
            // When every UDP demand is met, the level is what is left per TCP flow.
            level = Math.max(0, available - principals.demandSum()) / tally.tcpFlows;
        }
        // Settling limits a principal that wants less than L at L, not at its measured demand: a burst of it
        // up to its fair share is not clipped, and its limit does not follow every wobble of its rate.
        for (int u = 0; u < p; u++) {
            share[u] = config.settle() ? level : Math.min(demand[u], level);
        }
    }

    // What the principals use at level L: min(B_d, L) for a plain one, within its minimum and cap under a class.
    private double usedAt(double level) {
        double sum = 0;
        for (int u = 0; u < principals.count; u++) {
            sum += MaxMinAllocator.uses(principals.demand[u], principals.policy[u], level);
        }
        return sum;
    }

    // Weighted max-min with minimums and caps (docs/algorithm.md, "Policies"); settling limits every
    // principal at its share of the level, the paper's way clips one that wants less at its demand.
    private void shareWeighted(double available, double floor, double[] share) {
        int p = principals.count;
        double[] demand = principals.demand;
        FlowPolicy[] policy = principals.policy;
        double level = MaxMinAllocator.weightedLevel(available, tally.tcpFlows, demand, policy, p);
        if (!Double.isNaN(floor) && usedAt(level) > available - floor) {
            level = MaxMinAllocator.weightedLevel(available - floor, 0, demand, policy, p);
        }
        for (int u = 0; u < p; u++) {
            share[u] = config.settle() ? MaxMinAllocator.limitAt(policy[u], level)
                    : MaxMinAllocator.uses(demand[u], policy[u], level);
        }
    }

    // UDP members without a usable sample were not part of m: they keep any limit they had.
    private Allocations keepUnmeasured(List<FlowSample> samples, String[] ids, double[] rates) {
        int m = tally.udpFlows;
        int[] udpPosition = tally.udpPosition;
        int unmeasured = tally.udpMembers - m;
        if (unmeasured == 0) {
            return new Allocations(ids, rates);
        }
        // udpPosition lists the measured UDP flows in ascending position, so one walk finds the rest.
        Map<String, Double> old = allocations.asMap();
        int j = m;
        int next = 0;
        for (int i = 0; i < samples.size(); i++) {
            if (next < m && udpPosition[next] == i) {
                next++;
                continue;
            }
            FlowSample s = samples.get(i);
            Double limit = s.protocol() == Protocol.UDP && !s.policy().exempt() ? old.get(s.flowId()) : null;
            if (limit != null) {
                ids[j] = s.flowId();
                rates[j++] = limit;
            }
        }
        return new Allocations(Arrays.copyOf(ids, j), Arrays.copyOf(rates, j));
    }

    private Allocations limitsOfMembers(List<FlowSample> samples) {
        // Same ids are not enough when a flow may have become exempt: an exempt flow keeps no limit.
        if (allocations.isEmpty() || tally.exemptMembers == 0 && memory.sameMembers(samples)) {
            return allocations;
        }
        Set<String> udp = new HashSet<>();
        for (FlowSample s : samples) {
            if (s.protocol() == Protocol.UDP && !s.policy().exempt()) {
                udp.add(s.flowId());
            }
        }
        return allocations.retainOnly(udp);
    }
}
