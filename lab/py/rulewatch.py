# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Where the switch sends a UDP flow and whether the agent's bridge is up, sampled from `ovs-ofctl dump-flows` and
`ip link` (the fail-open phase, faults_stop.py: a flow must go straight on while the agent cannot hold it)."""
import re
import threading
import time

import fudp
import topo as topo_mod
from topo import sh

WATCH_INTERVAL = 0.2  # the switch's rules and the agent's bridge, sampled this often


def udp_out_port(dump, src, dst, sport, dport):
    """Where the switch sends a UDP flow, from `ovs-ofctl dump-flows`: the output port of the loop's rule for it that
    matches any in_port (its main rule: into the adjustor, or straight on; the rule from the adjustor matches the
    adjustor's return port), or None without one. The loop's rules carry its tag in the cookie's top byte."""
    return udp_rule(dump, src, dst, sport, dport)[0]


def udp_rule(dump, src, dst, sport, dport):
    """The UDP flow's main rule as udp_out_port finds it: (output port or None, the meter it passes or None)."""
    want = {"nw_src": src, "nw_dst": dst, "tp_src": str(sport), "tp_dst": str(dport)}
    for line in dump.splitlines():
        c = re.search(r"cookie=0x([0-9a-f]+)", line)
        if not c or (int(c.group(1), 16) >> 56) != 0xfd:
            continue
        match, _, actions = line.partition(" actions=")
        fields = dict(kv.split("=", 1) for kv in re.split(r"[,\s]+", match) if "=" in kv)
        words = set(re.split(r"[,\s]+", match))
        if "udp" not in words or "in_port" in fields or any(fields.get(k) != v for k, v in want.items()):
            continue
        out = re.search(r"output:(\d+)", actions)
        meter = re.search(r"meter:(\d+)", actions)
        return (int(out.group(1)) if out else None), (int(meter.group(1)) if meter else None)
    return None, None


def bridge_state(text):
    """`ip -o link show dev BRIDGE`: "absent" (no output), "up" (administratively up) or "down"."""
    if not text.strip():
        return "absent"
    flags = re.search(r"<([^>]*)>", text)
    return "up" if flags and "UP" in flags.group(1).split(",") else "down"


class Watch(threading.Thread):
    """Samples, every WATCH_INTERVAL: where the switch sends the UDP flow (its rule's output port, None without a
    rule), the state of the agent's bridge, and the meter the rule passes (None without one)."""

    def __init__(self, flow_match):
        super().__init__(daemon=True)
        self.flow_match = flow_match
        self.samples = []  # (epoch, out port or None, bridge state)
        self.dumps = {}  # the latest dump-flows per output port seen, kept for the run's directory
        self.stopped = threading.Event()
        self.lock = threading.Lock()

    def run(self):
        while not self.stopped.is_set():
            t = time.time()
            dump = sh(["ovs-ofctl", "-O", "OpenFlow13", "dump-flows", topo_mod.BRIDGE], env=topo_mod.ovs_env(),
                      check=False, quiet=True)
            link = sh(["ip", "-n", topo_mod.ADJ_NS, "-o", "link", "show", "dev", fudp.AGENT_BRIDGE], check=False,
                      quiet=True)
            port, meter = udp_rule(dump, *self.flow_match)
            with self.lock:
                self.samples.append((t, port, bridge_state(link), meter))
                self.dumps[port] = "# %s\n%s" % (time.strftime("%H:%M:%S", time.localtime(t)), dump)
            self.stopped.wait(max(0.0, WATCH_INTERVAL - (time.time() - t)))

    def between(self, since, until=float("inf")):
        with self.lock:
            return [s for s in self.samples if since <= s[0] <= until]

    def wait(self, pred, timeout, since=None):
        """The first sample at or after `since` (default: now) for which pred(sample) holds, or None after timeout."""
        since = time.time() if since is None else since
        deadline = time.time() + timeout
        while True:
            for s in self.between(since):
                if pred(s):
                    return s
            if time.time() > deadline:
                return None
            time.sleep(WATCH_INTERVAL / 2)

    def stop(self):
        self.stopped.set()


def ports_seen(samples):
    """The rule's output ports in order, each once per run of samples: [port, ...] (None: no rule)."""
    out = []
    for _, port, *_ in samples:
        if not out or out[-1] != port:
            out.append(port)
    return out


def first_straight(samples, onward, since):
    """The first sample at or after `since` whose rule goes straight on, or None."""
    return next((s for s in samples if s[0] >= since and s[1] == onward), None)
