# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Spread over repeated lab runs: reads several summary.json files and prints a Markdown table of
min / median / max per mechanism, set and metric.

    /usr/bin/python3 lab/py/spread.py [--only ip,wfq] lab-results/table1-*/summary.json
"""
import json
import statistics
import sys

METRICS = (("jainSteady", "Jain", "%.3f"), ("goodputMbps", "goodput Mbit/s", "%.2f"),
           ("rttMsMean", "RTT ms", "%.1f"), ("power", "power", "%.0f"))


def main(args):
    only = None
    if args and args[0] == "--only":
        only = set(args[1].split(","))
        args = args[2:]
    runs = [json.load(open(p)) for p in args]
    table = {}
    for run in runs:
        for mech, entry in run["mechanisms"].items():
            if only and mech not in only:
                continue
            for s, m in entry["sets"].items():
                for key, _, _ in METRICS:
                    if m.get(key) is not None and m[key] == m[key]:  # NaN: no value (e.g. no flow at all)
                        table.setdefault((mech, s), {}).setdefault(key, []).append(m[key])
    order = ["ip", "wfq", "prio", "wrr", "fudp", "fudp-meter"]
    print("| mechanism | set | runs | " + " | ".join("%s min / median / max" % label for _, label, _ in METRICS) + " |")
    print("|---|---|---|" + "---|" * len(METRICS))
    for (mech, s) in sorted(table, key=lambda k: (order.index(k[0]) if k[0] in order else 99, k[1])):
        cells = []
        for key, _, fmt in METRICS:
            vals = table[(mech, s)].get(key, [])
            cells.append(" / ".join(fmt % v for v in (min(vals), statistics.median(vals), max(vals))) if vals else "-")
        print("| %s | %s | %d | %s |" % (mech, s, len(table[(mech, s)].get("jainSteady", [])), " | ".join(cells)))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip())
    main(sys.argv[1:])
