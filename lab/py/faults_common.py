# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""What the phases of the fault run (faults.py) share: the probe of the agent's metrics and tc classes, the
agent's process and log, the fault scenario's iperf3 servers and clients, and the report the checks go into."""
import json
import os
import signal
import sys
import time

import topo as topo_mod
import traffic
from topo import log

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
METRICS_PORT = 9472
PROBE_INTERVAL = 0.1
# The fault scenario's (lab/scenarios/faults.json) TCP flow, whose goodput at its receiver the checks read, and
# the 50 Mbit/s UDP flood the faults start when they need a new UDP flow to be limited.
TCP_FLOW = 1
FLOOD_FLOW = 4


class Probe:
    """Reads the samples probe.py writes from inside the adjustor's namespace."""

    def __init__(self, topo, path):
        self.path = path
        self.samples = []
        self._offset = 0
        topo.spawn([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "probe.py"),
                    "http://127.0.0.1:%d/metrics" % METRICS_PORT, topo_mod.ADJ_ONWARD_PORT, str(PROBE_INTERVAL),
                    path], ns=topo_mod.ADJ_NS)

    def _read(self):
        try:
            with open(self.path) as fh:
                fh.seek(self._offset)
                for line in fh:
                    if not line.endswith("\n"):
                        break
                    self._offset += len(line)
                    self.samples.append(json.loads(line))
        except OSError:
            pass

    def wait(self, pred, timeout, since=None):
        """The first sample at or after `since` (default: now) for which pred holds, or None after timeout."""
        since = time.time() if since is None else since
        deadline = time.time() + timeout
        seen = 0
        while True:
            self._read()
            for s in self.samples[seen:]:
                if s["t"] >= since and pred(s):
                    return s
            seen = len(self.samples)
            if time.time() > deadline:
                return None
            time.sleep(PROBE_INTERVAL / 2)

    def latest(self):
        return self.wait(lambda s: True, 5)


def metric(s, name):
    return (s.get("m") or {}).get(name, 0.0)


def limited(s):
    """Limits in force: the agent says so and tc has the classes."""
    return bool(s.get("m")) and metric(s, "fudp_agent_flows_limited") >= 1 and bool(s.get("classes"))


def unlimited(s):
    return s.get("classes") == []


def start_servers(sc, topo, out):
    """iperf3 servers for the scenario's flows; TCP flow TCP_FLOW's prints its intervals as text, flushed,
    to `out` (Goodput reads them); the others as in traffic.TrafficRun."""
    for f in sc.flows:
        h = topo.hosts[f.dst]
        cmd = ["iperf3", "-s", "-p", str(traffic.BASE_PORT + f.id), "-i", "0.5"]
        if f.id == TCP_FLOW:
            fh = open(out, "w")
            topo.spawn(cmd + ["--forceflush"], ns=h.ns, stdout=fh, stderr=fh)
            fh.close()
        else:
            topo.spawn(cmd + ["-J"], ns=h.ns)
    time.sleep(0.5)


def start_client(sc, topo, flow_id, seconds):
    fl = next(f for f in sc.flows if f.id == flow_id)
    return topo.spawn(traffic.client_cmd(fl, topo.hosts[fl.dst].ip, int(seconds)), ns=topo.hosts[fl.src].ns)


def stop_client(proc):
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=5)
    except Exception:  # noqa: BLE001 - teardown stops it for good
        pass


def load():
    return os.getloadavg()[0]


class Report:
    def __init__(self):
        self.checks = []

    def check(self, fault, what, ok, observed, want):
        self.checks.append({"fault": fault, "check": what, "ok": bool(ok), "observed": observed, "want": want})
        log("%s %s: %s: %s (want %s)" % ("ok  " if ok else "FAIL", fault, what, observed, want))

    def failed(self):
        return [c for c in self.checks if not c["ok"]]


def within(value, low, high):
    return value is not None and low <= value <= high


def agent_log_since(loop, offset):
    with open(os.path.join(loop.rundir, "agent.log")) as fh:
        fh.seek(offset)
        return fh.read()


def log_size(loop, name):
    try:
        return os.path.getsize(os.path.join(loop.rundir, name))
    except OSError:
        return 0


def agent_pid(loop):
    """The agent's JVM: `ip netns exec` replaces itself by the command, so the spawned pid is the agent's."""
    pid = loop.agent.pid
    cmdline = open("/proc/%d/cmdline" % pid, "rb").read().decode(errors="replace")
    if "fudp-adjustor-agent" not in cmdline:
        raise RuntimeError("pid %d is not the adjustor agent: %s" % (pid, cmdline.replace("\0", " ")))
    return pid
