# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""What a run at scale records besides the traffic (docs/lab.md, "Switch limits and a workload"): once a second,
the switch's table use, the packet-ins its controller meter let through and dropped, OVS's count of packet-ins
lost on a full connection, CPU time of the lab controller (the java process, the ovs-ofctl runs it waited for,
and its live `ovs-ofctl monitor`) and of ovs-vswitchd, the machine's load; every fifth second the established
TCP sockets in each host's namespace. Everything goes to switch-samples.csv in the mechanism's directory, as
cumulative counters; the analysis (scale.py) turns them into rates.

The parsers are plain functions, tested by test_scale.py on OVS 3.1's texts.
"""
import csv
import os
import re
import subprocess
import threading
import time

import topo as topo_mod
from topo import log

CLK = os.sysconf("SC_CLK_TCK")
COLUMNS = ["epoch", "table_rules", "meter_in", "meter_dropped", "rconn_overflow", "ctl_cpu_s", "ctl_children_cpu_s",
           "ctl_monitor_cpu_s", "vswitchd_cpu_s", "load1", "busy_frac", "tcp_estab"]

AGGREGATE_RE = re.compile(r"\bflow_count=(\d+)")
METER_RE = re.compile(r"meter:controller\b.*?\bpacket_in_count:(\d+).*?\bbands:\s*0:\s*packet_count:(\d+)", re.S)
COVERAGE_RE = re.compile(r"^(\S+)\s+.*\btotal:\s*(\d+)\s*$", re.M)
SS_ESTAB_RE = re.compile(r"^TCP:\s+\d+\s+\(estab\s+(\d+)", re.M)


def parse_aggregate(text):
    """flow_count of `ovs-ofctl dump-aggregate BR table=0`: the rules in table 0; None if absent."""
    m = AGGREGATE_RE.search(text or "")
    return int(m.group(1)) if m else None


def parse_controller_meter(text):
    """(packets offered to the controller meter, packets its drop band dropped) from `ovs-ofctl meter-stats`, or
    (None, None) without a controller meter."""
    m = METER_RE.search(text or "")
    return (int(m.group(1)), int(m.group(2))) if m else (None, None)


def parse_coverage(text, name):
    """The total of one counter of `ovs-appctl coverage/show` (e.g. rconn_overflow: packet-ins and other messages
    dropped because a controller connection's queue was full); 0 when OVS never counted it (it lists only
    counters that moved)."""
    for m in COVERAGE_RE.finditer(text or ""):
        if m.group(1) == name:
            return int(m.group(2))
    return 0


def parse_proc_stat(text):
    """(utime + stime, cutime + cstime) of a /proc/<pid>/stat line, in seconds: the process's own CPU time (all
    threads) and that of the children it waited for."""
    f = text.rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / CLK, (int(f[13]) + int(f[14])) / CLK


def parse_ss_estab(text):
    """Established TCP sockets from `ss -s`; None if absent."""
    m = SS_ESTAB_RE.search(text or "")
    return int(m.group(1)) if m else None


def _read(path):
    try:
        with open(path) as fh:
            return fh.read()
    except OSError:
        return None


def _children(pid):
    """Live child processes of pid: {pid: cmdline}."""
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        st = _read("/proc/%s/stat" % d)
        if st and int(st.rsplit(")", 1)[1].split()[1]) == pid:
            out[int(d)] = (_read("/proc/%s/cmdline" % d) or "").replace("\0", " ")
    return out


def _busy():
    f = open("/proc/stat").readline().split()[1:]
    vals = list(map(int, f))
    return vals[3] + vals[4], sum(vals)


class Sampler(threading.Thread):
    """Samples once a second until stop(); writes switch-samples.csv in outdir."""

    def __init__(self, outdir, hosts, controller_pid=None, period=1.0, ss_every=5):
        super().__init__(name="switchmon", daemon=True)
        self.path = os.path.join(outdir, "switch-samples.csv")
        self.hosts = hosts
        self.controller_pid = controller_pid
        self.period = period
        self.ss_every = ss_every
        self.halt = threading.Event()
        self.rows = 0

    def stop(self):
        self.halt.set()
        self.join(timeout=10)

    def _sh(self, cmd):
        try:
            return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                  env=topo_mod.ovs_env(), timeout=5).stdout
        except (OSError, subprocess.SubprocessError):
            return ""

    def sample(self, n, last_busy):
        ofctl = ["ovs-ofctl", "-O", "OpenFlow13"]
        row = {"epoch": "%.3f" % time.time()}
        row["table_rules"] = parse_aggregate(self._sh(ofctl + ["dump-aggregate", topo_mod.BRIDGE, "table=0"]))
        row["meter_in"], row["meter_dropped"] = parse_controller_meter(
            self._sh(ofctl + ["meter-stats", topo_mod.BRIDGE, "meter=controller"]))
        vpid = _read(os.path.join(topo_mod.OVS_DIR, "ovs-vswitchd.pid"))
        if vpid and vpid.strip().isdigit():
            ctl = os.path.join(topo_mod.OVS_DIR, "ovs-vswitchd.%s.ctl" % vpid.strip())
            row["rconn_overflow"] = parse_coverage(self._sh(["ovs-appctl", "-t", ctl, "coverage/show"]),
                                                   "rconn_overflow")
            st = _read("/proc/%s/stat" % vpid.strip())
            row["vswitchd_cpu_s"] = "%.2f" % parse_proc_stat(st)[0] if st else None
        if self.controller_pid:
            st = _read("/proc/%d/stat" % self.controller_pid)
            if st:
                own, children = parse_proc_stat(st)
                row["ctl_cpu_s"], row["ctl_children_cpu_s"] = "%.2f" % own, "%.2f" % children
                mon = 0.0
                for pid, cmd in _children(self.controller_pid).items():
                    if " monitor " in cmd:
                        cst = _read("/proc/%d/stat" % pid)
                        mon += parse_proc_stat(cst)[0] if cst else 0.0
                row["ctl_monitor_cpu_s"] = "%.2f" % mon
        row["load1"] = (_read("/proc/loadavg") or "nan").split()[0]
        idle, total = _busy()
        if last_busy and total > last_busy[1]:
            row["busy_frac"] = "%.3f" % (1.0 - (idle - last_busy[0]) / float(total - last_busy[1]))
        if n % self.ss_every == 0:
            estab = [parse_ss_estab(self._sh(["ip", "netns", "exec", h.ns, "ss", "-s"])) for h in self.hosts.values()]
            row["tcp_estab"] = sum(e for e in estab if e is not None)
        return row, (idle, total)

    def run(self):
        with open(self.path, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=COLUMNS)
            w.writeheader()
            n, last_busy, last = 0, None, None
            next_at = time.time()
            while not self.halt.is_set():
                row, last_busy = self.sample(n, last_busy)
                w.writerow({k: ("" if row.get(k) is None else row[k]) for k in COLUMNS})
                fh.flush()
                self.rows += 1
                if n % 10 == 0 and n:
                    log("switch: %s rules in table 0, packet-ins %s offered / %s dropped in all, load %s%s" % (
                        row.get("table_rules"), row.get("meter_in", "-"), row.get("meter_dropped", "-"),
                        row.get("load1"), "" if row.get("tcp_estab") is None else
                        ", %d TCP sockets established" % row["tcp_estab"]))
                last = row
                n += 1
                next_at += self.period
                self.halt.wait(max(0.0, next_at - time.time()))
        return last


# ---- the lab controller's log --------------------------------------------------------------------------------

TABLE_FULL_RE = re.compile(r"WARN table full: (\d+) rules refused at (\S+) \(")
OTHER_REFUSED_RE = re.compile(r"WARN flow-mod refused \((\w+)\): (\d+) rules refused at ")
FAILED_RE = re.compile(r"WARN ovs-ofctl (\S+) failed: ")
PARTLY_RE = re.compile(r"; partly installed: (.*)$")
STATS_RE = re.compile(r"stats at (\d+) ms: packet-ins (\d+) read \((\d+) events, (\d+) control frames\), (\d+) handled, "
                      r"(\d+) waiting, longest wait (\d+) ms; rules refused: (\d+) table full, (\d+) other, (\d+) flows "
                      r"partly installed; heap (\d+) MB")


CLOCK_RE = re.compile(r"^\[controller (\d\d):(\d\d):(\d\d)\] ")
NEW_FLOW_RE = re.compile(r"\] New flow (\S+) at ")
FLOWS_RE = re.compile(r"; flows: (.*?)(?:; partly installed: |$)")
FLOW_IN_LIST_RE = re.compile(r"((?:tcp|udp)6?-\S+) \[([A-Z_, ]+)\]")
AGENT_DOWN_RE = re.compile(r"WARN Adjustor agent at \S+ is silent for \d+ ms: down")


def clock_epoch(hh, mm, ss, near):
    """The epoch of a log line's local HH:MM:SS, on the day that puts it nearest to the epoch `near`."""
    base = time.localtime(near)
    t = time.mktime((base.tm_year, base.tm_mon, base.tm_mday, int(hh), int(mm), int(ss), 0, 0, -1))
    return min((t - 86400, t, t + 86400), key=lambda x: abs(x - near))



