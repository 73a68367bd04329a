# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The lab's analysis against the product: analyze.jain must give what org.fudp.algorithm.JainIndex gives on
their shared fixture (algorithm/src/test/resources/org/fudp/algorithm/jain-fixture.json), NaN included, and
analyze.maxmin_shares what MaxMinAllocator gives on maxmin-fixture.json beside it.

    python3 -m unittest discover -s lab/py -p 'test_*.py'
"""
import json
import math
import os
import unittest

import analyze

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "algorithm", "src", "test",
                       "resources", "org", "fudp", "algorithm", "jain-fixture.json")


class JainMatchesTheJavaIndex(unittest.TestCase):

    def test_every_fixture_case(self):
        with open(FIXTURE) as fh:
            cases = json.load(fh)["cases"]
        self.assertGreater(len(cases), 5)
        for case in cases:
            with self.subTest(case["name"]):
                got = analyze.jain(case["values"])
                if case["jain"] is None:
                    self.assertTrue(math.isnan(got), "%s: %r, want NaN" % (case["name"], got))
                else:
                    self.assertAlmostEqual(case["jain"], got, places=12)

    def test_steady_mean_skips_samples_without_a_value(self):
        self.assertEqual(0.5, analyze._mean([float("nan"), 0.4, 0.6, float("nan")]))
        self.assertTrue(math.isnan(analyze._mean([float("nan")])))


MAXMIN_FIXTURE = os.path.join(os.path.dirname(FIXTURE), "maxmin-fixture.json")


class MaxMinMatchesTheJavaAllocator(unittest.TestCase):

    def test_every_fixture_case(self):
        with open(MAXMIN_FIXTURE) as fh:
            cases = json.load(fh)["cases"]
        self.assertGreater(len(cases), 5)
        for case in cases:
            with self.subTest(case["name"]):
                if "udpWeights" in case:
                    caps = [float("inf") if c is None else c for c in case.get("udpCaps", [None] * len(case["udpDemands"]))]
                    shares, tcp = analyze.weighted_shares(case["capacity"], case["tcpFlows"], case["udpDemands"],
                                                          case["udpWeights"], case.get("udpMins"), caps)
                    for want, got in zip(case["udpShares"], shares):
                        self.assertAlmostEqual(want, got, places=9)
                    self.assertAlmostEqual(case["tcpShare"], tcp, places=9)
                    continue
                shares, tcp = analyze.maxmin_shares(case["capacity"], case["tcpFlows"], case["udpDemands"])
                for want, got in zip(case["udpShares"], shares):
                    self.assertAlmostEqual(want, got, places=12)
                if case["tcpShare"] is None:
                    self.assertIsNone(tcp)
                else:
                    self.assertAlmostEqual(case["tcpShare"], tcp, places=12)


class ChurnFromTheControllersLog(unittest.TestCase):
    """The churn, Packet-Out and dropped-TCP figures on a made-up controller log of the departures
    scenario (TCP 3 leaves at 40 s, TCP 4 at 50 s; a flow event makes the next 10 periods transient)."""

    def result(self, rows):
        import scenario
        sc = scenario.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios",
                                        "departures.json"))
        return analyze.MechanismResult(sc, "fudp", "/nonexistent", 0.0, [], rows)

    @staticmethod
    def row(t, alloc, outs, reason="IN_BAND"):
        return {"t": t, "set": "set1", "reason": reason, "udpFlows": 1, "allocations": alloc, "packetOuts": outs}

    def test_changes_are_counted_per_flow_and_split_transient_and_steady(self):
        rows = [self.row(31.4, {"u": 2.0}, 10), self.row(32.4, {"u": 2.5}, 11), self.row(33.4, {"u": 2.5}, 12),
                self.row(41.4, {"u": 3.0}, 13, "BELOW_BAND"), self.row(42.4, {}, 14, "NO_TCP")]
        r = self.result(rows)
        churn = r.churn("set1")
        # 31.4: newly limited; 32.4: another rate; 33.4: none (all steady: 30 s + 10 periods < 31.4).
        self.assertEqual(2, churn["steady"]["limitChanges"])
        self.assertEqual(3, churn["steady"]["periods"])
        # 41.4: another rate; 42.4: released (both within 10 s of TCP 3 leaving at 40 s).
        self.assertEqual(2, churn["transient"]["limitChanges"])
        self.assertEqual(60.0, churn["transient"]["limitChangesPerMinute"])
        self.assertEqual(round(10.0 * 2 / 3, 3), churn["steady"]["limitChangesPerLimitedFlowPer10Periods"])
        po = r.packet_outs()
        self.assertEqual(2, po["steady"]["packetOuts"])
        self.assertEqual(2, po["transient"]["packetOuts"])
        # NO_TCP at 42.4 while TCP 1 (0-60 s) runs: a TCP flow taken for gone.
        self.assertEqual(1, r.tcp_dropped("set1"))


    def test_packet_outs_count_on_after_a_restarted_controller_counts_from_0_again(self):
        rows = [self.row(31.4, {}, 10), self.row(32.4, {}, 12), self.row(38.4, {}, 1), self.row(39.4, {}, 3)]
        self.assertEqual(2 + 1 + 2, self.result(rows).packet_outs()["steady"]["packetOuts"])


class ReconvergenceFromTheControllersLog(unittest.TestCase):
    """Settling after a departure, on a made-up controller log of the departures scenario: TCP 3 leaves at
    40 s and its traffic stops at 40.6 s."""

    @staticmethod
    def row(t, tcp, reason):
        return {"t": t, "set": "set1", "reason": reason, "tcpFlows": tcp, "udpFlows": 1, "allocations": {},
                "packetOuts": 0}

    def test_settled_counts_at_allocation_but_the_band_does_not(self):
        import scenario
        sc = scenario.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios",
                                        "departures.json"))
        rows = [self.row(40.4, 3, "IN_BAND"), self.row(41.4, 2, "BELOW_BAND"), self.row(42.4, 2, "AT_ALLOCATION"),
                self.row(43.4, 2, "WITHIN_MARGIN")]
        r = analyze.MechanismResult(sc, "fudp", "/nonexistent", 0.0, [], rows, {3: [40.6], 1: [60.2]})
        e = [x for x in r.reconvergence() if x["flow"] == 3 and x["event"] == "leaves"][0]
        self.assertEqual(1.4, e["seenAfterSeconds"])
        self.assertEqual(1, e["adjustments"])
        self.assertEqual(2.4, e["secondsToSettled"])
        self.assertEqual(3.4, e["secondsToBand"])
        self.assertEqual(0.6, e["trafficStoppedAfterSeconds"])
        self.assertEqual(1.8, e["settledAfterTrafficStopped"])
        self.assertIn("settled 1.8 s after that", analyze.reconvergence_text(e))

    def test_a_starved_tcp_flow_is_counted_and_so_is_the_controller_taking_it_for_gone(self):
        import scenario
        sc = scenario.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios",
                                        "departures.json"))
        for tcp_counted, gone in ((3, 0), (2, 1)):
            rows = [self.row(29.4, 3, "IN_BAND"), self.row(30.4, tcp_counted, "IN_BAND")]
            r = analyze.MechanismResult(sc, "fudp", "/nonexistent", 0.0, [], rows)
            for f in sc.flows:
                r.flow_mbps[f.id] = [3.0] * len(r.times)
            r.flow_mbps[3][29] = 0.05  # TCP 3 moves 50 kbit/s in [29, 30) s: starved
            self.assertEqual({"starvedSeconds": 1, "takenForGone": gone}, r.starved_tcp("set1"))

    def test_all_sets_together_divide_each_flow_by_its_share_in_its_own_set(self):
        import scenario
        sc = scenario.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios",
                                        "table1.json"))
        r = analyze.MechanismResult(sc, "ip", "/nonexistent", 0.0, [], [])
        for f in sc.flows:
            r.flow_mbps[f.id] = [0.0] * len(r.times)
        lo, hi = r.all_sets()["window"]
        self.assertEqual((max(sc.steady_window(s)[0] for s in sc.sets()), min(sc.steady_window(s)[1]
                                                                                for s in sc.sets())), (lo, hi))
        for i in range(int(lo), int(hi)):
            for s in sc.sets():
                for fid, share in r.fair_shares(s, i).items():
                    r.flow_mbps[fid][i] = share  # each at its own set's share: ideal
        self.assertEqual(1.0, r.all_sets()["jainNormalizedSteady"])
        self.assertEqual(1.0, r.all_sets()["jainOfMeansNormalized"])
        udp = [f for f in sc.flows if f.protocol == "udp"][0]
        for i in range(int(lo), int(hi)):
            r.flow_mbps[udp.id][i] *= 3  # one UDP flow at three times its share
        n = r.all_sets()["flows"]
        self.assertEqual(len(sc.flows), n)
        self.assertAlmostEqual((n + 2) ** 2 / (n * (n + 8)), r.all_sets()["jainOfMeansNormalized"], places=4)

    def test_stops_are_read_from_the_controllers_log(self):
        import fudp
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as fh:
            fh.write("[controller 06:35:44] traffic stopped: tcp-10.77.0.2-35320-10.77.0.4-5203, "
                     "counter last moved at 100600 ms\n[controller 06:35:45] set1: IN_BAND\n")
        try:
            stops = fudp.read_traffic_stops(fh.name, 60.0, 5200)
            self.assertEqual([3], list(stops))
            self.assertAlmostEqual(40.6, stops[3][0], places=9)
        finally:
            os.unlink(fh.name)


class SwarmSharesCountPrincipals(unittest.TestCase):
    """A swarm's fair share in the lab's metrics: its pieces shared among their principals and within the TCP floor,
    as docs/algorithm.md's "Principals" shares them."""

    def shares(self, name, **fudp):
        import scenario
        sc = scenario.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios", name))
        for k, v in fudp.items():
            setattr(sc, k, v)
        r = analyze.MechanismResult(sc, "ip", "/nonexistent", 0.0, [], [])
        return r.fair_shares("set1", 30)

    def test_one_host_spraying_ports_is_one_principal(self):
        s = self.shares("swarm-ports.json")
        for fid in (1, 2, 3):
            self.assertAlmostEqual(10 / 3, s[fid], places=6)

    def test_per_five_tuple_the_swarm_outvotes_tcp(self):
        s = self.shares("swarm-ports.json", principal="flow", tcp_floor_principals=0)
        self.assertAlmostEqual(10 / 402, s[1], places=6)
        self.assertAlmostEqual(4000 / 402, s[3], places=6)

    def test_many_sources_are_held_within_the_floor(self):
        s = self.shares("swarm-sources.json")
        # 100 sources wanting 0.5 each beside 2 TCP flows: max-min gives TCP 10/102 each; the floor (K = 4) 10/6.
        self.assertAlmostEqual(10 / 6, s[1], places=6)
        self.assertAlmostEqual(10 * 4 / 6, s[3], places=6)
        s = self.shares("swarm-sources.json", tcp_floor_principals=0)
        self.assertAlmostEqual(10 / 102, s[1], places=6)


if __name__ == "__main__":
    unittest.main()
