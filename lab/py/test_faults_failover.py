# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The fail-over phase's arithmetic: TCP's windows below its floor, and what the run reports of them."""
import os
import sys
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import faults  # noqa: E402
import faults_controlpath  # noqa: E402
import faults_failover  # noqa: E402


class OutPeriodsTest(unittest.TestCase):

    def test_windows_below_the_floor_are_counted_with_their_longest_run(self):
        ws = [(0, 1, 5.0), (1, 2, 0.1), (2, 3, 0.2), (3, 4, 4.9), (4, 5, 3.0), (5, 6, 4.5)]
        self.assertEqual((3, 2), faults_failover.out_periods(ws, 4.25))
        self.assertEqual((0, 0), faults_failover.out_periods(ws[:1], 4.25))
        self.assertEqual((0, 0), faults_failover.out_periods([], 4.25))

    def test_the_fault_run_knows_the_phases_by_their_names(self):
        self.assertEqual(("failover-meters", "failover-open"), faults_failover.FAULTS)
        self.assertEqual(faults_failover.FAULTS + faults_controlpath.FAULTS,
                         faults.FAULTS[-len(faults_failover.FAULTS + faults_controlpath.FAULTS):])

    def test_the_controllers_status_line_and_notices_are_read(self):
        text = ("[controller 17:01:02] agent at flabbr: UP, snapshot 4 sent, 3 acknowledged, 9 frames sent, 2 resent,"
                " rejected {}\n[controller 17:01:03] WARN Adjustor agent at flabbr is silent for 5000 ms\n"
                "[controller 17:01:03] WARN Adjustor at flabbr cannot hold a limit (its agent is DOWN)\n"
                "[controller 17:01:04] agent at flabbr: DOWN, snapshot 5 sent, 3 acknowledged, 12 frames sent, 4 "
                "resent, rejected {}\n")
        self.assertEqual({"status": (5, 3, 12, 4), "silent": 1, "cannotHold": 1},
                         faults_controlpath.status_figures(text))
        self.assertEqual({"status": None, "silent": 0, "cannotHold": 0}, faults_controlpath.status_figures(""))


if __name__ == "__main__":
    unittest.main()
