# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Turns the raw reports of a run into the paper's metrics: per-flow throughput, Jain's index (Eq. 4) per
set, RTT and power (Eq. 5) over time, and the steady-state summary. A flow without data is missing, never 0
Mbit/s (reports.py); FUDP's control metrics are control.py's, time to share timing.py's."""
import csv
import json
import math
import os

import control
import reports
import timing
import traffic
from control import reconvergence_text  # noqa: F401 - analyze.reconvergence_text, as before control.py

BIN = 1.0  # seconds per sample in every time series

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


def principal_key(scenario, flow, piece):
    """Whom piece `piece` of an unresponsive UDP flow counts for under the scenario's rule (docs/algorithm.md,
    "Principals"): a swarm's pieces are its 5-tuples, spread over its sources as swarm.py sends them; any other
    flow is one piece. The lab's hosts are 10.77.0.<index> (topo.py), a swarm's extra sources 10.77.0.<100 + k>."""
    rule = scenario.principal
    if flow.protocol == "udp-swarm":
        octet = (flow.swarm_addresses[piece % flow.swarm_sources] if flow.swarm_addresses
                 else scenario.hosts.index(flow.src) + 1)
    else:
        octet = scenario.hosts.index(flow.src) + 1
    if rule == "flow":
        return ("flow", flow.id, piece)
    if rule == "class":
        return ("class",)
    if rule.startswith("prefix/"):
        length = int(rule.split("/")[1])
        return ("prefix", octet >> (32 - length) if length > 24 else 0)
    return ("host", octet)


def principal_shares(scenario, capacity, tcp_flows, udp):
    """Max-min shares among the TCP flows and the principals of the UDP flows `udp`, then among each principal's
    pieces, within the TCP floor: the TCP flows keep at least n / (n + K) of the capacity (K the scenario's
    tcpFloorPrincipals, 0 for none). Returns (each UDP flow's share, summed over its pieces, in input order; each
    TCP flow's share or None without TCP)."""
    pieces = []  # (flow index, principal, demand)
    for j, f in enumerate(udp):
        n = f.swarm_flows if f.protocol == "udp-swarm" else 1
        pieces += [(j, principal_key(scenario, f, k), f.rate_mbps / n) for k in range(n)]
    keys = sorted({p for _, p, _ in pieces})
    demand = {k: 0.0 for k in keys}
    for _, k, d in pieces:
        demand[k] += d
    shares, tcp_share = maxmin_shares(capacity, tcp_flows, [demand[k] for k in keys])
    k_floor = scenario.tcp_floor_principals
    if tcp_flows and k_floor and sum(shares) > capacity * k_floor / (tcp_flows + k_floor):
        cap = capacity * k_floor / (tcp_flows + k_floor)
        shares, _ = maxmin_shares(cap, 0, [demand[k] for k in keys])
        tcp_share = (capacity - sum(shares)) / tcp_flows
    of = dict(zip(keys, shares))
    out = [0.0] * len(udp)
    for k in keys:
        mine = [(j, d) for j, p, d in pieces if p == k]
        split, _ = maxmin_shares(of[k], 0, [d for _, d in mine])
        for (j, _), sh in zip(mine, split):
            out[j] += sh
    return out, tcp_share


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


def _num(x, digits):
    """A CSV cell: the value rounded, or empty when it is unknown (NaN)."""
    return "" if x is None or math.isnan(x) else round(x, digits)


def _mean(xs):
    xs = [x for x in xs if x is not None and not math.isnan(x)]
    return sum(xs) / len(xs) if xs else float("nan")


