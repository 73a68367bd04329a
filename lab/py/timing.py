# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Time to share (issue 32): for every TCP or QUIC flow (the elastic ones), how long from its start (and, in a run
with a restart of the lab controller, from the new controller's being up) until its throughput first reaches
SHARE_FRACTION of its max-min fair share of its set's bottleneck.

Throughput is the receiver's (the flow's iperf3 intervals of 0.5 s, analyze.MechanismResult.intervals) over a
sliding window of SMOOTH seconds, one window ending at each interval's end, so the shortest time is SMOOTH. The
share is analyze's own (MechanismResult.fair_shares, max-min of the set's flows running at the window's middle).
A flow that ends without reaching it is "never"; a flow without data (reports.py) is "missing" and left out.
"""
import math

SHARE_FRACTION = 0.85
SMOOTH = 1.0  # seconds the throughput is averaged over
WITHIN = 10.0  # the distribution counts the flows that reach their share within this many seconds


def windows(intervals, since, until, width=SMOOTH):
    """[(end, Mbit/s)] over [end - width, end] for each interval end with since <= end - width and end <= until;
    an interval's bytes count in proportion to its overlap with the window."""
    out = []
    for e in sorted({b for _, b, _ in intervals}):
        lo = e - width
        if lo < since - 1e-6 or e > until + 1e-6:
            continue
        nbytes = 0.0
        for a, b, n in intervals:
            if b > a and b > lo and a < e:
                nbytes += n * (min(b, e) - max(a, lo)) / (b - a)
        out.append((e, nbytes * 8 / 1e6 / width))
    return out


def reach(result, flow, since):
    """(seconds from `since` until the flow's windowed throughput is at SHARE_FRACTION of its fair share or more,
    that share in Mbit/s), or (None, None): never before the flow's end."""
    for e, mbps in windows(result.intervals[flow.id], since, flow.end):
        share = result.fair_shares(flow.set, None, t=e - SMOOTH / 2).get(flow.id)
        if share and mbps >= SHARE_FRACTION * share:
            return round(e - since, 2), round(share, 3)
    return None, None


def fraction_at_share(result, flow):
    """Of the flow's windows over its whole run, the fraction at SHARE_FRACTION of its share or more."""
    ws = windows(result.intervals[flow.id], flow.start, flow.end)
    hits = 0
    for e, mbps in ws:
        share = result.fair_shares(flow.set, None, t=e - SMOOTH / 2).get(flow.id)
        hits += 1 if share and mbps >= SHARE_FRACTION * share else 0
    return round(hits / len(ws), 3) if ws else None


def distribution(values):
    """Of seconds-or-None (never) per flow: min, median, max (None, i.e. never, counts as longer than any time,
    so the median is "never" when half the flows or more never got there), how many within WITHIN seconds, and how
    many never."""
    n = len(values)
    done = sorted(v for v in values if v is not None)
    ranked = done + [math.inf] * (n - len(done))

    def show(v):
        return "never" if v == math.inf else round(v, 2)
    median = None
    if n:
        median = ranked[n // 2] if n % 2 else (ranked[n // 2 - 1] + ranked[n // 2]) / 2
    return {"flows": n, "reached": len(done), "never": n - len(done),
            "withinSeconds": WITHIN, "within": sum(1 for v in done if v <= WITHIN),
            "min": show(ranked[0]) if n else None, "median": show(median) if n else None,
            "max": show(ranked[-1]) if n else None}


def time_to_share(result):
    """The summary entry of one mechanism: per TCP or QUIC flow, and the distributions."""
    flows, from_start, after, flood = [], [], [], []
    for f in result.scenario.flows:
        if not f.elastic or not f.set:
            continue
        e = {"flow": f.id, "set": f.set, "start": f.start}
        if f.id in result.missing:
            e["secondsToShare"] = "missing"
            flows.append(e)
            continue
        secs, share = reach(result, f, f.start)
        e.update({"secondsToShare": "never" if secs is None else secs, "shareMbps": share,
                  "fractionOfSecondsAtShare": fraction_at_share(result, f)})
        from_start.append(secs)
        for u in result.scenario.flows:
            # A flood that arrives while the flow runs: how long until the flow has its share again.
            if u.protocol == "udp-swarm" and u.set == f.set and f.start < u.start and u.start + SMOOTH <= f.end:
                s3, share3 = reach(result, f, u.start)
                e.setdefault("afterFloods", []).append({"floodFlow": u.id, "floodStart": u.start,
                                                        "secondsToShare": "never" if s3 is None else s3,
                                                        "shareMbps": share3})
                flood.append(s3)
        for r in result.restarts:
            up = r.get("upAt")
            if up is not None and f.start < up and up + SMOOTH <= f.end:
                s2, share2 = reach(result, f, up)
                e.setdefault("afterRestarts", []).append({"upAt": up, "secondsToShare": "never" if s2 is None else s2,
                                                          "shareMbps": share2})
                after.append(s2)
        flows.append(e)
    out = {"shareFraction": SHARE_FRACTION, "smoothSeconds": SMOOTH, "flows": flows,
           "fromStart": distribution(from_start),
           "missing": [e["flow"] for e in flows if e["secondsToShare"] == "missing"]}
    if flood:
        out["afterFlood"] = distribution(flood)
    if result.restarts:
        out["restarts"] = result.restarts
        out["afterRestart"] = distribution(after)
    return out


def _dist_text(d):
    if not d["flows"]:
        return "no TCP or QUIC flow measured"
    return ("%d flows: min %s, median %s, max %s s; %d within %g s; %d never" % (
        d["flows"], d["min"], d["median"], d["max"], d["within"], d["withinSeconds"], d["never"]))


def _secs(v):
    return v if isinstance(v, str) else "%.1f s" % v


def summary_lines(data):
    """summary.md's section on time to share, from summary.json's mechanisms."""
    entries = [(m, e["timeToShare"]) for m, e in data["mechanisms"].items() if e.get("timeToShare")]
    if not entries:
        return []
    lines = ["", "Time to share: seconds from each TCP or QUIC flow's start until its receiver's throughput, averaged over "
             "%g s, first reached %g of its max-min fair share (the share of the normalized Jain; %g s is the "
             "shortest); \"never\": not before the flow ended; \"missing\": no data (left out)." % (
                 SMOOTH, SHARE_FRACTION, SMOOTH)]
    if any(t.get("restarts") for _, t in entries):
        lines[-1] += (" After a restart of the lab controller, also from when the new controller was up, for the "
                      "flows running then.")
    lines.append("")
    for mech, t in entries:
        lines.append("- %s: %s" % (mech, _dist_text(t["fromStart"])))
        if t.get("afterFlood"):
            lines.append("  - from the start of a swarm that arrived while they ran: %s" % _dist_text(t["afterFlood"]))
        for r in t.get("restarts", []):
            lines.append("  - controller stopped (%s) at %s s, new one up at %s s" % (
                r.get("signal"), r.get("stoppedAt"), r.get("upAt")))
        if "afterRestart" in t:
            lines.append("  - after the restart: %s" % _dist_text(t["afterRestart"]))
        per = []
        for e in t["flows"]:
            text = "flow %d (%s, %g s) %s" % (e["flow"], e["set"], e["start"], _secs(e["secondsToShare"]))
            if e.get("fractionOfSecondsAtShare") is not None:
                text += " (at share %.0f%% of its time)" % (100 * e["fractionOfSecondsAtShare"])
            for a in e.get("afterRestarts", []):
                text += ", after the restart %s" % _secs(a["secondsToShare"])
            per.append(text)
        lines.append("  - " + "; ".join(per))
    return lines
