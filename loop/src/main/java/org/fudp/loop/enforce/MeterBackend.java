// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.loop.enforce;

import org.fudp.loop.api.commands.Actions;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.settings.Facility;
import org.fudp.loop.api.settings.LoopSettings;
import org.fudp.loop.api.commands.MeterSpec;
import org.fudp.loop.api.commands.RuleSpec;
import org.fudp.loop.flow.MeteredRules;
import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Enforcement by the switch's own OpenFlow meters: one meter per limited flow, a single DROP band at
 * its limit, attached to the flow's rule. A meter's rate never changes: a new limit is a new meter,
 * and the rule points at it once the host says it is in force, and only then is the old one removed
 * (make before break; ONOS 2.7 cannot modify a meter). A flow whose meter fails stays counted but
 * unlimited, never half-limited, and its meter is asked for again after a back-off that doubles
 * from two periods up to {@link #RETRY_MAX_PERIODS} periods: a switch's refusal may pass (a full
 * table frees up, ONOS reports a stale TIMEOUT for a reused id), and a retry storm must not.
 */
public final class MeterBackend implements EnforcementBackend {

    /** The longest wait between two requests for a refused flow's meter, in periods. */
    static final int RETRY_MAX_PERIODS = 16;

    /** Why a flow's meter was refused, how often, and when to ask again. */
    private static final class Refusal {
        final String reason;
        final int attempts;
        final long retryAtMs;

        Refusal(String reason, int attempts, long retryAtMs) {
            this.reason = reason;
            this.attempts = attempts;
            this.retryAtMs = retryAtMs;
        }

        String text(long nowMs) {
            return reason + " (" + attempts + (attempts == 1 ? " refusal" : " refusals") + "; asked again in "
                    + Math.max(0, (retryAtMs - nowMs + 999) / 1000) + " s)";
        }
    }

    /** One facility's meters. */
    private static final class Table {
        final Map<FiveTuple, FlowLimit> desired = new LinkedHashMap<>();
        final Map<FiveTuple, MeterSpec> attached = new HashMap<>();
        final Map<FiveTuple, MeterSpec> pending = new HashMap<>();
        public final Map<FiveTuple, Refusal> failed = new HashMap<>();
        long desiredId;
        long acknowledgedId;
        long acknowledgedMs = -1;
        long requested;
        String lastRefusal = "";
        boolean measured = true;
    }

    /** The first key of the meters of {@link org.fudp.loop.flow.UdpUnit units}: below, the flows'. */
    public static final long FIRST_UNIT_KEY = 1L << 30;

    private final MeteredRules flows;
    private final Map<String, Table> tables = new LinkedHashMap<>();
    private LoopSettings settings;
    private long nextKey;
    private long nowMs;

    /**
     * Creates the meters of flows' rules.
     *
     * @param settings the tunables
     * @param flows the rules the meters attach to
     */
    public MeterBackend(LoopSettings settings, MeteredRules flows) {
        this(settings, flows, 1);
    }

    /**
     * Creates meters whose keys start at a given one, so that two backends on one switch never share a key.
     *
     * @param settings the tunables
     * @param flows the rules the meters attach to
     * @param firstKey the first meter key, &gt; 0
     */
    public MeterBackend(LoopSettings settings, MeteredRules flows, long firstKey) {
        this.settings = settings;
        this.flows = flows;
        this.nextKey = firstKey;
    }

    public void setSettings(LoopSettings s) {
        settings = s;
    }

    @Override
    public void setFacilities(Collection<Facility> facilities, long nowMs, Actions out) {
        Map<String, Facility> wanted = new LinkedHashMap<>();
        facilities.forEach(f -> wanted.put(f.id(), f));
        for (String id : List.copyOf(tables.keySet())) {
            if (!wanted.containsKey(id)) {
                clear(tables.remove(id), out);
            }
        }
        wanted.keySet().forEach(id -> tables.computeIfAbsent(id, k -> new Table()));
    }

    @Override
    public void handOver(String facilityId) {
        // The meters and the rules that point at them stay, for the next controller.
        tables.remove(facilityId);
    }

    /**
     * Takes over a facility's limits as the controller before left them in force: each flow's rule
     * points at a meter at its limit that this backend did not make. They count as attached (under
     * keys of their own, which the host does not know): the limit stands with no new meter, and
     * when it changes or goes, the rule is re-pointed or detached, and the host, which sees the
     * switch's meter in the rule it took over, withdraws that.
     *
     * @param facilityId the facility
     * @param inForce the limits carried over
     */
    public void inherit(String facilityId, List<FlowLimit> inForce) {
        Table t = tables.get(facilityId);
        if (t == null) {
            return;
        }
        for (FlowLimit l : inForce) {
            MeterSpec m = new MeterSpec(facilityId, nextKey++, l.rateBps(), l.burstBytes());
            t.attached.put(l.flow(), m);
            flows.meterAttached(facilityId, l.flow(), RuleSpec.NO_METER, m.rateBps());
        }
    }

