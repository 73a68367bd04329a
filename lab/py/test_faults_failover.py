"""The fail-over phase's arithmetic: TCP's windows below its floor, and what the run reports of them."""
import os
import sys
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import faults  # noqa: E402
import faults_failover  # noqa: E402


class OutPeriodsTest(unittest.TestCase):

    def test_windows_below_the_floor_are_counted_with_their_longest_run(self):
        ws = [(0, 1, 5.0), (1, 2, 0.1), (2, 3, 0.2), (3, 4, 4.9), (4, 5, 3.0), (5, 6, 4.5)]
        self.assertEqual((3, 2), faults_failover.out_periods(ws, 4.25))
        self.assertEqual((0, 0), faults_failover.out_periods(ws[:1], 4.25))
        self.assertEqual((0, 0), faults_failover.out_periods([], 4.25))

    def test_the_fault_run_knows_the_phases_by_their_names(self):
        self.assertEqual(("failover-meters", "failover-open"), faults_failover.FAULTS)
        self.assertEqual(faults_failover.FAULTS, faults.FAULTS[-len(faults_failover.FAULTS):])


if __name__ == "__main__":
    unittest.main()
