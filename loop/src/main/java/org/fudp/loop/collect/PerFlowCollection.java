// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.collect;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.settings.FlowBudget;
import org.fudp.loop.api.checkpoints.FlowCheckpoint;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.events.MeterReading;
import org.fudp.loop.api.network.NetworkView;
import org.fudp.loop.api.events.PacketIn;
import org.fudp.loop.api.events.PacketVerdict;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.flow.FlowTable;
import org.fudp.loop.flow.TrackedFlow;
import org.fudp.loop.flow.UdpUnits;
import org.fudp.loop.flow.Unmatched;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.loop.sampling.PacketSample;
import org.fudp.protocol.FiveTuple;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * FIC as the paper's prototype does it: each new flow reaches the controller as a packet-in and
 * gets exact-match rules of its own, which count it. Within each facility's {@link FlowBudget}:
 * <ul>
 *   <li>no more rules than the rule budget: a new flow that would exceed it takes the place of a
 *       flow that had a period to join its set and did not (the one whose source holds the most such
 *       flows, then the slowest), or gets no rules;</li>
 *   <li>no more new flows a second than the packet-in budget (a token bucket of one second);</li>
 *   <li>a source may hold at most {@link FlowBudget#sourceQuota} flows that carry too little to join a
 *       set, so that a host spraying new 5-tuples fills its own quota, not the table;</li>
 *   <li>a rule the switch refuses (its table is fuller than the budget thinks) is not retried: the
 *       flow is forgotten, the facility holds no more rules than it did when refused, and learning
 *       pauses for two periods, doubling on each refusal up to 16, until a quiet 16 periods.</li>
 * </ul>
 * A new flow that gets no rules still goes on (the packet is forwarded), and every skip is counted by why
 * ({@link FacilityState}). A UDP flow of a set left unlearned is not left unmeasured: a source over its quota
 * gets an aggregate rule of its own, and a destination whose flows the packet-in or rule budget turned away
 * one for its UDP ({@link Aggregates}), each a {@link org.fudp.loop.flow.UdpUnit} counted and limited as one
 * flow; the flows it covers that never joined their set go, and their packets reach the controller no more.
 */
public final class PerFlowCollection implements FlowCollection {

    private final FlowTable flows = new FlowTable();
    private final UdpUnits units = new UdpUnits();
    private final Aggregates aggregates = new Aggregates(units);
    private final UnlearnedUdp unlearnedUdp;
    private final Map<String, RuleLedger> ledgers = new HashMap<>();
    private final NetworkView network;
    private final Function<TrackedFlow, FlowPolicy> policy;
    private final BiConsumer<FiveTuple, Actions> forgotten;
    private final Predicate<String> throughAdjustor;
    private LoopSettings settings;

    /**
     * Creates the collection.
     *
     * @param settings the tunables
     * @param network where flows go and which set they are in
     * @param policy a flow's traffic class policy, for its view
     * @param forgotten told of every flow the collection forgets, with the actions at hand
     * @param throughAdjustor whether a facility's UDP flows go through its adjustor now ({@code FailOpen})
     */
    public PerFlowCollection(LoopSettings settings, NetworkView network, Function<TrackedFlow, FlowPolicy> policy,
                      BiConsumer<FiveTuple, Actions> forgotten, Predicate<String> throughAdjustor) {
        this.settings = settings;
        this.network = network;
        this.policy = policy;
        this.forgotten = forgotten;
        this.throughAdjustor = throughAdjustor;
        this.unlearnedUdp = new UnlearnedUdp(this, network, aggregates);
    }

    @Override
    public void setSettings(LoopSettings s) {
        settings = s;
    }

    // The tunables in force, for the units' rules.
    LoopSettings settings() {
        return settings;
    }

    @Override
    public FlowTable flows() {
        return flows;
    }

    @Override
    public UdpUnits units() {
        return units;
    }

    // The aggregates, the sampled collection's too.
    Aggregates aggregates() {
        return aggregates;
    }

    // A facility's ledger; the units' maker counts in it too.
    RuleLedger ledger(String facilityId) {
        return ledgers.computeIfAbsent(facilityId, k -> new RuleLedger());
    }

    @Override
    public void setBudget(String facilityId, FlowBudget budget, Actions out) {
        ledger(facilityId).budget = budget;
    }

    @Override
    public void samples(long nowMs, Facility f, List<PacketSample> samples, Actions out) {
        // Every flow comes as a packet-in here: samples tell nothing new.
    }

    @Override
    public Map<String, Unmatched> unmatched(long nowMs) {
        return Map.of();
    }

    // ---------------------------------------------------------------- passive: packet-ins

    @Override
    public void packetIn(long nowMs, Facility f, PacketIn p, Actions out) {
        FiveTuple t = p.flow();
        if (p.closing()) {
            close(t, out);
            close(new FiveTuple(t.protocol(), t.dst(), t.src(), t.dstPort(), t.srcPort()), out);
            TrackedFlow known = flows.get(t);
            if (known != null) {
                out.forward(known.onwardPort());
            }
            return;
        }
        if (p.inPort() == f.adjustorPort()) {
            return;
        }
        TrackedFlow known = flows.get(t);
        if (known != null && known.remarkedBy(p.dscp())) {
            // iperf3, for one, sends its UDP "connect" datagram unmarked and marks only its data.
            out.info("Flow " + t + " now marked DSCP " + p.dscp() + ", was " + known.dscp() + ": learnt again");
            forget(known, -1, out);
            TrackedFlow again = learn(f, t, p.dscp(), known.onwardPort(), nowMs, out, true);
            if (known.responsiveness().hinted()) {
                again.responsiveness().hint();
            }
            out.forward(again.onwardPort());
            return;
        }
        if (known != null) {
            out.forward(known.onwardPort());
            return;
        }
        if (p.inPort() == f.returnPort()) {
            // From the adjustor without a flow: no one's to flood or learn from.
            return;
        }
        OptionalLong onward = network.onwardPort(f.id(), t.dst(), p.dstMac());
        if (PacketVerdict.of(f, p.inPort(), onward) != PacketVerdict.TAKE) {
            return;
        }
        // Straight on, not into the adjustor: the flow's rules may not be on the switch yet, and a
        // packet sent into the adjustor before the rule back from it would come back to no rule.
        out.forward(onward.getAsLong());
        if (ledger(f.id()).budget.sampled()) {
            return;
        }
        Optional<FacilityState.Skip> covered = unlearnedUdp.unitOf(f, t, onward.getAsLong());
        if (covered.isPresent()) {
            // It raced its unit's rule to the switch: the unit counts it from its next packet on.
            ledger(f.id()).skipped.merge(covered.get(), 1L, Long::sum);
            return;
        }
        Optional<FacilityState.Skip> skip = learnOrSkip(nowMs, f, t, p.dscp(), onward.getAsLong(), out);
        if (skip.isEmpty() && QuicHint.looksLikeQuic(p.payloadHead())) {
            // A candidate for the responsiveness test, no more (docs/algorithm.md, "Responsive UDP").
            flows.get(t).responsiveness().hint();
        } else if (skip.isPresent() && t.protocol() == FiveTuple.UDP) {
            unlearnedUdp.turnedAway(nowMs, f, t, onward.getAsLong(), skip.get(), out);
        }
    }

    /**
     * Gives a flow found another way than by its packet-in (sampling) rules of its own, within the
     * facility's budget.
     *
     * @param nowMs the time
     * @param f the facility
     * @param t the flow
     * @param dscp its DSCP
     * @param onward the port by which it leaves the facility
     * @param out where its rules go
     * @return true if it got rules, false if the budget said no (counted by why)
     */
    boolean take(long nowMs, Facility f, FiveTuple t, int dscp, long onward, Actions out) {
        return learnOrSkip(nowMs, f, t, dscp, onward, out).isEmpty();
    }

    private Optional<FacilityState.Skip> learnOrSkip(long nowMs, Facility f, FiveTuple t, int dscp, long onward,
                                                     Actions out) {
        Optional<FacilityState.Skip> skip = admit(nowMs, f, t, out);
        if (skip.isPresent()) {
            ledger(f.id()).skipped.merge(skip.get(), 1L, Long::sum);
        } else {
            learn(f, t, dscp, onward, nowMs, out, false);
        }
        return skip;
    }

    /**
     * Counts rules that are not a flow's (aggregates) against a facility's rule budget, making room
     * as for a new flow.
     *
     * @param nowMs the time
     * @param facilityId the facility
     * @param rules how many
     * @param out where the rules of flows forgotten to make room go
     * @return false if they do not fit or learning pauses after a refusal, and nothing was counted
     */
    boolean reserve(long nowMs, String facilityId, int rules, Actions out) {
        RuleLedger l = ledger(facilityId);
        if (l.pausedAfterRefusal(nowMs, settings.periodMs())) {
            l.skipped.merge(FacilityState.Skip.SWITCH_REFUSED, 1L, Long::sum);
            return false;
        }
        if (!makeRoom(nowMs, facilityId, rules, out)) {
            l.skipped.merge(FacilityState.Skip.RULE_BUDGET, 1L, Long::sum);
            return false;
        }
        l.rulesInUse += rules;
        return true;
    }

    /**
     * Gives back rules counted by {@link #reserve}.
     *
     * @param facilityId the facility
     * @param rules how many
     */
    void release(String facilityId, int rules) {
        ledger(facilityId).rulesInUse -= rules;
    }

    /**
     * Caps a facility's rules after the switch refused one that is not a flow's, as for a flow's.
     *
     * @param nowMs the time
     * @param facilityId the facility
     * @param reason the switch's error
     * @return how long learning pauses, ms
     */
    long refused(long nowMs, String facilityId, String reason) {
        return ledger(facilityId).refused(nowMs, reason, settings.periodMs());
    }

    /**
     * Returns a facility's budget.
     *
     * @param facilityId the facility
     * @return its budget
     */
    FlowBudget budget(String facilityId) {
        return ledger(facilityId).budget;
    }

    // Whether a new flow may have rules of its own, or why not; may make room by forgetting a flow.
    private Optional<FacilityState.Skip> admit(long nowMs, Facility f, FiveTuple t, Actions out) {
        RuleLedger l = ledger(f.id());
        if (l.pausedAfterRefusal(nowMs, settings.periodMs())) {
            return Optional.of(FacilityState.Skip.SWITCH_REFUSED);
        }
        // The quota first: a source over it costs no token, so that its packets cannot turn others' away.
        if (l.idleBySource.getOrDefault(t.src(), 0) >= l.budget.sourceQuota()) {
            return Optional.of(FacilityState.Skip.SOURCE_QUOTA);
        }
        if (!l.takeToken(nowMs)) {
            return Optional.of(FacilityState.Skip.PACKET_IN_BUDGET);
        }
        if (!makeRoom(nowMs, f.id(), rulesFor(f, t), out)) {
            return Optional.of(FacilityState.Skip.RULE_BUDGET);
        }
        return Optional.empty();
    }

    // Room for more rules within the budget, by forgetting flows that never joined their set.
    private boolean makeRoom(long nowMs, String facilityId, int need, Actions out) {
        RuleLedger l = ledger(facilityId);
        while (l.rulesInUse + need > l.cap()) {
            TrackedFlow room = evictable(nowMs, facilityId);
            if (room == null) {
                return false;
            }
            forget(room, -1, out);
        }
        return true;
    }

    private int rulesFor(Facility f, FiveTuple t) {
        boolean shaped = t.protocol() == FiveTuple.UDP && network.cfsOf(f.id(), t.dst()).isPresent()
                && f.enforcement() == Facility.Enforcement.ADJUSTOR;
        int closing = t.protocol() == FiveTuple.TCP && settings.closingRules() ? 2 : 0;
        return (shaped ? 2 : 1) + closing;
    }

    // A flow that had a period to join its set and did not, from the source that holds the most such
    // flows, then the slowest; null if there is none.
    private TrackedFlow evictable(long nowMs, String facilityId) {
        Map<InetAddress, Integer> bySource = new HashMap<>();
        List<TrackedFlow> candidates = new ArrayList<>();
        for (TrackedFlow f : flows.at(facilityId)) {
            if (!f.everJoined() && !f.starved() && !f.light() && nowMs - f.sinceMs() >= settings.periodMs()) {
                candidates.add(f);
                bySource.merge(f.tuple().src(), 1, Integer::sum);
            }
        }
        TrackedFlow best = null;
        for (TrackedFlow f : candidates) {
            if (best == null || bySource.get(f.tuple().src()) > bySource.get(best.tuple().src())
                    || bySource.get(f.tuple().src()).equals(bySource.get(best.tuple().src()))
                    && f.demandBps() < best.demandBps()) {
                best = f;
            }
        }
        return best;
    }

    private TrackedFlow learn(Facility f, FiveTuple t, int dscp, long onward, long nowMs, Actions out,
                              boolean remarked) {
        boolean udp = t.protocol() == FiveTuple.UDP;
        Optional<CfsAssignment> cfs = network.cfsOf(f.id(), t.dst());
        TrackedFlow tf = new TrackedFlow(flows.nextNumber(), t, f, onward, udp && cfs.isPresent(), settings, nowMs,
                dscp, remarked);
        tf.steer(throughAdjustor.test(f.id()));
        add(tf);
        out.addRules(tf.rules());
        out.putFlow(tf.view(nowMs, -1, policy.apply(tf)));
        out.info("New flow " + t + " at " + f.id() + cfs.map(c -> " in " + c.cfsId()
                + (tf.failedOpen() ? ", straight on while its adjustor cannot hold a limit"
                : tf.viaAdjustor() ? ", steered through the adjustor" : tf.metered() ? ", metered" : "")).orElse(""));
        return tf;
    }

    private void add(TrackedFlow tf) {
        flows.add(tf);
        RuleLedger l = ledger(tf.facilityId());
        l.rulesInUse += tf.rules().size();
        if (!tf.everJoined()) {
            l.idleBySource.merge(tf.tuple().src(), 1, Integer::sum);
        }
    }

    // Per facility and source, the flows that never joined a set, counted again once a period so that a
    // packet-in costs no walk over the table.
    @Override
    public void recount() {
        ledgers.values().forEach(l -> {
            l.idleBySource.clear();
            l.turnedAway.clear();
        });
        for (TrackedFlow f : flows.all()) {
            if (!f.everJoined()) {
                ledger(f.facilityId()).idleBySource.merge(f.tuple().src(), 1, Integer::sum);
            }
        }
    }

    private void close(FiveTuple t, Actions out) {
        TrackedFlow f = flows.get(t);
        if (f != null && !f.closed()) {
            String cfsId = f.cfsId();
            f.close();
            out.info("Connection closed (FIN/RST): " + t + (cfsId.isEmpty() ? "" : " leaves " + cfsId));
        }
    }

    // ---------------------------------------------------------------- rules gone or refused

    @Override
    public void ruleRemoved(long nowMs, long ruleKey, Actions out) {
        TrackedFlow f = flows.byRule(ruleKey);
        if (f != null && (f.starved() || f.light() || (f.failedOpen() || f.responsiveness().countsResponsive())
                && isWayBack(f, ruleKey))) {
            // Its retransmission timeouts outgrow the idle timeout; it stays counted in its set. Or it goes straight
            // on while its adjustor cannot hold a limit, or by right as a responsive flow (also when a test has just
            // steered it back: the rule idled out while it went past), and its way back counted nothing meanwhile.
            f.rules().stream().filter(r -> r.key() == ruleKey).forEach(r -> out.addRules(List.of(r)));
        } else if (f != null) {
            forget(f, ruleKey, out);
        }
    }

    private static boolean isWayBack(TrackedFlow f, long ruleKey) {
        return f.rules().stream().anyMatch(r -> r.key() == ruleKey && r.role() == RuleSpec.Role.FROM_ADJUSTOR);
    }

    @Override
    public void ruleRefused(long nowMs, long ruleKey, String reason, Actions out) {
        TrackedFlow f = flows.byRule(ruleKey);
        if (f == null) {
            return;
        }
        long pause = refused(nowMs, f.facilityId(), reason);
        // Every rule of it goes, the refused one too: ONOS keeps a refused rule in its store and sends
        // it again at every statistics poll until the app removes it.
        forget(f, -1, out);
        RuleLedger l = ledger(f.facilityId());
        out.warn("The switch " + f.facilityId() + " refused a rule of " + f.tuple() + " (" + reason + "): no new flow "
                + "gets rules for " + pause / 1000 + " s, and FUDP holds at most " + l.cap() + " rules there");
    }

    /**
     * Forgets a flow and removes its rules.
     *
     * @param f the flow
     * @param goneRule the key of a rule that is gone already, -1 if none
     * @param out where the removals go
     */
    void forget(TrackedFlow f, long goneRule, Actions out) {
        flows.remove(f);
        RuleLedger l = ledger(f.facilityId());
        l.rulesInUse -= f.rules().size();
        if (!f.everJoined()) {
            l.idleBySource.computeIfPresent(f.tuple().src(), (src, n) -> n > 1 ? n - 1 : null);
        }
        List<RuleSpec> remove = new ArrayList<>(f.rules());
        remove.removeIf(r -> r.key() == goneRule);
        out.removeRules(remove);
        out.flowGone(f.tuple());
        forgotten.accept(f.tuple(), out);
    }

    @Override
    public void forget(String facilityId, Actions out) {
        for (TrackedFlow f : List.copyOf(flows.all())) {
            if (facilityId == null || f.facilityId().equals(facilityId)) {
                forget(f, -1, out);
            }
        }
    }

    // ---------------------------------------------------------------- active: counters

    @Override
    public void measure(long nowMs, Map<Long, RuleCounter> counters, Map<Long, MeterReading> meters) {
        for (TrackedFlow f : flows.all()) {
            f.measure(nowMs, counters);
            f.meter().measure(nowMs, meters);
        }
    }

    @Override
    public void poll(Collection<RuleCounter> counters) {
        // By rule, not by flow: ONOS hands its readings over one rule at a time.
        for (RuleCounter c : counters) {
            TrackedFlow f = flows.byRule(c.key());
            if (f != null) {
                f.read(c);
            }
        }
    }

    @Override
    public boolean rebase(String facilityId, Map<Long, RuleCounter> counters, Map<Long, MeterReading> meters,
                          long notBeforeMs) {
        boolean done = true;
        for (TrackedFlow f : flows.at(facilityId)) {
            done &= f.rebase(counters, notBeforeMs);
            done &= f.meter().rebase(meters, notBeforeMs);
        }
        return done;
    }

    // ---------------------------------------------------------------- handing facilities over

    @Override
    public TrackedFlow adopt(Facility facility, FlowCheckpoint c, Actions out) {
        if (flows.get(c.flow()) != null) {
            return null;
        }
        TrackedFlow tf = new TrackedFlow(flows.nextNumber(), c.flow(), facility, c.onwardPort(), c.shaped(), settings,
                c.sinceMs(), c.dscp(), c.remarked());
        // Before its rules: a responsive flow's go straight on, past the adjustor.
        tf.responsiveness().restore(c.responsiveness());
        tf.takenOver(c.member());
        add(tf);
        out.takeOverRules(tf.rules());
        return tf;
    }

    @Override
    public List<TrackedFlow> handOver(String facilityId, Actions out) {
        List<TrackedFlow> gone = flows.at(facilityId);
        for (TrackedFlow f : gone) {
            flows.remove(f);
            out.handOverRules(f.rules());
        }
        // The next controller counts them; the budget stays this facility's.
        RuleLedger old = ledgers.remove(facilityId);
        if (old != null) {
            ledger(facilityId).budget = old.budget;
        }
        return gone;
    }

    // ---------------------------------------------------------------- the view

    @Override
    public FacilityState view(String facilityId, long nowMs) {
        RuleLedger l = ledger(facilityId);
        Map<FacilityState.Skip, Long> skipped = new EnumMap<>(FacilityState.Skip.class);
        for (FacilityState.Skip s : FacilityState.Skip.values()) {
            skipped.put(s, l.skipped.getOrDefault(s, 0L));
        }
        return new FacilityState(facilityId, l.budget, l.rulesInUse, l.cap(), flows.at(facilityId).size(), skipped,
                l.refusals, l.lastRefusal, nowMs < l.pausedUntilMs ? l.pausedUntilMs : 0);
    }
}