    /**
     * Handles the host's word that the meter a flow inherited is not there any more (its rule was
     * installed again without one): the flow is unlimited, and its meter is asked for at once.
     *
     * @param facilityId the facility
     * @param flow the flow
     * @param out where the notice goes
     */
    public void lost(String facilityId, FiveTuple flow, Actions out) {
        Table t = tables.get(facilityId);
        if (t == null || t.attached.remove(flow) == null) {
            return;
        }
        flows.meterAttached(facilityId, flow, RuleSpec.NO_METER, 0);
        t.acknowledgedMs = -1;
        out.warn("Flow " + flow + " at " + facilityId + " lost the meter it was taken over with: asked for again");
    }

    @Override
    public void setDesired(String facilityId, List<FlowLimit> limits) {
        Table t = tables.get(facilityId);
        if (t == null) {
            return;
        }
        Map<FiveTuple, FlowLimit> next = new LinkedHashMap<>();
        limits.forEach(l -> next.put(l.flow(), l));
        if (next.equals(t.desired)) {
            return;
        }
        // A flow whose limit changed is tried again at once; one refused at the same limit after its back-off.
        t.failed.keySet().removeIf(f -> !Objects.equals(next.get(f), t.desired.get(f)));
        t.desired.clear();
        t.desired.putAll(next);
        t.desiredId++;
        t.acknowledgedMs = -1;
    }

    @Override
    public boolean tick(long nowMs, Actions out) {
        this.nowMs = nowMs;
        tables.forEach((id, t) -> reconcile(id, t, out));
        return false;
    }

    private void reconcile(String facilityId, Table t, Actions out) {
        for (Map.Entry<FiveTuple, FlowLimit> e : t.desired.entrySet()) {
            FiveTuple flow = e.getKey();
            Refusal refused = t.failed.get(flow);
            boolean settled = refused != null && nowMs < refused.retryAtMs
                    || matches(t.attached.get(flow), e.getValue());
            if (!settled && matches(t.pending.get(flow), e.getValue())) {
                continue;
            }
            // A pending meter for another rate is no longer wanted.
            MeterSpec stale = t.pending.remove(flow);
            if (stale != null) {
                out.removeMeter(stale);
            }
            if (settled) {
                continue;
            }
            MeterSpec m = new MeterSpec(facilityId, nextKey++, e.getValue().rateBps(), e.getValue().burstBytes());
            t.pending.put(flow, m);
            t.requested++;
            out.addMeter(m);
        }
        for (FiveTuple flow : List.copyOf(t.attached.keySet())) {
            if (!t.desired.containsKey(flow)) {
                detach(facilityId, t, flow, out);
            }
        }
        for (FiveTuple flow : List.copyOf(t.pending.keySet())) {
            if (!t.desired.containsKey(flow)) {
                out.removeMeter(t.pending.remove(flow));
            }
        }
        t.failed.keySet().retainAll(t.desired.keySet());
    }

    private static boolean matches(MeterSpec m, FlowLimit l) {
        return m != null && m.rateBps() == l.rateBps() && m.burstBytes() == l.burstBytes();
    }

    // The rule first, then the meter: a rule must never point at a meter that is gone.
    private void detach(String facilityId, Table t, FiveTuple flow, Actions out) {
        MeterSpec old = t.attached.remove(flow);
        RuleSpec rule = flows.meteredRule(facilityId, flow);
        if (rule != null) {
            out.modifyRule(rule.withMeter(RuleSpec.NO_METER));
            flows.meterAttached(facilityId, flow, RuleSpec.NO_METER, 0);
        }
        out.removeMeter(old);
    }

    /**
     * Handles the host's word that a meter is in force on its switch: the flow's rule now points at
     * it, and the flow's previous meter goes.
     *
     * @param nowMs the time
     * @param facilityId the switch
     * @param meterKey the meter
     * @param out where the rule change and the removal go
     */
    public void added(long nowMs, String facilityId, long meterKey, Actions out) {
        Table t = tables.get(facilityId);
        FiveTuple flow = t == null ? null : pendingFlow(t, meterKey);
        if (flow == null) {
            return;
        }
        MeterSpec m = t.pending.remove(flow);
        RuleSpec rule = flows.meteredRule(facilityId, flow);
        if (rule == null) {
            out.removeMeter(m);
            return;
        }
        out.modifyRule(rule.withMeter(m.key()));
        flows.meterAttached(facilityId, flow, m.key(), m.rateBps());
        t.failed.remove(flow);
        MeterSpec old = t.attached.put(flow, m);
        if (old != null) {
            out.removeMeter(old);
        }
        if (complete(t)) {
            acknowledge(t, nowMs);
        }
    }

