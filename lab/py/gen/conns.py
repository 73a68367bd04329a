#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""asyncio TCP load for the lab's workload (lab/py/workload.py), all bounded in time (at most 300 s):

conns.py server --bind IP --port P --duration S              # discard sink, prints JSON stats at the end
conns.py hold --dst IP --port P --n N --bytes B --interval I --duration S [--src-port-base K] [--ramp R]
conns.py http --dst IP --port P --rate R --duration S [--max-inflight M] [--path /1k | --paths /1k,/10k]
              [--csv FILE]   # one row per request: start epoch, completion ms, ok, bytes, error

`hold` keeps N long-lived low-rate connections (optionally on fixed source ports); `http` opens new HTTP
connections (Connection: close) at a fixed rate, each fetching one path (picked at random from --paths).
--delay S waits before starting (the duration counts after it). Each mode prints one JSON line at the end.
From the scale measurements of 2026-11-26 (docs/lab.md, "Switch limits and a workload").
"""
import argparse
import asyncio
import json
import random
import resource
import signal
import socket
import time


def raise_nofile():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 65536), max(hard, 65536)))
    except ValueError:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


async def server(a):
    stats = {"accepted": 0, "bytes": 0, "open": 0, "max_open": 0}

    async def handle(reader, writer):
        stats["accepted"] += 1
        stats["open"] += 1
        stats["max_open"] = max(stats["max_open"], stats["open"])
        try:
            while True:
                d = await reader.read(65536)
                if not d:
                    break
                stats["bytes"] += len(d)
        except (ConnectionError, OSError):
            pass
        finally:
            stats["open"] -= 1
            writer.close()

    srv = await asyncio.start_server(handle, a.bind, a.port, backlog=8192, reuse_address=True)
    stop = asyncio.Event()
    # SIGTERM ends the sink early, and it still reports (the lab stops it once the clients are done).
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    samples = []
    t0 = time.time()
    while time.time() - t0 < a.duration and not stop.is_set():
        try:
            await asyncio.wait_for(stop.wait(), 1)
        except asyncio.TimeoutError:
            pass
        samples.append((stats["open"], stats["bytes"]))
    srv.close()
    print(json.dumps({"mode": "server", **stats, "open_per_s": [s[0] for s in samples],
                      "mbps_per_s": [round((samples[i][1] - (samples[i - 1][1] if i else 0)) * 8 / 1e6, 2)
                                     for i in range(len(samples))]}), flush=True)


async def hold(a):
    st = {"connected": 0, "failed": 0, "sent": 0, "write_errors": 0, "fail_reasons": {}}
    stop_at = time.time() + a.duration
    payload = b"y" * a.bytes

    async def one(i):
        await asyncio.sleep(i / a.ramp)
        try:
            if a.src_port_base:
                s = socket.socket()
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                s.bind((a.src, a.src_port_base + i))
                s.setblocking(False)
                await asyncio.wait_for(asyncio.get_running_loop().sock_connect(s, (a.dst, a.port)), 20)
                reader, writer = await asyncio.open_connection(sock=s)
            else:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(a.dst, a.port), 20)
        except (OSError, asyncio.TimeoutError) as e:
            st["failed"] += 1
            k = type(e).__name__ + ":" + str(getattr(e, "errno", ""))
            st["fail_reasons"][k] = st["fail_reasons"].get(k, 0) + 1
            return
        st["connected"] += 1
        await asyncio.sleep(random.random() * a.interval)
        try:
            while time.time() < stop_at:
                writer.write(payload)
                await writer.drain()
                st["sent"] += len(payload)
                await asyncio.sleep(a.interval)
        except (ConnectionError, OSError):
            st["write_errors"] += 1
        finally:
            writer.close()

    tasks = [asyncio.create_task(one(i)) for i in range(a.n)]
    samples = []
    t0 = time.time()
    while time.time() < stop_at:
        await asyncio.sleep(1)
        samples.append(st["connected"])
    await asyncio.wait(tasks, timeout=10)
    print(json.dumps({"mode": "hold", **st, "connected_per_s": samples[::5],
                      "elapsed": round(time.time() - t0, 1)}), flush=True)


async def http(a):
    st = {"started": 0, "ok": 0, "failed": 0, "bytes": 0, "fail_reasons": {}, "skipped_inflight": 0}
    lat = []
    inflight = [0]
    paths = [p for p in (a.paths or a.path).split(",") if p]
    reqs = [("GET %s HTTP/1.1\r\nHost: flab\r\nConnection: close\r\n\r\n" % p).encode() for p in paths]
    rnd = random.Random(a.seed)
    out = open(a.csv, "w") if a.csv else None
    if out:
        out.write("start_epoch,ms,ok,bytes,path,error\n")

    async def one(req, path):
        t = time.time()
        inflight[0] += 1
        ok, nbytes, err = 0, 0, ""
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(a.dst, a.port), a.timeout)
            writer.write(req)
            body = await asyncio.wait_for(reader.read(-1), a.timeout)
            writer.close()
            nbytes = len(body)
            if body.startswith(b"HTTP/1.1 200"):
                ok = 1
                st["ok"] += 1
                st["bytes"] += len(body)
                lat.append((time.time() - t) * 1000)
            else:
                st["failed"] += 1
                err = "status"
        except (OSError, asyncio.TimeoutError) as e:
            st["failed"] += 1
            err = type(e).__name__ + ":" + str(getattr(e, "errno", ""))
            st["fail_reasons"][err] = st["fail_reasons"].get(err, 0) + 1
        finally:
            inflight[0] -= 1
            if out:
                out.write("%.6f,%.3f,%d,%d,%s,%s\n" % (t, (time.time() - t) * 1000, ok, nbytes, path, err))

    t0 = time.time()
    tasks = set()
    max_inflight = 0
    while time.time() - t0 < a.duration:
        due = int((time.time() - t0) * a.rate) - st["started"]
        for _ in range(max(0, due)):
            if inflight[0] >= a.max_inflight:
                # Counted as due but not started: the schedule stays paced, the skip is reported.
                st["skipped_inflight"] += 1
                st["started"] += 1
                continue
            st["started"] += 1
            i = rnd.randrange(len(reqs))
            task = asyncio.create_task(one(reqs[i], paths[i]))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        max_inflight = max(max_inflight, inflight[0])
        await asyncio.sleep(0.005)
    if tasks:
        await asyncio.wait(tasks, timeout=a.timeout + 2)
    if out:
        out.close()
    el = time.time() - t0
    lat.sort()
    pct = {("p%d" % q): round(lat[min(len(lat) - 1, int(len(lat) * q / 100))], 1) for q in (50, 90, 99)} if lat else {}
    print(json.dumps({"mode": "http", **st, "conn_per_s": round(st["ok"] / a.duration, 1), "latency_ms": pct,
                      "max_inflight": max_inflight, "elapsed": round(el, 1)}), flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["server", "hold", "http"])
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--dst")
    ap.add_argument("--src", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=9000)
    ap.add_argument("--duration", type=float, required=True)
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--bytes", type=int, default=200)
    ap.add_argument("--interval", type=float, default=1.0)
    ap.add_argument("--ramp", type=float, default=500.0, help="new connections per second while ramping up")
    ap.add_argument("--src-port-base", type=int, default=0)
    ap.add_argument("--rate", type=float, default=100)
    ap.add_argument("--max-inflight", type=int, default=2000)
    ap.add_argument("--path", default="/1k")
    ap.add_argument("--paths", default="", help="comma-separated paths; each request picks one at random")
    ap.add_argument("--csv", default="", help="http: write one row per request here")
    ap.add_argument("--timeout", type=float, default=10.0, help="http: seconds to connect, and to read the reply")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--delay", type=float, default=0.0, help="seconds to wait before starting")
    a = ap.parse_args()
    assert a.duration <= 300 and a.delay <= 300
    raise_nofile()
    if a.delay > 0:
        time.sleep(a.delay)
    asyncio.run({"server": server, "hold": hold, "http": http}[a.mode](a))


if __name__ == "__main__":
    main()
