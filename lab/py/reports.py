# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""A flow's measurement from its iperf3 reports: the receiver's byte counts per 0.5 s interval.

Each launch of a flow (one iperf3 client run; an ON/OFF flow has one per ON period) has two reports:
  - the client's, raw/<mechanism>/flow<id>-<k>.json (`-J --get-server-output`): the receiver's intervals sit in
    its `server_output_json`, sent over the control connection when the test ends;
  - the server's own, raw/<mechanism>/server<id>.json: `iperf3 -s -J` prints one JSON report per test as the test
    ends (normally, when its client is killed or interrupted, or when the server is stopped with SIGTERM mid-test),
    one after another in the file.
The client's is used when it holds the receiver's intervals; else the server's report of the same test (matched by
the test's cookie, or by its start time when the client wrote nothing). A launch with neither has no data: the
flow is *missing*, never 0 Mbit/s. The one exception is a client that says it could not connect at all (its
control connection was refused or timed out over the whole flow, traffic.client_cmd): that flow did get nothing.
"""
import json
import os

CONNECT_FAILED = "unable to connect"  # iperf3's IECONNECT: the client's control connection never opened


def parse_stream(text):
    """The JSON objects of a file holding one report after another (iperf3 -s -J); a report cut short at the end
    (a server killed while writing) is left out."""
    dec = json.JSONDecoder()
    out, i, n = [], 0, len(text)
    while True:
        while i < n and text[i].isspace():
            i += 1
        if i >= n:
            break
        try:
            obj, i = dec.raw_decode(text, i)
        except ValueError:
            break
        if isinstance(obj, dict):
            out.append(obj)
    return out


def _read(path):
    try:
        with open(path) as fh:
            return fh.read()
    except OSError:
        return None


def read_client(path):
    """The client's report as a dict, or None when it is absent, empty or not JSON (a client killed by SIGKILL
    writes nothing)."""
    text = _read(path)
    if not text or not text.strip():
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def read_server_tests(path):
    """The tests a server reported, in order: its reports that carry a test cookie (a server stopped while idle
    prints a report without one, which is no test)."""
    text = _read(path)
    return [r for r in parse_stream(text or "") if cookie(r)]


def cookie(report):
    return ((report or {}).get("start") or {}).get("cookie")


def test_start(launch, client):
    """When the test started (epoch), from the client's exit: a client that ended its test normally exits right
    after the results exchange (two crossings of the bottleneck, a few tenths of a second), its own test length
    after the test started. None without both (a client stopped, killed or failed): then the server's stamp."""
    exit_epoch = launch.get("exitEpoch")
    if client is None or client.get("error") or exit_epoch is None or launch.get("stopped"):
        return None
    ivs = client.get("intervals") or []
    length = ((ivs[-1] if ivs else {}).get("sum") or {}).get("end")
    if not length:
        return None
    start = exit_epoch - length
    stamp = ((client.get("start") or {}).get("timestamp") or {}).get("timesecs")
    # Never before the launch, nor before the second its control connection opened in.
    return max(start, launch["epoch"], stamp or 0)


def own_stamp(report):
    """The exact epoch a lab receiver's intervals count from (flowreport.py writes it; iperf3 does not)."""
    return ((report.get("start") or {}).get("timestamp") or {}).get("epoch")


def receiver_intervals(server, epoch, start=None):
    """A receiver's report as (t_start, t_end, bytes) relative to the launch at `epoch`. Its intervals count from
    its test start: its own exact stamp when it has one (the lab's QUIC and flood receivers, own_stamp()); else
    `start` when known (test_start()); else the launch, unless the server's stamp of its control
    connection (whole seconds) is more than 1.5 s after it (a starved connection, SYN retries), which then places
    them, so that no bytes land in the seconds before the flow existed. Under a flood the data connection can
    open seconds after the control connection: only `start` sees that."""
    own = own_stamp(server)
    if own is not None:
        # The lab's own receivers (QUIC, the disguised flood: flowreport.py) stamp their intervals' origin to the
        # microsecond on the clock every namespace shares; iperf3's have whole seconds only.
        offset = own - epoch
    elif start is not None:
        offset = start - epoch
    else:
        stamp = ((server.get("start") or {}).get("timestamp") or {}).get("timesecs")
        offset = 0.0
        if stamp and stamp - epoch > 1.5:
            offset = stamp - epoch
    out = []
    for it in server.get("intervals") or []:
        s = it.get("sum") or {}
        if "start" in s and "end" in s and "bytes" in s:
            out.append((offset + s["start"], offset + s["end"], s["bytes"]))
    return out


