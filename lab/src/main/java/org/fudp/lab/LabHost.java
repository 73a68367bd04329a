// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;
import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.CfsState;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.commands.FrameOut;
import org.fudp.loop.FudpLoop;
import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.commands.MeterSpec;
import org.fudp.loop.api.commands.Notice;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;

/**
 * Hosts the product's control loop ({@link FudpLoop}) on an Open vSwitch bridge: hands it packet-ins,
 * control frames, counters and the time, and executes what it returns with ovs-ofctl. All of FIC, CFS,
 * FUDPA and UFC is the loop's; this class only translates. Not thread-safe: one thread calls it.
 */
final class LabHost {

    /** How often the loop may resend, heartbeat and check the agent's liveness. */
    static final long TICK_MS = 250;
    /** A re-base the loop still wants after a try (a counter was missing) is tried again this much later. */
    static final long REBASE_RETRY_MS = 50;
    /**
     * From this poll interval on, the host reads counters at its polls only, as ONOS does: a period and a
     * re-base take the last poll's readings instead of reading the switch when they are due.
     */
    static final long ONOS_CADENCE_MS = 1000;

    private final LabConfig config;
    private final Switch sw;
    private final FudpLoop loop;
    private final PeriodCsv csv;
    private long packetOuts;
    private final Consumer<String> log;
    private final long periodMs;
    private final long pollMs;
    private List<RuleCounter> polledCounters = List.of();
    private List<MeterReading> polledMeters = List.of();
    /** Keys of the loop's rules on the switch: a key missing from a dump is a rule that idled out. */
    private final Set<Long> installed = new HashSet<>();
    /** The loop's meters OVS holds: a meter add-meter refused is not there to delete. */
    private final Set<Long> meters = new HashSet<>();
    /** When each TCP flow's traffic stopped, from the dumps alone: the lab's measure of a flow's end. */
    private final TrafficStops stops = new TrafficStops();
    /** The loop's rules the switch refused (a full table): counted and logged, never sent again. */
    private final RuleRefusals refusals;
    private final Map<String, String> lastReason = new HashMap<>();
    private final Map<String, AgentState> lastAgent = new HashMap<>();
    /** Each set's state as last published, and its reason without figures (which move every period). */
    private final Map<String, CfsState> lastState = new HashMap<>();
    private final Map<String, String> lastStateGist = new HashMap<>();
    /** Each set's members as last logged. */
    private final Map<String, String> lastMembers = new HashMap<>();
    private long nowMs;
    private long nextPeriodMs;
    private long nextTickMs;
    private long nextRebaseTryMs;
    private long nextPollMs;

    /**
     * Creates the host and its loop.
     *
     * @param config the lab's network and tunables
     * @param sw the bridge
     * @param keyText the key file's content
     * @param epochMs the controller's epoch (its start time)
     * @param csv where decisions go
     * @param log where notices go, one line each
     */
    LabHost(LabConfig config, Switch sw, String keyText, long epochMs, PeriodCsv csv, Consumer<String> log) {
        this.config = config;
        this.sw = sw;
        this.loop = new FudpLoop(LoopSetup.settings(config), new LabNetwork(config), keyText, epochMs);
        loop.setClasses(config.classes());
        this.csv = csv;
        this.log = log;
        this.periodMs = loop.settings().periodMs();
        this.pollMs = config.counterPollMillis();
        this.refusals = new RuleRefusals(config.bridge(), log);
    }

    /**
     * Removes the rules an earlier controller left, installs the base rules and the facility; the
     * first period is one period from now.
     *
     * @param startMs the time
     * @throws IOException if the switch refuses the base rules
     */
    void start(long startMs) throws IOException {
        long now = advance(startMs);
        // A controller that starts knows none of the rules it finds. ONOS removes the rules its store
        // does not hold (FlowRuleManager, allowExtraneousRules false); so does this host, with the
        // loop's, so that the flows of a crashed predecessor come back as packet-ins and are learnt.
        sw.deleteFlows(List.of(RuleText.everyLoopRule()));
        sw.addFlows(BaseRules.of(config, loop.settings().controlEtherType()));
        execute(loop.setBudget(now, config.bridge(), config.budget()));
        loop.setController("lab");
        execute(loop.setFacilities(now, List.of(LoopSetup.facility(config))));
        nextPeriodMs = now + periodMs;
        nextTickMs = now;
        nextPollMs = now + pollMs;
    }

