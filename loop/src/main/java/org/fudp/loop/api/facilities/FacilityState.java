// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.api.facilities;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.fudp.loop.api.settings.FlowBudget;

/**
 * One facility as its controller sees it: which controller instance is in charge, since when and
 * under which epoch, and what flow collection costs the facility's switch against its
 * {@link FlowBudget} and what it left out. The switch's refusals of rules are the loop's; the installs that
 * failed without the switch's word (ONOS or the switch not ready) are the host's, added with
 * {@link #withInstallFailures}. REST, CLI, GUI and the metrics show it.
 */
public final class FacilityState {

    /** Why a new flow got no rules of its own. */
    public enum Skip {
        /** The facility's rules would exceed the rule budget and no flow could make room. */
        RULE_BUDGET,
        /** More new flows a second than the packet-in budget. */
        PACKET_IN_BUDGET,
        /** Its source already holds its share of the rules of flows that carry little. */
        SOURCE_QUOTA,
        /** Learning is paused after the switch refused a rule. */
        SWITCH_REFUSED
    }

    private final String facilityId;
    private final String controller;
    private final long controllingSinceMs;
    private final long epoch;
    private final FlowBudget budget;
    private final int rulesInUse;
    private final int ruleCap;
    private final int flows;
    private final Map<Skip, Long> skipped;
    private final long refusals;
    private final String lastRefusal;
    private final long pausedUntilMs;
    private final int aggregates;
    private final int failedOpen;
    private final long installFailures;
    private final int rulesRetrying;
    private final String lastInstallFailure;

    /**
     * Creates the view.
     *
     * @param facilityId the facility
     * @param budget its budget
     * @param rulesInUse rules the collection holds in the switch
     * @param ruleCap rules it may hold now: the budget, or fewer after the switch refused one
     * @param flows flows it tracks
     * @param skipped new flows it gave no rules, by why, since it started
     * @param refusals rules the switch refused, since it started
     * @param lastRefusal the switch's last refusal, "" if none
     * @param pausedUntilMs learning paused until then after a refusal, 0 if not paused
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public FacilityState(String facilityId, FlowBudget budget, int rulesInUse, int ruleCap, int flows,
                         Map<Skip, Long> skipped, long refusals, String lastRefusal, long pausedUntilMs) {
        this(facilityId, "", 0, 0, budget, rulesInUse, ruleCap, flows, skipped, refusals, lastRefusal, pausedUntilMs);
    }

    /**
     * Creates the view with the controller in charge.
     *
     * @param facilityId the facility
     * @param controller the controller instance in charge (an ONOS node id), "" if unknown
     * @param controllingSinceMs since when it is, 0 if unknown
     * @param epoch its epoch at the facility's adjustor (newer controllers have newer epochs)
     * @param budget its budget
     * @param rulesInUse rules the collection holds in the switch
     * @param ruleCap rules it may hold now: the budget, or fewer after the switch refused one
     * @param flows flows it tracks
     * @param skipped new flows it gave no rules, by why, since it started
     * @param refusals rules the switch refused, since it started
     * @param lastRefusal the switch's last refusal, "" if none
     * @param pausedUntilMs learning paused until then after a refusal, 0 if not paused
     */
    @SuppressWarnings("checkstyle:ParameterNumber")
    public FacilityState(String facilityId, String controller, long controllingSinceMs, long epoch, FlowBudget budget,
                         int rulesInUse, int ruleCap, int flows, Map<Skip, Long> skipped, long refusals,
                         String lastRefusal, long pausedUntilMs) {
        this(facilityId, controller, controllingSinceMs, epoch, budget, rulesInUse, ruleCap, flows, 0, skipped,
                0, refusals, lastRefusal, pausedUntilMs, 0, 0, "");
    }

    @SuppressWarnings("checkstyle:ParameterNumber")
    private FacilityState(String facilityId, String controller, long controllingSinceMs, long epoch, FlowBudget budget,
                          int rulesInUse, int ruleCap, int flows, int aggregates, Map<Skip, Long> skipped,
                          int failedOpen, long refusals, String lastRefusal, long pausedUntilMs, long installFailures,
                          int rulesRetrying, String lastInstallFailure) {
        this.aggregates = aggregates;
        this.failedOpen = failedOpen;
        this.installFailures = installFailures;
        this.rulesRetrying = rulesRetrying;
        this.lastInstallFailure = Objects.requireNonNull(lastInstallFailure, "lastInstallFailure");
        this.facilityId = Objects.requireNonNull(facilityId, "facilityId");
        this.controller = Objects.requireNonNull(controller, "controller");
        this.controllingSinceMs = controllingSinceMs;
        this.epoch = epoch;
        this.budget = Objects.requireNonNull(budget, "budget");
        this.rulesInUse = rulesInUse;
        this.ruleCap = ruleCap;
        this.flows = flows;
        this.skipped = new TreeMap<>(skipped);
        this.refusals = refusals;
        this.lastRefusal = Objects.requireNonNull(lastRefusal, "lastRefusal");
        this.pausedUntilMs = pausedUntilMs;
    }

    public String facilityId() {
        return facilityId;
    }

    /**
     * Returns this view with the controller in charge.
     *
     * @param node the controller instance
     * @param sinceMs since when it controls the facility
     * @param controllerEpoch its epoch
     * @return the view
     */
    public FacilityState inCharge(String node, long sinceMs, long controllerEpoch) {
        return new FacilityState(facilityId, node, sinceMs, controllerEpoch, budget, rulesInUse, ruleCap, flows,
                aggregates, skipped, failedOpen, refusals, lastRefusal, pausedUntilMs, installFailures, rulesRetrying,
                lastInstallFailure);
    }