def _refused_flows(out, when, line):
    """Counts the flows a refusal line names: those partly installed, and each refused flow's roles."""
    p = PARTLY_RE.search(line)
    out["partlyInstalled"] += len(p.group(1).split(", ")) if p else 0
    out["partlyFlows"] += p.group(1).split(", ") if p else []
    f = FLOWS_RE.search(line)
    for flow, roles in FLOW_IN_LIST_RE.findall(f.group(1) if f else ""):
        out["refusedFlows"].append((when, flow, roles.split(", ")))

def read_controller_log(path, near=None):
    """What the lab controller logged about the switch's refusals and its own load:
    {"tableFullLines", "tableFullRules", "otherRefused": {code: rules}, "failedCalls": {what: n},
    "partlyInstalled", "partlyFlows": [flow], "agentDown", "newFlows": [(epoch or None, flow)], "refusedFlows": [(epoch or None, flow,
    [roles])], "stats": [{"epoch", "packetIns", "events", "control", "handled", "waiting", "maxWaitMs",
    "tableFull", "other", "partly", "heapMb"}]}. Line times (1 s resolution) are taken on the day nearest the
    epoch `near` (the run's start); without it they are None."""
    out = {"tableFullLines": 0, "tableFullRules": 0, "otherRefused": {}, "failedCalls": {}, "partlyInstalled": 0,
           "agentDown": 0, "newFlows": [], "refusedFlows": [], "partlyFlows": [], "stats": []}
    text = _read(path) or ""
    for line in text.splitlines():
        c = CLOCK_RE.match(line)
        when = clock_epoch(*c.groups(), near) if c and near is not None else None
        m = NEW_FLOW_RE.search(line)
        if m:
            out["newFlows"].append((when, m.group(1)))
            continue
        m = TABLE_FULL_RE.search(line)
        if m:
            out["tableFullLines"] += 1
            out["tableFullRules"] += int(m.group(1))
            _refused_flows(out, when, line)
            continue
        if AGENT_DOWN_RE.search(line):
            out["agentDown"] += 1
            continue
        m = OTHER_REFUSED_RE.search(line)
        if m:
            out["otherRefused"][m.group(1)] = out["otherRefused"].get(m.group(1), 0) + int(m.group(2))
            _refused_flows(out, when, line)
            continue
        m = FAILED_RE.search(line)
        if m:
            out["failedCalls"][m.group(1)] = out["failedCalls"].get(m.group(1), 0) + 1
            continue
        m = STATS_RE.search(line)
        if m:
            v = [int(x) for x in m.groups()]
            out["stats"].append({"epoch": v[0] / 1000.0, "packetIns": v[1], "events": v[2], "control": v[3],
                                 "handled": v[4], "waiting": v[5], "maxWaitMs": v[6], "tableFull": v[7],
                                 "other": v[8], "partly": v[9], "heapMb": v[10]})
    return out


def read_samples(path):
    """switch-samples.csv as a list of dicts of floats (None for blanks)."""
    rows = []
    try:
        with open(path) as fh:
            for r in csv.DictReader(fh):
                rows.append({k: (float(v) if v not in ("", None) else None) for k, v in r.items()})
    except OSError:
        pass
    return rows
