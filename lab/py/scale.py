# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The figures of a run at scale (a scenario with a `workload` or switch limits), per mechanism, from its raw
directory: table use, TABLE_FULL refusals, packet-ins offered / dropped / delivered per second, CPU of the lab
controller and of ovs-vswitchd, fairness among the elephants of each set (Jain, raw, from analyze.py), and the
completion times of the HTTP mice. Writes scale-summary.json, scale-summary.md and scale-switch.{png,svg}.
docs/lab.md, "Switch limits and a workload", says what each number is.
"""
import json
import math
import os

import switchmon
import topo as topo_mod
import traffic
import workload as workload_mod


def percentile(values, q):
    """The q-th percentile (0..100) by nearest rank on the sorted values; None for none."""
    if not values:
        return None
    v = sorted(values)
    k = max(0, min(len(v) - 1, int(math.ceil(q / 100.0 * len(v))) - 1))
    return v[k]


def _mean(xs):
    xs = [x for x in xs if x is not None and not (isinstance(x, float) and math.isnan(x))]
    return sum(xs) / len(xs) if xs else None


def _r(x, nd=1):
    return None if x is None else round(x, nd)


def rates(rows, key, t0):
    """[(t, per second)] from a cumulative column of the samples: the rise between consecutive samples over
    their time apart, stamped at the later one (seconds from t0). A drop (a counter reset) gives no rate."""
    out = []
    prev = None
    for r in rows:
        if r.get(key) is None:
            continue
        if prev is not None and r["epoch"] > prev["epoch"] and r[key] >= prev[key]:
            out.append((r["epoch"] - t0, (r[key] - prev[key]) / (r["epoch"] - prev["epoch"])))
        prev = r
    return out


def cpu_percent(rows, keys, t0):
    """[(t, % of one core)] of the summed cumulative CPU seconds in keys."""
    summed = []
    for r in rows:
        vals = [r.get(k) for k in keys]
        if all(v is not None for v in vals):
            summed.append({"epoch": r["epoch"], "cpu": sum(vals)})
    return [(t, 100.0 * v) for t, v in rates(summed, "cpu", t0)]


def windowed_max(series, seconds=10.0):
    """The largest mean over consecutive windows of the given length of a [(t, v)] series."""
    if not series:
        return None
    best, i = None, 0
    while i < len(series):
        t_end = series[i][0] + seconds
        vals = [v for t, v in series[i:] if t < t_end]
        if len(vals) >= max(1, int(seconds * 0.8)):
            m = sum(vals) / len(vals)
            best = m if best is None else max(best, m)
        i += max(1, len(vals))
    return best


def http_stats(rows, lo=None, hi=None):
    """Completion times of the HTTP requests started in [lo, hi) (epochs; all when None): count, failures,
    median, p90, p99 and max of the successful ones, in ms."""
    sel = [r for r in rows if (lo is None or r[0] >= lo) and (hi is None or r[0] < hi)]
    ok = [r[1] for r in sel if r[2]]
    fails = {}
    for r in sel:
        if not r[2]:
            fails[r[4] or "?"] = fails.get(r[4] or "?", 0) + 1
    return {"requests": len(sel), "ok": len(ok), "failed": len(sel) - len(ok), "failReasons": fails,
            "p50Ms": _r(percentile(ok, 50)), "p90Ms": _r(percentile(ok, 90)), "p99Ms": _r(percentile(ok, 99)),
            "maxMs": _r(max(ok) if ok else None)}


class ScaleResult:
    """The scale figures of one mechanism's run."""

    def __init__(self, sc, mechanism, rundir, result=None):
        self.sc = sc
        self.mechanism = mechanism
        self.rundir = rundir
        self.result = result  # analyze.MechanismResult, for the elephants' fairness
        with open(os.path.join(rundir, "run.json")) as fh:
            run = json.load(fh)
        self.t0 = run["t0"]
        self.died = {k: run[k] for k in ("processDiedAt", "processDied") if k in run}
        self.samples = switchmon.read_samples(os.path.join(rundir, "switch-samples.csv"))
        self.ctl = switchmon.read_controller_log(os.path.join(rundir, "controller.log"), self.t0)
        self.periods = 0
        try:
            with open(os.path.join(rundir, "controller-periods.csv")) as fh:
                self.periods = max(0, sum(1 for _ in fh) - 1)
        except OSError:
            pass
        self.http = {}
        self.parts = {}
        if sc.workload:
            for p in sc.workload.parts:
                self.parts[p.name] = workload_mod.read_json_line(os.path.join(rundir, "workload-%s.json" % p.name))
                if p.kind != "http":
                    self.parts[p.name + "-sink"] = workload_mod.read_json_line(
                        os.path.join(rundir, "workload-%s-sink.json" % p.name))
                else:
                    self.http[p.name] = workload_mod.read_http_csv(os.path.join(rundir, "http-%d.csv" % p.index))

    def in_run(self, series):
        return [(t, v) for t, v in series if 0 <= t <= self.sc.length + 1]

    def series(self):
        """Per-second series, seconds from t0: rules, packet-ins offered/dropped/read/handled per s, waiting,
        controller and vswitchd CPU %."""
        s = {"rules": [(r["epoch"] - self.t0, r["table_rules"]) for r in self.samples if r.get("table_rules") is not None],
             "offered": self.in_run(rates(self.samples, "meter_in", self.t0)),
             "dropped": self.in_run(rates(self.samples, "meter_dropped", self.t0)),
             "rconnOverflow": self.in_run(rates(self.samples, "rconn_overflow", self.t0)),
             "controllerCpu": self.in_run(cpu_percent(self.samples, ("ctl_cpu_s", "ctl_children_cpu_s",
                                                                      "ctl_monitor_cpu_s"), self.t0)),
             "controllerOwnCpu": self.in_run(cpu_percent(self.samples, ("ctl_cpu_s",), self.t0)),
             "ovsOfctlCpu": self.in_run(cpu_percent(self.samples, ("ctl_children_cpu_s",), self.t0)),
             "monitorCpu": self.in_run(cpu_percent(self.samples, ("ctl_monitor_cpu_s",), self.t0)),
             "vswitchdCpu": self.in_run(cpu_percent(self.samples, ("vswitchd_cpu_s",), self.t0))}
        stats = [dict(st, epoch=st["epoch"]) for st in self.ctl["stats"]]
        s["read"] = self.in_run(rates(stats, "packetIns", self.t0))
        s["handled"] = self.in_run(rates(stats, "handled", self.t0))
        s["refused"] = self.in_run(rates(stats, "tableFull", self.t0))
        s["waiting"] = [(st["epoch"] - self.t0, st["waiting"]) for st in stats]
        s["maxWaitMs"] = [(st["epoch"] - self.t0, st["maxWaitMs"]) for st in stats]
        return s

    def summary(self):
        s = self.series()
        limit = self.sc.switch["flowLimit"]
        rules = [v for t, v in s["rules"] if 0 <= t <= self.sc.length]
        full = [t for t, v in s["rules"] if limit is not None and v >= limit and 0 <= t <= self.sc.length]
        loads = [r["load1"] for r in self.samples if r.get("load1") is not None]
        busy = [r["busy_frac"] for r in self.samples if r.get("busy_frac") is not None]
        estab = [r["tcp_estab"] for r in self.samples if r.get("tcp_estab") is not None]
        last = self.ctl["stats"][-1] if self.ctl["stats"] else None
        offered, dropped = _mean([v for _, v in s["offered"]]), _mean([v for _, v in s["dropped"]])
        out = {
            "loadAverage1m": {"mean": _r(_mean(loads), 2), "max": _r(max(loads) if loads else None, 2)},
            "machineBusyPercent": _r(100 * _mean(busy) if busy else None),
            "switch": dict(self.sc.switch),
            "table": {"maxRules": int(max(rules)) if rules else None, "meanRules": _r(_mean(rules)),
                      "secondsAtLimit": len(full), "firstAtLimitS": _r(min(full) if full else None)},
            "refusals": {"tableFullRules": self.ctl["tableFullRules"], "tableFullLines": self.ctl["tableFullLines"],
                         "partlyInstalledFlows": self.ctl["partlyInstalled"],
                         # UDP into the adjustor whose rule back was refused: the base rule drops what comes back.
                         "udpIntoAdjustorWithoutRuleBack": sum(1 for f in self.ctl["partlyFlows"]
                                                               if f.startswith("udp")),
                         "otherRefused": self.ctl["otherRefused"],
                         "failedOvsOfctlCalls": self.ctl["failedCalls"]},
            "packetIns": {
                "offeredPerSecond": _r(offered), "droppedPerSecond": _r(dropped),
                "deliveredPerSecond": _r(offered - dropped) if offered is not None and dropped is not None else None,
                "readByControllerPerSecond": _r(_mean([v for _, v in s["read"]])),
                "handledByLoopPerSecond": _r(_mean([v for _, v in s["handled"]])),
                "lostOnConnectionPerSecond": _r(_mean([v for _, v in s["rconnOverflow"]])),
                "read": last["packetIns"] if last else None, "handled": last["handled"] if last else None,
                "waitingAtEnd": last["waiting"] if last else None,
                "maxWaiting": max([v for _, v in s["waiting"]]) if s["waiting"] else None,
                "maxWaitMs": max([v for _, v in s["maxWaitMs"]]) if s["maxWaitMs"] else None},
            "cpuPercentOfOneCore": {
                "controller": _r(_mean([v for _, v in s["controllerCpu"]])),
                "controllerMax10s": _r(windowed_max(s["controllerCpu"])),
                "controllerJava": _r(_mean([v for _, v in s["controllerOwnCpu"]])),
                "controllerOvsOfctlRuns": _r(_mean([v for _, v in s["ovsOfctlCpu"]])),
                "controllerMonitor": _r(_mean([v for _, v in s["monitorCpu"]])),
                "vswitchd": _r(_mean([v for _, v in s["vswitchdCpu"]]))},
            "tcpSocketsEstablishedMax": int(max(estab)) if estab else None,
        }
        if self.result is not None:
            out["sets"] = {}
            for set_name in self.sc.sets():
                st = self.result.steady(set_name)
                out["sets"][set_name] = {k: st[k] for k in ("jainSteady", "jainOfMeans", "jainNormalizedSteady",
                                                            "goodputMbps", "window", "flowMbps")}
        if self.mechanism.startswith("fudp"):
            out["loop"] = dict({"newFlowsLearnt": len(self.ctl["newFlows"]), "decisionRows": self.periods,
                                "agentDownEvents": self.ctl["agentDown"]}, **self.died)
            out["elephants"] = self.elephants()
        flows = self.sc.flows
        lo = self.t0 + min(f.start for f in flows) if flows else None
        hi = self.t0 + max(f.end for f in flows) if flows else None
        out["http"] = {name: {"all": http_stats(rows),
                              "beforeElephants": http_stats(rows, self.t0, lo) if flows else None,
                              "whileElephantsRun": http_stats(rows, lo, hi) if flows else None}
                       for name, rows in self.http.items()}
        out["generators"] = self.parts
        return out


    def elephants(self):
        """For each scenario flow (an elephant): the loop's flows to its iperf3 port learnt after it started (its
        iperf3 control connection, TCP, is one of them), how long after the first was, and the last of its own
        protocol (the data flow; for TCP the later of control and data), and which of their rules the switch
        refused, from the controller's log (times at 1 s resolution)."""
        out = {}
        for f in self.sc.flows:
            dst = topo_mod.Host(f.dst, self.sc.hosts.index(f.dst) + 1).ip
            suffix = "-%s-%d" % (dst, traffic.BASE_PORT + f.id)
            start = self.t0 + f.start
            learnt = [(t, fl) for t, fl in self.ctl["newFlows"] if fl.endswith(suffix) and (t is None or t >= start - 1)]
            own = [t for t, fl in learnt if t is not None and fl.startswith(f.protocol + "-")]
            refused = [(t, fl, roles) for t, fl, roles in self.ctl["refusedFlows"] if fl.endswith(suffix)
                       and (t is None or t >= start - 1)]
            firsts = [t for t, _ in learnt if t is not None]
            out[str(f.id)] = {"label": f.label, "window": [f.start, f.end], "learnt": len(learnt),
                              "firstLearntAfterS": _r(min(firsts) - start) if firsts else None,
                              "dataFlowLearntAfterS": _r(max(own) - start) if own else None,
                              "refusedRules": sum(len(r) for _, _, r in refused),
                              "refused": sorted({"%s %s" % (fl, "+".join(r)) for _, fl, r in refused})}
        return out


