# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The lab controller's restarts under traffic (fudp.Restarts) on a stand-in for FudpLoop: the order of the calls,
the times recorded for the analysis, and controller-periods.csv joined again after the restarted controller
truncated it.

    python3 -m unittest discover -s lab/py -p 'test_*.py'
"""
import os
import shutil
import tempfile
import time
import unittest

import fudp


class FakeLoop:
    def __init__(self):
        self.calls = []
        self.restarting = False
        self.controller = type("P", (), {"pid": 4242})()

    def stop_controller(self, how):
        self.restarting = True
        self.calls.append(("stop", how))

    def set_csv_aside(self):
        self.calls.append(("aside",))

    def start_controller(self):
        self.calls.append(("start", self.restarting))


class RestartsThread(unittest.TestCase):

    def test_stop_then_start_after_the_down_time_with_the_times_from_t0(self):
        loop, ups = FakeLoop(), []
        t0 = time.time()
        r = fudp.Restarts(loop, [{"at": 0.1, "downSeconds": 0.2, "signal": "kill"}], t0, on_up=ups.append)
        r.start()
        r.join(5)
        self.assertFalse(r.is_alive())
        rec = r.finish()
        self.assertEqual([("stop", "kill"), ("aside",), ("start", True)], loop.calls)
        self.assertFalse(loop.restarting)
        self.assertEqual([4242], ups)
        self.assertEqual(1, len(rec))
        self.assertGreaterEqual(rec[0]["stoppedAt"], 0.1)
        self.assertGreaterEqual(rec[0]["startedAt"], 0.3)
        self.assertGreaterEqual(rec[0]["upAt"], rec[0]["startedAt"])
        self.assertEqual(("kill", 0.1, 0.2), (rec[0]["signal"], rec[0]["at"], rec[0]["downSeconds"]))

    def test_finish_before_the_time_does_nothing(self):
        loop = FakeLoop()
        r = fudp.Restarts(loop, [{"at": 30, "downSeconds": 5, "signal": "kill"}], time.time())
        r.start()
        self.assertEqual([], r.finish())
        self.assertEqual([], loop.calls)


class CsvJoinedAfterRestarts(unittest.TestCase):

    def test_the_parts_set_aside_come_first_with_one_header(self):
        d = tempfile.mkdtemp()
        try:
            loop = object.__new__(fudp.FudpLoop)
            loop.csv_path = os.path.join(d, "controller-periods.csv")
            loop.csv_parts = []
            with open(loop.csv_path, "w") as fh:
                fh.write("epoch_ms,set\n1000,set1\n2000,set1\n")
            loop.set_csv_aside()
            self.assertEqual([os.path.join(d, "controller-periods.part1.csv")], loop.csv_parts)
            with open(loop.csv_path, "w") as fh:  # the new controller's, truncated at its start
                fh.write("epoch_ms,set\n9000,set1\n")
            loop._join_csv()
            with open(loop.csv_path) as fh:
                self.assertEqual("epoch_ms,set\n1000,set1\n2000,set1\n9000,set1\n", fh.read())
            self.assertEqual(["controller-periods.csv"], os.listdir(d))
        finally:
            shutil.rmtree(d)


if __name__ == "__main__":
    unittest.main()
