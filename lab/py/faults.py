# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Faults on the real data plane (issue 15): the product's loop, hosted by the lab controller on Open vSwitch,
and the real adjustor agent with real tc, while TCP and UDP cross a 10 Mbit/s bottleneck. One fault after
another, each with what must hold and what was measured:

  agent-kill        SIGKILL the agent, restart it: the limits are back within one period of its first heartbeat
  controller-crash  SIGKILL the controller: the agent's fail-safe acts after the configured silence and,
                    with its default action, keeps the limits; a new controller takes the agent over
  shaping-interface delete the agent's shaping interface and add it back: the apply fails with tc's error, the
                    agent ACKs APPLY_FAILED, the controller's status says so, the limits come back
  partition         drop every control frame both ways until the fail-safe has cleared the limits, then heal:
                    the same controller restores them
  lossy-wire        drop control frames at random in both directions, deliver every surviving
                    controller frame twice, and black-hole the agent's frames for 3 s while new limits
                    go out: the controller resends, nothing is applied twice
  agent-hang        SIGSTOP the agent for 30 s and start a 50 Mbit/s UDP flood meanwhile, then SIGCONT (issue 25):
                    the set is shown not enforced through the gap, never fair, TCP stays counted; the limits are
                    back within 2 periods, and TCP within 15 % of its fair share within 3 periods of its first
                    segment through (its backed-off retransmission timer decides when that is), and stays there
  meter-refused     its own phase, a metered facility (OVS meters, no agent): the flood's first meter is refused
                    (its id is taken), the retry accepted: the set is NOT_ENFORCED with the refusal meanwhile,
                    and TCP is back at its fair share within 3 periods and stays there
  agent-stop, agent-upgrade, dry-run, disabled
                    fail open, a phase of its own with a UDP flow below its share (whenAdjustorDown = open):
                    faults_stop.py
  failover-meters, failover-open
                    the agent stopped, hung and upgraded under a flood, one phase per whenAdjustorDown policy:
                    faults_failover.py
  control-first, control-fifo
                    a flood above the adjustor link's capacity, with and without a priority queue for control
                    frames: faults_controlpath.py

    faults.py [--out DIR] [--only NAME,...] [--skip NAME,...]   (as root; tools/lab faults builds the jars first)

Writes DIR/faults.json and DIR/faults.md, and the agent's, the controller's and the probe's logs.

