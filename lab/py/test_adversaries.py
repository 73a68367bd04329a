# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""adversaries.py's figures on made-up runs of quic-adversaries: what the gate in tools/test.d/46-lab-adversaries
reads, shown to tell a held adversary from one that takes the link (issue 41's finding: 9.65 of 10 Mbit/s)."""
import csv
import json
import os
import shutil
import tempfile
import unittest

import adversaries

SCENARIO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenarios", "quic-adversaries.json")


def fake_run(rates, quick=False):
    """A run directory whose throughput.csv has each flow at rates(flow id, t) Mbit/s while it is active."""
    run = tempfile.mkdtemp(prefix="fudp-adv-test.")
    shutil.copyfile(SCENARIO, os.path.join(run, "scenario.json"))
    with open(SCENARIO) as fh:
        raw = json.load(fh)
    scale = 0.5 if quick else 1.0
    with open(os.path.join(run, "summary.json"), "w") as fh:
        json.dump({"quick": quick}, fh)
    length = max(f["start"] + f["duration"] for f in raw["flows"]) * scale
    with open(os.path.join(run, "throughput.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["mechanism", "t_s", "flow", "protocol", "src", "dst", "set", "mbps"])
        for f in raw["flows"]:
            for i in range(int(length)):
                t = i + 0.5
                on = f["start"] * scale <= t < (f["start"] + f["duration"]) * scale
                w.writerow(["fudp", t, f["id"], f["protocol"], f["src"], f["dst"], "", rates(f["id"], t) if on else 0])
    os.makedirs(os.path.join(run, "raw", "fudp"))
    open(os.path.join(run, "raw", "fudp", "controller.log"), "w").close()
    return run


class Figures(unittest.TestCase):

    def tearDown(self):
        for run in getattr(self, "runs", []):
            shutil.rmtree(run, ignore_errors=True)

    def figures(self, rates, quick=False):
        run = fake_run(rates, quick)
        self.runs = getattr(self, "runs", []) + [run]
        return {r["set"]: r for r in adversaries.figures(run)}

    def test_an_adversary_held_at_its_share_is_one_share_and_so_is_what_is_beside_it(self):
        got = self.figures(lambda fid, t: 10 / 3)
        self.assertAlmostEqual(1.0, got["set1"]["adversaryShares"], places=3)
        self.assertEqual("3 sleeper", got["set1"]["adversary"])
        self.assertEqual(17, got["set1"]["floodAt"])  # starts at 5 s, behaves for 12
        self.assertEqual(5, got["set2"]["floodAt"])  # the player floods at once
        for v in got["set1"]["beside"].values():
            self.assertAlmostEqual(1.0, v["shares"], places=3)
            self.assertEqual(1.0, v["reachedSeconds"])

    def test_a_sleeper_that_takes_the_link_once_it_floods_is_far_above_its_share_and_its_victims_far_below(self):
        def rates(fid, t):
            if t < 17 or fid not in (1, 2, 3):
                return 10 / 3
            return 9.65 if fid == 3 else 0.175
        got = self.figures(rates)
        self.assertGreater(got["set1"]["adversaryShares"], 2.8)
        for v in got["set1"]["beside"].values():
            self.assertLess(v["shares"], 0.1)
            self.assertIsNone(v["reachedSeconds"])
        self.assertAlmostEqual(1.0, got["set2"]["adversaryShares"], places=3)

    def test_a_quick_run_counts_on_the_times_it_ran(self):
        got = self.figures(lambda fid, t: 10 / 3, quick=True)
        self.assertEqual(2.5 + 12, got["set1"]["floodAt"])  # the start scales, the sleeper's seconds do not
        self.assertAlmostEqual(1.0, got["set1"]["adversaryShares"], places=3)


if __name__ == "__main__":
    unittest.main()
