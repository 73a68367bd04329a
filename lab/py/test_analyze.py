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


if __name__ == "__main__":
    unittest.main()
