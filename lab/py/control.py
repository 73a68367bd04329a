# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""FUDP's control as its controller's log shows it, beside the traffic: churn of limits, Packet-Outs, TCP flows
starved or taken for gone, re-convergence after arrivals and departures (a mixin of analyze.MechanismResult, which
holds the time series and `controller`, the rows of raw/fudp/controller-periods.csv), and their lines in
summary.md."""

BIN = 1.0  # seconds per sample in every time series (analyze.BIN)
TRANSIENT_PERIODS = 10  # control periods after an arrival or departure that count as transient
# FUDPA's reasons for a set judged fair with its limits in force (NO_TCP is fair too, but lifts every limit).
SETTLED = ("IN_BAND", "WITHIN_MARGIN", "AT_ALLOCATION", "BELOW_SHARE", "LINK_HAS_ROOM")
IN_BAND = ("IN_BAND", "WITHIN_MARGIN")  # the UDP average inside the band, or within its hysteresis margin
TCP_SETTLE = 3.0  # seconds a scheduled TCP flow needs before the controller must count it
JOIN_MBPS = 10 * 1514 * 8 / 1e6  # the loop's join rate (Membership.JOIN_BPS): below it a TCP flow is starved


class ControlMetrics:
    """What the controller's rows say of each set; needs `scenario`, `controller`, `stops`, `times`,
    `flow_mbps`, `missing` and `set_flows` of analyze.MechanismResult."""

    def events(self, set_name):
        """Times at which a flow of the set arrives or leaves (run start and end excluded)."""
        out = []
        for f in self.set_flows(set_name):
            out += [t for t in (f.start, f.end) if 0 < t < self.scenario.length - 1e-9]
        return sorted(out)

    def transient(self, set_name, t):
        """Whether time t is within TRANSIENT_PERIODS control periods after an arrival or departure."""
        span = TRANSIENT_PERIODS * self.scenario.period
        return any(e <= t < e + span for e in self.events(set_name))

    def churn(self, set_name):
        """FUDP's control churn in a set, from the controller's log: limit changes (a flow newly limited,
        released, or given another rate) per minute and per limited flow per 10 periods, split into transient
        (within TRANSIENT_PERIODS periods after an arrival or departure) and steady (the rest, while the set
        has a UDP flow)."""
        rows = [r for r in self.controller if r["set"] == set_name]
        acc = {"transient": [0, 0, 0], "steady": [0, 0, 0]}  # changes, periods, limited-flow periods
        before = {}
        for r in rows:
            now = r["allocations"]
            changes = sum(1 for k in set(now) | set(before) if now.get(k) != before.get(k))
            before = now
            if r["udpFlows"] == 0 and not now:
                continue
            a = acc["transient" if self.transient(set_name, r["t"]) else "steady"]
            a[0] += changes
            a[1] += 1
            a[2] += len(now)
        minutes = self.scenario.period / 60.0
        out = {}
        for kind, (changes, periods, limited) in acc.items():
            out[kind] = {"periods": periods, "limitChanges": changes,
                         "limitChangesPerMinute": round(changes / (periods * minutes), 2) if periods else None,
                         "limitChangesPerLimitedFlowPer10Periods":
                             round(10.0 * changes / limited, 3) if limited else None}
        return out

    def tcp_dropped(self, set_name):
        """Periods in which the controller counted no TCP flow (NO_TCP: every limit lifted) although the
        schedule had a TCP flow running for at least TCP_SETTLE seconds: a starved TCP flow wrongly taken for
        gone."""
        tcp = [f for f in self.set_flows(set_name) if f.protocol == "tcp"]
        return sum(1 for r in self.controller if r["set"] == set_name and r["reason"] == "NO_TCP"
                   and any(f.start + TCP_SETTLE <= r["t"] < f.end - 1.0 for f in tcp))

    def starved_tcp(self, set_name):
        """Seconds in which a scheduled TCP flow of the set moved less than the join rate (ten full frames a
        second, at its receiver) although it had run for TCP_SETTLE seconds and had a second to go: starved
        into retransmission timeouts. For each, whether the controller's first period ending after it counted
        fewer TCP flows than the schedule: a starved flow taken for gone."""
        tcp = [f for f in self.set_flows(set_name) if f.protocol == "tcp"]
        rows = [r for r in self.controller if r["set"] == set_name]
        starved = dropped = 0
        for f in tcp:
            if f.id in self.missing:
                continue  # no data: neither starved nor not
            for i, t in enumerate(self.times):
                if not (f.start + TCP_SETTLE <= t - BIN / 2 and t + BIN / 2 <= f.end - 1.0):
                    continue
                if self.flow_mbps[f.id][i] >= JOIN_MBPS:
                    continue
                starved += 1
                after = [r for r in rows if r["t"] >= t + BIN / 2]
                if after:
                    r = after[0]
                    running = sum(1 for g in tcp if g.start + TCP_SETTLE <= r["t"] < g.end - 1.0)
                    dropped += 1 if r["tcpFlows"] < running else 0
        return {"starvedSeconds": starved, "takenForGone": dropped}

    def packet_outs(self):
        """Packet-Outs (control frames) per minute over the run, transient (any set within TRANSIENT_PERIODS
        after an event) and steady, from the cumulative count in the controller's log."""
        rows = sorted({r["t"]: r["packetOuts"] for r in self.controller if r["packetOuts"] is not None}.items())
        acc = {"transient": [0, 0.0], "steady": [0, 0.0]}
        for (t0, n0), (t1, n1) in zip(rows, rows[1:]):
            kind = "transient" if any(self.transient(s, t1) for s in self.scenario.sets()) else "steady"
            acc[kind][0] += n1 - n0 if n1 >= n0 else n1  # a restarted controller counts from 0 again
            acc[kind][1] += t1 - t0
        return {k: {"packetOuts": n, "seconds": round(sec, 1),
                    "perMinute": round(60.0 * n / sec, 2) if sec > 0 else None} for k, (n, sec) in acc.items()}

    def reconvergence(self):
        """For FUDP: after each flow arrives or leaves, how many reallocations (periods judged outside the
        band) the set needed before a period found it fair again, from the controller's own log. Counting
        starts at the first period whose membership shows the event (the controller learns of a flow only
        when its packets arrive)."""
        out = []
        for f in self.scenario.flows:
            if not f.set:
                continue
            for kind, t in (("arrives", f.start), ("leaves", f.end)):
                if t <= 0 or t >= self.scenario.length - 1e-9:
                    continue
                mates = [g for g in self.scenario.flows if g.set == f.set]
                nxt = [g.start for g in mates if g.start > t] + [g.end for g in mates if g.end > t]
                horizon = min(nxt) if nxt else self.scenario.length
                after = t + 1e-6
                want_tcp = sum(1 for g in mates if g.protocol == "tcp" and g.start <= after < g.end)
                # QUIC and the disguised flood are UDP to the controller.
                want_udp = sum(1 for g in mates if g.protocol != "tcp" and g.start <= after < g.end)
                if want_udp == 0:
                    continue  # nothing to allocate
                rows = [r for r in self.controller if r["set"] == f.set and t < r["t"] <= horizon]
                # A new flow's iperf3 control connection can count as a TCP flow for one period, so an
                # arrival is seen once the counts reach the schedule's, a departure once they drop to it.
                if kind == "arrives":
                    seen = [i for i, r in enumerate(rows) if r["tcpFlows"] >= want_tcp and r["udpFlows"] >= want_udp]
                else:
                    seen = [i for i, r in enumerate(rows) if r["tcpFlows"] <= want_tcp and r["udpFlows"] <= want_udp]
                entry = {"flow": f.id, "event": kind, "t": t, "set": f.set, "adjustments": None,
                         "seenAfterSeconds": None, "secondsToSettled": None, "secondsToBand": None,
                         "trafficStoppedAfterSeconds": None, "settledAfterTrafficStopped": None}
                if seen:
                    entry["seenAfterSeconds"] = round(rows[seen[0]]["t"] - t, 2)
                    adjustments = 0  # periods judged unfair, counted from the first that saw the event
                    for r in rows[seen[0]:]:
                        # NO_TCP is "fair" for FUDPA but means limits lifted: not settled.
                        if r["reason"] in SETTLED:
                            entry["secondsToSettled"] = round(r["t"] - t, 2)
                            break
                        adjustments += 1
                    entry["adjustments"] = adjustments
                    for r in rows[seen[0]:]:
                        if r["reason"] in IN_BAND:
                            entry["secondsToBand"] = round(r["t"] - t, 2)
                            break
                stop = self.traffic_stop(f) if kind == "leaves" else None
                if stop is not None:
                    entry["trafficStoppedAfterSeconds"] = round(stop - t, 2)
                    if entry["secondsToSettled"] is not None:
                        entry["settledAfterTrafficStopped"] = round(t + entry["secondsToSettled"] - stop, 2)
                out.append(entry)
        return out

    def traffic_stop(self, flow):
        """When a TCP flow's traffic stopped at the switch, from the lab controller's log (the counter of
        its rule, read every 100 ms), the first stop after its scheduled end; None if not logged."""
        if flow.protocol != "tcp":
            return None
        times = [t for t in self.stops.get(flow.id, []) if t >= flow.end - 0.5]
        return min(times) if times else None


