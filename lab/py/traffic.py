# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Real traffic for one mechanism run: per scenario flow iperf3 (TCP CUBIC and UDP), a QUIC bulk transfer
(quic_flow.py) or a flood disguised as QUIC (quic_flood.py), each reporting as iperf3 does; and ping per set."""
import os
import re
import signal
import subprocess
import sys
import time

import reports
from topo import log

BASE_PORT = 5200
UDP_PAYLOAD = 1400  # fits a 1500-byte MTU with IP and UDP headers
PING_INTERVAL = 0.2
CLIENT_PORT = 40000  # + flow id: the fixed source port of a UDP, QUIC or flood flow
FLOOD_PORT = 443
# tools/setup makes this venv (aioquic, pinned in quic-requirements.txt); FUDP_QUIC_PYTHON points elsewhere.
QUIC_VENV = "/opt/fudp-lab/quic-venv"
HERE = os.path.dirname(os.path.abspath(__file__))


def quic_python():
    return os.environ.get("FUDP_QUIC_PYTHON") or os.path.join(QUIC_VENV, "bin", "python")


def flood_control(outdir, flow):
    """The disguised flood's test socket (quic_flood.py): a file, so sender and receiver reach it across
    namespaces; under /tmp, as a Unix socket's path has at most 107 bytes (one lab runs at a time: tools/lab's
    lock)."""
    return "/tmp/flab-flood%d.sock" % flow.id


def swarm_control(flow):
    """A swarm's test socket (swarm.py), as flood_control's."""
    return "/tmp/flab-swarm%d.sock" % flow.id


def swarm_sources(flow, src_ip):
    """The addresses a swarm sends from: its host's own, or its extra ones in the host's /24."""
    if not flow.swarm_addresses:
        return [src_ip]
    net = src_ip.rsplit(".", 1)[0]
    return ["%s.%d" % (net, a) for a in flow.swarm_addresses]


def server_cmd(flow, src_ip, outdir):
    """The receiver of a flow, in its destination's namespace; it writes each test's report to stdout."""
    if flow.protocol == "quic":
        return [quic_python(), os.path.join(HERE, "quic_flow.py"), "server", "--port", str(BASE_PORT + flow.id),
                "--interval", "0.5"]
    if flow.protocol == "udp-swarm":
        return [sys.executable, os.path.join(HERE, "swarm.py"), "recv", "--port", str(BASE_PORT + flow.id),
                "--control", swarm_control(flow)]
    if flow.protocol == "quic-flood":
        return [sys.executable, os.path.join(HERE, "quic_flood.py"), "recv", "--peer", src_ip, "--cport",
                str(CLIENT_PORT + flow.id), "--port", str(flow.dst_port), "--control", flood_control(outdir, flow)]
    return ["iperf3", "-s", "-p", str(BASE_PORT + flow.id), "-i", "0.5", "-J"]


def client_cmd(flow, dst_ip, duration, outdir="", src_ip=""):
    # The control connection may take as long to open as the flow lasts: a TCP flow arriving into a bottleneck a
    # UDP flood fills loses SYNs, and a real application keeps trying (the kernel's SYN retries); a 3 s limit made
    # such a flow give up and count as nothing. The data connection has the kernel's own timeout.
    if flow.protocol == "quic":
        return [quic_python(), os.path.join(HERE, "quic_flow.py"), "client", "--host", dst_ip, "--port",
                str(BASE_PORT + flow.id), "--time", str(duration), "--cc", flow.cc, "--cport",
                str(CLIENT_PORT + flow.id), "--interval", "0.5", "--connect-timeout", str(max(3, int(duration)))]
    if flow.protocol == "udp-swarm":
        return [sys.executable, os.path.join(HERE, "swarm.py"), "send", "--host", dst_ip, "--port",
                str(BASE_PORT + flow.id), "--rate-mbps", "%g" % flow.rate_mbps, "--time", str(duration),
                "--flows", str(flow.swarm_flows), "--sources", ",".join(swarm_sources(flow, src_ip)),
                "--base-port", str(flow.swarm_port), "--control", swarm_control(flow)]
    if flow.protocol == "quic-flood":
        return [sys.executable, os.path.join(HERE, "quic_flood.py"), "send", "--host", dst_ip, "--port",
                str(flow.dst_port), "--cport", str(CLIENT_PORT + flow.id), "--rate-mbps", "%g" % flow.rate_mbps,
                "--time", str(duration), "--control", flood_control(outdir, flow)] + (
                    ["--sleeper", "%g" % flow.sleeper_s] if flow.sleeper_s else ["--player"] if flow.player else [])
    cmd = ["iperf3", "-c", dst_ip, "-p", str(BASE_PORT + flow.id), "-t", str(duration), "-i", "0.5", "-J",
           "--get-server-output", "--connect-timeout", str(max(3000, int(duration) * 1000))]
    if flow.protocol == "tcp":
        # Namespaces inherit the host's BBR and refuse a per-namespace default; ask per socket.
        cmd += ["-C", "cubic"]
    else:
        # A fixed source port keeps the 5-tuple, so ON periods of one flow are one flow to the switch.
        cmd += ["-u", "-b", "%gM" % flow.rate_mbps, "-l", str(UDP_PAYLOAD), "--cport", str(CLIENT_PORT + flow.id)]
    if flow.dscp is not None:
        cmd += ["--dscp", str(flow.dscp)]
    return cmd


def ping_pairs(scenario):
    """One ping per set, from the source of the set's first flow to the host behind the bottleneck."""
    pairs = []
    for b in scenario.bottlenecks:
        fl = sorted((f for f in scenario.flows if f.set == b["set"]), key=lambda f: f.start)
        if fl:
            pairs.append((b["set"], fl[0].src, b["host"]))
    return pairs


