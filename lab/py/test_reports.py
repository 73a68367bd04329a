# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""A flow's measurement from its iperf3 reports (reports.py): the client's report, else the server's own report of
the same test, else the flow is missing, never 0 Mbit/s; and what the analysis does with a missing flow.

    python3 -m unittest discover -s lab/py -p 'test_*.py'
"""
import json
import math
import os
import shutil
import tempfile
import unittest

import analyze
import reports
import scenario

HERE = os.path.dirname(os.path.abspath(__file__))
EPOCH = 1795851973.2  # a launch's epoch; the server stamps its test start in whole seconds


def server_report(cookie, timesecs, mbps, n=4, error=None):
    """An iperf3 -s -J report of one test (the fields the lab reads), `n` intervals of 0.5 s at `mbps`."""
    out = {"start": {"connected": [], "version": "iperf 3.12", "cookie": cookie,
                     "timestamp": {"time": "-", "timesecs": timesecs}},
           "intervals": [{"streams": [], "sum": {"start": 0.5 * i, "end": 0.5 * (i + 1),
                                                 "bytes": int(mbps * 1e6 / 8 * 0.5)}} for i in range(n)],
           "end": {}}
    if error:
        out["error"] = error
    return out


def client_report(cookie, server=None, error=None):
    out = {"start": {"cookie": cookie, "timestamp": {"timesecs": int(EPOCH)}}, "intervals": [], "end": {}}
    if server is not None:
        out["server_output_json"] = server
    if error:
        out["error"] = error
    return out


class Reports(unittest.TestCase):

    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def launch(self, flow, k=0, epoch=EPOCH, t=0.0):
        return {"flow": flow, "k": k, "epoch": epoch, "t": t, "path": "/elsewhere/flow%d-%d.json" % (flow, k)}

    def write(self, name, text):
        with open(os.path.join(self.dir, name), "w") as fh:
            fh.write(text)

    def servers(self, flow, *tests, idle_after=True, cut=False):
        text = "".join(json.dumps(t, indent="\t") + "\n" for t in tests)
        if idle_after:  # a server stopped while idle prints a report without a test
            text += json.dumps({"start": {"connected": []}, "intervals": [], "end": {},
                                "error": "interrupt - the server has terminated"}, indent="\t") + "\n"
        if cut:
            text += '{\n\t"start":\t{\n\t\t"cookie": "zz'
        self.write(reports.server_report_name(flow), text)

    def test_a_stream_of_reports_is_split_and_a_report_cut_short_left_out(self):
        text = json.dumps({"a": 1}, indent="\t") + "\n" + json.dumps({"b": [1, {"c": 2}]}) + "\n{\n\t\"d\": "
        self.assertEqual([{"a": 1}, {"b": [1, {"c": 2}]}], reports.parse_stream(text))
        self.assertEqual([], reports.parse_stream(""))

    def test_the_clients_report_is_used_when_it_has_the_receivers_intervals(self):
        self.write("flow1-0.json", json.dumps(client_report("c1", server_report("c1", int(EPOCH), 4.0))))
        self.servers(1, server_report("c1", int(EPOCH), 9.0))
        m = reports.measure_launches([self.launch(1)], self.dir)[0]
        self.assertEqual(("client", False, None), (m["source"], m["missing"], m["problem"]))
        self.assertEqual((0.0, 0.5, 250000), m["intervals"][0])

    def test_a_client_killed_before_writing_falls_back_to_the_servers_report_by_start_time(self):
        self.write("flow1-0.json", "")  # SIGKILL: nothing written
        self.servers(1, server_report("c1", int(EPOCH), 2.0, error="the client has unexpectedly closed the connection"),
                     cut=True)
        m = reports.measure_launches([self.launch(1)], self.dir)[0]
        self.assertEqual(("server", False), (m["source"], m["missing"]))
        self.assertEqual(4, len(m["intervals"]))
        self.assertIn("no client report", m["problem"])
        self.assertIn("the server's own report used", m["problem"])

    def test_an_interrupted_client_without_server_output_is_matched_by_cookie(self):
        # Two tests on the server; the client's cookie picks the second although the first also fits in time.
        self.write("flow1-0.json", json.dumps(client_report("c2", error="interrupt - the client has terminated")))
        self.servers(1, server_report("c1", int(EPOCH), 1.0), server_report("c2", int(EPOCH) + 1, 3.0))
        m = reports.measure_launches([self.launch(1)], self.dir)[0]
        self.assertEqual("server", m["source"])
        self.assertEqual(int(3.0e6 / 8 * 0.5), m["intervals"][0][2])

    def test_on_off_parts_take_their_own_tests_in_time_order(self):
        self.write("flow7-1.json", json.dumps(client_report("p1", server_report("p1", int(EPOCH) + 8, 5.0))))
        self.servers(7, server_report("p0", int(EPOCH), 1.0), server_report("p1", int(EPOCH) + 8, 5.0),
                     server_report("p2", int(EPOCH) + 16, 3.0))
        launches = [self.launch(7, k, EPOCH + 8 * k, 8.0 * k) for k in range(3)]
        got = reports.measure_launches(launches, self.dir)
        self.assertEqual(["server", "client", "server"], [m["source"] for m in got])
        self.assertEqual([int(r * 1e6 / 8 * 0.5) for r in (1.0, 5.0, 3.0)], [m["intervals"][0][2] for m in got])

    def test_a_late_test_is_placed_by_the_servers_start_stamp(self):
        self.write("flow1-0.json", "")
        self.servers(1, server_report("c1", int(EPOCH) + 7, 2.0))
        m = reports.measure_launches([self.launch(1)], self.dir)[0]
        self.assertAlmostEqual(int(EPOCH) + 7 - EPOCH, m["intervals"][0][0], places=6)

    def test_a_client_that_ended_normally_places_the_test_by_its_exit(self):
        self.write("flow1-0.json", json.dumps(client_report("c1", server_report("c1", int(EPOCH) + 1, 4.0))
                                              | {"intervals": [{"sum": {"start": 0, "end": 2.0001}}]}))
        self.servers(1, server_report("c1", int(EPOCH) + 1, 4.0))
        # The data connection opened 2.5 s after the launch: the test ran 2.0 s and the client exited 0.2 s later.
        launch = dict(self.launch(1), exitEpoch=EPOCH + 4.7)
        m = reports.measure_launches([launch], self.dir)[0]
        self.assertEqual("client exit", m["placedBy"])
        self.assertAlmostEqual(2.6999, m["intervals"][0][0], places=3)
        # A client stopped at its deadline says nothing of when its test started: the server's stamp places it
        # (here 0.8 s after the launch, under the 1.5 s a stamp must be late by to count).
        m = reports.measure_launches([dict(launch, stopped=True)], self.dir)[0]
        self.assertEqual(("server stamp", 0.0), (m["placedBy"], m["intervals"][0][0]))

    def test_neither_report_means_missing_but_a_client_that_never_connected_got_nothing(self):
        self.write("flow1-0.json", "")
        self.servers(1)  # the server served no test
        m = reports.measure_launches([self.launch(1)], self.dir)[0]
        self.assertEqual(("none", True, []), (m["source"], m["missing"], m["intervals"]))
        self.assertIn("no data", m["problem"])
        self.write("flow1-0.json", json.dumps({"start": {}, "intervals": [], "end": {},
                                               "error": "unable to connect to server: Connection timed out"}))
        m = reports.measure_launches([self.launch(1)], self.dir)[0]
        self.assertEqual((False, []), (m["missing"], m["intervals"]))
        self.assertIn("counted at 0 Mbit/s", m["problem"])


class MissingFlowsInTheAnalysis(unittest.TestCase):
    """starve-floodfirst.json: UDP 3 (30 Mbit/s, 0-40 s), TCP 1 and TCP 2 (5-40 s) into a 10 Mbit/s bottleneck.
    TCP 1 reported by its client, UDP 3 only by its server, TCP 2 by neither."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.sc = scenario.load(os.path.join(HERE, "..", "scenarios", "starve-floodfirst.json"))
        self.launches = []
        for f in self.sc.flows:
            epoch = EPOCH + f.start
            self.launches.append({"flow": f.id, "k": 0, "epoch": epoch, "t": f.start,
                                  "path": os.path.join(self.dir, "flow%d-0.json" % f.id)})
            mbps = {1: 3.0, 3: 6.0}.get(f.id)
            n = int(f.duration * 2)
            test = server_report("c%d" % f.id, int(epoch), mbps, n) if mbps else None
            with open(os.path.join(self.dir, "flow%d-0.json" % f.id), "w") as fh:
                fh.write(json.dumps(client_report("c1", test)) if f.id == 1 else "")
            with open(os.path.join(self.dir, reports.server_report_name(f.id)), "w") as fh:
                fh.write(json.dumps(test) if test else "")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_a_missing_flow_is_left_out_and_said_so_never_counted_at_zero(self):
        r = analyze.MechanismResult(self.sc, "ip", self.dir, EPOCH, self.launches)
        self.assertEqual([2], list(r.missing))
        self.assertEqual({1: {"client"}, 3: {"server"}}, r.sources)
        self.assertTrue(all(math.isnan(v) for v in r.flow_mbps[2]))
        st = r.steady("set1")
        self.assertEqual([2], st["missingFlows"])
        self.assertIsNone(st["flowMbps"]["2"])
        self.assertAlmostEqual(3.0, st["flowMbps"]["1"], places=2)
        # Jain of the two measured flows (3 and 6 Mbit/s): 81 / (2 * 45) = 0.9; with flow 2 at 0 it would be 0.6.
        self.assertAlmostEqual(0.9, st["jainSteady"], places=3)
        self.assertAlmostEqual(9.0, st["goodputMbps"], places=2)
        # Normalized: each over its share with flow 2 still on the link (10/3 each): the same ratio, 0.9.
        self.assertAlmostEqual(0.9, st["jainNormalizedSteady"], places=3)
        analyze.write_summary([r], self.sc, self.dir)
        with open(os.path.join(self.dir, "summary.json")) as fh:
            data = json.load(fh)
        entry = data["mechanisms"]["ip"]
        self.assertEqual(["2"], list(entry["missingFlows"]))
        self.assertEqual([3], entry["flowsFromServerReport"])
        self.assertEqual([2], entry["timeToShare"]["missing"])
        with open(os.path.join(self.dir, "summary.md")) as fh:
            md = fh.read()
        self.assertIn("**Missing flows**", md)
        self.assertIn("flow 2 TCP H3>H4 (2)", md)
        self.assertIn("flow 2 MISSING", md)


if __name__ == "__main__":
    unittest.main()
