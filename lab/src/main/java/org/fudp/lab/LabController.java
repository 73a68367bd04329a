package org.fudp.lab;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.fudp.algorithm.Allocations;
import org.fudp.algorithm.CfsController;
import org.fudp.algorithm.CfsInput;
import org.fudp.algorithm.Decision;
import org.fudp.algorithm.FlowSample;
import org.fudp.algorithm.FudpaConfig;
import org.fudp.algorithm.Reason;
import org.fudp.protocol.EthernetFrame;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;
import org.fudp.protocol.FrameEncoder;

/**
 * The paper's closed loop (Fig. 2) on a real switch: FIC learns flows from packet-ins and reads
 * their rates from rule counters, FUDPA runs per CFS, UFC sends the allocations to the adjustor as
 * Packet-Outs. It knows the network from {@link LabConfig} and nothing about the traffic.
 */
final class LabController {

    /**
     * A flow joins its CFS once it moves ten full frames in a period (about 120 kbit/s at 1 s). Without
     * this, iperf3's control connections, which carry a few hundred bytes, would count as TCP flows and
     * halve the TCP average the band is built on.
     */
    static final long JOIN_BYTES = 10 * 1514;
    /** A period in which a flow moved less than one full frame is idle. */
    static final long IDLE_BYTES = 1514;
    /**
     * A TCP member leaves its CFS after this many idle periods in a row (a UDP member after one; a TCP flow
     * that sends a FIN at once; every flow is forgotten when its rule idles out). A TCP flow starved into
     * retransmission timeouts moves nothing for a second or two; dropping it at once would make the CFS
     * look TCP-free, and FUDPA would lift every UDP limit exactly when TCP needs them most.
     */
    static final int GRACE_PERIODS = 3;
    /** Burst of a limit: 10 ms at its rate, at least two full frames. */
    private static final double BURST_SECONDS = 0.010;
    private static final long MIN_BURST_BYTES = 3028;
    private static final byte[] CONTROLLER_MAC = {0x02, (byte) 0xfa, 0, 0, 0, (byte) 0xc0};

    private final LabConfig config;
    private final Switch sw;
    private final FlowSteering steering;
    private final FrameEncoder encoder;
    private final byte[] adjustorMac;
    private final PrintWriter log;
    private final FudpaConfig fudpa;
    private final Map<FiveTuple, TrackedFlow> flows = new LinkedHashMap<>();
    private final Map<String, CfsController> cfs = new TreeMap<>();
    private List<FlowLimit> lastLimits = List.of();
    private final Map<FiveTuple, FlowLimit> limitOf = new HashMap<>();
    private boolean limitsChanged;
    private long nextFlowNumber = 1;
    private long snapshotId;
    private long periods;

    LabController(LabConfig config, Switch sw, FrameEncoder encoder, PrintWriter log) {
        this.config = config;
        this.sw = sw;
        this.steering = new FlowSteering(config);
        this.encoder = encoder;
        this.adjustorMac = EthernetFrame.parseMac(config.adjustorMac());
        this.log = log;
        this.fudpa = FudpaConfig.builder().alpha(config.alpha()).beta(config.beta()).build();
        log.println("epoch_ms,set,period,reason,fair,in_band,tcp_flows,udp_flows,tcp_mbps,tcp_pred_mbps,"
                + "dev_mbps,band_low_mbps,band_high_mbps,udp_avg_mbps,allocations");
        log.flush();
    }

    /**
     * Installs the base rules.
     *
     * @throws IOException if the switch refuses them
     */
    void start() throws IOException {
        sw.addFlows(steering.baseRules());
    }

