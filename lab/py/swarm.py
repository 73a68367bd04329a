# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""A UDP flood split over many 5-tuples for the lab (issue 40): one host spraying source ports, or a reflection
attack's many sources, and its receiver, which counts what arrives per interval as iperf3's UDP server does.

    swarm.py recv --port P --control PATH [--interval 0.5]
    swarm.py send --host IP --port P --rate-mbps R --time T --flows N [--sources A,B,...] [--base-port B]
                  --control PATH [--interval 0.5]

The sender spreads its rate evenly over N flows: flow i leaves from source address sources[i % len(sources)] and
source port base + i // len(sources), so each flow is its own 5-tuple and each source carries N / len(sources) of
them; datagrams go out round robin, one flow after another, so every flow is as old and as fast as the others.
The rate is UDP payload, as iperf3's -b; it never changes with loss: nothing comes back. The source addresses
must be the sender's (scenario.py adds them to the host's namespace).

The test runs over a Unix socket as quic_flood.py's does (no TCP connection beside the flood): the sender
announces the test, sends, asks for the receiver's report at the end, and prints its own with the receiver's as
`server_output_json`. Standard library only.
"""
import argparse
import os
import resource
import signal
import socket
import sys
import time

import flowreport
import quic_flood

PAYLOAD = 1400  # as the lab's iperf3 UDP flows
MAX_FLOWS = 20000


def _sockets(sources, base, flows):
    """One bound socket per flow. Each is a file descriptor: the soft limit is raised to what N needs."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = flows + 64
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(want, soft), max(want, hard)))
    out = []
    for i in range(flows):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.setblocking(False)
        s.bind((sources[i % len(sources)], base + i // len(sources)))
        out.append(s)
    return out


def send(args):
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append("interrupted (SIGTERM) during the test"))
    sources = [a for a in args.sources.split(",") if a] if args.sources else ["0.0.0.0"]
    cookie, epoch = flowreport.new_cookie(), time.time()
    extra = {"connected": [{"local_port": args.base_port, "remote_host": args.host, "remote_port": args.port}],
             "swarm": {"rateMbps": args.rate_mbps, "flows": args.flows, "sources": len(sources)}}
    refused = quic_flood.start_test(args.control, cookie, epoch, args.time, extra)
    if refused:
        return refused
    socks = _sockets(sources, args.base_port, args.flows)
    dst = (args.host, args.port)
    payload = os.urandom(PAYLOAD)
    turn = [0]

    def send(pkt):
        # Round robin: every flow is as old and as fast as the others.
        s = socks[turn[0]]
        turn[0] = (turn[0] + 1) % len(socks)
        s.sendto(pkt, dst)
    ivs = quic_flood.pace(args.rate_mbps, args.time, args.interval, stop, lambda: payload, send)
    for s in socks:
        s.close()
    return quic_flood.end_test(args.control, flowreport.report(cookie, epoch, "UDP", ivs, extra,
                                                              stop[0] if stop else None))


def recv(args):
    """Serves tests one after another: a test counts every datagram to its port between the sender's start and end,
    from any source (the swarm's sources are many); datagrams outside a test are not counted."""
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)
    udp.bind(("0.0.0.0", args.port))
    return quic_flood.serve_tests(udp, args.control, args.interval)


def main(argv):
    p = argparse.ArgumentParser(prog="swarm.py", description=__doc__.strip().splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("recv")
    s = sub.add_parser("send")
    s.add_argument("--host", required=True)
    s.add_argument("--rate-mbps", type=float, required=True)
    s.add_argument("--time", type=float, required=True)
    s.add_argument("--flows", type=int, required=True, help="how many 5-tuples the rate is spread over")
    s.add_argument("--sources", default="", help="comma-separated source addresses of the sender's (default: any)")
    s.add_argument("--base-port", type=int, default=20000, help="the first source port")
    for q in (r, s):
        q.add_argument("--port", type=int, required=True)
        q.add_argument("--control", required=True, help="the test's Unix socket (a path)")
        q.add_argument("--interval", type=float, default=0.5)
    args = p.parse_args(argv)
    if args.cmd == "recv":
        return recv(args)
    if not 1 <= args.flows <= MAX_FLOWS:
        p.error("--flows: must be 1..%d, was %d" % (MAX_FLOWS, args.flows))
    flowreport.emit(send(args))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
