# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""A disguised flood for the lab: an unresponsive constant-rate UDP sender whose datagrams look like QUIC v1 to
anything that reads headers, and its receiver, which counts what arrives per interval as iperf3's UDP server does.

    quic_flood.py recv --peer IP --cport C [--port 443] --control PATH [--interval 0.5]
    quic_flood.py send --host IP [--port 443] --cport C --rate-mbps R --time T --control PATH [--interval 0.5]
                       [--sleeper SECONDS | --player]

Two adversaries of FUDP's responsiveness test (issue 41), written for the lab only, follow what reaches the
receiver (asked over the control socket every 0.2 s: the lab's stand-in for the ACKs a real QUIC sender reads):
  --sleeper S  behaves like a congestion-controlled sender for S seconds (from 1 Mbit/s twice as much every 0.2 s
               until what it sent over the receiver's last half second does not all arrive, then 5 % or 0.2 Mbit/s
               more every 0.2 s while it does, back to 0.8 of what arrives when not, at most once per 0.7 s),
               then floods at R
  --player     floods at R, and whenever what arrives drops below 0.6 of its peak of the last 2 s (a test's hold)
               sends what arrives for 2 s, then doubles back up to R every 0.2 s

What the wire sees, from one source port (one 5-tuple per flow, as the lab's UDP flows): a client's first flight,
two long-header Initial packets (header form and fixed bits set, type Initial, version 0x00000001, an 8-byte
DCID and SCID, no token, padded to 1200 bytes as RFC 9000 14.1 asks of a client's Initial) and a Handshake
packet, then short-header 1-RTT packets (fixed bit set, an 8-byte DCID fixed for the flow) of an upload's sizes:
mostly full, now and then an ACK-sized one. What header protection and AEAD would leave random is random. The
rate is UDP payload, as iperf3's -b; it never changes with loss: nothing comes back.

The test is run over a Unix socket (a file, so it reaches across the lab's namespaces) instead of iperf3's TCP
control connection: a TCP connection beside the flood would tell it apart from QUIC, and be a flow to the
switch. The sender announces the test (cookie, length) there, sends, and asks for the receiver's report at the
end; the receiver writes each test's report to stdout as `iperf3 -s -J` and answers with it, and the sender
prints its own report with the receiver's as `server_output_json`. Standard library only.
"""
import argparse
import json
import os
import random
import selectors
import signal
import socket
import sys
import time

import flowreport

INITIAL_SIZE = 1200
FULL = 1252  # a full 1-RTT datagram of a common stack (quic-go's and Chrome's first packet size limit)
SMALL = (40, 80)  # an ACK-only packet's size
SMALL_SHARE = 0.05
DCID_LEN = 8


def varint2(n):
    """A QUIC variable-length integer in its two-byte form (RFC 9000 16): enough for a packet's Length."""
    assert n < 16384
    return bytes([0x40 | (n >> 8), n & 0xFF])


def long_header(kind, dcid, scid, size, rnd):
    """A long-header packet of `size` bytes: kind 0 Initial (with an empty token), 2 Handshake. The low four bits of
    the first byte are under header protection, so random; the packet number and payload are ciphertext, so
    random."""
    first = 0xC0 | (kind << 4) | rnd.getrandbits(4)
    head = bytes([first]) + (1).to_bytes(4, "big") + bytes([len(dcid)]) + dcid + bytes([len(scid)]) + scid
    if kind == 0:
        head += b"\x00"  # token length 0
    rest = size - len(head) - 2
    return head + varint2(rest) + rnd.randbytes(rest)


def short_header(dcid, size, rnd):
    """A 1-RTT packet: header form 0, fixed bit 1, spin bit 0 (most stacks leave it off), the protected five bits
    random, the DCID, then ciphertext."""
    return bytes([0x40 | rnd.getrandbits(5)]) + dcid + rnd.randbytes(size - 1 - len(dcid))


def packets(flow_seed):
    """The flow's datagrams in order: the first flight, then 1-RTT packets forever."""
    rnd = random.Random(flow_seed)
    client_cid, server_cid = rnd.randbytes(DCID_LEN), rnd.randbytes(DCID_LEN)
    first_dcid = rnd.randbytes(DCID_LEN)
    yield long_header(0, first_dcid, client_cid, INITIAL_SIZE, rnd)
    yield long_header(0, first_dcid, client_cid, INITIAL_SIZE, rnd)
    yield long_header(2, server_cid, client_cid, 90, rnd)
    while True:
        size = rnd.randint(*SMALL) if rnd.random() < SMALL_SHARE else FULL
        yield short_header(server_cid, size, rnd)


def _ask(path, msg, timeout):
    """One request over the control socket: a JSON line out, a JSON line back."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        s.connect(path)
        s.sendall((json.dumps(msg) + "\n").encode())
        buf = _read_line(s)
    return json.loads(buf) if buf.strip() else None


def _read_line(sock):
    """One newline-terminated message of the control socket, or what came before the peer closed."""
    buf = b""
    while not buf.endswith(b"\n"):
        got = sock.recv(65536)
        if not got:
            break
        buf += got
    return buf


def send(args):
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append("interrupted (SIGTERM) during the test"))
    cookie, epoch = flowreport.new_cookie(), time.time()
    extra = {"connected": [{"local_port": args.cport, "remote_host": args.host, "remote_port": args.port}],
             "flood": {"rateMbps": args.rate_mbps, "disguise": "QUIC v1"}}
    refused = start_test(args.control, cookie, epoch, args.time, extra)
    if refused:
        return refused
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("0.0.0.0", args.cport))
    sock.connect((args.host, args.port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 20)
    gen = packets(args.cport * 7919 + int(args.rate_mbps * 1000))
    behaviour = Behaviour(args.rate_mbps, args.sleeper, args.player, lambda: arrived_bps(args.control, cookie))
    ivs = pace(args.rate_mbps, args.time, args.interval, stop, lambda: next(gen), sock.send, behaviour)
    sock.close()
    return end_test(args.control, flowreport.report(cookie, epoch, "UDP", ivs, extra, stop[0] if stop else None))


class Behaviour:
    """What an adversary sends now, from what arrived at its receiver lately (see the module's text). Without one,
    the rate is constant."""
    TICK = 0.2
    # The receiver answers with what arrived over its last half second, a little late: less than the least rate
    # sent over that span and a tick is a loss, and one cut of the rate shows in the answers only a span later (a
    # congestion control cuts once per round trip, not once per ACK).
    SPAN = 0.5
    # What Reno adds in a second at the lab's loaded round trip (a 100-packet queue at 10 Mbit/s, about 0.12 s):
    # a packet per round trip, about 1 Mbit/s each second; CUBIC adds more.
    GROW = 0.2e6

    def __init__(self, rate_mbps, sleeper, player, arrived):
        self.rate = rate_mbps * 1e6
        self.sleeper, self.player, self.arrived = sleeper, player, arrived
        self.cur = 1e6 if sleeper else self.rate
        self.start = self.next = time.monotonic()
        self.peaks = []  # (time, arrived bps), the last 2 s
        self.following_until = 0.0
        self.sent = []  # (time, bps sent from then), the last span
        self.cut_until = 0.0
        self.slow_start = True

    def _sleeper(self, now, got):
        """Until its seconds are up, a congestion control: twice as much each tick until what arrives falls short of
        the least it sent over the span and a tick (slow start), then 5 % or 0.2 Mbit/s more each tick, whichever is
        more, while it does not, 0.8 of what arrives when it does (at most once per span and a tick); then the
        flood."""
        if now - self.start >= self.sleeper:
            self.cur = self.rate
            return self.cur
        self.sent = [(t, b) for t, b in self.sent if now - t <= self.SPAN + self.TICK]
        if now - self.start < self.SPAN + self.TICK:
            pass  # the receiver's span is not full of this flow yet: its answer is short of what was sent
        elif got < 0.9 * min(b for _, b in self.sent) and now >= self.cut_until:
            self.cur = max(0.05e6, 0.8 * got)
            self.cut_until = now + self.SPAN + self.TICK
            self.slow_start = False
        elif now >= self.cut_until:
            self.cur = min(self.rate, self.cur * 2 if self.slow_start else self.cur + max(0.05 * self.cur, self.GROW))
        self.sent.append((now, self.cur))
        return self.cur

    def bps(self, now):
        if not (self.sleeper or self.player) or now < self.next:
            return self.cur
        self.next = now + self.TICK
        got = self.arrived()
        if got is None:
            return self.cur
        if self.sleeper:
            return self._sleeper(now, got)
        self.peaks = [(t, b) for t, b in self.peaks if now - t <= 2.0] + [(now, got)]
        peak = max(b for _, b in self.peaks)
        if now < self.following_until:
            self.cur = max(0.1e6, got)
        elif got < 0.6 * peak and self.cur >= self.rate:
            self.following_until = now + 2.0
            self.cur = max(0.1e6, got)
        else:
            self.cur = min(self.rate, self.cur * 2)
        return self.cur


def arrived_bps(control, cookie):
    """What the receiver counted over its last half second, bit/s; None if it did not say."""
    try:
        got = _ask(control, {"op": "rate", "cookie": cookie}, 0.5)
        return None if got is None else got.get("bps")
    except (OSError, ValueError):
        return None


def pace(rate_mbps, seconds, interval, stop, next_datagram, send, behaviour=None):
    """Sends at a constant rate, whatever the network does (or at what `behaviour` says), for `seconds` or until
    `stop` holds a reason: each datagram from next_datagram() goes out through send(). Returns the bytes sent per
    interval (flowreport.Meter); a datagram the socket refused counts as sent: a flood does not care."""
    start = time.monotonic()
    meter = flowreport.Meter(start, interval)
    sent = 0.0  # the bytes the rate allowed so far
    last = start
    end = start + seconds
    rate = rate_mbps * 1e6 / 8  # bytes per second
    while not stop:
        now = time.monotonic()
        if now >= end:
            break
        if behaviour is not None:
            rate = behaviour.bps(now) / 8
        budget = sent + rate * (now - last)
        last = now
        sent = budget
        while sent > 0:
            pkt = next_datagram()
            try:
                send(pkt)
            except (BlockingIOError, ConnectionRefusedError):
                pass  # a full queue or an ICMP from a receiver not there yet
            sent -= len(pkt)
            meter.add(len(pkt), now)
        time.sleep(min(0.001, max(0.0, end - now)))
    return meter.finish(time.monotonic(), end=None if stop else seconds)


def start_test(control, cookie, epoch, seconds, extra):
    """Announces a test to the receiver's control socket; None when it took it, else the report of a test that
    never connected."""
    try:
        _ask(control, {"op": "start", "cookie": cookie, "seconds": seconds}, 5.0)
        return None
    except (OSError, ValueError) as exc:
        return flowreport.report(cookie, epoch, "UDP", [], extra, "%s: the receiver's control socket %s: %s" % (
            flowreport.CONNECT_FAILED, control, exc))


def end_test(control, data):
    """Ends the test at the receiver and adds its report to the sender's, as iperf3's --get-server-output."""
    try:
        server = _ask(control, {"op": "end", "cookie": data["start"]["cookie"]}, 5.0)
        if server is not None:
            data["server_output_json"] = server
    except (OSError, ValueError) as exc:
        data["error"] = (data["error"] + "; " if data.get("error") else "") + "no report from the receiver: %s" % exc
    return data


def recv(args):
    """Serves tests one after another: a test counts every datagram from the sender's address and port between
    the sender's start and end; datagrams outside a test are not counted."""
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    # One receiver per flow, all on port 443 of a host: SO_REUSEPORT lets them share it, and a socket connected to
    # its flow's source gets that source's datagrams only (the kernel prefers a connected socket's exact match).
    udp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    udp.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
    udp.bind(("0.0.0.0", args.port))
    udp.connect((args.peer, args.cport))
    return serve_tests(udp, args.control, args.interval)


def serve_tests(udp, control, interval):
    """Counts what reaches the bound socket `udp` per interval during each test the control socket (a path)
    announces, and writes each test's report to stdout as `iperf3 -s -J` does, answering the sender's end with
    it. Until SIGTERM."""
    udp.setblocking(False)
    if os.path.exists(control):
        os.unlink(control)
    ctl = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    ctl.bind(control)
    ctl.listen(4)
    sel = selectors.DefaultSelector()
    sel.register(udp, selectors.EVENT_READ, "udp")
    sel.register(ctl, selectors.EVENT_READ, "ctl")
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    test = None  # {"cookie", "epoch", "meter"}

    def finish(error=None):
        ivs = test["meter"].finish(time.monotonic())
        data = flowreport.report(test["cookie"], test["epoch"], "UDP", ivs, error=error)
        flowreport.emit(data)
        return data
    try:
        while not stopping:
            for key, _ in sel.select(timeout=0.2):
                if key.data == "udp":
                    while True:
                        try:
                            n = len(udp.recv(65536))
                        except (BlockingIOError, ConnectionRefusedError):
                            break
                        if test:
                            now = time.monotonic()
                            test["meter"].add(n, now)
                            test["recent"].append((now, n))
                    continue
                conn, _ = ctl.accept()
                with conn:
                    conn.settimeout(2.0)
                    msg = json.loads(_read_line(conn) or b"{}")
                    reply = {}
                    if msg.get("op") == "start":
                        if test:
                            finish("a new test started before this one ended")
                        test = {"cookie": msg.get("cookie"), "epoch": time.time(),
                                "meter": flowreport.Meter(time.monotonic(), interval), "recent": []}
                        reply = {"ok": True}
                    elif msg.get("op") == "rate" and test:
                        # What arrived over the last half second (the adversaries' feedback).
                        now = time.monotonic()
                        test["recent"] = [(t, n) for t, n in test["recent"] if now - t <= 0.5]
                        reply = {"bps": sum(n for _, n in test["recent"]) * 8 / 0.5}
                    elif msg.get("op") == "end" and test:
                        reply = finish()
                        test = None
                    conn.sendall((json.dumps(reply) + "\n").encode())
    finally:
        if test:
            finish("the receiver was stopped (SIGTERM) during the test")
        ctl.close()
        if os.path.exists(control):
            os.unlink(control)
    return 0


def main(argv):
    p = argparse.ArgumentParser(prog="quic_flood.py", description=__doc__.strip().splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("recv")
    r.add_argument("--peer", required=True, help="the sender's address")
    r.add_argument("--cport", type=int, required=True, help="the sender's source port")
    s = sub.add_parser("send")
    s.add_argument("--host", required=True)
    s.add_argument("--cport", type=int, required=True)
    s.add_argument("--rate-mbps", type=float, required=True)
    s.add_argument("--time", type=float, required=True)
    adv = s.add_mutually_exclusive_group()
    adv.add_argument("--sleeper", type=float, default=0, metavar="SECONDS",
                     help="behave like a congestion-controlled sender this long, then flood")
    adv.add_argument("--player", action="store_true", help="follow any sudden drop at the receiver for 2 s")
    for q in (r, s):
        q.add_argument("--port", type=int, default=443)
        q.add_argument("--control", required=True, help="the test's Unix socket (a path)")
        q.add_argument("--interval", type=float, default=0.5)
    args = p.parse_args(argv)
    if args.cmd == "recv":
        return recv(args)
    flowreport.emit(send(args))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
