# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Checks, on real packets, that the lab's QUIC flows respond to congestion and that its disguised flood does not
(needs root: it makes two namespaces joined by a veth pair, with an HTB bottleneck on the sender's side).

    quic_check.py [--phase 4] [--rates 10,4,10] [--flood-mbps 15] [--cases reno,cubic,flood]
    quic_check.py --unconstrained 10        # one QUIC flow with no bottleneck: its rate and CPU

Each case runs one flow for len(rates) phases of `phase` seconds, the bottleneck changed between phases (tc
class change). Per phase, from 1 s after the change: what the receiver got, what the sender offered to the
bottleneck (the queue's sent bytes plus its drops, from tc) and what the sender sent of new data (its own
intervals). A QUIC flow passes when in every phase it gets at least 0.8 of the bottleneck and offers at most
1.3 of it: it follows the rate down and back up. The flood passes (as unresponsive) when it offers at least 0.9
of its own rate in every phase, whatever the bottleneck. Also prints each process's CPU share. Every process
and namespace it starts is stopped and removed by its id and name at the end; traffic stays inside them.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import traffic  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SRC_IP, DST_IP = "10.198.0.1", "10.198.0.2"
PORT, CPORT = 5201, 40001
SKIP = 1.0  # seconds after a change left out: the queue drains or fills
BUFFER = 100  # packets, as the lab's bottlenecks


def sh(*cmd, check=True):
    return subprocess.run(cmd, check=check, capture_output=True, text=True).stdout


class Pair:
    """Two namespaces, veth between them, HTB at `mbps` with a drop-tail FIFO on the sender's egress."""

    def __init__(self, mbps):
        tag = "fqc%d" % (os.getpid() % 100000)
        self.a, self.b, self.dev = tag + "a", tag + "b", tag + "v"
        sh("ip", "netns", "add", self.a)
        sh("ip", "netns", "add", self.b)
        sh("ip", "link", "add", self.dev, "netns", self.a, "type", "veth", "peer", "name", self.dev + "p",
           "netns", self.b)
        for ns, dev, ip in ((self.a, self.dev, SRC_IP), (self.b, self.dev + "p", DST_IP)):
            sh("ip", "-n", ns, "addr", "add", ip + "/24", "dev", dev)
            sh("ip", "-n", ns, "link", "set", dev, "up")
            sh("ip", "-n", ns, "link", "set", "lo", "up")
            # As the lab's ports: no offloads, so tc sees wire-sized packets.
            subprocess.run(["ip", "netns", "exec", ns, "ethtool", "-K", dev, "tso", "off", "gso", "off", "gro",
                            "off"], capture_output=True)
        if mbps:
            self.tc("qdisc", "add", "dev", self.dev, "root", "handle", "1:", "htb", "default", "1")
            self.tc("class", "add", "dev", self.dev, "parent", "1:", "classid", "1:1", "htb", "rate",
                    "%dkbit" % (mbps * 1000), "ceil", "%dkbit" % (mbps * 1000))
            self.tc("qdisc", "add", "dev", self.dev, "parent", "1:1", "handle", "10:", "pfifo", "limit", str(BUFFER))

    def tc(self, *args):
        return sh("ip", "netns", "exec", self.a, "tc", *args)

    def set_rate(self, mbps):
        self.tc("class", "change", "dev", self.dev, "parent", "1:", "classid", "1:1", "htb", "rate",
                "%dkbit" % (mbps * 1000), "ceil", "%dkbit" % (mbps * 1000))

    def offered(self):
        """Bytes the bottleneck's FIFO sent plus what it dropped (drops counted at the mean size of what it sent)."""
        for q in json.loads(self.tc("-s", "-j", "qdisc", "show", "dev", self.dev)):
            if q.get("kind") == "pfifo":
                sent, pkts, drops = q.get("bytes", 0), q.get("packets", 0), q.get("drops", 0)
                return sent + drops * (sent / pkts if pkts else 1378)
        return 0.0

    def spawn(self, ns, cmd, out):
        return subprocess.Popen(["ip", "netns", "exec", ns] + cmd, stdout=out, stderr=subprocess.DEVNULL,
                                start_new_session=True)

    def remove(self):
        for ns in (self.a, self.b):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def cpu_seconds(pid):
    try:
        with open("/proc/%d/stat" % pid) as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def stop(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def commands(case, seconds, flood_mbps, control):
    if case == "flood":
        flood = [sys.executable, os.path.join(HERE, "quic_flood.py")]
        return (flood + ["recv", "--peer", SRC_IP, "--cport", str(CPORT), "--control", control],
                flood + ["send", "--host", DST_IP, "--cport", str(CPORT), "--rate-mbps", str(flood_mbps),
                         "--time", str(seconds), "--control", control])
    quic = [traffic.quic_python(), os.path.join(HERE, "quic_flow.py")]
    return (quic + ["server", "--port", str(PORT)],
            quic + ["client", "--host", DST_IP, "--port", str(PORT), "--time", str(seconds), "--cc", case,
                    "--cport", str(CPORT)])


def mean_rate(intervals, lo, hi):
    """Mbit/s over [lo, hi] from (start, end, bytes) intervals, each counted in proportion to its overlap."""
    nbytes = sum(n * max(0.0, min(b, hi) - max(a, lo)) / (b - a) for a, b, n in intervals if b > a)
    return nbytes * 8 / 1e6 / (hi - lo)


def intervals(report):
    return [(i["sum"]["start"], i["sum"]["end"], i["sum"]["bytes"]) for i in (report or {}).get("intervals", [])]


def run_case(case, rates, phase, flood_mbps, tmp):
    pair = Pair(rates[0])
    procs = []
    try:
        control = os.path.join(tmp, "flood.sock")
        seconds = phase * len(rates)
        server_cmd, client_cmd = commands(case, seconds, flood_mbps, control)
        server = pair.spawn(pair.b, server_cmd, open(os.path.join(tmp, "server.json"), "w"))
        procs.append(server)
        time.sleep(1.5 if case != "flood" else 0.5)
        out_path = os.path.join(tmp, "client-%s.json" % case)
        client = pair.spawn(pair.a, client_cmd, open(out_path, "w"))
        procs.append(client)
        t0 = time.time()
        cpu0 = {p.pid: cpu_seconds(p.pid) or 0.0 for p in procs}
        marks = []  # (time from t0, offered bytes) at each phase's measured start and end
        for k, rate in enumerate(rates):
            if k:
                pair.set_rate(rate)
            time.sleep(max(0.0, t0 + k * phase + SKIP - time.time()))
            marks.append((time.time() - t0, pair.offered()))
            time.sleep(max(0.0, t0 + (k + 1) * phase - 0.2 - time.time()))
            marks.append((time.time() - t0, pair.offered()))
        wall, cpu, report = finish(t0, cpu0, client, server, seconds, out_path)
        stop(server)
    finally:
        for p in procs:
            stop(p)
        pair.remove()
    got = intervals(report.get("server_output_json"))
    sent = intervals(report)
    # The client's clock starts after the handshake, a few ms after t0 here; that is well inside SKIP.
    phases = []
    for k, rate in enumerate(rates):
        (a, off_a), (b, off_b) = marks[2 * k], marks[2 * k + 1]
        phases.append({"bottleneckMbps": rate, "from": round(a, 2), "to": round(b, 2),
                       "receivedMbps": round(mean_rate(got, a, b), 2), "sentNewMbps": round(mean_rate(sent, a, b), 2),
                       "offeredMbps": round((off_b - off_a) * 8 / 1e6 / (b - a), 2)})
    return {"case": case, "error": report.get("error"), "phases": phases,
            "cpuPercent": {k: round(100 * v / wall, 1) for k, v in cpu.items()}}


def finish(t0, cpu0, client, server, seconds, out_path):
    """The seconds since t0 and the CPU seconds each side used since cpu0, as the test ends; then the client's
    report, once it has written it."""
    wall = time.time() - t0
    cpu = {name: (cpu_seconds(p.pid) or 0.0) - cpu0[p.pid] for name, p in (("sender", client), ("receiver", server))}
    client.wait(timeout=seconds + 30)
    with open(out_path) as fh:
        return wall, cpu, json.load(fh)


def judge(result, flood_mbps):
    problems = []
    for p in result["phases"]:
        where = "%s at %g Mbit/s (%.0f-%.0f s)" % (result["case"], p["bottleneckMbps"], p["from"], p["to"])
        if result["case"] == "flood":
            if p["offeredMbps"] < 0.9 * flood_mbps:
                problems.append("%s: the flood offered %.2f Mbit/s, below its %g"
                                % (where, p["offeredMbps"], flood_mbps))
        else:
            if p["receivedMbps"] < 0.8 * p["bottleneckMbps"]:
                problems.append("%s: received %.2f Mbit/s, below 0.8 of the bottleneck" % (where, p["receivedMbps"]))
            if p["offeredMbps"] > 1.3 * p["bottleneckMbps"]:
                problems.append("%s: offered %.2f Mbit/s, above 1.3 of the bottleneck: not following it"
                                % (where, p["offeredMbps"]))
    if result["error"]:
        problems.append("%s: %s" % (result["case"], result["error"]))
    return problems


def unconstrained(seconds, tmp):
    pair = Pair(None)
    procs = []
    try:
        server_cmd, client_cmd = commands("cubic", seconds, None, None)
        server = pair.spawn(pair.b, server_cmd, open(os.path.join(tmp, "server.json"), "w"))
        procs.append(server)
        time.sleep(1.5)
        out_path = os.path.join(tmp, "client.json")
        client = pair.spawn(pair.a, client_cmd, open(out_path, "w"))
        procs.append(client)
        t0 = time.time()
        cpu0 = {p.pid: cpu_seconds(p.pid) or 0.0 for p in procs}
        time.sleep(seconds - 0.2)
        wall, cpu, report = finish(t0, cpu0, client, server, seconds, out_path)
    finally:
        for p in procs:
            stop(p)
        pair.remove()
    got = intervals(report.get("server_output_json"))
    return {"case": "unconstrained cubic", "seconds": seconds, "error": report.get("error"),
            "receivedMbps": round(mean_rate(got, 1.0, seconds), 2),
            "cpuPercent": {k: round(100 * v / wall, 1) for k, v in cpu.items()}}


def main(argv):
    p = argparse.ArgumentParser(prog="quic_check.py", description=__doc__.strip().splitlines()[0])
    p.add_argument("--phase", type=float, default=4.0)
    p.add_argument("--rates", default="10,4,10")
    p.add_argument("--flood-mbps", type=float, default=15.0)
    p.add_argument("--cases", default="reno,cubic,flood")
    p.add_argument("--unconstrained", type=float, default=None, metavar="SECONDS")
    args = p.parse_args(argv)
    if os.geteuid() != 0:
        p.error("needs root: it creates network namespaces")
    tmp = tempfile.mkdtemp(prefix="fudp-quic-check.")
    if args.unconstrained:
        print(json.dumps(unconstrained(args.unconstrained, tmp)))
        return 0
    rates = [float(r) for r in args.rates.split(",")]
    problems = []
    for case in args.cases.split(","):
        result = run_case(case, rates, args.phase, args.flood_mbps, tmp)
        print(json.dumps(result))
        problems += judge(result, args.flood_mbps)
    for line in problems:
        print("FAIL: " + line)
    failed = sorted({x.split(" ")[0].rstrip(":") for x in problems})
    print("quic_check: %s" % ("every case as expected" if not failed else "failed: " + ", ".join(failed)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
