# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Issue 41's figures for the adversaries of the responsiveness test in lab runs: for each quic-flood flow that
plays the test (a sleeper, a player; scenario.py's "adversary") what it carried from 10 s after it starts flooding
to its end, in max-min shares, and for each elastic flow beside it (TCP, QUIC) what it carried after that point,
in shares, and how long after the flood began it first held 0.85 of its share (over a 3 s mean). A run whose
scenario has no adversary gives the elastic flows' figures from each flow's start (the honest baseline).

    python3 lab/py/adversaries.py lab-results/<run> [...]

prints one row per adversary and run, then the tests' verdicts by kind (classify.py)."""
import csv
import json
import os
import sys

import analyze
import classify
import scenario as scenario_mod

SETTLE_SECONDS = 10  # the figures count from this long after the flood begins (issue 41: "from 10 s after")
REACH = 0.85  # an elastic flow beside an adversary is served once it holds this part of its share
REACH_MEAN_SECONDS = 3


class _Shares(analyze.MechanismResult):
    """The run's max-min shares per bin, computed as analyze.py does, without its raw reports."""

    def __init__(self, sc):  # noqa - only what fair_shares reads
        self.scenario = sc
        self.nbins = int(sc.length / analyze.BIN + 0.999)


def load(run, mechanism="fudp"):
    """(the scenario as run, {flow id: [Mbit/s per bin]}) of a run directory."""
    with open(os.path.join(run, "summary.json")) as fh:
        quick = json.load(fh).get("quick")
    sc = scenario_mod.load(os.path.join(run, "scenario.json"))
    if quick:
        sc.apply_quick()
    mbps = {}
    with open(os.path.join(run, "throughput.csv")) as fh:
        for row in csv.DictReader(fh):
            if row["mechanism"] == mechanism:
                mbps.setdefault(int(row["flow"]), []).append(float(row["mbps"]) if row["mbps"] else float("nan"))
    return sc, mbps


def flood_start(flow):
    """When an adversary starts flooding: a sleeper after its seconds of good behaviour, a player at once."""
    return flow.start + (flow.sleeper_s or 0)


def _over(shares, mbps, fid, bins):
    got = [mbps[fid][i] for i in bins if i < len(mbps[fid])]
    due = [shares[i].get(fid) for i in bins]
    if not got or not all(due) or any(x != x for x in got):
        return None
    return sum(got) / sum(due)


def figures(run, mechanism="fudp"):
    """One dict per adversary (or, with none, per set) of a run."""
    sc, mbps = load(run, mechanism)
    sh = _Shares(sc)
    bins_t = [(i + 0.5) * analyze.BIN for i in range(sh.nbins)]
    shares = {s: [sh.fair_shares(s, i) for i in range(sh.nbins)] for s in sc.sets()}
    out = []
    adversaries = [f for f in sc.flows if f.sleeper_s or f.player]
    for s in sc.sets():
        mine = [f for f in adversaries if f.set == s]
        for adv in mine or [None]:
            at = flood_start(adv) if adv else min(f.start for f in sc.flows if f.set == s)
            row = {"run": os.path.basename(os.path.normpath(run)), "set": s, "floodAt": at}
            if adv:
                bins = [i for i, t in enumerate(bins_t) if at + SETTLE_SECONDS <= t < adv.end]
                row["adversary"] = "%d %s" % (adv.id, "sleeper" if adv.sleeper_s else "player")
                row["adversaryShares"] = _over(shares[s], mbps, adv.id, bins)
            beside = {}
            for f in sc.flows:
                if f.set != s or not f.elastic:
                    continue
                lo = max(at, f.start)
                bins = [i for i, t in enumerate(bins_t) if lo + SETTLE_SECONDS <= t < f.end]
                reached = None
                for i, t in enumerate(bins_t):
                    window = range(i - REACH_MEAN_SECONDS + 1, i + 1)
                    if t < lo or min(window) < 0:
                        continue
                    ratio = _over(shares[s], mbps, f.id, window)
                    if ratio is not None and ratio >= REACH:
                        reached = round(t + 0.5 - lo, 1)
                        break
                beside[classify.kind({"protocol": f.protocol, "cc": f.cc}) + " %d" % f.id] = {
                    "shares": _over(shares[s], mbps, f.id, bins), "reachedSeconds": reached}
            row["beside"] = beside
            out.append(row)
    return out


def verdict_tally(runs):
    """{kind: [tests, found responsive]} over runs."""
    tally = {}
    for run in runs:
        for k, responded, _, _ in classify.verdicts(run):
            t = tally.setdefault(k, [0, 0])
            t[0] += 1
            t[1] += responded
    return tally


def _fmt(x):
    return "-" if x is None else "%.2f" % x


def report(rows):
    """Prints figures()' rows, one line each."""
    for r in rows:
        side = "; ".join("%s %s shares, %s s to %.2f" % (k, _fmt(v["shares"]), v["reachedSeconds"], REACH)
                         for k, v in r["beside"].items())
        print("%s %s: %s %s shares from %.0f s | %s" % (r["run"], r["set"], r.get("adversary", "no adversary"),
                                                        _fmt(r.get("adversaryShares")),
                                                        r["floodAt"] + SETTLE_SECONDS, side))


def main(runs):
    for run in runs:
        report(figures(run))
    print("tests by kind (tests, found responsive): %s" % verdict_tally(runs))


if __name__ == "__main__":
    main(sys.argv[1:])