def load(sc, outdir, results):
    """ScaleResult per mechanism of a run, in the order of results (analyze.MechanismResult)."""
    return [ScaleResult(sc, r.mechanism, r.rundir, r) for r in results]


SERIES = ("rules", "offered", "dropped", "read", "handled", "waiting", "refused", "controllerCpu", "vswitchdCpu")


def write_series(scales, path):
    """scale.csv: mechanism, second (from t0, rounded), then each per-second series (blank where none)."""
    with open(path, "w") as fh:
        fh.write("mechanism,t_s," + ",".join(SERIES) + "\n")
        for sres in scales:
            ser = sres.series()
            by_t = {}
            for name in SERIES:
                for t, v in ser[name]:
                    by_t.setdefault(int(round(t)), {})[name] = v
            for t in sorted(by_t):
                fh.write("%s,%d,%s\n" % (sres.mechanism, t, ",".join(
                    "" if by_t[t].get(n) is None else "%.1f" % by_t[t][n] for n in SERIES)))


def _fmt(v, nd=1):
    if v is None:
        return "-"
    if isinstance(v, float):
        return ("%." + str(nd) + "f") % v
    return str(v)


def write(results, sc, outdir):
    """Writes scale-summary.json, scale-summary.md and the plot; returns the summary."""
    scales = load(sc, outdir, results)
    data = {"scenario": sc.name, "mechanisms": {s.mechanism: s.summary() for s in scales}}
    with open(os.path.join(outdir, "scale-summary.json"), "w") as fh:
        json.dump(data, fh, indent=2)
    write_series(scales, os.path.join(outdir, "scale.csv"))
    lim = sc.switch
    lines = ["# Scale run: %s" % sc.name, "", sc.description, "",
             "Switch: %s." % (", ".join("%s %s" % (k, v) for k, v in lim.items() if v is not None) or "no limits"),
             "Workload: %s." % ("; ".join(workload_mod.describe(p) for p in sc.workload.parts) if sc.workload else
                                "none"), "",
             "Per-second figures are means over the run; CPU in % of one core (this machine has 2); load is the "
             "machine's 1-minute load average, other work included.", "",
             "| | " + " | ".join(data["mechanisms"]) + " |", "|---|" + "---|" * len(data["mechanisms"])]

    def row(label, get):
        vals = []
        for m in data["mechanisms"].values():
            try:
                vals.append(_fmt(get(m)))
            except (KeyError, TypeError):
                vals.append("-")
        lines.append("| %s | %s |" % (label, " | ".join(vals)))

    row("load average (mean / max)", lambda m: "%s / %s" % (_fmt(m["loadAverage1m"]["mean"], 2),
                                                              _fmt(m["loadAverage1m"]["max"], 2)))
    row("TCP sockets established (max, all hosts)", lambda m: m["tcpSocketsEstablishedMax"])
    row("rules in table 0 (max / mean)", lambda m: "%s / %s" % (_fmt(m["table"]["maxRules"]),
                                                                 _fmt(m["table"]["meanRules"])))
    row("seconds at the table limit", lambda m: m["table"]["secondsAtLimit"])
    row("rules refused, TABLE_FULL (log lines)", lambda m: "%d (%d)" % (m["refusals"]["tableFullRules"],
                                                                         m["refusals"]["tableFullLines"]))
    row("flows partly installed (of them UDP sent into the adjustor without its rule back)", lambda m: "%d (%d)" % (
        m["refusals"]["partlyInstalledFlows"], m["refusals"]["udpIntoAdjustorWithoutRuleBack"]))
    row("other flow-mod errors", lambda m: sum(m["refusals"]["otherRefused"].values()))
    row("packet-ins offered to the meter /s", lambda m: m["packetIns"]["offeredPerSecond"])
    row("packet-ins dropped by the meter /s", lambda m: m["packetIns"]["droppedPerSecond"])
    row("packet-ins read by the controller /s", lambda m: m["packetIns"]["readByControllerPerSecond"])
    row("packet-ins handled by the loop /s", lambda m: m["packetIns"]["handledByLoopPerSecond"])
    row("packet-ins waiting (max) / longest wait s", lambda m: "%s / %s" % (
        _fmt(m["packetIns"]["maxWaiting"]), _fmt(m["packetIns"]["maxWaitMs"] / 1000.0
                                                 if m["packetIns"]["maxWaitMs"] is not None else None)))
    row("controller CPU % (mean / max 10 s)", lambda m: "%s / %s" % (_fmt(m["cpuPercentOfOneCore"]["controller"]),
                                                                     _fmt(m["cpuPercentOfOneCore"]["controllerMax10s"])))
    row("of which java / ovs-ofctl runs / monitor", lambda m: "%s / %s / %s" % (
        _fmt(m["cpuPercentOfOneCore"]["controllerJava"]), _fmt(m["cpuPercentOfOneCore"]["controllerOvsOfctlRuns"]),
        _fmt(m["cpuPercentOfOneCore"]["controllerMonitor"])))
    row("ovs-vswitchd CPU %", lambda m: m["cpuPercentOfOneCore"]["vswitchd"])
    row("flows learnt by the loop", lambda m: m["loop"]["newFlowsLearnt"])
    row("decision rows (sets with members, per period)", lambda m: m["loop"]["decisionRows"])
    row("adjustor agent taken for down", lambda m: m["loop"]["agentDownEvents"])
    row("controller or agent died at (s)", lambda m: m["loop"].get("processDiedAt"))
    row("packet-ins lost on the monitor's connection /s", lambda m: m["packetIns"]["lostOnConnectionPerSecond"])
    for set_name in sc.sets():
        row("%s: Jain, elephants, raw (steady / of means)" % set_name, lambda m, s=set_name: "%.3f / %.3f" % (
            m["sets"][s]["jainSteady"], m["sets"][s]["jainOfMeans"]))
        row("%s: goodput Mbit/s" % set_name, lambda m, s=set_name: m["sets"][s]["goodputMbps"])
    for name in (data["mechanisms"][next(iter(data["mechanisms"]))]["http"] if data["mechanisms"] else {}):
        for part in ("all", "beforeElephants", "whileElephantsRun"):
            row("%s (%s): requests, failed" % (name, part), lambda m, n=name, p=part: "%d, %d" % (
                m["http"][n][p]["requests"], m["http"][n][p]["failed"]))
            row("%s (%s): completion p50 / p99 ms" % (name, part), lambda m, n=name, p=part: "%s / %s" % (
                _fmt(m["http"][n][p]["p50Ms"]), _fmt(m["http"][n][p]["p99Ms"])))
    lines.append("")
    for mech, m in data["mechanisms"].items():
        for fid, e in m.get("elephants", {}).items():
            lines.append("- %s, elephant %s: %d flow(s) to its iperf3 port learnt (control connection included)%s; "
                         "%d of their rules refused%s" % (
                mech, e["label"], e["learnt"], "" if e["firstLearntAfterS"] is None else
                ", the first at t = %.0f s (it ran %.0f-%.0f s)" % (e["firstLearntAfterS"] + e["window"][0],
                                                                    e["window"][0], e["window"][1]), e["refusedRules"],
                (" (" + "; ".join(e["refused"]) + ")") if e["refused"] else ""))
    lines.append("")
    for mech, m in data["mechanisms"].items():
        for name, g in m["generators"].items():
            if g:
                keep = {k: v for k, v in g.items() if not isinstance(v, list)}
                lines.append("- %s %s: `%s`" % (mech, name, json.dumps(keep, sort_keys=True)))
    lines.append("")
    with open(os.path.join(outdir, "scale-summary.md"), "w") as fh:
        fh.write("\n".join(lines))
    plot(scales, sc, outdir)
    return data


