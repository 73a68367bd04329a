// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.flow;

import org.fudp.loop.api.network.CfsAssignment;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.events.RuleCounter;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.algorithm.FlowPolicy;
import org.fudp.algorithm.FlowSample;
import org.fudp.algorithm.Protocol;
import org.fudp.loop.api.settings.TrafficClass;
import org.fudp.protocol.FiveTuple;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One flow the loop learnt from a packet-in: its rules, the rate estimators of their counters,
 * its membership and its set. A UDP flow of a set goes through the adjustor and has two rules:
 * the one into the adjustor counts its demand, the one back its throughput. Every other flow has
 * one rule; a TCP flow may have two closing rules besides.
 */
public final class TrackedFlow {

    private final long number;
    private final FiveTuple tuple;
    private final String facilityId;
    private final long onwardPort;
    private final FlowRules rules;
    private final boolean shaped;
    private final boolean viaAdjustor;
    private final boolean metered;
    private boolean throughAdjustor = true;
    private boolean backWindowOpen = true;
    private boolean backUnmeasured;
    private final RateEstimator mainRate;
    private final RateEstimator backRate;
    private final Membership membership;
    private final CounterMotion motion = new CounterMotion();
    private final long sinceMs;
    private final int dscp;
    private final boolean remarked;
    private final MeterWindow meter;
    private final Responsiveness responsiveness = new Responsiveness();
    private CfsAssignment cfs;
    private String lastCfsId = "";
    private boolean assigned;
    private boolean departed;
    private boolean takenOver;
    private boolean light;

    public TrackedFlow(long number, FiveTuple tuple, Facility facility, long onwardPort, boolean shaped,
                LoopSettings settings, long sinceMs, int dscp, boolean remarked) {
        this.number = number;
        this.dscp = dscp;
        this.remarked = remarked;
        this.tuple = tuple;
        this.facilityId = facility.id();
        this.onwardPort = onwardPort;
        this.shaped = shaped;
        this.viaAdjustor = shaped && facility.enforcement() == Facility.Enforcement.ADJUSTOR;
        this.metered = shaped && facility.enforcement() == Facility.Enforcement.METER;
        this.sinceMs = sinceMs;
        this.rules = new FlowRules(number, tuple, facility, onwardPort, viaAdjustor, settings,
                isUdp() && !remarked ? dscp : TrafficClass.NO_DSCP);
        // A rate is repeated without a new sample for at most two periods.
        long staleAfterMs = 2 * settings.periodMs() + 1;
        this.mainRate = new RateEstimator(staleAfterMs, sinceMs);
        this.backRate = shaped ? new RateEstimator(staleAfterMs, sinceMs) : null;
        this.meter = new MeterWindow(shaped, backRate);
        this.membership = new Membership(isUdp());
    }

    public FiveTuple tuple() {
        return tuple;
    }

    public String facilityId() {
        return facilityId;
    }

    public long onwardPort() {
        return onwardPort;
    }

    public boolean isUdp() {
        return tuple.protocol() == FiveTuple.UDP;
    }

    public boolean viaAdjustor() {
        return viaAdjustor;
    }

    /**
     * Tells whether the flow's limits are enforced: a UDP flow of a set, through the adjustor or a
     * meter.
     *
     * @return true if so
     */
    public boolean shaped() {
        return shaped;
    }

    /**
     * Tells whether the flow's limits are enforced by meters in its switch.
     *
     * @return true if so
     */
    public boolean metered() {
        return metered;
    }

    /**
     * Returns the rule a meter attaches to: the flow's one rule of a metered facility.
     *
     * @return the rule as the loop installed it (without its meter)
     */
    public RuleSpec mainRule() {
        return rules.main();
    }

    /**
     * Returns the meter the flow passes (metered facilities), and what its meters passed.
     *
     * @return its meter window
     */
    public MeterWindow meter() {
        return meter;
    }

    public List<RuleSpec> rules() {
        return rules.all();
    }

    public long sinceMs() {
        return sinceMs;
    }

    /**
     * Returns the DSCP the flow was learnt with; a traffic class may match on it, and a UDP flow's
     * rules match it.
     *
     * @return 0..63, {@link TrafficClass#NO_DSCP} if unknown
     */
    public int dscp() {
        return dscp;
    }