    /**
     * Handles packet-ins: every flow not seen before gets its rules.
     *
     * @param batch packet-ins received since the last call
     * @param nowNanos current time
     * @return the flows that were new
     * @throws IOException if the switch refuses the rules
     */
    List<TrackedFlow> onPacketIns(List<OfctlText.PacketIn> batch, long nowNanos) throws IOException {
        List<String> rules = new ArrayList<>();
        List<TrackedFlow> added = new ArrayList<>();
        for (OfctlText.PacketIn pi : batch) {
            FiveTuple t = pi.flow();
            if (pi.fin()) {
                // The connection ends, whichever side closes it (an iperf3 receiver resets the data connection,
                // so the end of a data flow shows on its reverse): out of its CFS now. Its rules idle out; a
                // packet after that is a new flow.
                flows.remove(t);
                flows.remove(new FiveTuple(t.protocol(), t.dst(), t.src(), t.dstPort(), t.srcPort()));
                continue;
            }
            Optional<Integer> dstPort = config.portOf(t.dst());
            if (flows.containsKey(t) || dstPort.isEmpty() || pi.inPort() == config.adjustorSwitchPort()
                    || pi.inPort() == config.adjustorOnwardPort()) {
                continue;
            }
            String cfsId = config.bottleneckFor(t.dst()).map(LabConfig.Bottleneck::cfsId).orElse(null);
            TrackedFlow f = new TrackedFlow(nextFlowNumber++, t, cfsId, nowNanos);
            rules.addAll(steering.flowRules(f.number(), t, pi.inPort(), dstPort.get(), f.viaAdjustor()));
            flows.put(t, f);
            added.add(f);
        }
        sw.addFlows(rules);
        return added;
    }

    /**
     * Runs one control period: read the counters, step every CFS, send the allocations.
     *
     * @param nowNanos monotonic time of this period
     * @param epochMillis wall time, for the log
     * @return this period's decisions by CFS
     * @throws IOException if the switch cannot be read or written
     */
    Map<String, Decision> period(long nowNanos, long epochMillis) throws IOException {
        Map<Long, Long> bytes = OfctlText.bytesByCookie(sw.dumpFlows());
        Map<String, List<FlowSample>> samples = new TreeMap<>();
        Map<String, FiveTuple> tupleOf = new HashMap<>();
        for (Iterator<TrackedFlow> it = flows.values().iterator(); it.hasNext();) {
            TrackedFlow f = it.next();
            Long from = bytes.get(FlowSteering.cookie(f.number(), 0));
            Long onward = f.viaAdjustor() ? bytes.get(FlowSteering.cookie(f.number(), 1)) : Long.valueOf(0);
            if (from == null || onward == null) {
                it.remove(); // the switch let the rule idle out: the flow has ended
                continue;
            }
            double[] d = f.advance(nowNanos, from, onward);
            if (f.cfsId() == null || d[0] <= 0) {
                continue;
            }
            List<FlowSample> list = samples.computeIfAbsent(f.cfsId(), k -> new ArrayList<>());
            if (!f.updateMembership(d[1], JOIN_BYTES, IDLE_BYTES, f.isUdp() ? 1 : GRACE_PERIODS)) {
                continue;
            }
            tupleOf.put(f.flowId(), f.tuple());
            double demand = d[1] * 8 / d[0];
            list.add(f.isUdp() ? FlowSample.udp(f.flowId(), d[2] * 8 / d[0], demand)
                    : FlowSample.tcp(f.flowId(), demand));
        }
        Map<String, Decision> decisions = new LinkedHashMap<>();
        List<FlowLimit> limits = new ArrayList<>();
        for (LabConfig.Bottleneck b : config.bottlenecks()) {
            List<FlowSample> s = samples.get(b.cfsId());
            if (s == null) {
                cfs.remove(b.cfsId()); // no member left: a returning flow starts a fresh prediction
                continue;
            }
            CfsController c = cfs.computeIfAbsent(b.cfsId(), id -> new CfsController(id, fudpa));
            Decision d = c.step(CfsInput.of(b.cfsId(), b.capacityBps(), s));
            decisions.put(b.cfsId(), d);
            Allocations a = d.allocations();
            for (int i = 0; i < a.size(); i++) {
                FiveTuple t = tupleOf.get(a.flowId(i));
                if (t != null) {
                    long rate = Math.max(1, Math.round(a.rateBps(i)));
                    long burst = Math.max(MIN_BURST_BYTES, Math.round(rate / 8.0 * BURST_SECONDS));
                    limits.add(new FlowLimit(t, rate, burst));
                }
            }
            log(epochMillis, d);
        }
        // A UDP flow that paused (an ON/OFF source in its OFF time) drops out of its CFS, and FUDPA forgets
        // its allocation. It keeps the limit it had until its rules idle out, and also when it comes back,
        // until FUDPA reallocates its CFS or lifts all limits (NO_TCP), so that its next burst starts limited.
        Set<FiveTuple> limited = new HashSet<>();
        for (FlowLimit l : limits) {
            limited.add(l.flow());
        }
        for (TrackedFlow f : flows.values()) {
            FlowLimit kept = limitOf.get(f.tuple());
            Decision d = decisions.get(f.cfsId());
            boolean decided = d != null && (!d.reason().isFair() || d.reason() == Reason.NO_TCP);
            if (f.viaAdjustor() && kept != null && !limited.contains(f.tuple()) && !decided) {
                limits.add(kept);
            }
        }
        limitOf.clear();
        for (FlowLimit l : limits) {
            limitOf.put(l.flow(), l);
        }
        limitsChanged = !limits.equals(lastLimits);
        lastLimits = limits;
        // The complete desired state every period: stateless for the controller, and a lost frame is
        // repaired one period later.
        for (byte[] payload : encoder.snapshot(++snapshotId, limits, FrameEncoder.DEFAULT_MAX_PAYLOAD)) {
            sw.packetOut(config.adjustorSwitchPort(),
                    EthernetFrame.build(adjustorMac, CONTROLLER_MAC, EthernetFrame.DEFAULT_ETHER_TYPE, payload));
        }
        periods++;
        log.flush();
        return decisions;
    }