def match_tests(launches, tests):
    """Pairs each launch of one flow (in launch order) with its server's report of the same test: by cookie when
    the client's report has one, else the first test not yet taken that started from a second before the launch and
    before the flow's next launch. Returns a list parallel to launches: (client report or None, server test or
    None)."""
    clients = [read_client(la["path"]) for la in launches]
    taken = set()
    by_cookie = {cookie(t): i for i, t in enumerate(tests)}
    pairs = [None] * len(launches)
    for n, c in enumerate(clients):
        i = by_cookie.get(cookie(c)) if cookie(c) else None
        if i is not None:
            taken.add(i)
            pairs[n] = (c, tests[i])
    for n, (la, c) in enumerate(zip(launches, clients)):
        if pairs[n] is not None:
            continue
        nxt = launches[n + 1]["epoch"] if n + 1 < len(launches) else float("inf")
        found = None
        for i, t in enumerate(tests):
            secs = ((t.get("start") or {}).get("timestamp") or {}).get("timesecs")
            if i not in taken and secs is not None and la["epoch"] - 1.0 <= secs < nxt:
                found = i
                break
        if found is not None:
            taken.add(found)
        pairs[n] = (c, tests[found] if found is not None else None)
    return pairs


def measure(launch, client, test):
    """One launch's measurement: {"intervals": [(start, end, bytes)] relative to the launch, "source": "client",
    "server" or "none", "missing": bool, "problem": text or None, "placedBy": what placed the intervals in time}."""
    err = (client or {}).get("error")
    srv = (client or {}).get("server_output_json") or {}
    start = test_start(launch, client)
    ivs = receiver_intervals(srv, launch["epoch"], start) if srv else []
    if ivs:
        return {"intervals": ivs, "source": "client", "missing": False, "placedBy": _placed(start, srv),
                "problem": "client: %s" % err if err else None}
    why = "no client report" if client is None else (
        "the client's report has no receiver intervals%s" % (" (%s)" % err if err else ""))
    if test is not None:
        ivs = receiver_intervals(test, launch["epoch"], start)
        if ivs:
            return {"intervals": ivs, "source": "server", "missing": False, "placedBy": _placed(start, test),
                    "problem": "%s; the server's own report used%s%s" % (
                        why, " (server: %s)" % test["error"] if test.get("error") else "",
                        "" if start is not None or own_stamp(test) is not None
                        else ", placed by its stamp (whole seconds)")}
    if client is not None and err and CONNECT_FAILED in err and not client.get("intervals"):
        return {"intervals": [], "source": "client", "missing": False,
                "problem": "client: %s: the flow never got a connection, counted at 0 Mbit/s" % err}
    return {"intervals": [], "source": "none", "missing": True,
            "problem": "%s and %s: no data, the flow is missing" % (
                why, "no server report of the test" if test is None else "the server's report has no intervals")}


def _placed(start, server):
    if own_stamp(server) is not None:
        return "receiver's exact stamp"
    return "client exit" if start is not None else "server stamp"


def measure_launches(launches, rundir):
    """measure() for every launch of a run, in launch order. A launch's files are looked for in `rundir` (the run
    may have been moved since it recorded their paths), else where it recorded them."""
    def here(path):
        local = os.path.join(rundir, os.path.basename(path))
        return local if os.path.exists(local) else path
    by_flow = {}
    for n, la in enumerate(launches):
        by_flow.setdefault(la["flow"], []).append((n, dict(la, path=here(la["path"]))))
    out = [None] * len(launches)
    for fid, items in by_flow.items():
        items.sort(key=lambda x: x[1]["epoch"])
        tests = read_server_tests(os.path.join(rundir, server_report_name(fid)))
        for (n, la), (client, test) in zip(items, match_tests([la for _, la in items], tests)):
            out[n] = measure(la, client, test)
    return out


def server_report_name(flow_id):
    return "server%d.json" % flow_id