    /**
     * Tells whether the flow was learnt again because its marking changed after its first packet.
     *
     * @return true if so; its rules then match any DSCP
     */
    public boolean remarked() {
        return remarked;
    }

    /**
     * Tells whether a packet of this flow that reached the controller shows that its marking
     * changed, so that it is to be learnt again: a UDP flow learnt once, a packet with a known DSCP
     * other than the flow's.
     *
     * @param packetDscp the packet's DSCP
     * @return true if the flow is to be learnt again
     */
    public boolean remarkedBy(int packetDscp) {
        return isUdp() && !remarked && packetDscp != TrafficClass.NO_DSCP && packetDscp != dscp;
    }

    /**
     * Feeds this period's counters (or their absence) to the estimators.
     *
     * @param nowMs the period's time
     * @param counters the counters read, by rule key
     */
    public void measure(long nowMs, Map<Long, RuleCounter> counters) {
        read(counters);
        if (takenOver) {
            // The counters have run since another instance installed the rules, at rates this
            // instance never saw: they only start the first window.
            takenOver = !rebase(counters, 0);
            return;
        }
        feed(mainRate, counters.get(rules.main().key()), nowMs);
        RuleSpec back = rules.back();
        if (back != null && !throughAdjustor) {
            // Straight on, its way back carries nothing, and a fail-over meter's readings are what it delivers.
            return;
        }
        if (back != null && backWindowOpen) {
            feed(backRate, counters.get(back.key()), nowMs);
            backUnmeasured &= counters.get(back.key()) == null;
        } else if (back != null) {
            // Steered into the adjustor again: its way back counted nothing meanwhile, so its window starts now.
            RuleCounter c = counters.get(back.key());
            if (c != null) {
                backRate.rebase(c.sampleMs(), c.bytes(), c.lifeMs());
                backWindowOpen = true;
            }
        }
    }

    /**
     * Takes a reading of the flow's counters between periods: it tells when its traffic stopped.
     *
     * @param counters the counters read, by rule key
     */
    public void read(Map<Long, RuleCounter> counters) {
        RuleCounter c = counters.get(rules.main().key());
        if (c != null) {
            read(c);
        }
    }

    /**
     * Takes one reading of one of the flow's counters between periods.
     *
     * @param c the reading; only the rule that counts what the flow offers tells when it stopped
     */
    public void read(RuleCounter c) {
        if (c.key() == rules.main().key()) {
            motion.read(c.sampleMs(), c.bytes());
        }
    }

    /**
     * Marks the flow as taken over from another controller instance: its rules are on the switch
     * since {@link #sinceMs}, and its first counters start its measurement instead of giving an
     * average over its whole life.
     *
     * @param member whether it counted in its set under the previous controller
     */
    public void takenOver(boolean member) {
        takenOver = true;
        if (member) {
            membership.resume();
        }
    }

    private static void feed(RateEstimator est, RuleCounter c, long nowMs) {
        if (c == null) {
            est.missing(nowMs);
        } else {
            est.update(nowMs, c.sampleMs(), c.bytes(), c.lifeMs(), c.lifeResolutionMs());
        }
    }

    /**
     * Starts a new measurement window at counters read after new limits took effect.
     *
     * @param counters the counters read, by rule key
     * @param notBeforeMs only counters read at or after this time count
     * @return true if every counter of the flow now starts at or after that time
     */
    public boolean rebase(Map<Long, RuleCounter> counters, long notBeforeMs) {
        read(counters);
        boolean done = rebase(mainRate, counters.get(rules.main().key()), notBeforeMs);
        if (rules.back() != null && throughAdjustor) {
            done &= rebase(backRate, counters.get(rules.back().key()), notBeforeMs);
        }
        return done;
    }

    private static boolean rebase(RateEstimator est, RuleCounter c, long notBeforeMs) {
        if (c != null && c.sampleMs() >= notBeforeMs) {
            est.rebase(c.sampleMs(), c.bytes(), c.lifeMs());
        }
        return est.windowStartMs() >= notBeforeMs;
    }

    /**
     * Returns the offered rate: the counter before the adjustor.
     *
     * @return bit/s
     */
    public double demandBps() {
        return mainRate.rateBps();
    }

    public boolean demandKnown() {
        return mainRate.known();
    }

