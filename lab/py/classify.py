# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The responsiveness test's verdicts in lab runs (issue 35): each test that ended, from the FUDP controller's log
("UDP flow <5-tuple> in <set> responded: ..." or "did not respond: ..."), matched to the scenario flow whose
client port it carries (40000 + id, traffic.py) or whose server port (5200 + id: the flow's reverse direction).

    python3 lab/py/classify.py lab-results/<run> [...]

prints one row per kind of flow: tests, found responsive, and the test's cost (how far below what it offered a
flow was held, and for how many periods; docs/algorithm.md, "Responsive UDP")."""
import json
import os
import re
import sys

import traffic

VERDICT = re.compile(r"UDP flow udp-[\d.]+-(\d+)-[\d.]+-(\d+) in \S+ (responded|did not respond): "
                     r"(?:kept offering ([\d.]+) Mbit/s of ([\d.]+) Mbit/s at a limit of ([\d.]+) Mbit/s"
                     r"|slowed from ([\d.]+) Mbit/s to ([\d.]+) Mbit/s at a limit of ([\d.]+) Mbit/s)")
CLIENT_PORT = 40000


def kind(flow):
    """The flow's kind as the classification table shows it."""
    if flow["protocol"] == "quic":
        return "QUIC %s" % flow.get("cc", "cubic")
    if flow["protocol"] == "quic-flood":
        return "disguised flood"
    return "iperf3 %s" % flow["protocol"].upper()


def verdicts(run):
    """(kind, responded, offered Mbit/s, limit Mbit/s) per test that ended in a run's FUDP controller log."""
    with open(os.path.join(run, "scenario.json")) as fh:
        flows = {f["id"]: f for f in json.load(fh)["flows"]}
    out = []
    log = os.path.join(run, "raw", "fudp", "controller.log")
    with open(log) as fh:
        for line in fh:
            m = VERDICT.search(line)
            if not m:
                continue
            sport, dport = int(m.group(1)), int(m.group(2))
            if sport - CLIENT_PORT in flows:
                k = kind(flows[sport - CLIENT_PORT])
            elif sport - traffic.BASE_PORT in flows:
                k = kind(flows[sport - traffic.BASE_PORT]) + " (its reverse direction)"
            else:
                k = "other UDP (port %d to %d)" % (sport, dport)
            offered = float(m.group(5) or m.group(7))
            limit = float(m.group(6) or m.group(9))
            out.append((k, m.group(3) == "responded", offered, limit))
    return out


def table(runs):
    rows = {}
    for run in runs:
        for k, responded, offered, limit in verdicts(run):
            r = rows.setdefault(k, {"tests": 0, "responsive": 0, "held": []})
            r["tests"] += 1
            r["responsive"] += responded
            if offered > 0:
                r["held"].append(limit / offered)
    lines = ["| flow | tests | found responsive | held at (limit / what it offered), median |",
             "|---|---|---|---|"]
    for k in sorted(rows):
        r = rows[k]
        held = sorted(r["held"])
        median = held[len(held) // 2] if held else float("nan")
        lines.append("| %s | %d | %d (%.0f %%) | %.2f |" % (k, r["tests"], r["responsive"],
                                                            100.0 * r["responsive"] / r["tests"], median))
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print(table(sys.argv[1:]))
