"""Turns the raw reports of a run into the paper's metrics: per-flow throughput, Jain's index (Eq. 4) per
set, RTT and power (Eq. 5) over time, and the steady-state summary."""
import csv
import json
import math
import os

import traffic

BIN = 1.0  # seconds per sample in every time series
TRANSIENT_PERIODS = 10  # control periods after an arrival or departure that count as transient
# FUDPA's reasons for a set judged fair with its limits in force (NO_TCP is fair too, but lifts every limit).
SETTLED = ("IN_BAND", "WITHIN_MARGIN", "AT_ALLOCATION", "BELOW_SHARE", "LINK_HAS_ROOM")
IN_BAND = ("IN_BAND", "WITHIN_MARGIN")  # the UDP average inside the band, or within its hysteresis margin
TCP_SETTLE = 3.0  # seconds a scheduled TCP flow needs before the controller must count it
JOIN_MBPS = 10 * 1514 * 8 / 1e6  # the loop's join rate (Membership.JOIN_BPS): below it a TCP flow is starved

# The paper's own results (Section 5.2), shown beside ours. The paper gives one fairness figure per
# mechanism "in the equilibrium state", and power for IP only relative to FUDP.
PAPER = {
    "ip": {"jain": 0.36, "power": "about 30% of FUDP's"},
    "wfq": {"jain": 0.6, "power": "fluctuates, below FUDP"},
    "fudp": {"jain": 0.9, "power": "highest"},
}


def jain(values):
    """Jain's fairness index, Eq. (4): (sum w)^2 / (n * sum w^2); NaN for no flow or every flow at 0 (nothing
    is shared, so nothing is fair or unfair). The same as org.fudp.algorithm.JainIndex, checked on the shared
    fixture by test_analyze.py; callers average with _mean, which skips NaN."""
    n = len(values)
    sq = sum(v * v for v in values)
    if n == 0 or sq == 0:
        return float("nan")
    return sum(values) ** 2 / (n * sq)


def maxmin_shares(capacity, tcp_flows, udp_demands):
    """Max-min fair shares of a bottleneck: every TCP flow has unbounded demand, each UDP flow wants its
    demand. Returns (the UDP flows' shares in input order, each TCP flow's share or None without TCP). The
    same as org.fudp.algorithm.MaxMinAllocator, checked on the shared fixture by test_analyze.py."""
    order = sorted(range(len(udp_demands)), key=lambda i: udp_demands[i])
    shares = [0.0] * len(udp_demands)
    remaining, y = float(capacity), tcp_flows + len(udp_demands)
    level = None
    for i in order:
        share = remaining / y
        if level is None and udp_demands[i] > share:
            level = share
        shares[i] = udp_demands[i] if level is None else level
        remaining -= shares[i]
        y -= 1
    return shares, (remaining / tcp_flows if tcp_flows else None)


def weighted_shares(capacity, tcp_flows, udp_demands, weights, mins=None, caps=None):
    """Weighted max-min with minimums and caps: each TCP flow gets the level L, UDP flow j
    min(demand, cap, max(min, weight * L)), using the capacity (with at least one TCP flow). Returns (the UDP
    shares, L). The same as MaxMinAllocator.weightedLevel, checked on the shared fixture."""
    mins = mins or [0.0] * len(udp_demands)
    caps = caps or [float("inf")] * len(udp_demands)

    def use(level):
        return [min(d, c, max(m, w * level)) for d, w, m, c in zip(udp_demands, weights, mins, caps)]

    lo, hi = 0.0, float(capacity) / tcp_flows
    for _ in range(200):
        mid = lo + (hi - lo) / 2
        if mid <= lo or mid >= hi:
            break
        if tcp_flows * mid + sum(use(mid)) > capacity:
            hi = mid
        else:
            lo = mid
    return use(lo), lo


def _mean(xs):
    xs = [x for x in xs if x is not None and not math.isnan(x)]
    return sum(xs) / len(xs) if xs else float("nan")