class TrafficRun:
    def __init__(self, scenario, topo, outdir):
        self.scenario = scenario
        self.topo = topo
        self.outdir = outdir
        os.makedirs(outdir, exist_ok=True)
        self.launches = []  # {flow, k, epoch, t, path, exitEpoch?, stopped?} per client run, for run.json
        self.servers = []

    def start_servers(self):
        """One server per flow (iperf3 or QUIC: port BASE_PORT + id; the flood's receiver: its dstPort) in its
        destination's namespace. It serves the flow's tests one after another (an ON/OFF flow runs one per ON
        period, so no -1) and writes its own JSON report of each, as the test ends, to server<id>.json
        (reports.py): the flow's measurement when its client's report is lost."""
        for f in self.scenario.flows:
            if f.swarm_addresses:
                # The swarm's sources: addresses of the sending host's own /24, on its port.
                src = self.topo.hosts[f.src]
                for a in swarm_sources(f, src.ip):
                    subprocess.run(["ip", "netns", "exec", src.ns, "ip", "addr", "add", a + "/24", "dev", src.port],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            h = self.topo.hosts[f.dst]
            out = open(os.path.join(self.outdir, reports.server_report_name(f.id)), "w")
            self.servers.append(self.topo.spawn(server_cmd(f, self.topo.hosts[f.src].ip, self.outdir),
                                                ns=h.ns, stdout=out))
            out.close()
        time.sleep(0.5)
        self._wait_ready()

    def _wait_ready(self, limit=15.0):
        """Waits for the QUIC servers' ports and the floods' control sockets: a QUIC server takes about a second
        to load aioquic and make its certificate, and a flood whose receiver is not there yet cannot start its
        test (it would count as never connected)."""
        deadline = time.time() + limit
        for f in self.scenario.flows:
            if f.protocol not in ("quic", "quic-flood", "udp-swarm"):
                continue
            while time.time() < deadline:
                if f.protocol == "udp-swarm":
                    ready = os.path.exists(swarm_control(f))
                elif f.protocol == "quic-flood":
                    ready = os.path.exists(flood_control(self.outdir, f))
                else:
                    ss = subprocess.run(["ip", "netns", "exec", self.topo.hosts[f.dst].ns, "ss", "-Hlnu", "sport", "=",
                                         ":%d" % (BASE_PORT + f.id)], capture_output=True, text=True).stdout
                    ready = bool(ss.strip())
                if ready:
                    break
                time.sleep(0.1)
            else:
                log("the %s server of flow %d is not ready after %.0f s; its flow may count as never connected"
                    % (f.protocol, f.id, limit))

    def stop_servers(self):
        """SIGTERM to each server: one in a test prints that test's report (its intervals so far) before it exits,
        an idle one a report without a test. SIGKILL only for one still there after 5 s."""
        for proc in self.servers:
            _signal(proc, signal.SIGTERM)
        deadline = time.time() + 5
        for proc in self.servers:
            try:
                proc.wait(timeout=max(0.1, deadline - time.time()))
            except subprocess.TimeoutExpired:
                _signal(proc, signal.SIGKILL)
                proc.wait()
        self.servers = []

    def run(self, label, on_tick=None, on_start=None):
        """Runs the schedule in real time; returns the epoch of t = 0. on_start(t0) is called once t0 is set."""
        sc = self.scenario
        events = sorted(((start, f, k, dur) for f in sc.flows for k, (start, dur) in enumerate(f.on_periods())),
                        key=lambda e: (e[0], e[1].id, e[2]))
        length = sc.length
        t0 = time.time()
        if on_start:
            on_start(t0)
        for set_name, src, dst in ping_pairs(sc):
            out = open(os.path.join(self.outdir, "ping-%s.txt" % set_name), "w")
            self.topo.spawn(["ping", "-D", "-n", "-i", str(PING_INTERVAL), "-W", "1", "-w", str(int(length) + 2),
                             self.topo.hosts[dst].ip], ns=self.topo.hosts[src].ns, stdout=out)
            out.close()
        clients = []  # [proc, deadline, launch, when it was sent SIGTERM]
        next_tick = 0.0
        while True:
            now = time.time() - t0
            while events and events[0][0] <= now:
                start, f, k, dur = events.pop(0)
                secs = max(1, int(round(dur)))
                path = os.path.join(self.outdir, "flow%d-%d.json" % (f.id, k))
                out = open(path, "w")
                epoch = time.time()
                proc = self.topo.spawn(client_cmd(f, self.topo.hosts[f.dst].ip, secs, self.outdir,
                                                  self.topo.hosts[f.src].ip),
                                       ns=self.topo.hosts[f.src].ns, stdout=out)
                out.close()
                launch = {"flow": f.id, "k": k, "epoch": epoch, "t": epoch - t0, "path": path}
                clients.append([proc, epoch + secs + 20, launch, None])
                self.launches.append(launch)
            _reap(clients, label)
            if now >= next_tick:
                active = [f.label for f in sc.flows if f.start <= now < f.end]
                log("%s t=%3.0f/%.0f s, active: %s" % (label, now, length, ", ".join(active) or "-"))
                if on_tick:
                    on_tick(now)
                next_tick += 10.0
            if now >= length and not events:
                break
            time.sleep(0.05)
        # Let the clients collect the servers' reports. A client stuck past its deadline gets SIGTERM, on which
        # iperf3 writes its own report and tells its server, which writes the test's; SIGKILL after 3 s more.
        while clients:
            _reap(clients, label)
            time.sleep(0.05)
        return t0


def _reap(clients, label):
    """Notes, within the 50 ms this is called at, when each client exited (launch["exitEpoch"]: its test started
    its own test length before, reports.py), and stops the clients past their deadline (launch["stopped"])."""
    now = time.time()
    for c in list(clients):
        proc, deadline, launch, termed = c
        if proc.poll() is not None:
            if termed is None:
                launch["exitEpoch"] = now
            clients.remove(c)
        elif termed is None and now > deadline:
            log("%s: the iperf3 client of flow %d (part %d) is past its deadline; stopping it" % (
                label, launch["flow"], launch["k"]))
            launch["stopped"] = True
            _signal(proc, signal.SIGTERM)
            c[3] = now
        elif termed is not None and now > termed + 3:
            _signal(proc, signal.SIGKILL)
            proc.wait()
            clients.remove(c)


def _signal(proc, sig):
    """Signals a process started by Topology.spawn (its own session, so its group) if it still runs."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, sig)
        except OSError:
            pass


PING_RE = re.compile(r"^\[(\d+\.\d+)\].*time=([\d.]+) ms")


def read_ping(path):
    """(epoch, rtt ms) for every answered ping."""
    out = []
    try:
        with open(path) as fh:
            for line in fh:
                m = PING_RE.match(line)
                if m:
                    out.append((float(m.group(1)), float(m.group(2))))
    except OSError:
        pass
    return out
