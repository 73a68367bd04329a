# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The control path is not the flood's path: a phase of the fault run (faults.py) on a topology of its own, TCP h1>h3
beside a 50 Mbit/s UDP flood h2>h3 through a 10 Mbit/s bottleneck (lab/scenarios/faults-controlpath.json), the
flood steered into an adjustor whose link from the switch carries 20 Mbit/s (Topology.shape_adjustor_link): the
controller's frames to the agent (snapshots, deltas, heartbeats) share that link with everything steered into the
adjustor. Two links:

  control-first  a strict-priority FIFO for the control EtherType ahead of the link's FIFO, as an operator's queue
                 for it on the adjustor port (docs/adjustor-agent.md, "The control path")
  control-fifo   one drop-tail FIFO for all, the link as it is without that queue

For each, once the first flood is limited, a second 50 Mbit/s flood starts (the controller must then get new limits
through the saturated link), and over RUN_SECONDS from its start: how long until tc limits both floods, the frames
the controller resent (its status lines), the agent found silent and the fail-over notices, and TCP's goodput in
1 s windows against its share (a third of the bottleneck). With control first both are limited within 3 periods,
no frame is resent, the agent stays up, nothing fails over and TCP stays at 0.85 of its share but for at most 3
periods; the FIFO is measured as it is.

    tools/lab faults --only control-first,control-fifo
"""
import os
import re
import time

import fudp
import scenario as scenario_mod
import topo as topo_mod
import traffic
from faults_common import METRICS_PORT, REPO, Probe, limited, load, log_size, start_client
from receivers import Goodput, windows
from topo import log

LINKS = (("control-first", True), ("control-fifo", False))
FAULTS = tuple(name for name, _ in LINKS)
SCENARIO = os.path.join(REPO, "lab", "scenarios", "faults-controlpath.json")
TCP_FLOW = 1
SECOND_FLOOD = 3
LINK_MBPS = 20
RUN_SECONDS = 30
TCP_AT = 0.85
OUT_PERIODS = 3
STATUS = re.compile(r"agent at \S+: \w+, snapshot (\d+) sent, (\d+) acknowledged, (\d+) frames sent, (\d+) resent")


def status_figures(text):
    """From the controller's log: the last status line's (snapshots sent, acknowledged, frames sent, resent), the
    agent found silent (count), and the fail-over or fail-open notices (count)."""
    last = None
    for m in STATUS.finditer(text):
        last = tuple(int(g) for g in m.groups())
    return {"status": last, "silent": len(re.findall(r"Adjustor agent at \S+ is silent", text)),
            "cannotHold": len(re.findall(r"Adjustor at \S+ cannot hold a limit", text))}


def run_link(out, sc, name, control_first, rep, figs):
    rundir = os.path.join(out, name)
    os.makedirs(rundir, exist_ok=True)
    tp = topo_mod.Topology(sc, control_wire=True)
    started = time.time()
    goodput = None
    try:
        log("faults: %s: building the topology, the adjustor link at %d Mbit/s" % (name, LINK_MBPS))
        tp.build("fudp")
        tp.shape_adjustor_link(LINK_MBPS, control_first)
        loop = fudp.FudpLoop(sc, tp, rundir, REPO, agent_settings={
            "metrics.address": "127.0.0.1", "metrics.port": str(METRICS_PORT)})
        loop.start()
        probe = Probe(tp, os.path.join(rundir, "probe.jsonl"))
        for fl in sc.flows:
            path = os.path.join(rundir, "%s%d-server.txt" % (fl.protocol, fl.id))
            fh = open(path, "w")
            tp.spawn(["iperf3", "-s", "-p", str(traffic.BASE_PORT + fl.id), "-i", "0.5", "--forceflush"],
                     ns=tp.hosts[fl.dst].ns, stdout=fh, stderr=fh)
            fh.close()
        time.sleep(0.5)
        goodput = Goodput(os.path.join(rundir, "tcp%d-server.txt" % TCP_FLOW))
        goodput.start()
        for fl in sc.flows:
            if fl.id != SECOND_FLOOD:
                start_client(sc, tp, fl.id, fl.duration)
        first = probe.wait(limited, 40)
        rep.check(name, "warm-up: the flood limited (s after the traffic started)", first is not None,
                  None if first is None else round(first["t"] - started, 1), "within 40 s")
        if first is None:
            return
        time.sleep(3)
        ctl_at = log_size(loop, "controller.log")
        before = status_figures(open(loop.ctl_log_path).read()[:ctl_at])["status"]
        t0 = time.time()
        start_client(sc, tp, SECOND_FLOOD, RUN_SECONDS + 10)
        both = probe.wait(lambda x: len(x.get("classes") or []) >= 2, RUN_SECONDS, since=t0)
        time.sleep(max(0.0, t0 + RUN_SECONDS - time.time()))
        t1 = time.time()
        with open(loop.ctl_log_path) as fh:
            text = fh.read()
        fig = status_figures(text[ctl_at:])
        after = status_figures(text)["status"]
        resent = None if after is None or before is None else after[3] - before[3]
        share = sc.bottlenecks[0]["rateMbps"] / 3.0
        ws = [w for w in windows(goodput.intervals(), t0, 1.0) if w[1] <= t1 + 0.01]
        below = sum(1 for w in ws if w[2] < TCP_AT * share)
        d_both = None if both is None else round(both["t"] - t0, 2)
        fig.update({"bothLimitedSeconds": d_both, "resent": resent, "statusBefore": before, "statusAfter": after,
                    "tcpWindows": len(ws), "tcpBelow085": below,
                    "tcpMeanMbps": round(sum(w[2] for w in ws) / len(ws), 2) if ws else None,
                    "seconds": round(t1 - t0, 1), "loadAverage": round(load(), 2)})
        figs[name] = fig
        if control_first:
            rep.check(name, "both floods limited in tc (s after the second started)",
                      d_both is not None and d_both <= OUT_PERIODS * sc.period + 1, d_both,
                      "<= %d periods (+1 s: the flood's first period and the probe)" % OUT_PERIODS)
            rep.check(name, "no control frame resent", resent == 0, resent, "0")
            rep.check(name, "the agent never found silent, nothing sent past it (silent, cannot-hold notices)",
                      fig["silent"] == 0 and fig["cannotHold"] == 0, "%d, %d" % (fig["silent"], fig["cannotHold"]),
                      "0, 0")
            rep.check(name, "TCP at %.2f of its share in every 1 s window but %d" % (TCP_AT, OUT_PERIODS),
                      ws and below <= OUT_PERIODS, "%d/%d" % (below, len(ws)), "<= %d" % OUT_PERIODS)
        loop.stop()
    finally:
        if goodput:
            goodput.stop()
        tp.teardown()
        log("faults: %s: topology torn down after %.0f s" % (name, time.time() - started))


def run(out, only, rep, figs):
    sc = scenario_mod.load(SCENARIO)
    for name, control_first in LINKS:
        if not only or name in only:
            run_link(out, sc, name, control_first, rep, figs)
