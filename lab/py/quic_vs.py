# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Issue 35's QUIC figures. The throughput criterion: what each QUIC flow of a run with floods got, against what the same flow
got in a run of the same scenario without them, over the same seconds (the steady window of its set in the run
with floods), under one mechanism. Both raw and as a part of its max-min fair share in each run (capacity over the
flows of its set that run then), since a flood that is held at its own share still takes one.

    python3 lab/py/quic_vs.py lab-results/<with floods> lab-results/<without> [mechanism]

And after each flood's start, when each other flow of its set first got 0.85 of an equal share (1 s bins):

    python3 lab/py/quic_vs.py --recovery lab-results/<run> [...]"""
import csv
import json
import os
import sys


def _series(run, mechanism):
    out = {}
    with open(os.path.join(run, "throughput.csv")) as fh:
        for row in csv.DictReader(fh):
            if row["mechanism"] == mechanism:
                out.setdefault(int(row["flow"]), []).append((float(row["t_s"]), float(row["mbps"])))
    return out


def _mean(points, window):
    vals = [m for t, m in points if window[0] <= t <= window[1]]
    return sum(vals) / len(vals) if vals else float("nan")


def _flows(run):
    with open(os.path.join(run, "scenario.json")) as fh:
        sc = json.load(fh)
    sets = {b["host"]: (b["set"], b["rateMbps"]) for b in sc["topology"]["bottlenecks"]}
    return sc["flows"], sets


def _share(flows, sets, flow, window):
    """Capacity over the flows of the flow's set active through the whole window (equal shares: every flow of
    these scenarios wants more than that)."""
    name, rate = sets[flow["dst"]]
    n = sum(1 for f in flows if sets.get(f["dst"], (None,))[0] == name
            and f["start"] <= window[0] and f["start"] + f["duration"] >= window[1])
    return rate / max(n, 1)


def compare(with_floods, without, mechanism="fudp"):
    flows, sets = _flows(with_floods)
    flows_b, _ = _flows(without)
    with open(os.path.join(with_floods, "summary.json")) as fh:
        windows = {s: v["window"] for s, v in json.load(fh)["mechanisms"][mechanism]["sets"].items()}
    a, b = _series(with_floods, mechanism), _series(without, mechanism)
    rows = []
    for f in flows:
        if f["protocol"] != "quic":
            continue
        window = windows[sets[f["dst"]][0]]
        got_a, got_b = _mean(a.get(f["id"], []), window), _mean(b.get(f["id"], []), window)
        share_a = _share(flows, sets, f, window)
        share_b = _share(flows_b, sets, f, window)
        rows.append({"flow": f["id"], "cc": f.get("cc", "cubic"), "window": window, "withFloods": got_a,
                     "without": got_b, "ratio": got_a / got_b, "shareRatio": (got_a / share_a) / (got_b / share_b)})
    return rows


def recovery(run, mechanism="fudp"):
    """(flood id, flow id, seconds from the flood's start until the flow first carried 0.85 of an equal share of
    its set's bottleneck, None if never) for each flood (UDP or disguised) and each flow of its set running then."""
    flows, sets = _flows(run)
    series = _series(run, mechanism)
    out = []
    for flood in flows:
        if flood["protocol"] not in ("udp", "quic-flood"):
            continue
        start = flood["start"]
        here = [f for f in flows if f is not flood and sets[f["dst"]] == sets[flood["dst"]]
                and f["start"] <= start < f["start"] + f["duration"]]
        share = sets[flood["dst"]][1] / (len(here) + 1)
        for f in here:
            t = next((t for t, m in sorted(series.get(f["id"], [])) if t >= start and m >= 0.85 * share), None)
            out.append((flood["id"], f["id"], None if t is None else t - start))
    return out


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--recovery":
        for run in sys.argv[2:]:
            print(os.path.basename(run), "; ".join("flow %d after flood %d: %s s" % (f, fl, "never" if s is None
                                                   else "%.1f" % s) for fl, f, s in recovery(run)))
        sys.exit(0)
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    for r in compare(*sys.argv[1:4]):
        print("flow %d (%s) %s s: %.2f Mbit/s with floods, %.2f without (%.2f); of its share: %.2f" % (
            r["flow"], r["cc"], r["window"], r["withFloods"], r["without"], r["ratio"], r["shareRatio"]))