    /**
     * Handles the host's word that a meter could not be put in force (the switch's table is full,
     * a band or rate it does not support): the flow stays counted but unlimited, with no meter at all.
     *
     * @param nowMs the time
     * @param facilityId the switch
     * @param meterKey the meter
     * @param reason why, as the host has it
     * @param out where the notice, the rule change and the removals go
     */
    public void failed(long nowMs, String facilityId, long meterKey, String reason, Actions out) {
        this.nowMs = nowMs;
        Table t = tables.get(facilityId);
        FiveTuple flow = t == null ? null : pendingFlow(t, meterKey);
        if (flow == null) {
            return;
        }
        out.removeMeter(t.pending.remove(flow));
        if (t.attached.containsKey(flow)) {
            detach(facilityId, t, flow, out);
        }
        Refusal before = t.failed.get(flow);
        int attempts = before == null ? 1 : before.attempts + 1;
        long wait = settings.periodMs() << Math.min(attempts, Integer.numberOfTrailingZeros(RETRY_MAX_PERIODS));
        Refusal r = new Refusal(reason, attempts, nowMs + wait);
        t.failed.put(flow, r);
        t.lastRefusal = "the switch refused " + flow + " a meter: " + r.text(nowMs);
        out.warn("Flow " + flow + " at " + facilityId + " cannot be metered (" + reason
                + "): it stays counted, unlimited; its meter is asked for again in " + wait / 1000 + " s");
        if (complete(t)) {
            acknowledge(t, nowMs);
        }
    }

    private static void acknowledge(Table t, long nowMs) {
        t.acknowledgedId = t.desiredId;
        t.acknowledgedMs = nowMs;
        t.measured = false;
    }

    private static FiveTuple pendingFlow(Table t, long meterKey) {
        for (Map.Entry<FiveTuple, MeterSpec> e : t.pending.entrySet()) {
            if (e.getValue().key() == meterKey) {
                return e.getKey();
            }
        }
        return null;
    }

    // Every desired limit has its meter attached, or failed.
    private static boolean complete(Table t) {
        for (Map.Entry<FiveTuple, FlowLimit> e : t.desired.entrySet()) {
            if (!t.failed.containsKey(e.getKey()) && !matches(t.attached.get(e.getKey()), e.getValue())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean receive(long nowMs, String facilityId, byte[] frame, Actions out) {
        return false;
    }

    @Override
    public boolean isUp(String facilityId) {
        return tables.containsKey(facilityId);
    }

    @Override
    public OptionalLong inForceBps(String facilityId, FiveTuple flow) {
        Table t = tables.get(facilityId);
        MeterSpec m = t == null ? null : t.attached.get(flow);
        return m == null ? OptionalLong.empty() : OptionalLong.of(m.rateBps());
    }

    @Override
    public long sentDesiredId(String facilityId) {
        Table t = tables.get(facilityId);
        return t == null ? 0 : t.desiredId;
    }

    @Override
    public boolean desiredAcknowledged(String facilityId) {
        Table t = tables.get(facilityId);
        return t != null && complete(t);
    }

    @Override
    public Optional<long[]> rebaseWindow(String facilityId) {
        Table t = tables.get(facilityId);
        if (t == null || t.measured || t.acknowledgedMs < 0) {
            return Optional.empty();
        }
        return Optional.of(new long[]{t.acknowledgedMs + settings.counterLagMs(), t.acknowledgedMs});
    }

    @Override
    public void rebased(String facilityId) {
        Table t = tables.get(facilityId);
        if (t != null) {
            t.measured = true;
        }
    }

    @Override
    public Optional<AgentState> view(String facilityId) {
        Table t = tables.get(facilityId);
        if (t == null) {
            return Optional.empty();
        }
        String reason = t.failed.isEmpty() ? "" : t.failed.size() + " flow(s) counted but unlimited; "
                + t.lastRefusal;
        return Optional.of(AgentState.metered(facilityId, t.desiredId, t.acknowledgedId,
                Math.max(0, t.acknowledgedMs), t.requested, t.failed.size(), reason));
    }

    @Override
    public Optional<String> refusal(String facilityId, FiveTuple flow) {
        Table t = tables.get(facilityId);
        Refusal r = t == null ? null : t.failed.get(flow);
        return r == null ? Optional.empty() : Optional.of(r.text(nowMs));
    }

    @Override
    public void stop(Actions out) {
        tables.values().forEach(t -> clear(t, out));
    }

    // Every meter of a facility goes; the loop removes the rules that pointed at them.
    private static void clear(Table t, Actions out) {
        t.attached.values().forEach(out::removeMeter);
        t.pending.values().forEach(out::removeMeter);
        t.attached.clear();
        t.pending.clear();
    }
}
