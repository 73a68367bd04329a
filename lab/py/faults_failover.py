# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Fail over to meters on the real data plane: a phase of the fault run (faults.py) on a topology of its own, TCP
h1>h3 beside a 30 Mbit/s UDP flood h2>h3 through a 10 Mbit/s bottleneck (lab/scenarios/faults-failover.json). Once
the flood is limited, three faults of the adjustor agent, each under the facility's whenAdjustorDown policy:

  agent-stop     SIGTERM (systemctl stop), 12 s down (the lab calls an agent down after 5 s), start it again
  agent-hang     SIGSTOP for 10 s, then SIGCONT
  agent-upgrade  SIGTERM and an immediate start, as the package's postinst (systemctl try-restart)

For each: TCP's goodput in 1 s windows from the fault until 6 s after the flood is through the adjustor again,
against its share (half the bottleneck), and the flood's at its receiver, against the same share; and the switch's
rule for the flood (straight on, through a meter). With meters (the default) TCP stays at 0.85 of its share but for
at most 3 periods, and the flood gets its limit and no more; with open the same is measured, as it is.

    tools/lab faults --only failover-meters,failover-open
"""
import os
import signal
import time

import fudp
import scenario as scenario_mod
import topo as topo_mod
import traffic
from faults_common import METRICS_PORT, REPO, Probe, agent_pid, limited, load, start_client
from receivers import Datagrams, Goodput, windows
from rulewatch import Watch, ports_seen
from topo import log

POLICIES = ("meters", "open")
FAULTS = tuple("failover-" + p for p in POLICIES)
SCENARIO = os.path.join(REPO, "lab", "scenarios", "faults-failover.json")
TCP_FLOW = 1
UDP_FLOW = 2
STOP_SECONDS = 12
HANG_SECONDS = 10
AFTER_SECONDS = 6  # measured on after the flood is through the adjustor again
TCP_AT = 0.85  # of its share, in every window but OUT_PERIODS
OUT_PERIODS = 3
UDP_LOW, UDP_HIGH = 0.75, 1.15  # the flood at its receiver, of its share: held at its limit, and given it


class Phase:
    """One policy's topology, loop, probe, receivers and watch."""

    def __init__(self, out, sc, policy):
        self.out = out
        self.sc = sc
        self.policy = policy
        self.topo = topo_mod.Topology(sc)
        self.loop = self.probe = self.goodput = self.datagrams = self.watch = None
        self.share = sc.bottlenecks[0]["rateMbps"] / 2.0

    def start(self):
        self.topo.build("fudp")
        # The agent's defaults as packaged, shape.startup = adopt among them (the lab's other runs start it clear).
        self.loop = fudp.FudpLoop(self.sc, self.topo, self.out, REPO, agent_settings={
            "metrics.address": "127.0.0.1", "metrics.port": str(METRICS_PORT), "shape.startup": "adopt"},
            controller_settings={"whenAdjustorDown": self.policy})
        self.loop.start()
        self.probe = Probe(self.topo, os.path.join(self.out, "probe.jsonl"))
        for fl in self.sc.flows:
            path = os.path.join(self.out, "%s%d-server.txt" % (fl.protocol, fl.id))
            fh = open(path, "w")
            self.topo.spawn(["iperf3", "-s", "-p", str(traffic.BASE_PORT + fl.id), "-i", "0.5", "--forceflush"],
                            ns=self.topo.hosts[fl.dst].ns, stdout=fh, stderr=fh)
            fh.close()
        time.sleep(0.5)
        self.goodput = Goodput(os.path.join(self.out, "tcp%d-server.txt" % TCP_FLOW))
        self.datagrams = Datagrams(os.path.join(self.out, "udp%d-server.txt" % UDP_FLOW))
        udp = next(f for f in self.sc.flows if f.id == UDP_FLOW)
        self.watch = Watch((self.topo.hosts[udp.src].ip, self.topo.hosts[udp.dst].ip, 40000 + udp.id,
                            traffic.BASE_PORT + udp.id))
        for th in (self.goodput, self.datagrams, self.watch):
            th.start()
        for fl in self.sc.flows:
            start_client(self.sc, self.topo, fl.id, fl.duration)

    def through(self, s):
        return s[1] == topo_mod.ADJ_SWITCH_OFPORT

    def stop(self):
        for th in (self.goodput, self.datagrams, self.watch):
            if th:
                th.stop()
        if self.loop:
            self.loop.stop()
        self.topo.teardown()


def tcp_windows(ph, since, until):
    return [w for w in windows(ph.goodput.intervals(), since, 1.0) if w[1] <= until + 0.01]


def udp_windows(ph, since, until):
    ivs = [iv[:3] for iv in ph.datagrams.intervals()]
    return [w for w in windows(ivs, since, 1.0) if w[1] <= until + 0.01]


