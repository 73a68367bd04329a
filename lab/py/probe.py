# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Samples the adjustor agent from inside its namespace, for fault runs: one JSON line per sample with the
agent's metrics (those named below) and the HTB classes on the shaping interface (tc's view, the truth).

    probe.py METRICS_URL DEVICE INTERVAL_S OUT_FILE
"""
import json
import re
import subprocess
import sys
import time
import urllib.request

METRICS = ("fudp_agent_heartbeats_sent_total", "fudp_agent_flows_limited", "fudp_agent_failsafe_active",
           "fudp_agent_failsafe_triggers_total", "fudp_agent_frames_received_total",
           "fudp_agent_frames_accepted_total", "fudp_agent_apply_seconds_count", "fudp_agent_apply_failures_total",
           "fudp_agent_last_snapshot_id")
LABELLED = re.compile(r'^(fudp_agent_(?:acks_sent|frames_rejected)_total)\{\w+="(\w+)"\} (\S+)$')
CLASS = re.compile(r"^class htb (\S+) .*?\brate (\S+)")


def metrics(url):
    try:
        text = urllib.request.urlopen(url, timeout=0.5).read().decode()
    except OSError:
        return None
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] in METRICS:
            out[parts[0]] = float(parts[1])
        m = LABELLED.match(line)
        if m:
            out["%s:%s" % (m.group(1), m.group(2))] = float(m.group(3))
    return out


def classes(device):
    """The flows' classes as [classid, rate] (the agent's per-flow classes 1BB:N, not the groups 1:1BB:
    see TcLayout); None if tc cannot read the device."""
    r = subprocess.run(["tc", "class", "show", "dev", device], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       text=True, timeout=5)
    if r.returncode != 0:
        return None
    return [[m.group(1), m.group(2)] for m in map(CLASS.match, r.stdout.splitlines())
            if m and not m.group(1).startswith("1:")]


def main(url, device, interval, path):
    with open(path, "a") as out:
        while True:
            t = time.time()
            # tc first: it answers in milliseconds, so "t" is when the classes were seen, even while the agent
            # does not answer its metrics (stopped: the read waits for its 0.5 s timeout).
            cls = classes(device)
            out.write(json.dumps({"t": round(t, 3), "m": metrics(url), "classes": cls}) + "\n")
            out.flush()
            time.sleep(max(0.0, interval - (time.time() - t)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4])
