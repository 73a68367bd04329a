# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""A workload of many real flows beside the scenario's elephants (its `flows`, run by traffic.py): short HTTP
requests against a real nginx, long-lived low-rate TCP connections ("holders"), and UDP mice, all between
the lab's host namespaces and all bounded in time. The scenario's `workload` section describes it
(docs/lab.md, "Switch limits and a workload"):

    "workload": {
      "http":    {"client": "h4", "server": "h2", "perSecond": 100, "bytes": 1024, "start": 0, "duration": 120},
      "holders": {"client": "h1", "server": "h3", "connections": 5000, "bytes": 100, "intervalSeconds": 5,
                  "rampPerSecond": 500, "start": 0, "duration": 120},
      "udpMice": {"src": "h2", "dst": "h4", "perSecond": 100, "packets": 5, "bytes": 200, "start": 0,
                  "duration": 120}
    }

Each kind takes one object or a list of them. `bytes` of `http` is one body size or a list of sizes, each
request fetching one of them at random (a size distribution later). The generators are the scripts in
lab/py/gen/ (from the scale measurements of 2026-11-26): conns.py (HTTP client, holders and their sink),
gen_udp.py (mice) and udp_sink.py; nginx serves the bodies. Every HTTP request's completion time goes to
http-<i>.csv in the run's directory; each generator's and server's summary to workload-<name>.json.
"""
import json
import os
import random
import signal
import subprocess
import sys
import time

import topo as topo_mod
from topo import log, ns_exec

GEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen")
PY = sys.executable or "/usr/bin/python3"
HTTP_PORT = 8080  # + index of the http entry
HOLD_PORT = 9000  # + index of the holders entry
MICE_PORT = 9100  # + index of the udpMice entry
MAX_SECONDS = 300  # the generators refuse to run longer
GRACE = 15.0  # seconds the last requests and the servers' reports may take after the workload's end


class WorkloadError(ValueError):
    pass


def _num(raw, key, where, default=None, integer=False, minimum=None, maximum=None):
    if key not in raw:
        if default is None:
            raise WorkloadError("%s: missing field '%s'" % (where, key))
        return default
    v = raw[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or (integer and v != int(v)):
        raise WorkloadError("%s.%s: expected %s, got %r" % (where, key, "an integer" if integer else "a number", v))
    if minimum is not None and v < minimum:
        raise WorkloadError("%s.%s: must be >= %g, got %r" % (where, key, minimum, v))
    if maximum is not None and v > maximum:
        raise WorkloadError("%s.%s: must be <= %g, got %r" % (where, key, maximum, v))
    return int(v) if integer else float(v)


def _host(raw, key, where, hosts):
    if key not in raw:
        raise WorkloadError("%s: missing field '%s'" % (where, key))
    if raw[key] not in hosts:
        raise WorkloadError("%s.%s: unknown host %r (hosts: %s)" % (where, key, raw[key], hosts))
    return raw[key]


class Part:
    """One generator of the workload: kind "http", "holders" or "udpMice", its index within its kind."""

    FIELDS = {
        "http": {"client", "server", "perSecond", "bytes", "start", "duration", "timeoutSeconds"},
        "holders": {"client", "server", "connections", "bytes", "intervalSeconds", "rampPerSecond", "start",
                    "duration"},
        "udpMice": {"src", "dst", "perSecond", "packets", "bytes", "start", "duration", "dstAddresses"},
    }

    def __init__(self, kind, index, raw, hosts):
        where = "workload.%s[%d]" % (kind, index)
        if not isinstance(raw, dict):
            raise WorkloadError("%s: expected an object" % where)
        unknown = set(raw) - self.FIELDS[kind]
        if unknown:
            raise WorkloadError("%s.%s: unknown field (known: %s)" % (where, sorted(unknown)[0],
                                                                      ", ".join(sorted(self.FIELDS[kind]))))
        self.kind, self.index, self.where = kind, index, where
        a, b = ("src", "dst") if kind == "udpMice" else ("client", "server")
        self.src = _host(raw, a, where, hosts)
        self.dst = _host(raw, b, where, hosts)
        if self.src == self.dst:
            raise WorkloadError("%s: %s and %s are the same host %r" % (where, a, b, self.src))
        self.start = _num(raw, "start", where, 0.0, minimum=0)
        self.duration = _num(raw, "duration", where, minimum=1)
        if self.start + self.duration > MAX_SECONDS:
            raise WorkloadError("%s: start + duration must be <= %d s (the generators' bound), got %g"
                                % (where, MAX_SECONDS, self.start + self.duration))
        if kind == "http":
            self.per_second = _num(raw, "perSecond", where, minimum=0.1, maximum=2000)
            sizes = raw.get("bytes", 1024)
            sizes = sizes if isinstance(sizes, list) else [sizes]
            if not sizes or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 100_000_000
                                    for x in sizes):
                raise WorkloadError("%s.bytes: expected a body size in bytes (1..1e8) or a non-empty list of them, "
                                    "got %r" % (where, raw.get("bytes")))
            self.sizes = sizes
            self.timeout = _num(raw, "timeoutSeconds", where, 10.0, minimum=1, maximum=60)
            self.port = HTTP_PORT + index
        elif kind == "holders":
            self.connections = _num(raw, "connections", where, integer=True, minimum=1, maximum=30000)
            self.bytes = _num(raw, "bytes", where, 100, integer=True, minimum=1, maximum=65536)
            self.interval = _num(raw, "intervalSeconds", where, 5.0, minimum=0.01)
            self.ramp = _num(raw, "rampPerSecond", where, 500.0, minimum=1, maximum=10000)
            self.port = HOLD_PORT + index
        else:
            self.per_second = _num(raw, "perSecond", where, minimum=0.1, maximum=5000)
            self.packets = _num(raw, "packets", where, 5, integer=True, minimum=1, maximum=1000)
            self.bytes = _num(raw, "bytes", where, 200, integer=True, minimum=16, maximum=1472)
            # Mice to many destinations: addresses of the dst host's own prefix (topo.Host.prefix), in turn.
            self.dst_addresses = _num(raw, "dstAddresses", where, 0, integer=True, minimum=0,
                                      maximum=topo_mod.PREFIX_ADDRESSES)
            self.port = MICE_PORT + index

    @property
    def name(self):
        return "%s-%d" % (self.kind, self.index)

    @property
    def end(self):
        return self.start + self.duration

    def scaled(self, factor):
        self.start *= factor
        self.duration = max(1.0, self.duration * factor)


class Workload:
    """The scenario's `workload` section, validated."""

    def __init__(self, raw, hosts):
        if not isinstance(raw, dict):
            raise WorkloadError("workload: expected an object with http, holders, udpMice")
        unknown = set(raw) - set(Part.FIELDS)
        if unknown:
            raise WorkloadError("workload.%s: unknown field (known: %s)" % (sorted(unknown)[0], ", ".join(Part.FIELDS)))
        self.parts = []
        for kind in ("http", "holders", "udpMice"):
            items = raw.get(kind, [])
            for i, item in enumerate(items if isinstance(items, list) else [items]):
                self.parts.append(Part(kind, i, item, hosts))
        if not self.parts:
            raise WorkloadError("workload: describes no generator (http, holders, udpMice)")

    @property
    def end(self):
        return max(p.end for p in self.parts)

    def ports(self):
        return {p.port for p in self.parts}

    def scaled(self, factor):
        for p in self.parts:
            p.scaled(factor)

    def of(self, kind):
        return [p for p in self.parts if p.kind == kind]

    def prefix_hosts(self):
        """The hosts that receive mice on addresses of their own prefix: the topology gives them that prefix."""
        return {p.dst for p in self.of("udpMice") if p.dst_addresses}


