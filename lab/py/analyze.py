"""Turns the raw reports of a run into the paper's metrics: per-flow throughput, Jain's index (Eq. 4) per
set, RTT and power (Eq. 5) over time, and the steady-state summary."""
import csv
import json
import math
import os

import traffic

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


def _mean(xs):
    xs = [x for x in xs if x is not None and not math.isnan(x)]
    return sum(xs) / len(xs) if xs else float("nan")


class MechanismResult:
    """Time series of one mechanism run, on a grid of BIN-second samples from t = 0."""

    def __init__(self, scenario, mechanism, rundir, t0, launches, controller_log=None):
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
        return {
            "jainSteady": round(_mean([js[i] for i in bins]), 4),
            "jainOfMeans": round(jain(list(mean_per_flow.values())), 4),
            "goodputMbps": round(goodput, 3),
            "rttMsMean": round(rtt_ms, 3),
            "power": round(goodput / (rtt_ms / 1000.0), 1) if rtt_ms and not math.isnan(rtt_ms) else None,
            "window": list(self.scenario.steady_window(set_name)),
            "flowMbps": {str(k): round(v, 3) for k, v in mean_per_flow.items()},
        }

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
                         "seenAfterSeconds": None, "secondsToBand": None}
                if seen:
                    entry["seenAfterSeconds"] = round(rows[seen[0]]["t"] - t, 2)
                    adjustments = 0  # periods not in the band, counted from the first that saw the event
                    for r in rows[seen[0]:]:
                        # Fair in the band's sense only: NO_TCP is "fair" for FUDPA but means limits lifted.
                        if r["reason"] in ("IN_BAND", "WITHIN_MARGIN"):
                            entry["secondsToBand"] = round(r["t"] - t, 2)
                            break
                        adjustments += 1
                    entry["adjustments"] = adjustments
                out.append(entry)
        return out


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
        if r.errors:
            entry["errors"] = r.errors
        if r.mechanism == "fudp":
            entry["reconvergence"] = r.reconvergence()
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
    lines += ["| mechanism | set | window (s) | Jain (ours) | Jain (paper) | goodput Mbit/s | RTT ms | power | "
              "paper power |", "|---|---|---|---|---|---|---|---|---|"]
    for mech, entry in data["mechanisms"].items():
        paper = PAPER.get(mech, {})
        for s, m in entry["sets"].items():
            lines.append("| %s | %s | %.0f-%.0f | %.3f | %s | %.2f | %.1f | %s | %s |" % (
                mech, s, m["window"][0], m["window"][1], m["jainSteady"], paper.get("jain", "-"),
                m["goodputMbps"], m["rttMsMean"], m["power"], paper.get("power", "-")))
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
    if fudp and fudp.get("reconvergence"):
        lines += ["", "FUDP after each flow arrives or leaves: periods judged otherwise than in the band "
                  "(reallocations, or NO_TCP when a starved TCP flow dropped out) before a period found the "
                  "set's UDP average inside the band again, from the controller's log:", ""]
        for e in fudp["reconvergence"]:
            if e["seenAfterSeconds"] is None:
                what = "the controller's membership never matched the schedule before the next event"
            elif e["secondsToBand"] is None:
                what = "seen after %.1f s, %d period(s) out of the band, not back before the next event" % (
                    e["seenAfterSeconds"], e["adjustments"])
            else:
                what = "seen after %.1f s, %d period(s) out of the band, back in it %.1f s after the event" % (
                    e["seenAfterSeconds"], e["adjustments"], e["secondsToBand"])
            lines.append("- flow %d %s at %.0f s (%s): %s" % (e["flow"], e["event"], e["t"], e["set"], what))
    lines += ["", "The paper: IP 0.36, WFQ 0.6, FUDP 0.9 (Jain, equilibrium); IP's power about 30% of FUDP's. "
              "Here RTT is queueing delay only (no netem in this kernel; base RTT about 0.06 ms), so power mostly "
              "rewards short queues.", ""]
    with open(os.path.join(outdir, "summary.md"), "w") as fh:
        fh.write("\n".join(lines))
    return data
