#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""UDP sink for --duration s (lab/py/workload.py): counts packets, bytes and distinct sources (ip, port), i.e.
the flows (UDP mice) seen; prints one JSON line."""
import argparse
import json
import select
import signal
import socket
import time

ap = argparse.ArgumentParser()
ap.add_argument("--bind", default="0.0.0.0")
ap.add_argument("--port", type=int, default=5001)
ap.add_argument("--duration", type=float, required=True)
a = ap.parse_args()
assert a.duration <= 400
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)
s.bind((a.bind, a.port))
s.setblocking(False)
stopped = []
signal.signal(signal.SIGTERM, lambda *_: stopped.append(1))  # ends early, and still reports
t0 = time.time()
pk = by = 0
srcs = set()
while time.time() - t0 < a.duration and not stopped:
    try:
        r, _, _ = select.select([s], [], [], 0.2)
    except InterruptedError:
        continue
    if not r:
        continue
    while True:
        try:
            d, addr = s.recvfrom(65536)
        except BlockingIOError:
            break
        pk += 1
        by += len(d)
        srcs.add(addr)
print(json.dumps({"packets": pk, "bytes": by, "flows": len(srcs), "mbps": round(by * 8 / max(1e-3, time.time() - t0) / 1e6, 2),
                  "seconds": round(time.time() - t0, 1)}),
      flush=True)