def reconvergence_text(e):
    if e["seenAfterSeconds"] is None:
        return "the controller's membership never matched the schedule before the next event"
    what = "seen after %.1f s, %d period(s) judged unfair, " % (e["seenAfterSeconds"], e["adjustments"])
    if e["secondsToSettled"] is None:
        return what + "not settled before the next event"
    what += "settled %.1f s after the event" % e["secondsToSettled"]
    if e["settledAfterTrafficStopped"] is not None:
        what += " (traffic stopped %.1f s after the scheduled end; settled %.1f s after that)" % (
            e["trafficStoppedAfterSeconds"], e["settledAfterTrafficStopped"])
    if e["secondsToBand"] is None:
        return what + ", UDP average not in the band before the next event"
    return what + ", UDP average in the band %.1f s after the event" % e["secondsToBand"]


def summary_lines(fudp):
    """summary.md's lines on FUDP's control, from the summary entry of a fudp mechanism."""
    lines = []
    if fudp and "packetOuts" in fudp:
        lines += ["", "FUDP's control churn (transient: within %d periods after a flow arrives or leaves; steady: "
                  "the rest): limit changes per minute and per limited flow per 10 periods, and Packet-Outs per "
                  "minute (snapshots, resends and heartbeats):" % TRANSIENT_PERIODS, ""]
        for s, m in fudp["sets"].items():
            c = m["churn"]
            lines.append("- %s: steady %s changes/min, %s per limited flow per 10 periods (%d periods); transient "
                         "%s changes/min (%d periods)" % (
                             s, c["steady"]["limitChangesPerMinute"], c["steady"]["limitChangesPerLimitedFlowPer10Periods"],
                             c["steady"]["periods"], c["transient"]["limitChangesPerMinute"], c["transient"]["periods"]))
        lines.append("- periods in which the controller counted no TCP flow although one ran (a starved TCP flow "
                     "taken for gone): " + ", ".join("%s %d" % (s, m["noTcpWhileTcpRuns"])
                                                      for s, m in fudp["sets"].items()))
        lines.append("- seconds in which a running TCP flow was starved below the join rate, and of those, how many "
                     "the controller's next period counted it gone: " + ", ".join(
                         "%s %d, %d" % (s, m["starvedTcp"]["starvedSeconds"], m["starvedTcp"]["takenForGone"])
                         for s, m in fudp["sets"].items()))
        po = fudp["packetOuts"]
        lines.append("- Packet-Outs: steady %s/min, transient %s/min" % (po["steady"]["perMinute"],
                                                                        po["transient"]["perMinute"]))
    if fudp and fudp.get("reconvergence"):
        lines += ["", "FUDP after each flow arrives or leaves, from the controller's log: when its membership "
                  "showed the event, how many periods it then judged the set unfair (reallocations, or NO_TCP when "
                  "a starved TCP flow dropped out), when it judged the set fair again with its limits in force "
                  "(settled: in the band, within its margin, at its allocation, or held at its limits with room "
                  "on the link), and when the set's UDP average was inside the band or its margin. Times are from the scheduled event; for a TCP "
                  "flow that leaves, also from when its traffic stopped at the switch (its rule's counter, read "
                  "every 100 ms):", ""]
        for e in fudp["reconvergence"]:
            lines.append("- flow %d %s at %.0f s (%s): %s" % (e["flow"], e["event"], e["t"], e["set"],
                                                              reconvergence_text(e)))
    return lines
