# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Per-interval byte counts written the way iperf3 -J writes them, for the lab's own senders and receivers
(quic_flow.py, quic_flood.py): reports.py, analyze.py and timing.py then read a QUIC flow or a disguised flood
exactly as an iperf3 flow. Only the fields those read are written (start.cookie, start.timestamp.timesecs,
intervals[].sum.{start,end,bytes}, server_output_json, error), plus a few for people."""
import json
import os
import sys
import time

CONNECT_FAILED = "unable to connect"  # the words reports.py takes for "never connected": counted at 0 Mbit/s


def new_cookie():
    return os.urandom(18).hex()


class Meter:
    """Bytes per interval of `interval` seconds from `start` (a monotonic clock), each counted in the interval it
    arrived in. Intervals with nothing are kept at 0 bytes: a starved flow's seconds count as zeros, not as gaps."""

    def __init__(self, start, interval=0.5):
        self.start = start
        self.interval = interval
        self.closed = []  # (start, end, bytes), seconds from self.start
        self.current = 0
        self.total = 0

    def _roll(self, now):
        edge = (len(self.closed) + 1) * self.interval
        while now - self.start >= edge:
            self.closed.append((edge - self.interval, edge, self.current))
            self.current = 0
            edge += self.interval

    def add(self, nbytes, now):
        self._roll(now)
        self.current += nbytes
        self.total += nbytes

    def finish(self, now, end=None):
        """Closes the intervals up to `now`; the last one ends at `end` (seconds from start) when given, else at
        now, so a test of T seconds reports T as its length as iperf3 does."""
        self._roll(now)
        last_start = len(self.closed) * self.interval
        stop = max(last_start, end if end is not None else now - self.start)
        if stop > last_start or self.current:
            self.closed.append((last_start, stop, self.current))
            self.current = 0
        return self.closed


def intervals_json(intervals):
    out = []
    for a, b, n in intervals:
        secs = b - a
        out.append({"sum": {"start": round(a, 6), "end": round(b, 6), "seconds": round(secs, 6), "bytes": n,
                            "bits_per_second": n * 8 / secs if secs > 0 else 0.0}})
    return out


def report(cookie, epoch, protocol, intervals, extra=None, error=None):
    """One test's report: start (cookie, the wall-clock second it started, as iperf3's timesecs), intervals and
    the sum."""
    total = sum(n for _, _, n in intervals)
    secs = intervals[-1][1] if intervals else 0.0
    data = {"start": {"cookie": cookie, "timestamp": {"timesecs": int(epoch), "epoch": epoch},
                      "test_start": {"protocol": protocol}},
            "intervals": intervals_json(intervals),
            "end": {"sum": {"start": 0, "end": secs, "bytes": total,
                            "bits_per_second": total * 8 / secs if secs > 0 else 0.0}}}
    if extra:
        data["start"].update(extra)
    if error:
        data["error"] = error
    return data


def emit(data, stream=None):
    """Writes a report as one JSON document and flushes, so a server's reports follow one another in its file
    (reports.parse_stream) and a report survives the process being killed right after."""
    stream = stream or sys.stdout
    stream.write(json.dumps(data, indent=1) + "\n")
    stream.flush()


def now_epoch():
    return time.time()