    // Delivered is counted behind the enforcer: after the adjustor, or at the flow's meter once that
    // has a rate; a metered flow without a meter delivers what it offers.
    private boolean measuredBehind() {
        return viaAdjustor && throughAdjustor || meter.present() && backRate.known();
    }

    /**
     * Sends the flow into its adjustor, or straight on while the adjustor cannot hold a limit (fail open): the
     * rule that counts what it offers stays, with another way out, so its counter goes on.
     *
     * @param through true to send it through the adjustor
     * @return the rule as it is now, for the host to modify in place; empty if nothing changed, or the flow does
     *         not go through an adjustor
     */
    public Optional<RuleSpec> steer(boolean through) {
        if (!viaAdjustor || through == throughAdjustor) {
            return Optional.empty();
        }
        throughAdjustor = through;
        RuleSpec steered = rules.steer(through);
        if (through) {
            // The rule into the adjustor has no meter: a fail-over meter's hold ends here, and the meter goes after.
            meter.attached(RuleSpec.NO_METER, 0);
        }
        backWindowOpen = !through;
        // What it delivers is unknown until its way back has a window of its own: its rate from before the
        // detour ended (nothing) would read as a flow that delivers nothing.
        backUnmeasured = through;
        return Optional.of(steered);
    }

    /**
     * Tells whether the flow goes straight on because its adjustor cannot hold a limit, held at its limit by a meter
     * on the switch that its rule points at ({@code FailOver}).
     *
     * @return true if so
     */
    public boolean failedOver() {
        return failedOpen() && meter.present() && meter.rateBps() > 0;
    }

    /**
     * Tells whether the flow would go through its adjustor but goes straight on, unlimited, because the
     * adjustor cannot hold a limit now.
     *
     * @return true if so
     */
    public boolean failedOpen() {
        return viaAdjustor && !throughAdjustor && !bypasses();
    }

    /**
     * Tells whether the flow goes straight on, past its adjustor, by right: it counts as responsive and neither
     * a test nor its share cap holds it, so it has no limit to be held at.
     *
     * @return true if so
     */
    public boolean bypasses() {
        return viaAdjustor && responsiveness.countsResponsive() && !responsiveness.testing()
                && !responsiveness.capped();
    }

    /**
     * Returns the flow's responsiveness: untested, under test, or what its last test found.
     *
     * @return its state
     */
    public Responsiveness responsiveness() {
        return responsiveness;
    }

    /**
     * Returns the delivered rate: after the adjustor when the flow goes through it, behind its meter
     * when it has one (what passed it, or, with the drops uncounted, what entered it up to its
     * rate), else the one counter.
     *
     * @return bit/s
     */
    public double throughputBps() {
        if ((metered || !throughAdjustor) && meter.rateBps() > 0
                && !(meter.present() && backRate.known() && meter.dropsCounted())) {
            // A meter polices: it passes what enters it, at most its rate, when nobody counted what it
            // dropped, nobody has read it yet, or nobody can (one the controller before attached).
            return Math.min(backRate.known() ? backRate.rateBps() : mainRate.rateBps(), meter.rateBps());
        }
        return measuredBehind() ? backRate.rateBps() : mainRate.rateBps();
    }

    public boolean throughputKnown() {
        if (viaAdjustor && throughAdjustor && backUnmeasured) {
            return false;
        }
        return measuredBehind() ? backRate.known() : mainRate.known();
    }

    /**
     * Updates membership from this period's offered rate.
     *
     * @param udpFloods whether UDP floods the flow's set ({@code UdpPressure}); only TCP minds
     * @param nowMs the period's time
     * @param periodMs the control period
     * @return whether the flow is a member this period
     */
    public boolean updateMembership(boolean udpFloods, long nowMs, long periodMs) {
        membership.likeTcp(responsiveness.countsResponsive());
        return membership.update(demandKnown(), demandBps(), motion.stillMs(), udpFloods,
                new Membership.Silence(silentMs(nowMs), nowMs, periodMs, motion.readingGapMs()));
    }

    /**
     * Tells whether the flow ever carried the join rate: one that never did carries little (a mouse,
     * a control connection, a host spraying new 5-tuples), and its rules are the first to go.
     *
     * @return true if it ever joined
     */
    public boolean everJoined() {
        return membership.everMember();
    }