This module runs the phases and writes the report; the faults are in faults_control.py (agent-kill to lossy-wire),
faults_flood.py (agent-hang, meter-refused) and faults_stop.py (fail open), and what they share in faults_common.py
and receivers.py.
"""
import argparse
import json
import os
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import faults_controlpath  # noqa: E402
import faults_failover  # noqa: E402
import faults_stop  # noqa: E402
import fudp  # noqa: E402
import scenario as scenario_mod  # noqa: E402
import topo as topo_mod  # noqa: E402
import traffic  # noqa: E402
from faults_common import (FLOOD_FLOW, METRICS_PORT, REPO, TCP_FLOW, Probe, Report, limited, load,  # noqa: E402
                           start_servers)
from faults_control import (SILENT_PERIODS, fault_agent_kill, fault_controller_crash, fault_lossy_wire,  # noqa: E402
                            fault_partition, fault_shaping_interface)
from faults_flood import fault_agent_hang, phase_meter_refused  # noqa: E402
from receivers import Goodput  # noqa: E402
from topo import log  # noqa: E402

SCENARIO = os.path.join(REPO, "lab", "scenarios", "faults.json")
# The faults of the shared phase (one adjustor topology, in this order), then the metered phase's.
SHARED = ("agent-kill", "controller-crash", "shaping-interface", "partition", "lossy-wire", "agent-hang")
FAULTS = SHARED + ("meter-refused",) + faults_stop.FAULTS + faults_failover.FAULTS + faults_controlpath.FAULTS


def run(out, only):
    sc = scenario_mod.load(SCENARIO)
    rep = Report()
    figures = {}
    if not only or any(name in only for name in SHARED):
        run_shared(out, only, sc, rep, figures)
    if not only or "meter-refused" in only:
        phase_meter_refused(out, sc, rep, figures)
    if not only or any(name in only for name in faults_stop.FAULTS):
        faults_stop.run(out, only, rep, figures)
    if not only or any(name in only for name in faults_failover.FAULTS):
        faults_failover.run(out, only, rep, figures)
    if not only or any(name in only for name in faults_controlpath.FAULTS):
        faults_controlpath.run(out, only, rep, figures)
    return rep, figures


def run_shared(out, only, sc, rep, figures):
    topo = topo_mod.Topology(sc, control_wire=True)
    started = time.time()
    goodput = None
    try:
        log("faults: building the topology")
        topo.build("fudp")
        # Fail open, as these faults were written for: fail over to meters has a phase of its own.
        loop = fudp.FudpLoop(sc, topo, out, REPO, agent_settings={
            "metrics.address": "127.0.0.1", "metrics.port": str(METRICS_PORT),
            "failsafe.silent-periods": str(SILENT_PERIODS), "failsafe.action": "clear"},
            controller_settings={"whenAdjustorDown": "open"})
        loop.start()
        probe = Probe(topo, os.path.join(out, "probe.jsonl"))
        tr = traffic.TrafficRun(sc, topo, os.path.join(out, "traffic"))
        server_out = os.path.join(out, "tcp%d-server.txt" % TCP_FLOW)
        start_servers(sc, topo, server_out)
        goodput = Goodput(server_out)
        goodput.start()
        for fl in sc.flows:
            if fl.id not in (3, FLOOD_FLOW):
                topo.spawn(traffic.client_cmd(fl, topo.hosts[fl.dst].ip, int(fl.duration)), ns=topo.hosts[fl.src].ns)
        first = probe.wait(limited, 40)
        rep.check("warm-up", "the UDP flow is limited (s after the traffic started)", first is not None,
                  None if first is None else round(first["t"] - started, 1), "within 40 s")
        if first is None:
            return
        for name in SHARED:
            if only and name not in only:
                continue
            log("faults: %s" % name)
            t = time.time()
            if name == "agent-kill":
                figures[name] = fault_agent_kill(loop, probe, rep, sc.period)
            elif name == "controller-crash":
                figures[name] = fault_controller_crash(loop, probe, rep, sc.period)
            elif name == "shaping-interface":
                figures[name] = fault_shaping_interface(loop, probe, rep, sc.period, topo, sc)
            elif name == "partition":
                figures[name] = fault_partition(loop, probe, rep, sc.period)
            elif name == "lossy-wire":
                figures[name] = fault_lossy_wire(loop, probe, rep, sc.period, topo, tr)
            else:
                figures[name] = fault_agent_hang(loop, probe, rep, sc.period, topo, sc, goodput)
            figures[name]["elapsedSeconds"] = round(time.time() - t, 1)
            # Every fault ends with the limits in force again; a fault that left them off spoils the next.
            if probe.wait(limited, 15) is None:
                rep.check(name, "limits in force before the next fault", False, None, "within 15 s")
                break
        loop.stop()
    finally:
        if goodput:
            goodput.stop()
        topo.teardown()
        log("faults: topology torn down after %.0f s" % (time.time() - started))


def write(out, rep, figures, elapsed):
    with open(os.path.join(out, "faults.json"), "w") as fh:
        json.dump({"checks": rep.checks, "figures": figures, "elapsedSeconds": elapsed}, fh, indent=1)
    with open(os.path.join(out, "faults.md"), "w") as fh:
        fh.write("| fault | check | observed | want | |\n|---|---|---|---|---|\n")
        for c in rep.checks:
            fh.write("| %s | %s | %s | %s | %s |\n" % (c["fault"], c["check"], json.dumps(c["observed"]),
                                                      c["want"], "ok" if c["ok"] else "FAILED"))


def main(argv):
    p = argparse.ArgumentParser(prog="tools/lab faults", description=__doc__.strip().splitlines()[0])
    p.add_argument("--out", help="output directory (default: lab-results/faults-<timestamp>)")
    p.add_argument("--only", help="comma-separated subset of: " + ",".join(FAULTS))
    p.add_argument("--skip", help="comma-separated faults to leave out of the others")
    args = p.parse_args(argv)
    only = [o.strip() for o in args.only.split(",")] if args.only else []
    skip = [o.strip() for o in args.skip.split(",")] if args.skip else []
    for o in only + skip:
        if o not in FAULTS:
            p.error("--only, --skip: unknown fault '%s' (known: %s)" % (o, ", ".join(FAULTS)))
    if skip:
        only = [f for f in (only or FAULTS) if f not in skip]
    if os.geteuid() != 0:
        p.error("the fault run creates network namespaces and must run as root")
    out = os.path.abspath(args.out or os.path.join(REPO, "lab-results", "faults-" + time.strftime("%Y%m%d-%H%M%S")))
    os.makedirs(out, exist_ok=True)
    t0 = time.time()
    rep, figures = run(out, only)
    elapsed = round(time.time() - t0, 1)
    write(out, rep, figures, elapsed)
    bad = rep.failed()
    log("faults: %d checks, %d failed, %.0f s (load average %.2f); %s/faults.md" % (
        len(rep.checks), len(bad), elapsed, load(), out))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
