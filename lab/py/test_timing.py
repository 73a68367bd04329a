# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""Time to share (timing.py) on a made-up run of starve-floodfirst.json: UDP 3 at 30 Mbit/s from 0 s, TCP 1 and
TCP 2 from 5 s, until 40 s, through a 10 Mbit/s bottleneck; every flow's max-min share with all three running is
10/3 Mbit/s, so a TCP flow reaches it at 0.85 * 10/3 = 2.83 Mbit/s.

    python3 -m unittest discover -s lab/py -p 'test_*.py'
"""
import os
import unittest

import analyze
import scenario
import timing

HERE = os.path.dirname(os.path.abspath(__file__))


def intervals(start, end, mbps_at):
    """0.5 s receiver intervals from start to end, (start, end, bytes), at mbps_at(t) Mbit/s."""
    out, t = [], start
    while t < end - 1e-9:
        out.append((t, t + 0.5, mbps_at(t) * 1e6 / 8 * 0.5))
        t += 0.5
    return out


class TimeToShare(unittest.TestCase):

    def result(self, restarts=None):
        sc = scenario.load(os.path.join(HERE, "..", "scenarios", "starve-floodfirst.json"))
        r = analyze.MechanismResult(sc, "fudp", "/nonexistent", 0.0, [], [], restarts=restarts)
        r.intervals[3] = intervals(0, 40, lambda t: 10.0 if t < 5 else 10 / 3.0)
        # TCP 1: starved for 3 s, then 3.2 Mbit/s; collapses at 20 s for 6 s (a restart), then 3.2 again.
        r.intervals[1] = intervals(5, 40, lambda t: 0.5 if t < 8 or 20 <= t < 26 else 3.2)
        r.intervals[2] = intervals(5, 40, lambda t: 0.5)  # TCP 2: never gets its share
        return r

    def test_the_first_full_second_at_085_of_the_share_counts_from_the_flows_start(self):
        r = self.result()
        secs, share = timing.reach(r, r.scenario.flows[1], 5.0)
        self.assertEqual(1, r.scenario.flows[1].id)
        # Windows end every 0.5 s; [7.5, 8.5] holds 0.5 s at 0.5 and 0.5 s at 3.2 (1.85); [8, 9] is all 3.2.
        self.assertEqual((4.0, round(10 / 3.0, 3)), (secs, share))
        self.assertEqual((None, None), timing.reach(r, r.scenario.flows[2], 5.0))

    def test_the_summary_entry_gives_each_flow_and_the_distribution_with_never_ranked_last(self):
        t = timing.time_to_share(self.result())
        by = {e["flow"]: e for e in t["flows"]}
        self.assertEqual([1, 2], sorted(by))  # TCP only
        self.assertEqual(4.0, by[1]["secondsToShare"])
        self.assertEqual("never", by[2]["secondsToShare"])
        self.assertEqual(0.0, by[2]["fractionOfSecondsAtShare"])
        # TCP 1: windows ending 6.0..40.0 (69); at share those ending 9.0..20.0 and 27.0..40.0 (23 + 27).
        self.assertEqual(round(50 / 69, 3), by[1]["fractionOfSecondsAtShare"])
        d = t["fromStart"]
        self.assertEqual({"flows": 2, "reached": 1, "never": 1, "within": 1, "min": 4.0, "median": "never",
                          "max": "never", "withinSeconds": 10.0}, d)
        self.assertNotIn("afterRestart", t)

    def test_after_a_restart_it_counts_from_the_new_controller_being_up(self):
        t = timing.time_to_share(self.result([{"at": 15, "downSeconds": 5, "signal": "kill", "stoppedAt": 15.02,
                                               "startedAt": 20.0, "upAt": 20.4}]))
        by = {e["flow"]: e for e in t["flows"]}
        # From 20.4 s: the first window wholly after it and at share is [26, 27]: 6.6 s.
        self.assertEqual([{"upAt": 20.4, "secondsToShare": 6.6, "shareMbps": round(10 / 3.0, 3)}],
                         by[1]["afterRestarts"])
        self.assertEqual("never", by[2]["afterRestarts"][0]["secondsToShare"])
        self.assertEqual({"flows": 2, "reached": 1, "never": 1, "within": 1, "min": 6.6, "median": "never",
                          "max": "never", "withinSeconds": 10.0}, t["afterRestart"])
        lines = "\n".join(timing.summary_lines({"mechanisms": {"fudp": {"timeToShare": t}}}))
        self.assertIn("controller stopped (kill) at 15.02 s, new one up at 20.4 s", lines)
        self.assertIn("flow 1 (set1, 5 s) 4.0 s", lines)
        self.assertIn("after the restart 6.6 s", lines)

    def test_a_swarm_that_arrives_later_counts_from_its_start(self):
        sc = scenario.load(os.path.join(HERE, "..", "scenarios", "swarm-ports-1000.json"))
        r = analyze.MechanismResult(sc, "fudp", "/nonexistent", 0.0, [], [])
        # TCP 1 and 2 from 0 s at 5 Mbit/s; the swarm (one host, one principal) from 10 s: 3.33 each after 2 s.
        for fid in (1, 2):
            r.intervals[fid] = intervals(0, 60, lambda t: 5.0 if t < 10 else 0.5 if t < 12 else 3.3)
        r.intervals[3] = intervals(10, 60, lambda t: 3.3)
        t = timing.time_to_share(r)
        by = {e["flow"]: e for e in t["flows"]}
        # [11.5, 12.5] holds 0.5 s at 0.5 and 0.5 s at 3.3 (1.9); [12, 13] is all 3.3, above 0.85 * 10/3.
        self.assertEqual([{"floodFlow": 3, "floodStart": 10, "secondsToShare": 3.0, "shareMbps": round(10 / 3.0, 3)}],
                         by[1]["afterFloods"])
        self.assertEqual(2, t["afterFlood"]["within"])
        lines = "\n".join(timing.summary_lines({"mechanisms": {"fudp": {"timeToShare": t}}}))
        self.assertIn("from the start of a swarm that arrived while they ran: 2 flows: min 3.0", lines)

    def test_distribution_of_an_odd_count_and_of_none(self):
        self.assertEqual(3.0, timing.distribution([5.0, 3.0, 1.0])["median"])
        self.assertEqual(12.0, timing.distribution([12.0, None, 1.0])["median"])
        self.assertEqual(None, timing.distribution([])["median"])


if __name__ == "__main__":
    unittest.main()