def parse(raw, hosts):
    """The `workload` section, or None without one; raises WorkloadError naming the bad field."""
    return None if raw is None else Workload(raw, hosts)


class WorkloadRun:
    """Runs a workload on a built topology: servers first, then the generators, each delayed to its start."""

    def __init__(self, workload, topo, outdir):
        self.wl = workload
        self.topo = topo
        self.outdir = outdir
        self.servers = []  # (name, proc, path)
        self.clients = []
        self.t0 = None

    def _spawn(self, name, cmd, ns):
        path = os.path.join(self.outdir, "workload-%s.json" % name)
        out = open(path, "w")
        proc = self.topo.spawn(cmd, ns=ns, stdout=out, stderr=out)
        out.close()
        return proc, path

    def start_servers(self):
        os.makedirs(self.outdir, exist_ok=True)
        hosts = {p.src for p in self.wl.parts} | {p.dst for p in self.wl.parts}
        for name in sorted(hosts):
            # Thousands of sockets: a wide ephemeral range, deep accept queues.
            ns_exec(self.topo.hosts[name].ns, ["sysctl", "-q", "-w", "net.ipv4.ip_local_port_range=10000 65000",
                                               "net.core.somaxconn=8192", "net.ipv4.tcp_max_syn_backlog=8192",
                                               "net.ipv4.tcp_tw_reuse=1"], check=False)
        serve = self.wl.end + 60  # SIGTERM'd at the end; this only bounds them
        for p in self.wl.parts:
            h = self.topo.hosts[p.dst]
            if p.kind == "http":
                d = os.path.join(self.outdir, "nginx-%d" % p.index)
                os.makedirs(os.path.join(d, "www"), exist_ok=True)
                os.makedirs(os.path.join(d, "tmp"), exist_ok=True)
                for size in p.sizes:
                    with open(os.path.join(d, "www", str(size)), "w") as fh:
                        fh.write("z" * size)
                with open(os.path.join(GEN, "nginx.conf.tmpl")) as fh:
                    conf = fh.read().replace("@DIR@", d).replace("@IP@", h.ip).replace("@PORT@", str(p.port))
                with open(os.path.join(d, "nginx.conf"), "w") as fh:
                    fh.write(conf)
                proc = self.topo.spawn(["nginx", "-c", os.path.join(d, "nginx.conf"), "-p", d], ns=h.ns)
                self.servers.append((p.name + "-nginx", proc, None))
            elif p.kind == "holders":
                proc, path = self._spawn(p.name + "-sink", [PY, os.path.join(GEN, "conns.py"), "server", "--bind", h.ip,
                                                            "--port", str(p.port), "--duration", str(min(MAX_SECONDS,
                                                                                                         serve))], h.ns)
                self.servers.append((p.name + "-sink", proc, path))
            else:
                bind = "0.0.0.0" if p.dst_addresses else h.ip
                proc, path = self._spawn(p.name + "-sink", [PY, os.path.join(GEN, "udp_sink.py"), "--bind", bind,
                                                            "--port", str(p.port), "--duration", str(serve)], h.ns)
                self.servers.append((p.name + "-sink", proc, path))
        time.sleep(1.0)
        for name, proc, _ in self.servers:
            if proc.poll() is not None:
                raise RuntimeError("workload server %s exited at start (code %s); see %s" % (
                    name, proc.returncode, self.outdir))

    def start(self):
        """Starts every generator now, each waiting for its start; returns the epoch of the workload's t = 0."""
        self.t0 = time.time()
        for p in self.wl.parts:
            src, dst = self.topo.hosts[p.src], self.topo.hosts[p.dst]
            common = ["--duration", "%g" % p.duration, "--delay", "%g" % p.start]
            if p.kind == "http":
                cmd = [PY, os.path.join(GEN, "conns.py"), "http", "--dst", dst.ip, "--port", str(p.port), "--rate",
                       "%g" % p.per_second, "--paths", ",".join("/%d" % s for s in p.sizes), "--timeout",
                       "%g" % p.timeout, "--csv", os.path.join(self.outdir, "http-%d.csv" % p.index),
                       "--seed", str(random.randrange(1 << 30))] + common
            elif p.kind == "holders":
                cmd = [PY, os.path.join(GEN, "conns.py"), "hold", "--dst", dst.ip, "--port", str(p.port), "--n",
                       str(p.connections), "--bytes", str(p.bytes), "--interval", "%g" % p.interval, "--ramp",
                       "%g" % p.ramp] + common
            else:
                # Each mouse a new socket (a new source port), all to one port where the sink counts them.
                to = ["--dst", dst.prefix_address(0), "--dst-count", str(p.dst_addresses)] if p.dst_addresses \
                    else ["--dst", dst.ip]
                cmd = [PY, os.path.join(GEN, "gen_udp.py")] + to + ["--rate", "%g" % (p.per_second * p.packets),
                       "--ports", "1", "--base-port", str(p.port), "--fresh", "--burst", str(p.packets), "--size",
                       str(p.bytes)] + common
            proc, path = self._spawn(p.name, cmd, src.ns)
            self.clients.append((p.name, proc, path, p))
        log("workload: %s" % "; ".join(describe(p) for p in self.wl.parts))
        with open(os.path.join(self.outdir, "workload.json"), "w") as fh:
            json.dump({"t0": self.t0, "parts": [{"name": p.name, "kind": p.kind, "src": p.src, "dst": p.dst,
                                                 "start": p.start, "duration": p.duration, "port": p.port}
                                                for p in self.wl.parts]}, fh, indent=1)
        return self.t0

    def finish(self):
        """Waits for the generators (bounded: their end plus GRACE), then stops the servers, which report."""
        deadline = self.t0 + self.wl.end + GRACE
        for name, proc, _, _ in self.clients:
            try:
                proc.wait(timeout=max(0.5, deadline - time.time()))
            except subprocess.TimeoutExpired:
                log("workload: %s still running past its end, stopped" % name)
                _signal(proc, signal.SIGKILL)
                proc.wait()
        for name, proc, _ in self.servers:
            _signal(proc, signal.SIGTERM)
        for name, proc, _ in self.servers:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                _signal(proc, signal.SIGKILL)
                proc.wait()