def plot(scales, sc, outdir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from plots import COLORS, _save

    fig, axes = plt.subplots(5, 1, figsize=(9, 13.5), sharex=True)
    for s in scales:
        ser = {k: (v if any(x for _, x in v) else []) for k, v in s.series().items()}
        c = COLORS.get(s.mechanism)
        name = s.mechanism.upper()
        if ser["rules"]:
            axes[0].plot(*zip(*ser["rules"]), color=c, label=name)
        if ser["offered"]:
            axes[1].plot(*zip(*ser["offered"]), color=c, lw=1.0, label="%s offered" % name)
        if ser["dropped"]:
            axes[1].plot(*zip(*ser["dropped"]), color=c, lw=1.0, ls="--", label="%s dropped by the meter" % name)
        if ser["read"]:
            axes[1].plot(*zip(*ser["read"]), color=c, lw=1.0, ls=":", label="%s read by the controller" % name)
        if ser["handled"]:
            axes[1].plot(*zip(*ser["handled"]), color="k", lw=0.8, ls="-.", label="%s handled by the loop" % name)
        if ser["controllerCpu"]:
            axes[2].plot(*zip(*ser["controllerCpu"]), color=c, label="%s controller" % name)
        if ser["vswitchdCpu"]:
            axes[2].plot(*zip(*ser["vswitchdCpu"]), color=c, lw=0.8, ls="--", label="%s ovs-vswitchd" % name)
        if ser["waiting"]:
            axes[4].plot(*zip(*ser["waiting"]), color=c, label="%s packet-ins waiting" % name)
            wait_ax = axes[4].twinx() if not hasattr(axes[4], "_wait") else axes[4]._wait
            axes[4]._wait = wait_ax
            wait_ax.plot([t for t, _ in ser["maxWaitMs"]], [v / 1000.0 for _, v in ser["maxWaitMs"]], color=c, ls="--",
                         lw=0.8, label="%s longest wait (s, right)" % name)
            wait_ax.set_ylabel("longest wait (s)")
            wait_ax.legend(fontsize=7, loc="lower right")
        for name_h, rows in s.http.items():
            bins = {}
            for r in rows:
                if r[2]:
                    bins.setdefault(int((r[0] - s.t0) // 5), []).append(r[1])
            ks = sorted(bins)
            if ks:
                axes[3].plot([k * 5 + 2.5 for k in ks], [percentile(bins[k], 50) for k in ks], color=c,
                             label="%s %s p50" % (name, name_h))
                axes[3].plot([k * 5 + 2.5 for k in ks], [percentile(bins[k], 99) for k in ks], color=c, ls="--",
                             label="%s %s p99" % (name, name_h))
    if sc.switch["flowLimit"] is not None:
        axes[0].axhline(sc.switch["flowLimit"], color="0.5", ls=":", lw=1, label="flowLimit")
    if sc.switch["packetInRate"] is not None:
        axes[1].axhline(sc.switch["packetInRate"], color="0.5", ls=":", lw=1, label="packetInRate")
    axes[0].set_ylabel("rules in table 0")
    axes[1].set_ylabel("packet-ins per s (log)")
    axes[2].set_ylabel("CPU, % of one core")
    axes[3].set_ylabel("HTTP completion ms (log)")
    axes[1].set_yscale("log")
    axes[3].set_yscale("log")
    axes[4].set_ylabel("packet-ins waiting")
    axes[4].set_xlabel("time (s)")
    titles = ["Switch table use", "Packet-ins: offered to the controller meter, dropped, read, handled",
              "CPU", "HTTP mice: completion time per 5 s (successful requests)",
              "The lab controller's queue of packet-ins"]
    for ax, title in zip(axes, titles):
        ax.set_title(title, fontsize=10)
        ax.grid(alpha=0.3)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=7, loc="upper left" if ax is axes[4] else "upper right")
        for f in sc.flows:
            ax.axvline(f.start, color="0.85", lw=0.8, zorder=0)
    _save(fig, outdir, "scale-switch")
