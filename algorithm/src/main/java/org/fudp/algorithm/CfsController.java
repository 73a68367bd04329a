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
        double udpAverage = tally.udpAverage();

        Decision d;
        long k = period++;
        if (tally.tcpMembers == 0) {
            // No TCP to be friendly to: release every limit; TCP that returns starts a new prediction.
            predictor.reset();
            wasFair = true;
            install(Allocations.empty());
            d = new Decision(cfsId, k, 0, m, missing, 0, 0, 0, Double.NaN, Double.NaN, udpAverage,
                    Double.NaN, Double.NaN, allocations, Reason.NO_TCP);
        } else if (n == 0) {
            // Nothing measured: keep everything, including the predictor, rather than act on no data.
            install(limitsOfMembers(samples));
            d = new Decision(cfsId, k, 0, m, missing, 0, predictor.predictedBps(), predictor.deviationBps(),
                    Double.NaN, Double.NaN, udpAverage, Double.NaN, Double.NaN, allocations, Reason.NO_TCP_SAMPLES);
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
            double available = Double.NaN;
            double tcpRemainder = Double.NaN;
            // Settling judges only the flows that want at least the band's lower bound: no limit can
            // raise one that wants less into the band, and judging it would keep a set at its max-min
            // allocation unfair for ever. NaN: none wants that much.
            double judged = config.settle() ? tally.udpAverageDemandingAtLeast(low) : udpAverage;
            if (tally.udpMembers == 0) {
                reason = Reason.NO_UDP;
                wasFair = true;
                install(Allocations.empty());
            } else if (m == 0) {
                reason = Reason.NO_UDP_SAMPLES;
                install(limitsOfMembers(samples));
            } else if (Double.isNaN(judged)) {
                reason = Reason.BELOW_SHARE;
                wasFair = true;
                install(limitsOfMembers(samples));
            } else {
                udpAverage = judged;
                reason = FairnessBand.judge(udpAverage, low, high, w / n, wasFair, config);
                if (reason == Reason.ABOVE_BAND && config.settle() && linkHasRoom(input) && udpHeld(samples)) {
                    reason = Reason.LINK_HAS_ROOM;
                }
                if (reason.isFair()) {
                    install(limitsOfMembers(samples));
                } else {
                    // Eq. 3, capped by the bottleneck's capacity when known, less what exempt flows load it with.
                    available = Math.min(w + tally.udpSum, Math.max(0, capacityOrInfinity(input) - tally.exemptSum));
                    Allocations next = reallocate(samples, available);
                    Allocations kept = limitsOfMembers(samples);
                    // Settling: new limits within the margin of those in force would change nothing
                    // a flow notices, and chasing the band with them only churns.
                    if (config.settle() && kept.within(next, FairnessBand.margin(w / n, config))) {
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
                    available, tcpRemainder, allocations, reason);
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

    // Algorithm 1 over the m usable UDP flows; no limit below the noise floor.
    private Allocations reallocate(List<FlowSample> samples, double available) {
        int m = tally.udpFlows;
        double[] udpDemand = tally.udpDemand;
        int[] udpPosition = tally.udpPosition;
        if (sortedDemand.length < m) {
            sortedDemand = new double[udpDemand.length];
        }
        double floor = config.noiseFloorBps();
        if (tally.anyPolicy) {
            return reallocateWeighted(samples, available, floor);
        }
        System.arraycopy(udpDemand, 0, sortedDemand, 0, m);
        Arrays.sort(sortedDemand, 0, m);
        double level = MaxMinAllocator.level(available, tally.tcpFlows, sortedDemand, m);
        int unmeasured = tally.udpMembers - m;
        String[] ids = new String[m + unmeasured];
        double[] rates = new double[ids.length];
        // Settling limits a flow that wants less than L at L, not at its measured demand: a burst of it
        // up to its fair share is not clipped, and its limit does not follow every wobble of its rate.
        // When every UDP demand is met, the level is what is left per TCP flow.
        boolean atLevel = config.settle();
        if (atLevel && level == Double.POSITIVE_INFINITY) {
            double left = available;
            for (int j = 0; j < m; j++) {
                left -= udpDemand[j];
            }
            level = left / tally.tcpFlows;
        }
        for (int j = 0; j < m; j++) {
            ids[j] = samples.get(udpPosition[j]).flowId();
            rates[j] = Math.max(atLevel ? level : Math.min(udpDemand[j], level), floor);
        }
        return keepUnmeasured(samples, ids, rates);
    }

    // Weighted max-min with minimums and caps (docs/algorithm.md, "Policies"); settling limits every
    // flow at its share of the level, the paper's way clips a flow that wants less at its demand.
    private Allocations reallocateWeighted(List<FlowSample> samples, double available, double floor) {
        int m = tally.udpFlows;
        double level = MaxMinAllocator.weightedLevel(available, tally.tcpFlows, tally.udpDemand, tally.udpPolicy, m);
        String[] ids = new String[tally.udpMembers];
        double[] rates = new double[ids.length];
        for (int j = 0; j < m; j++) {
            FlowPolicy p = tally.udpPolicy[j];
            ids[j] = samples.get(tally.udpPosition[j]).flowId();
            double limit = config.settle() ? MaxMinAllocator.limitAt(p, level)
                    : MaxMinAllocator.uses(tally.udpDemand[j], p, level);
            rates[j] = Math.min(Math.max(limit, floor), p.capBps());
        }
        return keepUnmeasured(samples, ids, rates);
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