def _signal(proc, sig):
    try:
        os.killpg(proc.pid, sig)
    except OSError:
        pass


def describe(p):
    if p.kind == "http":
        return "HTTP %s>%s %g/s of %s B" % (p.src, p.dst, p.per_second, "/".join(str(s) for s in p.sizes))
    if p.kind == "holders":
        return "%d TCP holders %s>%s, %d B every %g s" % (p.connections, p.src, p.dst, p.bytes, p.interval)
    return "UDP mice %s>%s %g/s x %d x %d B%s" % (p.src, p.dst, p.per_second, p.packets, p.bytes,
                                                 " to %d addresses" % p.dst_addresses if p.dst_addresses else "")


def read_json_line(path):
    """The last JSON line a generator or server printed, or None."""
    try:
        with open(path) as fh:
            lines = [ln for ln in fh.read().splitlines() if ln.startswith("{")]
        return json.loads(lines[-1]) if lines else None
    except (OSError, ValueError):
        return None


def read_http_csv(path):
    """Rows of an http-<i>.csv: (start epoch, ms, ok, bytes, error)."""
    out = []
    try:
        with open(path) as fh:
            next(fh, None)
            for line in fh:
                parts = line.rstrip("\n").split(",")
                if len(parts) >= 6:
                    out.append((float(parts[0]), float(parts[1]), parts[2] == "1", int(parts[3]), parts[5]))
    except (OSError, ValueError):
        pass
    return out