    /**
     * Hands the loop one packet-in.
     *
     * @param e the packet-in
     */
    void handle(MonitorEvent e) {
        long now = advance(e.timeMs());
        if (e.samples() != null) {
            execute(loop.samples(now, config.bridge(), e.samples()));
        } else {
            execute(e.isControlFrame() ? loop.controlFrame(now, config.bridge(), e.frame())
                    : loop.packetIn(now, e.packetIn()));
        }
    }

    /**
     * Returns when {@link #runDue} has something to do.
     *
     * @return epoch milliseconds
     */
    long nextDueMs() {
        long due = Math.min(Math.min(nextPeriodMs, nextTickMs), nextPollMs);
        OptionalLong rebase = loop.rebaseDueMs();
        return rebase.isPresent() && !onosCadence() ? Math.min(due, Math.max(rebase.getAsLong(), nextRebaseTryMs))
                : due;
    }

    /**
     * Runs what is due: the period (counters in, decisions out), else a re-base after new limits took
     * effect, and the tick.
     *
     * @param timeMs the time
     */
    void runDue(long timeMs) {
        long now = advance(timeMs);
        OptionalLong rebase = loop.rebaseDueMs();
        if (onosCadence()) {
            // ONOS reads the switch at its statistics polls only: a period and a re-base take the last poll's.
            if (now >= nextPollMs) {
                polledCounters = readCounters(now);
                polledMeters = readMeters(now);
                execute(loop.poll(now, polledCounters));
                if (rebase.isPresent() && now >= rebase.getAsLong()) {
                    execute(loop.rebase(now, polledCounters, polledMeters));
                }
                nextPollMs += pollMs * Math.max(1, (now - nextPollMs) / pollMs + 1);
            }
            if (now >= nextPeriodMs) {
                execute(loop.period(now, polledCounters, polledMeters));
                nextPeriodMs = Math.max(nextPeriodMs + periodMs, now + periodMs / 2);
            }
        } else if (now >= nextPeriodMs) {
            List<RuleCounter> counters = readCounters(now);
            execute(loop.period(now, counters, readMeters(now)));
            nextPeriodMs = Math.max(nextPeriodMs + periodMs, now + periodMs / 2);
            nextPollMs = now + pollMs;
        } else if (rebase.isPresent() && now >= rebase.getAsLong() && now >= nextRebaseTryMs) {
            List<RuleCounter> counters = readCounters(now);
            execute(loop.rebase(now, counters, readMeters(now)));
            nextRebaseTryMs = now + REBASE_RETRY_MS;
            nextPollMs = now + pollMs;
        } else if (now >= nextPollMs) {
            execute(loop.poll(now, readCounters(now)));
            nextPollMs = now + pollMs;
        }
        if (now >= nextTickMs) {
            execute(loop.tick(now));
            nextTickMs = now + TICK_MS;
        }
    }

    private boolean onosCadence() {
        return pollMs >= ONOS_CADENCE_MS;
    }

    /**
     * Stops the loop: the agent drops its limits, the loop's rules go.
     *
     * @param timeMs the time
     */
    void stop(long timeMs) {
        execute(loop.stop(advance(timeMs)));
    }

    // The loop's time never runs backwards, though events are stamped on another thread.
    private long advance(long timeMs) {
        nowMs = Math.max(nowMs, timeMs);
        return nowMs;
    }

    /**
     * Reads the counters of the loop's rules. A rule the loop installed that the dump lacks has idled
     * out: the loop is told before it sees the counters, and forgets its flow.
     */
    private List<RuleCounter> readCounters(long now) {
        Map<Long, RuleCounter> counters;
        try {
            counters = FlowDump.counters(sw.dumpFlows(), now);
        } catch (IOException e) {
            log.accept("WARN cannot read the counters: " + e.getMessage());
            return List.of();
        }
        stops.read(now, counters.values()).forEach(log);
        List<Long> gone = new ArrayList<>();
        for (Long key : installed) {
            if (!counters.containsKey(key)) {
                gone.add(key);
            }
        }
        installed.removeAll(gone);
        for (long key : gone) {
            execute(loop.ruleRemoved(now, key));
        }
        return new ArrayList<>(counters.values());
    }

