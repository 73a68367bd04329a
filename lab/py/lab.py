# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The FUDP lab: the paper's testbed on one machine, IP vs WFQ vs FUDP on real traffic.

    lab.py run [SCENARIO | --scenario SCENARIO] [--quick] [--mechanisms ip,wfq,fudp] [--out DIR]

Entry point is tools/lab, which installs packages and builds the jars first.
"""
import argparse
import json
import os
import shutil
import signal
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import analyze  # noqa: E402
import fudp  # noqa: E402
import plots  # noqa: E402
import scale  # noqa: E402
import scenario as scenario_mod  # noqa: E402
import switchmon  # noqa: E402
import topo as topo_mod  # noqa: E402
import traffic  # noqa: E402
import workload as workload_mod  # noqa: E402
from topo import log  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DEFAULT_SCENARIO = os.path.join(REPO, "lab", "scenarios", "table1.json")


def _interrupt(signum, _frame):
    raise KeyboardInterrupt("signal %d" % signum)


def run_mechanism(sc, mech, rundir):
    topo = topo_mod.Topology(sc)
    loop = None
    sampler = None
    try:
        log("%s: building the topology" % mech)
        topo.build(mech)
        if mech.startswith("fudp"):
            loop = fudp.FudpLoop(sc, topo, rundir, REPO, metered=mech == "fudp-meter")
            loop.start()
        tr = traffic.TrafficRun(sc, topo, rundir)
        tr.start_servers()
        wl = workload_mod.WorkloadRun(sc.workload, topo, rundir) if sc.workload else None
        if wl:
            wl.start_servers()
        if sc.scale:
            # Table use, packet-ins, CPU and load once a second (switchmon.py); the generators start with the run.
            sampler = switchmon.Sampler(rundir, topo.hosts, controller_pid=loop.controller.pid if loop else None)
            sampler.start()
        wl_t0 = wl.start() if wl else None
        log("%s: running %.0f s of traffic" % (mech, sc.length))
        notes = {}
        restarts = []

        def on_start(t0):
            # The lab controller's restarts under traffic (fudp.controllerRestarts), timed from t0.
            if loop and sc.controller_restarts:
                restarts.append(fudp.Restarts(loop, sc.controller_restarts, t0, on_up=_on_up(sampler)))
                restarts[0].start()
        try:
            t0 = tr.run(mech.upper(), on_tick=_tick(loop, sc, notes), on_start=on_start)
            if wl:
                wl.finish()
        finally:
            if restarts:
                notes["controllerRestarts"] = restarts[0].finish()
            if sampler:
                sampler.stop()
            # Stopped with SIGTERM, each server writes the report of a test it still serves (traffic.py).
            tr.stop_servers()
        if loop:
            loop.stop()
        with open(os.path.join(rundir, "run.json"), "w") as fh:
            json.dump(dict({"mechanism": mech, "t0": t0, "launches": tr.launches, "workloadT0": wl_t0}, **notes), fh,
                      indent=1)
        return load_result(sc, rundir)
    finally:
        if sampler:
            sampler.stop()
        if loop:
            loop.stop()
        topo.teardown()
        log("%s: topology torn down" % mech)


def _on_up(sampler):
    """After a restart: the scale sampler follows the new controller's process."""
    def on_up(pid):
        if sampler:
            sampler.controller_pid = pid
    return on_up


def _tick(loop, sc, notes):
    """What the traffic run calls every 10 s: checks that the controller and the agent live. A scale run goes on
    when one died (that is what it measures: run.json notes when), any other run stops."""
    if loop is None:
        return None
    if not sc.scale:
        return loop.check

    def tick(now):
        if "processDiedAt" in notes:
            return
        try:
            loop.check(now)
        except RuntimeError as exc:
            notes["processDiedAt"], notes["processDied"] = round(now, 1), str(exc)
            log("%s; the scale run goes on, to measure what follows" % exc)
    return tick


def load_result(sc, rundir):
    """Reads one mechanism's raw reports (raw/<mechanism>/) back into a MechanismResult."""
    with open(os.path.join(rundir, "run.json")) as fh:
        run = json.load(fh)
    controller_log = None
    stops = None
    if run["mechanism"].startswith("fudp"):
        controller_log = fudp.read_controller_csv(os.path.join(rundir, "controller-periods.csv"), run["t0"])
        stops = fudp.read_traffic_stops(os.path.join(rundir, "controller.log"), run["t0"], traffic.BASE_PORT)
    return analyze.MechanismResult(sc, run["mechanism"], rundir, run["t0"], run["launches"], controller_log, stops,
                                   run.get("controllerRestarts"))


