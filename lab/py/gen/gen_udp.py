#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Paced UDP generator for the lab's workload (lab/py/workload.py), bounded by --duration and --max-packets.

gen_udp.py --dst IP --rate PPS --duration S [--ports N] [--size B] [--srcsocks K] [--burst P] [--dst-count A]

Sends --rate packets/s for --duration seconds (at most --max-packets), cycling over --ports destination ports
starting at --base-port, from --srcsocks sockets (each its own source port). With --burst P, every "flow"
(one dst port) gets P packets back to back before the next flow: mice of P packets.
With --fresh every burst comes from a new socket (a new ephemeral source port): UDP mice of P packets, each a
new 5-tuple. With --dst-count A every burst goes to the next of A addresses from --dst on (IP, IP+1, ...): mice
to many destinations. --delay S waits before starting. Prints a JSON line: packets sent, elapsed, achieved rate.
"""
import argparse
import ipaddress
import json
import socket
import struct
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dst", required=True)
    ap.add_argument("--dst-count", type=int, default=1)
    ap.add_argument("--rate", type=float, required=True)
    ap.add_argument("--duration", type=float, required=True)
    ap.add_argument("--ports", type=int, default=50000)
    ap.add_argument("--base-port", type=int, default=10000)
    ap.add_argument("--size", type=int, default=64)
    ap.add_argument("--srcsocks", type=int, default=1)
    ap.add_argument("--burst", type=int, default=1)
    ap.add_argument("--max-packets", type=int, default=5_000_000)
    ap.add_argument("--fresh", action="store_true", help="a new socket (new ephemeral source port) for every burst")
    ap.add_argument("--stamp", action="store_true", help="payload starts with the send time (double), for latency")
    ap.add_argument("--delay", type=float, default=0.0, help="seconds to wait before starting")
    a = ap.parse_args()
    assert a.duration <= 300 and a.delay <= 300
    if a.delay > 0:
        time.sleep(a.delay)
    socks = [socket.socket(socket.AF_INET, socket.SOCK_DGRAM) for _ in range(a.srcsocks)]
    for s in socks:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)
        s.bind(("0.0.0.0", 0))
    payload = b"x" * a.size
    first = ipaddress.ip_address(a.dst)
    dsts = [str(first + k) for k in range(max(1, a.dst_count))]
    sent, port_i, sock_i, in_burst, dst_i = 0, 0, 0, 0, 0
    errors = 0
    t0 = time.time()
    end = t0 + a.duration
    tick = 0.002
    while True:
        now = time.time()
        if now >= end or sent >= a.max_packets:
            break
        due = int((now - t0) * a.rate) - sent
        for _ in range(max(0, due)):
            try:
                data = (struct.pack("!d", time.time()) + payload[8:]) if a.stamp else payload
                socks[sock_i].sendto(data, (dsts[dst_i], a.base_port + port_i))
            except OSError:
                errors += 1
            sent += 1
            in_burst += 1
            if in_burst >= a.burst:
                in_burst = 0
                if a.fresh:
                    socks[sock_i].close()
                    socks[sock_i] = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                dst_i = (dst_i + 1) % len(dsts)
                port_i = (port_i + 1) % a.ports
                if port_i == 0:
                    sock_i = (sock_i + 1) % len(socks)
        time.sleep(tick)
    el = time.time() - t0
    print(json.dumps({"sent": sent, "errors": errors, "elapsed": round(el, 3), "pps": round(sent / el, 1)}),
          flush=True)


if __name__ == "__main__":
    main()