    // Read right after the rules' counters: a metered flow's demand and what passed its meter then
    // cover the same window. An adjustor facility's meters (its units', its flows' while its agent is down) count
    // what their flows deliver as well.
    private List<MeterReading> readMeters(long now) {
        if (meters.isEmpty()) {
            return List.of();
        }
        try {
            List<MeterReading> read = MeterText.readings(sw.meterStats(), now);
            if (config.meterDropsCounted()) {
                return read;
            }
            List<MeterReading> inputOnly = new ArrayList<>();
            read.forEach(r -> inputOnly.add(new MeterReading(r.key(), r.sampleMs(), r.bytesIn(),
                    MeterReading.DROPS_UNCOUNTED)));
            return inputOnly;
        } catch (IOException e) {
            log.accept("WARN cannot read the meters: " + e.getMessage());
            return List.of();
        }
    }

    /**
     * Executes the loop's actions in its order: meters in, rules out, rules in, rules modified,
     * meters out, frames, then the records, notices and the sets' state changes (each CSV row carries its
     * set's state as published with it). A meter add-meter took is in force at once
     * (OVS answers synchronously), and the loop hears so after these actions. The packet a packet-in
     * reported needs no forwarding: the base rule that copied it to us has forwarded it already (a
     * closing rule as well), and whatever it did not forward is no one's.
     */
    private void execute(Actions a) {
        Map<Long, String> meterResults = new LinkedHashMap<>();
        for (MeterSpec m : a.metersToAdd()) {
            try {
                sw.addMeter(MeterText.spec(m));
                meters.add(m.key());
                meterResults.put(m.key(), null);
            } catch (IOException e) {
                meterResults.put(m.key(), e.getMessage());
            }
        }
        if (!a.rulesToRemove().isEmpty()) {
            List<String> matches = new ArrayList<>();
            for (RuleSpec r : a.rulesToRemove()) {
                installed.remove(r.key());
                matches.add(RuleText.deletion(r));
            }
            switchCall("del-flows", () -> sw.deleteFlows(matches));
        }
        if (!a.rulesToAdd().isEmpty()) {
            List<String> flows = new ArrayList<>();
            for (RuleSpec r : a.rulesToAdd()) {
                flows.add(RuleText.flow(r));
            }
            // Only what the switch took is watched: a refused rule never "idles out" (RuleRefusals).
            List<RuleSpec> in = refusals.install(sw, a.rulesToAdd(), flows, nowMs);
            in.forEach(r -> installed.add(r.key()));
            stops.watch(in);
        }
        if (!a.rulesToModify().isEmpty()) {
            List<String> flows = new ArrayList<>();
            a.rulesToModify().forEach(r -> flows.add(RuleText.flow(r)));
            switchCall("mod-flows", () -> sw.modifyFlows(flows));
        }
        for (MeterSpec m : a.metersToRemove()) {
            if (meters.remove(m.key())) {
                switchCall("del-meter", () -> sw.deleteMeter(m.key()));
            }
        }
        for (FrameOut f : a.frames()) {
            if (switchCall("packet-out", () -> sw.packetOut(f.port(), f.frame()))) {
                packetOuts++;
            }
        }
        List<String> stateLines = new ArrayList<>();
        for (CorrelationFlowSet v : a.cfss().values()) {
            membersLine(v).ifPresent(stateLines::add);
            stateLine(v).ifPresent(stateLines::add);
        }
        for (String gone : a.cfssGone()) {
            lastState.remove(gone);
            lastStateGist.remove(gone);
            lastMembers.remove(gone);
        }
        for (DecisionRecord r : a.decisions()) {
            CfsState state = lastState.get(r.cfsId());
            csv.write(r, packetOuts, state == null ? "" : state.name());
            String set = PeriodCsv.setName(r.cfsId());
            String reason = PeriodCsv.reasonName(r);
            // Every reallocation, and otherwise only changes, so the log stays readable.
            if (r.reallocated() || !reason.equals(lastReason.put(set, reason))) {
                log.accept(set + ": " + r.reason());
            }
        }
        for (Notice n : a.notices()) {
            log.accept((n.level() == Notice.Level.WARN ? "WARN " : "") + n.text());
        }
        for (AgentState v : a.agents().values()) {
            logAgent(v);
        }
        stateLines.forEach(log);
        for (Map.Entry<Long, String> r : meterResults.entrySet()) {
            String facility = config.bridge();
            execute(r.getValue() == null ? loop.meterAdded(nowMs, facility, r.getKey())
                    : loop.meterFailed(nowMs, facility, r.getKey(), r.getValue()));
        }
        // After these actions, as a switch answers at the barrier: the loop forgets each refused flow and
        // withdraws what of it went in; the next of its packets finds learning paused.
        for (RuleRefusals.Refused r : refusals.take()) {
            execute(loop.ruleRefused(nowMs, r.rule().key(), r.code() + (r.sent() ? "" : " (not sent after it)")));
        }
    }