    /**
     * Tells whether the last period sent limits different from the period before.
     *
     * @return true if the adjustor was told something new
     */
    boolean limitsChanged() {
        return limitsChanged;
    }

    /**
     * Starts every flow's next measurement window now. Called shortly after new limits were sent, so
     * that the next period measures rates under the limits in force and not the traffic before them
     * (otherwise a just-limited flow still looks too fast for one more period and is reallocated twice).
     *
     * @param nowNanos time of the counter read
     * @throws IOException if the switch cannot be read
     */
    void rebaseline(long nowNanos) throws IOException {
        Map<Long, Long> bytes = OfctlText.bytesByCookie(sw.dumpFlows());
        for (TrackedFlow f : flows.values()) {
            Long from = bytes.get(FlowSteering.cookie(f.number(), 0));
            Long onward = f.viaAdjustor() ? bytes.get(FlowSteering.cookie(f.number(), 1)) : Long.valueOf(0);
            if (from != null && onward != null) {
                f.advance(nowNanos, from, onward);
            }
        }
    }

    private void log(long epochMillis, Decision d) {
        double udp = d.udpAverageBps().orElse(Double.NaN);
        double lo = d.bandLowBps().orElse(Double.NaN);
        double hi = d.bandHighBps().orElse(Double.NaN);
        boolean inBand = udp >= lo && udp <= hi;
        StringBuilder alloc = new StringBuilder();
        Allocations a = d.allocations();
        for (int i = 0; i < a.size(); i++) {
            alloc.append(i > 0 ? ";" : "").append(a.flowId(i)).append('=')
                    .append(String.format(Locale.ROOT, "%.3f", a.rateBps(i) / 1e6));
        }
        log.printf(Locale.ROOT, "%d,%s,%d,%s,%b,%b,%d,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%s%n", epochMillis, d.cfsId(),
                periods, d.reason(), d.reason().isFair(), inBand,
                d.tcpFlows(), d.udpFlows(), d.measuredTcpBps() / 1e6, d.predictedTcpBps() / 1e6,
                d.deviationBps() / 1e6, lo / 1e6, hi / 1e6, udp / 1e6, alloc);
    }

    /**
     * Returns the flows being tracked.
     *
     * @return flows by 5-tuple
     */
    Map<FiveTuple, TrackedFlow> flows() {
        return flows;
    }
}