class MechanismResult(control.ControlMetrics):
    """Time series of one mechanism run, on a grid of BIN-second samples from t = 0."""

    def __init__(self, scenario, mechanism, rundir, t0, launches, controller_log=None, stops=None, restarts=None):
        self.scenario = scenario
        self.mechanism = mechanism
        self.rundir = rundir
        self.nbins = int(math.ceil(scenario.length / BIN))
        self.times = [(i + 0.5) * BIN for i in range(self.nbins)]
        self.flow_mbps = {f.id: [0.0] * self.nbins for f in scenario.flows}
        self.intervals = {f.id: [] for f in scenario.flows}  # receiver intervals (start, end, bytes), s from t0
        self.errors = []
        self.missing = {}  # flow id -> why it has no data (reports.py): left out of every figure, never 0 Mbit/s
        self.sources = {}  # flow id -> where its data came from ("client", "server", both)
        for la, m in zip(launches, reports.measure_launches(launches, rundir)):
            if m["problem"]:
                self.errors.append("flow %d (part %d): %s" % (la["flow"], la["k"], m["problem"]))
            if m["missing"]:
                self.missing.setdefault(la["flow"], []).append("part %d: %s" % (la["k"], m["problem"]))
                continue
            self.sources.setdefault(la["flow"], set()).add(m["source"])
            for a, b, nbytes in m["intervals"]:
                self._spread(la["flow"], la["t"] + a, la["t"] + b, nbytes)
                self.intervals[la["flow"]].append((la["t"] + a, la["t"] + b, nbytes))
        for fid in self.missing:
            # Unknown, not zero: a flow with a part lost is left out whole (its other parts would be a partial mean).
            self.flow_mbps[fid] = [float("nan")] * self.nbins
        # The lab controller's restarts in this run (run.json, lab.py): {"at", "downSeconds", "signal", "stoppedAt",
        # "upAt"}, seconds from t0.
        self.restarts = restarts or []
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

    def measured(self, flow_id):
        """Whether the flow has data; a missing flow is left out of Jain, means and goodput (said in the summary)."""
        return flow_id not in self.missing

    def jain_series(self, set_name):
        out = []
        for i in range(self.nbins):
            vals = [self.flow_mbps[f.id][i] for f in self.set_flows(set_name) if self.active(f, i)
                    and self.measured(f.id)]
            out.append(jain(vals))
        return out

    def fair_shares(self, set_name, i, t=None):
        """Each active flow's max-min fair share of the set's bottleneck in bin i (or, given t, at time t), given its
        demand (TCP, QUIC: unbounded; UDP, a quic-flood, a swarm: its offered rate, shared among the UDP's
        principals and within the TCP floor, principal_shares) and its traffic class (weight; exempt: its demand, taken from
        the capacity), as {flow id: Mbit/s}."""
        flows = [f for f in self.set_flows(set_name) if (self.active(f, i) if t is None else f.start <= t < f.end)]
        tcp = [f for f in flows if f.elastic]  # TCP and QUIC: unbounded demand
        policy = self.scenario.policies()
        exempt = [f for f in flows if not f.elastic and policy.get(f.id, {}).get("exempt")]
        udp = [f for f in flows if not f.elastic and f not in exempt]
        capacity = self.scenario.capacity_mbps(set_name)
        if policy and tcp:
            # The policy's shares: exempt flows get their demand and load the link; the rest is weighted.
            capacity = max(0.0, capacity - sum(f.rate_mbps for f in exempt))
            udp_shares, tcp_share = weighted_shares(capacity, len(tcp), [f.rate_mbps for f in udp],
                                                    [policy.get(f.id, {}).get("weight", 1.0) for f in udp])
        else:
            udp, exempt = udp + exempt, []
            udp_shares, tcp_share = principal_shares(self.scenario, capacity, len(tcp), udp)
        out = {f.id: tcp_share for f in tcp}
        out.update({f.id: s for f, s in zip(udp, udp_shares)})
        out.update({f.id: f.rate_mbps for f in exempt})
        return out

    def normalized_jain_series(self, set_name):
        """Jain over throughput / max-min fair share: 1.0 is the ideal allocation whatever the demands. A missing
        flow still takes its share of the link (it ran), but has no value in the index."""
        out = []
        for i in range(self.nbins):
            shares = self.fair_shares(set_name, i)
            out.append(jain([self.flow_mbps[fid][i] / s for fid, s in shares.items() if s and self.measured(fid)]))
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
                shares.update({fid: sh for fid, sh in self.fair_shares(s, i).items() if self.measured(fid)})
            per_second.append(jain([self.flow_mbps[fid][i] / sh for fid, sh in shares.items() if sh]))
            for fid, sh in shares.items():
                got[fid] = got.get(fid, 0.0) + self.flow_mbps[fid][i]
                due[fid] = due.get(fid, 0.0) + sh
        return {"window": [lo, hi], "flows": len(due), "missingFlows": sorted(self.missing),
                "jainNormalizedSteady": round(_mean(per_second), 4) if per_second else None,
                "jainOfMeansNormalized": round(jain([got[f] / due[f] for f in due if due[f]]), 4) if due else None}

    def set_mbps(self, set_name):
        """The set's measured flows' throughput (a missing flow's is unknown, so goodput is a lower bound then)."""
        return [sum(self.flow_mbps[f.id][i] for f in self.set_flows(set_name) if self.measured(f.id))
                for i in range(self.nbins)]

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
        mean_per_flow = {f.id: _mean([self.flow_mbps[f.id][i] for i in bins]) for f in flows if self.measured(f.id)}
        njs = self.normalized_jain_series(set_name)
        return {
            "jainSteady": round(_mean([js[i] for i in bins]), 4),
            "jainNormalizedSteady": round(_mean([njs[i] for i in bins]), 4),
            # For schedules whose flows seldom all overlap (heavytail.json): every second with two flows or more.
            "jainNormalizedRun": round(_mean([njs[i] for i in range(self.nbins)
                                              if sum(1 for f in flows if self.active(f, i) and self.measured(f.id))
                                              >= 2]), 4),
            "jainOfMeans": round(jain(list(mean_per_flow.values())), 4),
            "goodputMbps": round(goodput, 3),
            "rttMsMean": round(rtt_ms, 3),
            "power": round(goodput / (rtt_ms / 1000.0), 1) if rtt_ms and not math.isnan(rtt_ms) else None,
            "window": list(self.scenario.steady_window(set_name)),
            "flowMbps": {str(f.id): round(mean_per_flow[f.id], 3) if f.id in mean_per_flow else None for f in flows},
            "missingFlows": [f.id for f in flows if not self.measured(f.id)],
        }


