# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""The fail-open phase's own parsing and arithmetic (no root, no network): the UDP receiver's iperf3 lines and the
loss over a window, TCP's mean, where the switch sends the UDP flow by its dump-flows, the agent's bridge state.

    python3 -m unittest discover -s lab/py -p 'test_*.py'
"""
import os
import sys
import tempfile
import time
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import faults  # noqa: E402
import faults_stop  # noqa: E402
import receivers  # noqa: E402
import rulewatch  # noqa: E402

# As OVS 3.1 prints it (ovs-ofctl -O OpenFlow13 dump-flows), with the lab's base rules and the loop's.
DUMP = ("OFPST_FLOW reply (OF1.3) (xid=0x2):\n"
        " cookie=0xfd00000000000011, duration=3.521s, table=0, n_packets=610, n_bytes=878400, idle_timeout=10, "
        "idle_age=0, priority=100,udp,nw_src=10.77.0.2,nw_dst=10.77.0.3,tp_src=40002,tp_dst=5202,nw_tos=0 "
        "actions=output:%s\n"
        " cookie=0xfd00000000000012, duration=3.521s, table=0, n_packets=600, n_bytes=864000, idle_timeout=10, "
        "idle_age=0, priority=101,udp,in_port=12,nw_src=10.77.0.2,nw_dst=10.77.0.3,tp_src=40002,tp_dst=5202,nw_tos=0 "
        "actions=output:3\n"
        " cookie=0xfd00000000000019, duration=3.6s, table=0, n_packets=9000, n_bytes=13000000, idle_timeout=10, "
        "priority=100,tcp,nw_src=10.77.0.1,nw_dst=10.77.0.3,tp_src=50001,tp_dst=5201 actions=output:3\n"
        " cookie=0x0, duration=9.1s, table=0, n_packets=40, n_bytes=5000, priority=1,ip,nw_dst=10.77.0.3 "
        "actions=CONTROLLER:128,output:3\n")


class FailOpenTest(unittest.TestCase):

    def test_iperf3_udp_receiver_lines(self):
        lines = [
            "[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams",
            "[  5]   0.00-0.50   sec   123 KBytes  2.02 Mbits/sec  0.040 ms  0/90 (0%)  ",
            "[  5]   0.50-1.00   sec   113 KBytes  1.85 Mbits/sec  0.108 ms  7/90 (7.8%)  ",
            "[  5]   1.00-1.50   sec  0.00 Bytes  0.00 bits/sec  0.108 ms  0/0 (0%)  ",
            "[  5]   1.50-2.00   sec   124 KBytes  2.03 Mbits/sec  0.020 ms  -1/89 (-1.1%)  ",
            "[  5]   0.00-2.00   sec   488 KBytes  2.00 Mbits/sec  0.008 ms  6/357 (1.7%)  receiver",
            "[  5]   0.00-0.50   sec   208 KBytes  3.41 Mbits/sec                  ",
        ]
        got = [receivers.parse_udp_line(ln) for ln in lines]
        self.assertIsNone(got[0])
        self.assertEqual((0.0, 0.5, 2.02, 0, 90), got[1])
        self.assertEqual((0.5, 1.0, 1.85, 7, 90), got[2])
        self.assertEqual((1.0, 1.5, 0.0, 0, 0), got[3])
        self.assertEqual((1.5, 2.0, 2.03, -1, 89), got[4], "a late datagram is taken back")
        self.assertIsNone(got[5], "the summary is not an interval")
        self.assertIsNone(got[6], "a TCP line is not a UDP one")

    def test_the_receiver_places_udp_intervals_by_their_arrival(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "server.txt")
            r = receivers.Datagrams(path)
            r.start()
            try:
                with open(path, "w") as fh:
                    fh.write("[  5] local 10.77.0.3 port 5202 connected to 10.77.0.2 port 40002\n"
                             "[  5]   0.00-0.50   sec   123 KBytes  2.02 Mbits/sec  0.040 ms  2/90 (2.2%)\n")
                t = time.time()
                deadline = t + 5
                while not r.intervals() and time.time() < deadline:
                    time.sleep(0.02)
            finally:
                r.stop()
            (start, end, mbps, lost, total), = r.intervals()
            self.assertAlmostEqual(t - 0.5, start, delta=0.3)
            self.assertEqual((2.02, 2, 90), (mbps, lost, total))

    def test_loss_over_the_intervals_that_overlap_a_window(self):
        ivs = [(100.0, 100.5, 2.0, 0, 90), (100.5, 101.0, 2.0, 3, 90), (101.0, 101.5, 2.0, 0, 90),
               (101.5, 102.0, 2.0, 1, 90)]
        self.assertEqual((4, 360, 1.111), receivers.loss(ivs, 100.0, 102.0))
        self.assertEqual((3, 180, 1.667), receivers.loss(ivs, 100.7, 101.2), "partly covered intervals count whole")
        self.assertEqual((0, 90, 0.0), receivers.loss(ivs, 101.0, 101.5), "touching intervals do not")
        self.assertEqual((0, 0, None), receivers.loss(ivs, 200.0, 201.0))

    def test_tcp_mean_is_time_weighted_over_the_intervals_inside_the_window(self):
        ivs = [(100.0, 100.5, 8.0), (100.5, 101.0, 6.0), (101.0, 102.0, 9.0), (102.0, 102.5, 1.0)]
        self.assertAlmostEqual((4 + 3 + 9) / 2.0, receivers.mean_mbps(ivs, 100.0, 102.0))
        self.assertAlmostEqual(9.0, receivers.mean_mbps(ivs, 100.7, 102.2))
        self.assertIsNone(receivers.mean_mbps(ivs, 103.0, 104.0))

    def test_where_the_switch_sends_the_udp_flow(self):
        flow = ("10.77.0.2", "10.77.0.3", 40002, 5202)
        self.assertEqual(11, rulewatch.udp_out_port(DUMP % "11", *flow), "into the adjustor")
        self.assertEqual(3, rulewatch.udp_out_port(DUMP % "3", *flow), "straight on: its main rule, not the one "
                                                                      "from the adjustor")
        self.assertIsNone(rulewatch.udp_out_port(DUMP % "11", "10.77.0.2", "10.77.0.3", 40002, 5201))
        self.assertIsNone(rulewatch.udp_out_port(DUMP % "11", "10.77.0.2", "10.77.0.33", 40002, 5202))
        self.assertIsNone(rulewatch.udp_out_port(DUMP.replace("0xfd00000000000011", "0x11") % "11", *flow),
                          "a rule without the loop's tag is not the loop's")
        self.assertIsNone(rulewatch.udp_out_port("OFPST_FLOW reply (OF1.3) (xid=0x2):\n", *flow))

    def test_the_meter_the_udp_flows_rule_passes(self):
        flow = ("10.77.0.2", "10.77.0.3", 40002, 5202)
        metered = DUMP.replace("actions=output:%s", "actions=meter:536870913,output:3")
        self.assertEqual((3, 536870913), rulewatch.udp_rule(metered, *flow), "failed over: straight on, metered")
        self.assertEqual((11, None), rulewatch.udp_rule(DUMP % "11", *flow))
        self.assertEqual((None, None), rulewatch.udp_rule("OFPST_FLOW reply (OF1.3) (xid=0x2):\n", *flow))

    def test_the_agents_bridge_state(self):
        self.assertEqual("up", rulewatch.bridge_state(
            "7: flab-adjbr: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc noqueue state UP mode DEFAULT group "
            "default qlen 1000\\    link/ether 02:fa:00:00:00:a1 brd ff:ff:ff:ff:ff:ff"))
        self.assertEqual("down", rulewatch.bridge_state(
            "7: flab-adjbr: <BROADCAST,MULTICAST> mtu 1500 qdisc noop state DOWN mode DEFAULT"))
        self.assertEqual("up", rulewatch.bridge_state(
            "7: flab-adjbr: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500 qdisc noqueue state DOWN"),
            "administratively up, whatever its ports")
        self.assertEqual("absent", rulewatch.bridge_state(""))

    def test_what_each_bottleneck_queue_dropped(self):
        text = ("qdisc htb 1: root refcnt 2 r2q 10 default 0x20 direct_packets_stat 0 direct_qlen 32\n"
                " Sent 58883440 bytes 109870 pkt (dropped 9350, overlimits 77994 requeues 0) \n"
                " backlog 50974b 93p requeues 0\n"
                "qdisc pfifo 10: parent 1:10 limit 100p\n"
                " Sent 5883440 bytes 9870 pkt (dropped 0, overlimits 0 requeues 0) \n"
                " backlog 0b 0p requeues 0\n"
                "qdisc pfifo 20: parent 1:20 limit 100p\n"
                " Sent 53000000 bytes 100000 pkt (dropped 9350, overlimits 0 requeues 0) \n"
                " backlog 50974b 93p requeues 0\n")
        self.assertEqual(0, faults_stop.queue_drops(text, "10:"))
        self.assertEqual(9350, faults_stop.queue_drops(text, "20:"))
        self.assertEqual(9350, faults_stop.queue_drops(text, "1:"))
        self.assertIsNone(faults_stop.queue_drops(text, "30:"))
        self.assertEqual({"udp": 0, "other": 12}, faults_stop._dropped((3, 100), (3, 112)))

    def test_ports_seen_and_the_first_straight_sample(self):
        samples = [(1.0, 11, "up"), (1.2, 11, "up"), (1.4, 3, "up"), (1.6, 3, "up"), (1.8, None, "up"),
                   (2.0, 11, "up")]
        self.assertEqual([11, 3, None, 11], rulewatch.ports_seen(samples))
        self.assertEqual((1.4, 3, "up"), rulewatch.first_straight(samples, 3, 1.0))
        self.assertIsNone(rulewatch.first_straight(samples, 3, 1.7))

    def test_the_fault_run_knows_the_phase_by_its_names(self):
        start = len(faults.SHARED) + 1
        self.assertEqual(faults_stop.FAULTS, faults.FAULTS[start:start + len(faults_stop.FAULTS)])


if __name__ == "__main__":
    unittest.main()