class MechanismResult:
    """Time series of one mechanism run, on a grid of BIN-second samples from t = 0."""

    def __init__(self, scenario, mechanism, rundir, t0, launches, controller_log=None, stops=None):
        self.scenario = scenario
        self.mechanism = mechanism
        self.rundir = rundir
        self.nbins = int(math.ceil(scenario.length / BIN))
        self.times = [(i + 0.5) * BIN for i in range(self.nbins)]
        self.flow_mbps = {f.id: [0.0] * self.nbins for f in scenario.flows}
        self.errors = []
        for la in launches:
            intervals, err = traffic.read_intervals(la)
            if err or not intervals:
                self.errors.append("flow %d (part %d): %s" % (la["flow"], la["k"], err or "no receiver report"))
            for a, b, nbytes in intervals:
                self._spread(la["flow"], la["t"] + a, la["t"] + b, nbytes)
        self.rtt = {}
        for set_name, _, _ in traffic.ping_pairs(scenario):
            samples = traffic.read_ping(os.path.join(rundir, "ping-%s.txt" % set_name))
            per_bin = [[] for _ in range(self.nbins)]
            for epoch, ms in samples:
                i = int((epoch - t0) // BIN)
                if 0 <= i < self.nbins:
                    per_bin[i].append(ms)
            self.rtt[set_name] = [_mean(b) if b else float("nan") for b in per_bin]
        self.controller = controller_log or []
        self.stops = stops or {}  # scenario flow id -> times its TCP traffic stopped, seconds from t0

    def _spread(self, flow_id, a, b, nbytes):
        """Adds a report interval's bytes to the bins it overlaps, in proportion to the overlap."""
        if b <= a:
            return
        series = self.flow_mbps[flow_id]
        i = max(0, int(a // BIN))
        while i < self.nbins and i * BIN < b:
            lo, hi = max(a, i * BIN), min(b, (i + 1) * BIN)
            if hi > lo:
                series[i] += nbytes * (hi - lo) / (b - a) * 8 / 1e6 / BIN
            i += 1

    def active(self, flow, i):
        lo, hi = i * BIN, (i + 1) * BIN
        return flow.start <= lo and hi <= flow.end + 1e-9

    def set_flows(self, set_name):
        return [f for f in self.scenario.flows if f.set == set_name]

    def jain_series(self, set_name):
        out = []
        for i in range(self.nbins):
            vals = [self.flow_mbps[f.id][i] for f in self.set_flows(set_name) if self.active(f, i)]
            out.append(jain(vals))
        return out

    def fair_shares(self, set_name, i):
        """Each active flow's max-min fair share of the set's bottleneck in bin i, given its demand (TCP:
        unbounded; UDP: its offered rate) and its traffic class (weight; exempt: its demand, taken from the
        capacity), as {flow id: Mbit/s}."""
        flows = [f for f in self.set_flows(set_name) if self.active(f, i)]
        tcp = [f for f in flows if f.protocol == "tcp"]
        policy = self.scenario.policies()
        exempt = [f for f in flows if f.protocol != "tcp" and policy.get(f.id, {}).get("exempt")]
        udp = [f for f in flows if f.protocol != "tcp" and f not in exempt]
        capacity = self.scenario.capacity_mbps(set_name)
        if policy and tcp:
            # The policy's shares: exempt flows get their demand and load the link; the rest is weighted.
            capacity = max(0.0, capacity - sum(f.rate_mbps for f in exempt))
            udp_shares, tcp_share = weighted_shares(capacity, len(tcp), [f.rate_mbps for f in udp],
                                                    [policy.get(f.id, {}).get("weight", 1.0) for f in udp])
        else:
            udp, exempt = udp + exempt, []
            udp_shares, tcp_share = maxmin_shares(capacity, len(tcp), [f.rate_mbps for f in udp])
        out = {f.id: tcp_share for f in tcp}
        out.update({f.id: s for f, s in zip(udp, udp_shares)})
        out.update({f.id: f.rate_mbps for f in exempt})
        return out

    def normalized_jain_series(self, set_name):
        """Jain over throughput / max-min fair share: 1.0 is the ideal allocation whatever the demands."""
        out = []
        for i in range(self.nbins):
            shares = self.fair_shares(set_name, i)
            out.append(jain([self.flow_mbps[fid][i] / s for fid, s in shares.items() if s]))
        return out

    def all_sets(self):
        """The trace study's view of a run with several sets: every set's flows together, each divided by its
        max-min fair share in its own set, over the seconds in which every set is in its steady window. Per
        second (Eq. (4) averaged) and of the flows' means (each flow's mean over its mean share)."""
        sets = self.scenario.sets()
        windows = [self.scenario.steady_window(s) for s in sets]
        lo, hi = max(w[0] for w in windows), min(w[1] for w in windows)
        bins = [i for i in range(self.nbins) if i * BIN >= lo - 1e-9 and (i + 1) * BIN <= hi + 1e-9]
        per_second, got, due = [], {}, {}
        for i in bins:
            shares = {}
            for s in sets:
                shares.update(self.fair_shares(s, i))
            per_second.append(jain([self.flow_mbps[fid][i] / sh for fid, sh in shares.items() if sh]))
            for fid, sh in shares.items():
                got[fid] = got.get(fid, 0.0) + self.flow_mbps[fid][i]
                due[fid] = due.get(fid, 0.0) + sh
        return {"window": [lo, hi], "flows": len(due),
                "jainNormalizedSteady": round(_mean(per_second), 4) if per_second else None,
                "jainOfMeansNormalized": round(jain([got[f] / due[f] for f in due if due[f]]), 4) if due else None}

    def set_mbps(self, set_name):
        return [sum(self.flow_mbps[f.id][i] for f in self.set_flows(set_name)) for i in range(self.nbins)]

    def power_series(self, set_name):
        thr, rtt = self.set_mbps(set_name), self.rtt.get(set_name, [])
        return [thr[i] / (rtt[i] / 1000.0) if i < len(rtt) and rtt[i] and not math.isnan(rtt[i]) else float("nan")
                for i in range(self.nbins)]

    def window_bins(self, set_name):
        lo, hi = self.scenario.steady_window(set_name)
        return [i for i in range(self.nbins) if i * BIN >= lo - 1e-9 and (i + 1) * BIN <= hi + 1e-9]

    def steady(self, set_name):
        bins = self.window_bins(set_name)
        js, thr, rtt = self.jain_series(set_name), self.set_mbps(set_name), self.rtt.get(set_name, [])
        goodput = _mean([thr[i] for i in bins])
        rtt_ms = _mean([rtt[i] for i in bins if i < len(rtt)])
        flows = self.set_flows(set_name)
        mean_per_flow = {f.id: _mean([self.flow_mbps[f.id][i] for i in bins]) for f in flows}
        njs = self.normalized_jain_series(set_name)
        return {
            "jainSteady": round(_mean([js[i] for i in bins]), 4),
            "jainNormalizedSteady": round(_mean([njs[i] for i in bins]), 4),
            # For schedules whose flows seldom all overlap (heavytail.json): every second with two flows or more.
            "jainNormalizedRun": round(_mean([njs[i] for i in range(self.nbins)
                                              if sum(1 for f in flows if self.active(f, i)) >= 2]), 4),
            "jainOfMeans": round(jain(list(mean_per_flow.values())), 4),
            "goodputMbps": round(goodput, 3),
            "rttMsMean": round(rtt_ms, 3),
            "power": round(goodput / (rtt_ms / 1000.0), 1) if rtt_ms and not math.isnan(rtt_ms) else None,
            "window": list(self.scenario.steady_window(set_name)),
            "flowMbps": {str(k): round(v, 3) for k, v in mean_per_flow.items()},
        }

    def events(self, set_name):
        """Times at which a flow of the set arrives or leaves (run start and end excluded)."""
        out = []
        for f in self.set_flows(set_name):
            out += [t for t in (f.start, f.end) if 0 < t < self.scenario.length - 1e-9]
        return sorted(out)

    def transient(self, set_name, t):
        """Whether time t is within TRANSIENT_PERIODS control periods after an arrival or departure."""
        span = TRANSIENT_PERIODS * self.scenario.period
        return any(e <= t < e + span for e in self.events(set_name))

    def churn(self, set_name):
        """FUDP's control churn in a set, from the controller's log: limit changes (a flow newly limited,
        released, or given another rate) per minute and per limited flow per 10 periods, split into transient
        (within TRANSIENT_PERIODS periods after an arrival or departure) and steady (the rest, while the set
        has a UDP flow)."""
        rows = [r for r in self.controller if r["set"] == set_name]
        acc = {"transient": [0, 0, 0], "steady": [0, 0, 0]}  # changes, periods, limited-flow periods
        before = {}
        for r in rows:
            now = r["allocations"]
            changes = sum(1 for k in set(now) | set(before) if now.get(k) != before.get(k))
            before = now
            if r["udpFlows"] == 0 and not now:
                continue
            a = acc["transient" if self.transient(set_name, r["t"]) else "steady"]
            a[0] += changes
            a[1] += 1
            a[2] += len(now)
        minutes = self.scenario.period / 60.0
        out = {}
        for kind, (changes, periods, limited) in acc.items():
            out[kind] = {"periods": periods, "limitChanges": changes,
                         "limitChangesPerMinute": round(changes / (periods * minutes), 2) if periods else None,
                         "limitChangesPerLimitedFlowPer10Periods":
                             round(10.0 * changes / limited, 3) if limited else None}
        return out

    def tcp_dropped(self, set_name):
        """Periods in which the controller counted no TCP flow (NO_TCP: every limit lifted) although the
        schedule had a TCP flow running for at least TCP_SETTLE seconds: a starved TCP flow wrongly taken for
        gone."""
        tcp = [f for f in self.set_flows(set_name) if f.protocol == "tcp"]
        return sum(1 for r in self.controller if r["set"] == set_name and r["reason"] == "NO_TCP"
                   and any(f.start + TCP_SETTLE <= r["t"] < f.end - 1.0 for f in tcp))

    def starved_tcp(self, set_name):
        """Seconds in which a scheduled TCP flow of the set moved less than the join rate (ten full frames a
        second, at its receiver) although it had run for TCP_SETTLE seconds and had a second to go: starved
        into retransmission timeouts. For each, whether the controller's first period ending after it counted
        fewer TCP flows than the schedule: a starved flow taken for gone."""
        tcp = [f for f in self.set_flows(set_name) if f.protocol == "tcp"]
        rows = [r for r in self.controller if r["set"] == set_name]
        starved = dropped = 0
        for f in tcp:
            for i, t in enumerate(self.times):
                if not (f.start + TCP_SETTLE <= t - BIN / 2 and t + BIN / 2 <= f.end - 1.0):
                    continue
                if self.flow_mbps[f.id][i] >= JOIN_MBPS:
                    continue
                starved += 1
                after = [r for r in rows if r["t"] >= t + BIN / 2]
                if after:
                    r = after[0]
                    running = sum(1 for g in tcp if g.start + TCP_SETTLE <= r["t"] < g.end - 1.0)
                    dropped += 1 if r["tcpFlows"] < running else 0
        return {"starvedSeconds": starved, "takenForGone": dropped}

    def packet_outs(self):
        """Packet-Outs (control frames) per minute over the run, transient (any set within TRANSIENT_PERIODS
        after an event) and steady, from the cumulative count in the controller's log."""
        rows = sorted({r["t"]: r["packetOuts"] for r in self.controller if r["packetOuts"] is not None}.items())
        acc = {"transient": [0, 0.0], "steady": [0, 0.0]}
        for (t0, n0), (t1, n1) in zip(rows, rows[1:]):
            kind = "transient" if any(self.transient(s, t1) for s in self.scenario.sets()) else "steady"
            acc[kind][0] += n1 - n0
            acc[kind][1] += t1 - t0
        return {k: {"packetOuts": n, "seconds": round(sec, 1),
                    "perMinute": round(60.0 * n / sec, 2) if sec > 0 else None} for k, (n, sec) in acc.items()}

    def reconvergence(self):
        """For FUDP: after each flow arrives or leaves, how many reallocations (periods judged outside the
        band) the set needed before a period found it fair again, from the controller's own log. Counting
        starts at the first period whose membership shows the event (the controller learns of a flow only
        when its packets arrive)."""
        out = []
        for f in self.scenario.flows:
            if not f.set:
                continue
            for kind, t in (("arrives", f.start), ("leaves", f.end)):
                if t <= 0 or t >= self.scenario.length - 1e-9:
                    continue
                mates = [g for g in self.scenario.flows if g.set == f.set]
                nxt = [g.start for g in mates if g.start > t] + [g.end for g in mates if g.end > t]
                horizon = min(nxt) if nxt else self.scenario.length
                after = t + 1e-6
                want_tcp = sum(1 for g in mates if g.protocol == "tcp" and g.start <= after < g.end)
                want_udp = sum(1 for g in mates if g.protocol == "udp" and g.start <= after < g.end)
                if want_udp == 0:
                    continue  # nothing to allocate
                rows = [r for r in self.controller if r["set"] == f.set and t < r["t"] <= horizon]
                # A new flow's iperf3 control connection can count as a TCP flow for one period, so an
                # arrival is seen once the counts reach the schedule's, a departure once they drop to it.
                if kind == "arrives":
                    seen = [i for i, r in enumerate(rows) if r["tcpFlows"] >= want_tcp and r["udpFlows"] >= want_udp]
                else:
                    seen = [i for i, r in enumerate(rows) if r["tcpFlows"] <= want_tcp and r["udpFlows"] <= want_udp]
                entry = {"flow": f.id, "event": kind, "t": t, "set": f.set, "adjustments": None,
                         "seenAfterSeconds": None, "secondsToSettled": None, "secondsToBand": None,
                         "trafficStoppedAfterSeconds": None, "settledAfterTrafficStopped": None}
                if seen:
                    entry["seenAfterSeconds"] = round(rows[seen[0]]["t"] - t, 2)
                    adjustments = 0  # periods judged unfair, counted from the first that saw the event
                    for r in rows[seen[0]:]:
                        # NO_TCP is "fair" for FUDPA but means limits lifted: not settled.
                        if r["reason"] in SETTLED:
                            entry["secondsToSettled"] = round(r["t"] - t, 2)
                            break
                        adjustments += 1
                    entry["adjustments"] = adjustments
                    for r in rows[seen[0]:]:
                        if r["reason"] in IN_BAND:
                            entry["secondsToBand"] = round(r["t"] - t, 2)
                            break
                stop = self.traffic_stop(f) if kind == "leaves" else None
                if stop is not None:
                    entry["trafficStoppedAfterSeconds"] = round(stop - t, 2)
                    if entry["secondsToSettled"] is not None:
                        entry["settledAfterTrafficStopped"] = round(t + entry["secondsToSettled"] - stop, 2)
                out.append(entry)
        return out

    def traffic_stop(self, flow):
        """When a TCP flow's traffic stopped at the switch, from the lab controller's log (the counter of
        its rule, read every 100 ms), the first stop after its scheduled end; None if not logged."""
        if flow.protocol != "tcp":
            return None
        times = [t for t in self.stops.get(flow.id, []) if t >= flow.end - 0.5]
        return min(times) if times else None


def reconvergence_text(e):
    if e["seenAfterSeconds"] is None:
        return "the controller's membership never matched the schedule before the next event"
    what = "seen after %.1f s, %d period(s) judged unfair, " % (e["seenAfterSeconds"], e["adjustments"])
    if e["secondsToSettled"] is None:
        return what + "not settled before the next event"
    what += "settled %.1f s after the event" % e["secondsToSettled"]
    if e["settledAfterTrafficStopped"] is not None:
        what += " (traffic stopped %.1f s after the scheduled end; settled %.1f s after that)" % (
            e["trafficStoppedAfterSeconds"], e["settledAfterTrafficStopped"])
    if e["secondsToBand"] is None:
        return what + ", UDP average not in the band before the next event"
    return what + ", UDP average in the band %.1f s after the event" % e["secondsToBand"]


def write_csvs(results, outdir):
    with open(os.path.join(outdir, "throughput.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["mechanism", "t_s", "flow", "protocol", "src", "dst", "set", "mbps"])
        for r in results:
            for f in r.scenario.flows:
                for i, t in enumerate(r.times):
                    w.writerow([r.mechanism, t, f.id, f.protocol, f.src, f.dst, f.set or "", round(r.flow_mbps[f.id][i], 4)])
    with open(os.path.join(outdir, "fairness.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["mechanism", "t_s", "set", "jain", "active_flows"])
        for r in results:
            for s in r.scenario.sets():
                js = r.jain_series(s)
                for i, t in enumerate(r.times):
                    n = sum(1 for f in r.set_flows(s) if r.active(f, i))
                    w.writerow([r.mechanism, t, s, "" if math.isnan(js[i]) else round(js[i], 4), n])
    with open(os.path.join(outdir, "rtt-power.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["mechanism", "t_s", "set", "set_mbps", "rtt_ms", "power_mbps_per_s"])
        for r in results:
            for s in r.scenario.sets():
                thr, rtt, pw = r.set_mbps(s), r.rtt.get(s, []), r.power_series(s)
                for i, t in enumerate(r.times):
                    rv = rtt[i] if i < len(rtt) else float("nan")
                    w.writerow([r.mechanism, t, s, round(thr[i], 4), "" if math.isnan(rv) else round(rv, 3),
                                "" if math.isnan(pw[i]) else round(pw[i], 1)])


def summary(results, scenario, extra=None):
    out = {"scenario": scenario.name, "mechanisms": {}}
    for r in results:
        entry = {"sets": {s: r.steady(s) for s in scenario.sets()}}
        if len(scenario.sets()) > 1:
            entry["allSets"] = r.all_sets()
        if r.errors:
            entry["errors"] = r.errors
        if r.mechanism.startswith("fudp"):
            entry["reconvergence"] = r.reconvergence()
            for s in scenario.sets():
                entry["sets"][s]["churn"] = r.churn(s)
                entry["sets"][s]["noTcpWhileTcpRuns"] = r.tcp_dropped(s)
                entry["sets"][s]["starvedTcp"] = r.starved_tcp(s)
            entry["packetOuts"] = r.packet_outs()
        out["mechanisms"][r.mechanism] = entry
    if extra:
        out.update(extra)
    return out


def write_summary(results, scenario, outdir, extra=None):
    data = summary(results, scenario, extra)
    with open(os.path.join(outdir, "summary.json"), "w") as fh:
        json.dump(data, fh, indent=2)
    lines = ["# Lab run: %s" % scenario.name, "", scenario.description, "",
             "Steady state per set = all of the set's flows active (window in seconds after the run start, "
             "first %.0f s after the last arrival skipped). Jain is Eq. (4) per 1 s sample, averaged over the "
             "window; RTT is ping from the set's first sender to the host behind the bottleneck; power is Eq. (5), "
             "goodput (Mbit/s) / mean RTT (s)." % scenario.settle, ""]
    lines += ["Jain normalized: Eq. (4) over each flow's throughput divided by its max-min fair share of the "
              "bottleneck given its demand (TCP unbounded, UDP its offered rate), so 1.0 is the ideal allocation "
              "whatever the demands.", ""]
    lines += ["| mechanism | set | window (s) | Jain (ours) | Jain normalized | Jain (paper) | goodput Mbit/s | "
              "RTT ms | power | paper power |", "|---|---|---|---|---|---|---|---|---|---|"]
    for mech, entry in data["mechanisms"].items():
        paper = PAPER.get(mech, {})
        for s, m in entry["sets"].items():
            lines.append("| %s | %s | %.0f-%.0f | %.3f | %.3f | %s | %.2f | %.1f | %s | %s |" % (
                mech, s, m["window"][0], m["window"][1], m["jainSteady"], m["jainNormalizedSteady"],
                paper.get("jain", "-"), m["goodputMbps"], m["rttMsMean"], m["power"], paper.get("power", "-")))
    lines.append("")
    lines.append("Jain normalized over the whole run (every second in which the set has two flows or more): "
                 + "; ".join("%s %s %.3f" % (mech, s, m["jainNormalizedRun"]) for mech, entry in data["mechanisms"].items()
                             for s, m in entry["sets"].items()))
    together = [(mech, entry["allSets"]) for mech, entry in data["mechanisms"].items() if entry.get("allSets")]
    if together:
        lines.append("")
        lines.append("All sets together (the trace study's view): Jain over every set's flows, each divided by its "
                     "max-min fair share in its set, in the seconds all sets are steady (%g-%g s); per second, and "
                     "of the flows' means: " % tuple(together[0][1]["window"])
                     + "; ".join("%s %.3f, %.3f" % (mech, a["jainNormalizedSteady"], a["jainOfMeansNormalized"])
                                 for mech, a in together if a["jainNormalizedSteady"] is not None))
    lines.append("")
    lines.append("Per-flow mean throughput in each set's steady window (Mbit/s):")
    lines.append("")
    for mech, entry in data["mechanisms"].items():
        parts = []
        for s, m in entry["sets"].items():
            parts.append("%s: " % s + ", ".join("flow %s %.2f" % kv for kv in m["flowMbps"].items()))
        lines.append("- %s: %s" % (mech, "; ".join(parts)))
        for e in entry.get("errors", []):
            lines.append("  - measurement problem: %s" % e)
    fudp = data["mechanisms"].get("fudp")
    if fudp and "packetOuts" in fudp:
        lines += ["", "FUDP's control churn (transient: within %d periods after a flow arrives or leaves; steady: "
                  "the rest): limit changes per minute and per limited flow per 10 periods, and Packet-Outs per "
                  "minute (snapshots, resends and heartbeats):" % TRANSIENT_PERIODS, ""]
        for s, m in fudp["sets"].items():
            c = m["churn"]
            lines.append("- %s: steady %s changes/min, %s per limited flow per 10 periods (%d periods); transient "
                         "%s changes/min (%d periods)" % (
                             s, c["steady"]["limitChangesPerMinute"], c["steady"]["limitChangesPerLimitedFlowPer10Periods"],
                             c["steady"]["periods"], c["transient"]["limitChangesPerMinute"], c["transient"]["periods"]))
        lines.append("- periods in which the controller counted no TCP flow although one ran (a starved TCP flow "
                     "taken for gone): " + ", ".join("%s %d" % (s, m["noTcpWhileTcpRuns"])
                                                      for s, m in fudp["sets"].items()))
        lines.append("- seconds in which a running TCP flow was starved below the join rate, and of those, how many "
                     "the controller's next period counted it gone: " + ", ".join(
                         "%s %d, %d" % (s, m["starvedTcp"]["starvedSeconds"], m["starvedTcp"]["takenForGone"])
                         for s, m in fudp["sets"].items()))
        po = fudp["packetOuts"]
        lines.append("- Packet-Outs: steady %s/min, transient %s/min" % (po["steady"]["perMinute"],
                                                                        po["transient"]["perMinute"]))
    if fudp and fudp.get("reconvergence"):
        lines += ["", "FUDP after each flow arrives or leaves, from the controller's log: when its membership "
                  "showed the event, how many periods it then judged the set unfair (reallocations, or NO_TCP when "
                  "a starved TCP flow dropped out), when it judged the set fair again with its limits in force "
                  "(settled: in the band, within its margin, at its allocation, or held at its limits with room "
                  "on the link), and when the set's UDP average was inside the band or its margin. Times are from the scheduled event; for a TCP "
                  "flow that leaves, also from when its traffic stopped at the switch (its rule's counter, read "
                  "every 100 ms):", ""]
        for e in fudp["reconvergence"]:
            lines.append("- flow %d %s at %.0f s (%s): %s" % (e["flow"], e["event"], e["t"], e["set"],
                                                              reconvergence_text(e)))
    lines += ["", "The paper: IP 0.36, WFQ 0.6, FUDP 0.9 (Jain, equilibrium); IP's power about 30% of FUDP's. "
              "Here RTT is queueing delay only (no netem in this kernel; base RTT about 0.06 ms), so power mostly "
              "rewards short queues.", ""]
    with open(os.path.join(outdir, "summary.md"), "w") as fh:
        fh.write("\n".join(lines))
    return data