def write_csvs(results, outdir):
    with open(os.path.join(outdir, "throughput.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["mechanism", "t_s", "flow", "protocol", "src", "dst", "set", "mbps"])
        for r in results:
            for f in r.scenario.flows:
                for i, t in enumerate(r.times):
                    w.writerow([r.mechanism, t, f.id, f.protocol, f.src, f.dst, f.set or "", _num(r.flow_mbps[f.id][i], 4)])
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
        # Flows without data (reports.py): named, and left out of every figure above, never counted at 0 Mbit/s.
        entry["missingFlows"] = {str(fid): why for fid, why in sorted(r.missing.items())}
        entry["flowsFromServerReport"] = sorted(fid for fid, src in r.sources.items() if "server" in src)
        entry["timeToShare"] = timing.time_to_share(r)
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


def _missing_lines(data, scenario):
    """summary.md's paragraph on flows without data, when there are any; never silent."""
    labels = {str(f.id): f.label for f in scenario.flows}
    out = []
    for mech, entry in data["mechanisms"].items():
        for fid, why in entry.get("missingFlows", {}).items():
            out.append("- %s: flow %s (%s): %s" % (mech, labels.get(fid, fid), fid, "; ".join(why)))
    if not out:
        return []
    return ["", "**Missing flows**: neither the iperf3 client's report nor the server's own report of the test has "
            "data for them, so their throughput is unknown, not 0 Mbit/s. They are left out of Jain (raw and "
            "normalized; a missing flow still takes its max-min share of the link in the others' shares), of the "
            "per-flow means, of goodput (a lower bound in their sets) and of time to share:", ""] + out


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
    lines += _missing_lines(data, scenario)
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
            parts.append("%s: " % s + ", ".join("flow %s %s" % (k, "MISSING" if v is None else "%.2f" % v)
                                                for k, v in m["flowMbps"].items()))
        lines.append("- %s: %s" % (mech, "; ".join(parts)))
        for e in entry.get("errors", []):
            lines.append("  - measurement problem: %s" % e)
    lines += timing.summary_lines(data)
    fudp = data["mechanisms"].get("fudp")
    if fudp:
        lines += control.summary_lines(fudp)
    lines += ["", "The paper: IP 0.36, WFQ 0.6, FUDP 0.9 (Jain, equilibrium); IP's power about 30% of FUDP's. "
              "Here RTT is queueing delay only (no netem in this kernel; base RTT about 0.06 ms), so power mostly "
              "rewards short queues.", ""]
    with open(os.path.join(outdir, "summary.md"), "w") as fh:
        fh.write("\n".join(lines))
    return data
