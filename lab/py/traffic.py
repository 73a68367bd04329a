"""Real traffic for one mechanism run: iperf3 (TCP CUBIC and UDP) per scenario flow, and ping per set."""
import json
import os
import re
import time

from topo import log

BASE_PORT = 5200
UDP_PAYLOAD = 1400  # fits a 1500-byte MTU with IP and UDP headers
PING_INTERVAL = 0.2


def client_cmd(flow, dst_ip, duration):
    cmd = ["iperf3", "-c", dst_ip, "-p", str(BASE_PORT + flow.id), "-t", str(duration), "-i", "0.5", "-J",
           "--get-server-output", "--connect-timeout", "3000"]
    if flow.protocol == "tcp":
        # Namespaces inherit the host's BBR and refuse a per-namespace default; ask per socket.
        cmd += ["-C", "cubic"]
    else:
        # A fixed source port keeps the 5-tuple, so ON periods of one flow are one flow to the switch.
        cmd += ["-u", "-b", "%gM" % flow.rate_mbps, "-l", str(UDP_PAYLOAD), "--cport", str(40000 + flow.id)]
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
        self.launches = []  # (flow, k, epoch, path)

    def start_servers(self):
        for f in self.scenario.flows:
            h = self.topo.hosts[f.dst]
            self.topo.spawn(["iperf3", "-s", "-p", str(BASE_PORT + f.id), "-i", "0.5", "-J"], ns=h.ns)
        time.sleep(0.5)

    def run(self, label, on_tick=None):
        """Runs the schedule in real time; returns the epoch of t = 0."""
        sc = self.scenario
        events = sorted(((start, f, k, dur) for f in sc.flows for k, (start, dur) in enumerate(f.on_periods())),
                        key=lambda e: (e[0], e[1].id, e[2]))
        length = sc.length
        t0 = time.time()
        for set_name, src, dst in ping_pairs(sc):
            out = open(os.path.join(self.outdir, "ping-%s.txt" % set_name), "w")
            self.topo.spawn(["ping", "-D", "-n", "-i", str(PING_INTERVAL), "-W", "1", "-w", str(int(length) + 2),
                             self.topo.hosts[dst].ip], ns=self.topo.hosts[src].ns, stdout=out)
            out.close()
        clients = []
        next_tick = 0.0
        while True:
            now = time.time() - t0
            while events and events[0][0] <= now:
                start, f, k, dur = events.pop(0)
                secs = max(1, int(round(dur)))
                path = os.path.join(self.outdir, "flow%d-%d.json" % (f.id, k))
                out = open(path, "w")
                epoch = time.time()
                proc = self.topo.spawn(client_cmd(f, self.topo.hosts[f.dst].ip, secs), ns=self.topo.hosts[f.src].ns,
                                       stdout=out)
                out.close()
                clients.append((proc, epoch + secs + 20))
                self.launches.append({"flow": f.id, "k": k, "epoch": epoch, "t": epoch - t0, "path": path})
            if now >= next_tick:
                active = [f.label for f in sc.flows if f.start <= now < f.end]
                log("%s t=%3.0f/%.0f s, active: %s" % (label, now, length, ", ".join(active) or "-"))
                if on_tick:
                    on_tick(now)
                next_tick += 10.0
            if now >= length and not events:
                break
            time.sleep(0.05)
        # Let the clients collect the servers' reports; a client stuck past its deadline is stopped.
        for proc, deadline in clients:
            try:
                proc.wait(timeout=max(0.5, deadline - time.time()))
            except Exception:  # noqa: BLE001 - a stuck client must not hang the lab
                proc.kill()
        return t0


def read_intervals(launch):
    """Receiver-side (server) byte counts per interval, as (t_start, t_end, bytes) relative to the launch,
    and the client's error, if any."""
    try:
        with open(launch["path"]) as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return [], "no iperf3 report"
    err = data.get("error")
    server = data.get("server_output_json") or {}
    # The receiver's intervals count from its test start. That is the client's launch plus a few ms, unless
    # a starved connection took seconds to open (SYN retries): then use the server's own start stamp,
    # which has whole-second resolution but keeps the bytes out of the seconds before the flow existed.
    stamp = server.get("start", {}).get("timestamp", {}).get("timesecs")
    offset = 0.0
    if stamp and stamp - launch["epoch"] > 1.5:
        offset = stamp - launch["epoch"]
    out = []
    for it in server.get("intervals", []):
        s = it["sum"]
        out.append((offset + s["start"], offset + s["end"], s["bytes"]))
    return out, err


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