    /**
     * Tells whether the flow is a TCP member kept in its set although idle, because UDP flooded the
     * set when it fell idle ({@link Membership#starved()}).
     *
     * @return true while so
     */
    public boolean starved() {
        return membership.starved();
    }

    /**
     * Notes whether the flow is part of its set's light TCP as counted this period ({@code LightTcp}).
     *
     * @param counted true if so
     */
    public void light(boolean counted) {
        light = counted;
    }

    /**
     * Tells whether the flow is part of its set's light TCP as counted: like a starved member, it is kept
     * though idle.
     *
     * @return true if so
     */
    public boolean light() {
        return light;
    }

    /**
     * Returns for how long the switch has counted none of the flow's packets.
     *
     * @param nowMs the time
     * @return milliseconds, 0 before its first counter reading
     */
    public long silentMs(long nowMs) {
        return motion.silentMs(nowMs);
    }

    /**
     * Tells whether this period's membership update found a TCP member still before the period's
     * end (see {@link Membership#endedQuietly()}).
     *
     * @return whether it may have ended quietly
     */
    public boolean endedQuietly() {
        return membership.endedQuietly();
    }

    /**
     * Takes the flow out of its set now: its set judged it ended.
     */
    public void leave() {
        membership.leave();
    }

    public void close() {
        membership.close();
        cfs = null;
    }

    public boolean closed() {
        return membership.closed();
    }

    /**
     * Sets the flow's set this period.
     *
     * @param assignment its set, null when it is no member
     */
    public void assign(CfsAssignment assignment) {
        departed = assigned && assignment == null;
        assigned = assignment != null;
        cfs = assignment;
        if (assignment != null) {
            lastCfsId = assignment.cfsId();
        }
    }

    /**
     * Tells whether the flow was a member of {@link #lastCfsId()} last period and is none this
     * period: it left (ended, idle, or closed) during this one.
     *
     * @return whether it left this period
     */
    public boolean departed() {
        return departed;
    }

    /**
     * Returns the set the flow is a member of this period.
     *
     * @return the set, null when none
     */
    public CfsAssignment cfs() {
        return cfs;
    }

    public String cfsId() {
        return cfs == null ? "" : cfs.cfsId();
    }

    /**
     * Returns the set of the flow's last membership; a paused UDP flow keeps its limit until that
     * set is reallocated.
     *
     * @return CFS id, "" if it never was a member
     */
    public String lastCfsId() {
        return lastCfsId;
    }

    /**
     * Returns this period's sample for FUDPA.
     *
     * @return sample, its id the flow id
     */
    public FlowSample sample() {
        String id = tuple.toString();
        if (isUdp() && (responsiveness.countsResponsive() || responsiveness.underFirstTest())) {
            // A UDP flow that responds to congestion counts with the set's responsive flows (n and W); so does one
            // under its first test, or a set whose only candidate it is would be NO_TCP while it is tested, the
            // flood beside it released and the test read a starved flow. Steered back through the adjustor for a
            // test, its way back has no reading yet, and what it offers is what it delivers within a round trip or
            // two; missing, the set lost its TCP. Under its first test, never at more than the test holds it at: a
            // flood's first held period can still read what it sent before the hold was in force (47.9 Mbit/s in
            // the lab's quic-disguised, W then inflated).
            double bps = throughputKnown() ? throughputBps() : demandKnown() ? demandBps() : -1;
            long hold = responsiveness.underFirstTest() ? responsiveness.holdBps() : -1;
            return bps < 0 ? FlowSample.missing(id, Protocol.TCP) : FlowSample.tcp(id, hold >= 0 ? Math.min(bps, hold)
                    : bps);
        }
        if (!isUdp()) {
            return throughputKnown() ? FlowSample.tcp(id, throughputBps()) : FlowSample.missing(id, Protocol.TCP);
        }
        if (!throughputKnown()) {
            return FlowSample.missing(id, Protocol.UDP);
        }
        return demandKnown() ? FlowSample.udp(id, throughputBps(), demandBps()) : FlowSample.udp(id, throughputBps());
    }

    /**
     * Returns the flow's view.
     *
     * @param nowMs the time of the view
     * @param allocationBps its limit in force, -1 if none
     * @param policy its traffic class's policy
     * @return view
     */
    public FlowRecord view(long nowMs, long allocationBps, FlowPolicy policy) {
        return FlowRecords.of(this, nowMs, allocationBps, policy);
    }
}