def out_periods(ws, floor):
    """The windows below floor: how many, and the longest run of them in a row."""
    n = longest = run = 0
    for w in ws:
        if w[2] < floor:
            n += 1
            run += 1
            longest = max(longest, run)
        else:
            run = 0
    return n, longest


def figures(ph, t_fault, until):
    tcp = tcp_windows(ph, t_fault, until)
    udp = udp_windows(ph, t_fault, until)
    below, longest = out_periods(tcp, TCP_AT * ph.share)
    seen = ph.watch.between(t_fault, until)
    return {"shareMbps": ph.share, "windows": len(tcp), "tcpBelow085": below, "tcpLongestBelow085": longest,
            "tcpMeanMbps": _mean(tcp), "tcpMinMbps": round(min(w[2] for w in tcp), 2) if tcp else None,
            "udpMeanMbps": _mean(udp), "udpMaxMbps": round(max(w[2] for w in udp), 2) if udp else None,
            "outputPortsSeen": ports_seen(seen),
            "meteredStraightOn": any(s[3] is not None and not ph.through(s) for s in seen),
            "seconds": round(until - t_fault, 1)}


def _mean(ws):
    return round(sum(w[2] for w in ws) / len(ws), 2) if ws else None


def checks(rep, name, ph, fig):
    """What must hold under meters; other policies are measured only."""
    if ph.policy != "meters":
        return
    rep.check(name, "TCP at %.2f of its share in every 1 s window but %d (windows below / longest run)" % (
        TCP_AT, OUT_PERIODS), fig["windows"] > 0 and fig["tcpBelow085"] <= OUT_PERIODS,
        "%s/%s" % (fig["tcpBelow085"], fig["tcpLongestBelow085"]), "<= %d" % OUT_PERIODS)
    mean = fig["udpMeanMbps"]
    rep.check(name, "the flood at its receiver, of its share (mean Mbit/s / share)",
              mean is not None and UDP_LOW * ph.share <= mean <= UDP_HIGH * ph.share,
              "%s/%s" % (mean, ph.share), "%.2f-%.2f of it" % (UDP_LOW, UDP_HIGH))


def back(ph, since, timeout=40):
    """When the flood is through the adjustor again and limited there, after `since`, or None."""
    s = ph.watch.wait(ph.through, timeout, since=since)
    if s is None:
        return None
    lim = ph.probe.wait(limited, timeout, since=s[0])
    return None if lim is None else max(s[0], lim["t"])


def terminate(ph):
    pid = agent_pid(ph.loop)
    os.kill(pid, signal.SIGTERM)
    ph.loop.agent.wait(timeout=30)


def fault_stop(ph):
    t = time.time()
    terminate(ph)
    time.sleep(max(0.0, t + STOP_SECONDS - time.time()))
    ph.loop.start_agent()
    return t


def fault_hang(ph):
    t = time.time()
    pid = agent_pid(ph.loop)
    os.kill(pid, signal.SIGSTOP)
    try:
        time.sleep(HANG_SECONDS)
    finally:
        os.kill(pid, signal.SIGCONT)
    return t


def fault_upgrade(ph):
    t = time.time()
    terminate(ph)
    ph.loop.start_agent()
    return t


def run_policy(out, sc, policy, rep, figs):
    name = "failover-" + policy
    rundir = os.path.join(out, name)
    os.makedirs(rundir, exist_ok=True)
    ph = Phase(rundir, sc, policy)
    started = time.time()
    try:
        log("faults: %s: building the topology" % name)
        ph.start()
        first = ph.probe.wait(limited, 40)
        rep.check(name, "warm-up: the flood limited (s after the traffic started)", first is not None,
                  None if first is None else round(first["t"] - started, 1), "within 40 s")
        if first is None:
            return
        time.sleep(3)  # TCP at its share
        for fault, do in (("agent-stop", fault_stop), ("agent-hang", fault_hang), ("agent-upgrade", fault_upgrade)):
            log("faults: %s: %s" % (name, fault))
            t_fault = do(ph)
            t_back = back(ph, t_fault + 1.0)
            rep.check("%s %s" % (name, fault), "the flood through the adjustor and limited there again (s after the "
                      "fault began)", t_back is not None, None if t_back is None else round(t_back - t_fault, 1),
                      "within 40 s of the agent's return")
            until = (t_back or time.time()) + AFTER_SECONDS
            time.sleep(max(0.0, until + 0.6 - time.time()))
            fig = figures(ph, t_fault, until)
            fig["loadAverage"] = round(load(), 2)
            figs["%s %s" % (name, fault)] = fig
            checks(rep, "%s %s" % (name, fault), ph, fig)
            if t_back is None:
                break
    finally:
        ph.stop()
        log("faults: %s: topology torn down after %.0f s" % (name, time.time() - started))


def run(out, only, rep, figs):
    """The fail-over phases asked for (all when `only` is empty), one topology per policy."""
    sc = scenario_mod.load(SCENARIO)
    for policy in POLICIES:
        if not only or "failover-" + policy in only:
            run_policy(out, sc, policy, rep, figs)