def report(results, sc, outdir, extra):
    analyze.write_csvs(results, outdir)
    data = analyze.write_summary(results, sc, outdir, extra)
    plots.all_plots(results, sc, outdir)
    log("wrote %s/{summary.md,summary.json,throughput.csv,fairness.csv,rtt-power.csv,fig4..6 *.png/*.svg}"
        % outdir)
    if sc.scale:
        scale.write(results, sc, outdir)
        log("wrote %s/{scale-summary.md,scale-summary.json,scale-switch.png/.svg}" % outdir)
    print(json.dumps({m: {s: v["jainSteady"] for s, v in e["sets"].items()} for m, e in data["mechanisms"].items()}))


def cmd_analyze(args):
    """Recomputes metrics, plots and summaries of an earlier run from its raw/ directory."""
    with open(os.path.join(args.dir, "summary.json")) as fh:
        old = json.load(fh)
    sc = scenario_mod.load(os.path.join(args.dir, "scenario.json"))
    if old.get("quick"):
        sc.apply_quick()
    results = [load_result(sc, os.path.join(args.dir, "raw", m)) for m in old["mechanisms"]]
    report(results, sc, args.dir, {k: v for k, v in old.items() if k not in ("scenario", "mechanisms")})
    return 0


def cmd_run(args):
    sc = scenario_mod.load(args.scenario)
    if args.quick:
        sc.apply_quick()
    if args.paper_rule:
        # The controller shares per 5-tuple with no floor, what FUDP did before issue 40; the fair shares the run
        # is judged by stay the scenario's.
        sc.controller_principal, sc.controller_floor = "flow", 0
    if args.mechanisms:
        sc.mechanisms = sc.validate_mechanisms([m.strip() for m in args.mechanisms.split(",") if m.strip()], "--mechanisms")
    stamp = time.strftime("%Y%m%d-%H%M%S")
    outdir = os.path.abspath(args.out or os.path.join(REPO, "lab-results", "%s%s-%s" % (
        sc.name, "-quick" if args.quick else "", stamp)))
    os.makedirs(outdir, exist_ok=True)
    shutil.copyfile(sc.path, os.path.join(outdir, "scenario.json"))
    log("scenario %s (%s), mechanisms %s, %.0f s each; results in %s" % (
        sc.name, sc.path, ", ".join(sc.mechanisms), sc.length, outdir))
    started = time.time()
    results = []
    for mech in sc.mechanisms:
        rundir = os.path.join(outdir, "raw", mech)
        results.append(run_mechanism(sc, mech, rundir))
        st = results[-1].steady
        log("%s done: %s" % (mech, "; ".join("%s Jain %.3f goodput %.2f Mbit/s RTT %.1f ms" % (
            s, st(s)["jainSteady"], st(s)["goodputMbps"], st(s)["rttMsMean"]) for s in sc.sets())))
    report(results, sc, outdir, {"quick": bool(args.quick), "paperRule": bool(args.paper_rule),
                                 "elapsedSeconds": round(time.time() - started, 1)})
    return 0


def main(argv):
    p = argparse.ArgumentParser(prog="tools/lab", description=__doc__.strip().splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="build the testbed, run each mechanism, write results and plots")
    r.add_argument("scenario", nargs="?", default=None, help="scenario file (default: %s)" % DEFAULT_SCENARIO)
    r.add_argument("--scenario", dest="scenario_opt", metavar="SCENARIO", help="the scenario file, as an option")
    r.add_argument("--quick", action="store_true", help="the scenario's short variant (for tests)")
    r.add_argument("--mechanisms", help="comma-separated subset, e.g. ip,wfq,fudp")
    r.add_argument("--out", help="output directory (default: lab-results/<scenario>-<timestamp>)")
    r.add_argument("--paper-rule", action="store_true", help="FUDP shares per 5-tuple with no TCP floor (the "
                   "paper's rule); the run is judged by the scenario's fair shares all the same")
    a = sub.add_parser("analyze", help="recompute metrics and plots of an earlier run (its directory)")
    a.add_argument("dir", help="a lab-results/<scenario>-<timestamp> directory")
    args = p.parse_args(argv)
    if args.cmd == "analyze":
        return cmd_analyze(args)
    if args.scenario and args.scenario_opt:
        p.error("give the scenario once, as an argument or with --scenario")
    args.scenario = args.scenario or args.scenario_opt or DEFAULT_SCENARIO
    if os.geteuid() != 0:
        p.error("the lab creates network namespaces and must run as root")
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGHUP, _interrupt)
    try:
        return cmd_run(args)
    except scenario_mod.ScenarioError as exc:
        print("lab: bad scenario: %s" % exc, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lab: interrupted; everything was torn down", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
