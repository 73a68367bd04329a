# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""What the flows' iperf3 receivers say, live: TCP's goodput and the UDP datagrams lost, each interval placed on the
epoch as it arrives, and the arithmetic over those intervals (windows a period long, means, loss) the checks use."""
import re
import threading
import time


class Goodput(threading.Thread):
    """The receiver's goodput of one TCP flow, live: its iperf3 server prints a line per 0.5 s interval
    (--forceflush), and each line is stamped as it arrives. The test's start on the epoch is the earliest
    arrival less the interval's end (a line is printed as its interval ends), so intervals are placed to within
    the 50 ms this polls at."""

    LINE = re.compile(r"^\[\s*\d+\]\s+([\d.]+)-([\d.]+)\s+sec\s+\S+\s+\w*Bytes\s+([\d.]+)\s+([KMG]?)bits/sec\s*$")
    SCALE = {"": 1e-6, "K": 1e-3, "M": 1.0, "G": 1e3}

    def __init__(self, path):
        super().__init__(daemon=True)
        self.path = path
        self.lines = []  # (arrival epoch, start s, end s, Mbit/s)
        self.data_peer = None  # (address, port) of the test's data connection: "[  5] local ... connected to A port P"
        self.stopped = threading.Event()
        self.lock = threading.Lock()

    def run(self):
        fh = None
        buf = ""
        while not self.stopped.is_set():
            if fh is None:
                try:
                    fh = open(self.path)
                except OSError:
                    time.sleep(0.05)
                    continue
            chunk = fh.read()
            now = time.time()
            if chunk:
                buf += chunk
                *done, buf = buf.split("\n")
                for line in done:
                    p = self.parse(line)
                    if p:
                        with self.lock:
                            self.lines.append((now,) + p)
            time.sleep(0.05)
        if fh:
            fh.close()

    def parse(self, line):
        """What one line of the server's says of an interval, (start s, end s, Mbit/s), or None; notes the data
        connection's peer on the way."""
        c = re.search(r"connected to (\S+) port (\d+)", line)
        if c and self.data_peer is None:
            self.data_peer = (c.group(1), int(c.group(2)))
        m = self.LINE.match(line)
        return (float(m.group(1)), float(m.group(2)), float(m.group(3)) * self.SCALE[m.group(4)]) if m else None

    def intervals(self):
        """[(start epoch, end epoch, Mbit/s, and whatever else parse gives)] of the (first) test so far."""
        with self.lock:
            lines = list(self.lines)
        # A new test (a reconnect) starts again at 0: keep the first test's lines.
        first = []
        for ln in lines:
            if first and ln[1] < first[-1][1]:
                break
            first.append(ln)
        if not first:
            return []
        t0 = min(ln[0] - ln[2] for ln in first)
        return [(t0 + ln[1], t0 + ln[2]) + tuple(ln[3:]) for ln in first]

    def stop(self):
        self.stopped.set()


UDP_LINE = re.compile(r"^\[\s*\d+\]\s+([\d.]+)-([\d.]+)\s+sec\s+\S+\s+\w*Bytes\s+([\d.]+)\s+([KMG]?)bits/sec\s+"
                      r"[\d.]+\s+ms\s+(-?\d+)/(\d+)\s+\([^)]*\)\s*$")


def parse_udp_line(line):
    """An iperf3 UDP receiver's interval line: (start s, end s, Mbit/s, lost, total datagrams), or None for any other
    line (the summary ends with "receiver")."""
    m = UDP_LINE.match(line)
    if not m:
        return None
    return (float(m.group(1)), float(m.group(2)), float(m.group(3)) * Goodput.SCALE[m.group(4)],
            int(m.group(5)), int(m.group(6)))


class Datagrams(Goodput):
    """The UDP flow's receiver, live: its iperf3 server prints a line per 0.5 s interval (--forceflush) with the
    datagrams lost and expected, each line stamped as it arrives and placed as Goodput places TCP's;
    intervals() gives (start epoch, end epoch, Mbit/s, lost, total)."""

    def parse(self, line):
        return parse_udp_line(line)


def windows(intervals, since, seconds=1.0):
    """Consecutive windows of about `seconds` from the first interval that starts at or after `since`:
    [(start, end, mean Mbit/s)], each the time-weighted mean of the intervals in it."""
    out = []
    cur = []
    for iv in intervals:
        if iv[0] < since - 0.01:
            continue
        cur.append(iv)
        if cur[-1][1] - cur[0][0] >= seconds - 0.01:
            span = sum(e - s for s, e, _ in cur)
            out.append((cur[0][0], cur[-1][1], sum((e - s) * m for s, e, m in cur) / span if span else 0.0))
            cur = []
    return out


def first_through(ivs, since):
    """When TCP's first segment got through after `since`: the start of the first interval with goodput that ends
    after `since` (not before `since`), or None."""
    for st, e, m in ivs:
        if e > since + 0.01 and m > 0:
            return max(st, since)
    return None


def mean_mbps(intervals, since, until):
    """The time-weighted mean of the intervals (start, end, Mbit/s, ...) that lie within [since, until], or None."""
    sel = [iv for iv in intervals if iv[0] >= since - 0.01 and iv[1] <= until + 0.01]
    span = sum(iv[1] - iv[0] for iv in sel)
    return sum((iv[1] - iv[0]) * iv[2] for iv in sel) / span if span > 0 else None


def loss(intervals, since, until):
    """The UDP datagrams lost over the receiver's intervals that overlap [since, until]: (lost, total, percent or
    None when nothing was expected). iperf3 counts a gap in the sequence numbers as lost when the next datagram
    arrives, and takes one back when a late one comes (reordering)."""
    sel = [iv for iv in intervals if iv[1] > since + 0.01 and iv[0] < until - 0.01]
    lost = sum(iv[3] for iv in sel)
    total = sum(iv[4] for iv in sel)
    return lost, total, (round(100.0 * lost / total, 3) if total else None)