    /**
     * Returns this view with the aggregate rules of a sampled facility.
     *
     * @param count the aggregate rules among the rules in use
     * @return the view
     */
    public FacilityState withAggregates(int count) {
        return new FacilityState(facilityId, controller, controllingSinceMs, epoch, budget, rulesInUse, ruleCap, flows,
                count, skipped, failedOpen, refusals, lastRefusal, pausedUntilMs, installFailures, rulesRetrying,
                lastInstallFailure);
    }

    /**
     * Returns this view with the UDP flows that go straight on, unlimited, because the facility's adjustor
     * cannot hold a limit now ({@code FailOpen}).
     *
     * @param count the flows
     * @return the view
     */
    public FacilityState withFailedOpen(int count) {
        return new FacilityState(facilityId, controller, controllingSinceMs, epoch, budget, rulesInUse, ruleCap, flows,
                aggregates, skipped, count, refusals, lastRefusal, pausedUntilMs, installFailures, rulesRetrying,
                lastInstallFailure);
    }

    /**
     * Returns how many UDP flows go straight on, unlimited, because the facility's adjustor cannot hold a limit
     * now: its agent was never heard from, is down or stopped, or FUDP enforces nothing (disabled, dry run).
     *
     * @return flows
     */
    public int failedOpen() {
        return failedOpen;
    }

    /**
     * Returns this view with the installs of rules that failed without the switch's word: ONOS or the
     * switch was not ready (after a restart, a mastership change, a reconnect), not a refusal. The host
     * knows them; such a rule is installed again, and neither the cap nor the flows change.
     *
     * @param failures rules whose install failed so, since the host started
     * @param retrying of those, the rules waiting to be installed again now
     * @param last what the last such failure was, "" if none
     * @return the view
     */
    public FacilityState withInstallFailures(long failures, int retrying, String last) {
        return new FacilityState(facilityId, controller, controllingSinceMs, epoch, budget, rulesInUse, ruleCap, flows,
                aggregates, skipped, failedOpen, refusals, lastRefusal, pausedUntilMs, failures, retrying, last);
    }

    public String controller() {
        return controller;
    }

    public long controllingSinceMs() {
        return controllingSinceMs;
    }

    public long epoch() {
        return epoch;
    }

    public FlowBudget budget() {
        return budget;
    }

    public int rulesInUse() {
        return rulesInUse;
    }

    public int ruleCap() {
        return ruleCap;
    }

    public int flows() {
        return flows;
    }

    /**
     * Returns how many of the rules in use are aggregates: a sampled facility's rules per bottleneck prefix or
     * destination, which forward and count the flows without rules of their own.
     *
     * @return aggregate rules, 0 on a facility that is not sampled
     */
    public int aggregates() {
        return aggregates;
    }

    /**
     * Returns how many new flows got no rules of their own, by why.
     *
     * @return counts since the collection started, every reason present
     */
    public Map<Skip, Long> skipped() {
        return new TreeMap<>(skipped);
    }

    public long refusals() {
        return refusals;
    }

    public String lastRefusal() {
        return lastRefusal;
    }

    public long pausedUntilMs() {
        return pausedUntilMs;
    }

    /**
     * Returns how many installs of rules failed without the switch's word (not refusals), each retried.
     *
     * @return failures since the host started, 0 if none
     */
    public long installFailures() {
        return installFailures;
    }

    /**
     * Returns how many rules wait to be installed again after such a failure.
     *
     * @return rules
     */
    public int rulesRetrying() {
        return rulesRetrying;
    }

    /**
     * Returns what the last install that failed without the switch's word was.
     *
     * @return the text, "" if none
     */
    public String lastInstallFailure() {
        return lastInstallFailure;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FacilityState)) {
            return false;
        }
        FacilityState c = (FacilityState) o;
        return facilityId.equals(c.facilityId) && controller.equals(c.controller)
                && controllingSinceMs == c.controllingSinceMs && epoch == c.epoch && budget.equals(c.budget)
                && rulesInUse == c.rulesInUse && ruleCap == c.ruleCap && flows == c.flows && aggregates == c.aggregates
                && failedOpen == c.failedOpen && skipped.equals(c.skipped)
                && refusals == c.refusals && lastRefusal.equals(c.lastRefusal) && pausedUntilMs == c.pausedUntilMs
                && installFailures == c.installFailures && rulesRetrying == c.rulesRetrying
                && lastInstallFailure.equals(c.lastInstallFailure);
    }

    @Override
    public int hashCode() {
        return Objects.hash(facilityId, controller, controllingSinceMs, epoch, budget, rulesInUse, ruleCap, flows,
                aggregates, failedOpen, skipped, refusals, lastRefusal, pausedUntilMs, installFailures, rulesRetrying,
                lastInstallFailure);
    }

    @Override
    public String toString() {
        return facilityId + (controller.isEmpty() ? "" : " under " + controller + " (epoch " + epoch + ")") + ": "
                + rulesInUse + " of " + ruleCap + " rules (budget " + budget + "), " + flows
                + " flows, " + aggregates + " aggregates, " + failedOpen + " failed open, skipped " + skipped + ", "
                + refusals + " refused, " + installFailures + " installs failed (" + rulesRetrying + " retrying)";
    }
}
