# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The fault run's own arithmetic (no root, no network): the receiver's iperf3 lines, the windows a period long,
when TCP is back at its share and stays there, and the set's members from the controller's log."""
import os
import sys
import tempfile
import time
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import faults_flood  # noqa: E402
import receivers  # noqa: E402


class FakeGoodput:
    def __init__(self, intervals):
        self._intervals = intervals

    def intervals(self):
        return self._intervals


def halves(start, mbps):
    """0.5 s intervals from `start`, one per rate."""
    return [(start + 0.5 * i, start + 0.5 * (i + 1), m) for i, m in enumerate(mbps)]


class FaultsTest(unittest.TestCase):

    def test_iperf3_server_lines(self):
        lines = [
            "[  5] local 10.77.0.4 port 5201 connected to 10.77.0.1 port 52168",
            "[  5]   0.00-0.50   sec   208 KBytes  3.41 Mbits/sec                  ",
            "[  5]   0.50-1.00   sec  0.00 Bytes  0.00 bits/sec                  ",
            "[  5]   1.00-1.50   sec  15.6 KBytes   256 Kbits/sec                  ",
            "[  5]   0.00-60.00  sec  23.9 MBytes  3.34 Mbits/sec                  receiver",
        ]
        got = [receivers.Goodput.LINE.match(ln) for ln in lines]
        self.assertIsNone(got[0])
        self.assertIsNone(got[4], "the summary is not an interval")
        rates = [float(m.group(3)) * receivers.Goodput.SCALE[m.group(4)] for m in got[1:4]]
        self.assertEqual([3.41, 0.0, 0.256], rates)

    def test_the_goodput_reader_places_intervals_by_their_arrival_and_finds_the_data_connection(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "server.txt")
            g = receivers.Goodput(path)
            g.start()
            try:
                with open(path, "w") as fh:
                    fh.write("Accepted connection from 10.77.0.1, port 52158\n"
                             "[  5] local 10.77.0.4 port 5201 connected to 10.77.0.1 port 52168\n"
                             "[  5]   0.00-0.50   sec   208 KBytes  3.41 Mbits/sec\n")
                t = time.time()
                deadline = t + 5
                while not g.intervals() and time.time() < deadline:
                    time.sleep(0.02)
            finally:
                g.stop()
            (start, end, mbps), = g.intervals()
            self.assertAlmostEqual(t - 0.5, start, delta=0.3)
            self.assertAlmostEqual(0.5, end - start, places=6)
            self.assertEqual(3.41, mbps)
            self.assertEqual(("10.77.0.1", 52168), g.data_peer, "the data connection, not the control one")

    def test_windows_of_a_period_are_time_weighted_means(self):
        ivs = halves(100.0, [0, 2, 4, 4, 3])
        self.assertEqual([(100.0, 101.0, 1.0), (101.0, 102.0, 4.0)], receivers.windows(ivs, 100.0))
        self.assertEqual([(101.0, 102.0, 4.0)], receivers.windows(ivs, 100.7))

    def test_first_segment_through_after_the_limits(self):
        ivs = halves(100.0, [0, 0, 0, 1.5, 3.3])
        self.assertEqual(101.5, receivers.first_through(ivs, 100.2))
        self.assertEqual(101.7, receivers.first_through(ivs, 101.7), "not before the limits")
        self.assertIsNone(receivers.first_through(halves(100.0, [0, 0]), 100.0))

    def test_back_at_the_first_window_within_the_tolerance_then_stays(self):
        share = 10 / 3
        # Silent, a first segment, an overshoot (UDP limits lowered while TCP was silent), then the share.
        ivs = halves(100.0, [0, 0, 1.8, 6.3, 5.6, 4.4, 3.6, 3.3] + [3.3] * 2 * faults_flood.STAY_PERIODS)
        back, stay, _ = faults_flood.recovery(FakeGoodput(ivs), 100.0, lambda t: share, 1.0, 0)
        # [102.5, 103.5] averages 4.0, above 3.83 (share + 15 %); [103.0, 104.0] 3.45.
        self.assertEqual((103.0, 104.0, 3.45), (back[0], back[1], round(back[2], 2)))
        self.assertEqual(faults_flood.STAY_PERIODS, len(stay))
        self.assertTrue(all(abs(m - share) <= 0.15 * share for _, _, m, _ in stay))

    def test_never_back_while_tcp_moves_nothing(self):
        back, stay, _ = faults_flood.recovery(FakeGoodput(halves(100.0, [0] * 10)), 100.0, lambda t: 10 / 3, 1.0, 0)
        self.assertIsNone(back)
        self.assertEqual([], stay)

    def test_members_as_logged_before_a_point_and_after(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "controller.log")
            with open(path, "w") as fh:
                fh.write("[controller 12:00:00] Set set1 members: 1 TCP [tcp-a], 1 UDP [udp-b]\n"
                         "[controller 12:00:01] Set set1 members: 1 TCP [tcp-a], 2 UDP [udp-b, udp-c]\n")
                mark = fh.tell()
                fh.write("[controller 12:00:02] Set set1 members: 0 TCP [], 2 UDP [udp-b, udp-c]\n")
                end = fh.tell()

            class Loop:
                ctl_log_path = path
            self.assertEqual(["1 TCP [tcp-a], 2 UDP [udp-b, udp-c]", "0 TCP [], 2 UDP [udp-b, udp-c]"],
                             faults_flood.members_between(Loop, mark, end))
            self.assertEqual(["1 TCP [tcp-a], 2 UDP [udp-b, udp-c]"], faults_flood.members_between(Loop, mark, mark))


if __name__ == "__main__":
    unittest.main()