    /**
     * Notes a set's state and returns the line to log when it changed, with its reason ("Set set1 NOT_ENFORCED:
     * the agent at ... has not acknowledged ..."), or when the reason says something else while the state
     * stays (the figures in it aside, which move every period). The fault run reads these lines
     * ({@code lab/py/faults_flood.py}).
     */
    private Optional<String> stateLine(CorrelationFlowSet v) {
        String reason = v.stateReason();
        String gist = reason.replaceAll("\\d+", "#");
        CfsState before = lastState.put(v.id(), v.state());
        String gistBefore = lastStateGist.put(v.id(), gist);
        if (before == v.state() && gist.equals(gistBefore)) {
            return Optional.empty();
        }
        return Optional.of("Set " + PeriodCsv.setName(v.id()) + " " + v.state() + (reason.isEmpty() ? "" : ": "
                + reason));
    }

    /**
     * Returns the line to log when a set's members changed ("Set set1 members: 1 TCP [tcp-...], 1 UDP [udp-...]"):
     * which flows the loop counts, e.g. whether a starved TCP flow stayed.
     */
    private Optional<String> membersLine(CorrelationFlowSet v) {
        String members = v.tcpFlows().size() + " TCP " + v.tcpFlows() + ", " + v.udpFlows().size() + " UDP "
                + v.udpFlows();
        if (members.equals(lastMembers.put(v.id(), members))) {
            return Optional.empty();
        }
        return Optional.of("Set " + PeriodCsv.setName(v.id()) + " members: " + members);
    }

    // Each acknowledgement the loop verified, and every change in the frames it or the agent rejected.
    private void logAgent(AgentState v) {
        AgentState last = lastAgent.put(v.facilityId(), v);
        if (last != null && last.lastAckedSeq() == v.lastAckedSeq() && last.status() == v.status()
                && Objects.equals(last.rejectedFrames(), v.rejectedFrames()) && last.reason().equals(v.reason())) {
            return;
        }
        if (v.enforcement() == Facility.Enforcement.METER) {
            log.accept("meters at " + v.facilityId() + ": limits " + v.lastSentSeq() + " desired, "
                    + v.lastAckedSeq() + " in force, " + v.framesSent() + " meters requested, " + v.unmetered()
                    + " flows unmetered" + (v.reason().isEmpty() ? "" : "; " + v.reason()));
            return;
        }
        log.accept("agent at " + v.facilityId() + ": " + v.status() + ", snapshot " + v.lastSentSeq()
                + " sent, " + v.lastAckedSeq() + " acknowledged, " + v.framesSent() + " frames sent, "
                + v.resends() + " resent, rejected " + v.rejectedFrames()
                + (v.reason().isEmpty() ? "" : "; " + v.reason()));
    }

    private interface SwitchCall {
        void run() throws IOException;
    }

    private boolean switchCall(String what, SwitchCall call) {
        try {
            call.run();
            return true;
        } catch (IOException e) {
            log.accept("WARN ovs-ofctl " + what + " failed: " + e.getMessage());
            return false;
        }
    }

    /**
     * Returns the account of the rules the switch refused, for the controller's stats line and tests.
     *
     * @return refusals
     */
    RuleRefusals refusals() {
        return refusals;
    }

    /**
     * Returns the loop, for tests and the log.
     *
     * @return the loop
     */
    FudpLoop loop() {
        return loop;
    }
}
