# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""QUIC flows and the disguised flood (issue 35): the scenario fields, the commands the lab runs, what the flood
puts on the wire, and that their reports read as iperf3's (reports.py, analyze.py). Two short real runs on the
loopback, no root: the flood (1 s) and, with the lab's QUIC venv (tools/setup), a QUIC transfer (1 s).
lab/py/quic_check.py (root, tools/test.d/14-lab-quic) checks on a bottleneck that QUIC responds and the flood
does not.

    python3 -m unittest discover -s lab/py -p 'test_*.py'
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import unittest

import analyze
import flowreport
import quic_flood
import reports
import scenario
import traffic

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(HERE, "..", "scenarios")


def _scenario(flows):
    raw = {"name": "q", "hosts": ["h1", "h2", "h4"],
           "topology": {"linkMbps": 100, "bottlenecks": [{"set": "set1", "host": "h4", "rateMbps": 10}]},
           "flows": flows, "mechanisms": ["ip"]}
    fh = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    json.dump(raw, fh)
    fh.close()
    try:
        return scenario.load(fh.name)
    finally:
        os.unlink(fh.name)


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


QUIC = {"id": 1, "protocol": "quic", "src": "h1", "dst": "h4", "start": 0, "duration": 10}
FLOOD = {"id": 3, "protocol": "quic-flood", "src": "h2", "dst": "h4", "start": 0, "duration": 10, "rateMbps": 20}


class ScenarioFields(unittest.TestCase):

    def test_quic_is_elastic_with_cubic_by_default_and_the_flood_has_a_rate_and_port_443(self):
        sc = _scenario([QUIC, dict(QUIC, id=2, cc="reno"), FLOOD])
        q, r, f = sc.flows
        self.assertEqual(("cubic", "reno"), (q.cc, r.cc))
        self.assertTrue(q.elastic and r.elastic and not f.elastic)
        self.assertIsNone(q.rate_mbps)
        self.assertEqual((20.0, 443), (f.rate_mbps, f.dst_port))
        self.assertEqual("3 QUIC-FLOOD H2>H4", f.label)

    def test_bad_fields_are_refused_naming_the_field(self):
        for flow, words in ((dict(QUIC, cc="bbr"), "flows[0].cc: a QUIC flow's congestion control is one of reno, "
                                                   "cubic"),
                            (dict(QUIC, rateMbps=5), "flows[0].rateMbps"),
                            ({k: v for k, v in FLOOD.items() if k != "rateMbps"}, "missing field 'rateMbps'"),
                            (dict(FLOOD, dstPort=0), "flows[0].dstPort"),
                            (dict(FLOOD, cc="reno"), "flows[0].cc: only QUIC flows"),
                            (dict(QUIC, onOff={"onSeconds": 1, "offSeconds": 1}), "flows[0].onOff"),
                            (dict(QUIC, dscp=10), "flows[0].dscp"),
                            (dict(QUIC, protocol="sctp"), "flows[0].protocol")):
            with self.subTest(words):
                with self.assertRaises(scenario.ScenarioError) as ctx:
                    _scenario([flow])
                self.assertIn(words, str(ctx.exception))

    def test_quic_flows_share_like_tcp_and_the_flood_like_udp(self):
        sc = _scenario([QUIC, dict(QUIC, id=2, cc="reno"), dict(FLOOD, rateMbps=2)])
        result = analyze.MechanismResult(sc, "ip", tempfile.mkdtemp(), time.time(), [])
        self.assertEqual({1: 4.0, 2: 4.0, 3: 2.0}, result.fair_shares("set1", 0))

    def test_the_issue_35_scenarios_have_quic_and_the_table1_one_no_tcp(self):
        for name in ("table1-quic", "quic-mix", "quic-disguised"):
            with self.subTest(name):
                sc = scenario.load(os.path.join(DIR, name + ".json"))
                self.assertEqual(["ip", "wfq", "fudp"], sc.mechanisms)
                self.assertTrue(any(f.protocol == "quic" for f in sc.flows))
        sc = scenario.load(os.path.join(DIR, "table1-quic.json"))
        self.assertFalse(any(f.protocol == "tcp" for f in sc.flows))
        sc = scenario.load(os.path.join(DIR, "quic-disguised.json"))
        self.assertTrue(any(f.protocol == "quic-flood" for f in sc.flows))


class Commands(unittest.TestCase):

    def test_one_5_tuple_per_flow_and_the_choice_of_congestion_control(self):
        sc = _scenario([dict(QUIC, cc="reno"), FLOOD])
        q, f = sc.flows
        cmd = traffic.client_cmd(q, "10.77.0.3", 10, "/tmp/x")
        self.assertEqual(traffic.quic_python(), cmd[0])
        self.assertEqual(["--cc", "reno"], cmd[cmd.index("--cc"):cmd.index("--cc") + 2])
        self.assertEqual(["--cport", "40001"], cmd[cmd.index("--cport"):cmd.index("--cport") + 2])
        self.assertEqual(["--port", "5201"], cmd[cmd.index("--port"):cmd.index("--port") + 2])
        cmd = traffic.client_cmd(f, "10.77.0.3", 10, "/tmp/x")
        self.assertEqual(["--port", "443"], cmd[cmd.index("--port"):cmd.index("--port") + 2])
        self.assertEqual(["--cport", "40003"], cmd[cmd.index("--cport"):cmd.index("--cport") + 2])
        srv = traffic.server_cmd(f, "10.77.0.2", "/tmp/x")
        self.assertEqual(["--peer", "10.77.0.2", "--cport", "40003", "--port", "443"],
                         srv[srv.index("--peer"):srv.index("--port") + 2])


class FloodWire(unittest.TestCase):

    def test_initials_first_then_short_headers_with_one_dcid(self):
        gen = quic_flood.packets(7)
        pkts = [next(gen) for _ in range(400)]
        for p in pkts[:2]:
            self.assertEqual(1200, len(p))
            self.assertEqual(0xC0, p[0] & 0xF0, "long header, fixed bit, type Initial")
            self.assertEqual(b"\x00\x00\x00\x01", p[1:5])
            self.assertEqual(8, p[5])
            self.assertEqual(8, p[6 + 8])
            self.assertEqual(0, p[6 + 8 + 1 + 8], "no token")
            length = ((p[24] & 0x3F) << 8) | p[25]
            self.assertEqual(1200 - 26, length, "Length covers the rest of the datagram")
        self.assertEqual(0xE0, pkts[2][0] & 0xF0, "then a Handshake packet")
        shorts = pkts[3:]
        self.assertTrue(all(p[0] & 0xC0 == 0x40 for p in shorts), "short header, fixed bit")
        self.assertEqual(1, len({p[1:9] for p in shorts}), "one DCID")
        self.assertEqual(pkts[2][6:14], shorts[0][1:9], "the server's CID, as the Handshake packet named it")
        sizes = [len(p) for p in shorts]
        self.assertGreater(sizes.count(quic_flood.FULL), 0.8 * len(sizes))
        self.assertTrue(any(s < 100 for s in sizes))


class Adversaries(unittest.TestCase):
    """The sleeper and the test player (issue 41) against a simulated bottleneck: what arrives is what was sent,
    up to the bottleneck's rate, averaged over the receiver's last half second."""

    def run_against(self, behaviour, caps, seconds):
        """caps(t) is the bottleneck's rate at t; returns the rate sent at each tick, as (t, bps). The receiver
        answers as quic_flood's does: the bytes of its last half second over half a second (so less while the
        flow is younger than that), here a tenth of a second late (the queue and the control socket)."""
        behaviour.start = behaviour.next = 0.0
        slots, out, bps = [], [], None  # slots: (t, bytes arrived in the 0.1 s from t)
        for i in range(int(seconds * 10)):
            t = i / 10
            if i % 2 == 0:
                seen = [b for u, b in slots if t - 0.6 <= u < t - 0.1]
                behaviour.arrived = lambda got=sum(seen) * 8 / 0.5 if i else None: got
                bps = behaviour.bps(t)
                out.append((t, bps))
            slots.append((t, min(bps, caps(t)) * 0.1 / 8))
        return out

    @staticmethod
    def mean(out, t0, t1):
        got = [b for t, b in out if t0 <= t < t1]
        return sum(got) / len(got)

    def test_a_sleeper_follows_a_hold_and_probes_once_released_then_floods(self):
        held = lambda t: 2e6 if 10 <= t < 14 else 8e6
        out = self.run_against(quic_flood.Behaviour(40, 30, False, None), held, 40)
        self.assertLess(self.mean(out, 6, 10), 9e6, "no more than its bottleneck before the hold")
        self.assertGreater(self.mean(out, 6, 10), 4e6, "but near it")
        self.assertLess(self.mean(out, 12, 14), 2.5e6, "follows the hold within 2 s")
        self.assertGreater(self.mean(out, 16, 18), 1.25 * self.mean(out, 12, 14), "back up once released")
        self.assertEqual(40e6, self.mean(out, 31, 40), "floods after its 30 s, whatever arrives")

    def test_a_player_floods_follows_a_sudden_drop_for_2_s_then_floods_again(self):
        held = lambda t: 3e6 if 10 <= t < 14 else 100e6
        out = self.run_against(quic_flood.Behaviour(40, None, True, None), held, 20)
        self.assertEqual(40e6, self.mean(out, 0, 10))
        self.assertLess(self.mean(out, 11, 12.4), 4e6, "follows the hold")
        self.assertEqual(40e6, self.mean(out, 15, 20), "and floods again")


def _measure(path, epoch):
    launch = {"flow": 1, "k": 0, "epoch": epoch, "t": 0.0, "path": path, "exitEpoch": time.time()}
    return reports.measure_launches([launch], os.path.dirname(path))[0]


class RealRunsOnLoopback(unittest.TestCase):

    def run_pair(self, server, client, tmp):
        out = os.path.join(tmp, "flow1-0.json")
        with open(os.path.join(tmp, "server1.json"), "w") as fh:
            srv = subprocess.Popen(server, stdout=fh, stderr=subprocess.DEVNULL)
        try:
            time.sleep(0.3)
            epoch = time.time()
            with open(out, "w") as fh:
                subprocess.run(client, stdout=fh, timeout=30, check=True)
            return out, epoch
        finally:
            srv.terminate()
            srv.wait(timeout=10)

    def test_the_flood_is_read_as_an_iperf3_udp_flow(self):
        tmp = tempfile.mkdtemp()
        port, cport, ctl = _free_port(), _free_port(), os.path.join(tmp, "c.sock")
        flood = [sys.executable, os.path.join(HERE, "quic_flood.py")]
        out, epoch = self.run_pair(flood + ["recv", "--peer", "127.0.0.1", "--cport", str(cport), "--port", str(port),
                                            "--control", ctl],
                                   flood + ["send", "--host", "127.0.0.1", "--cport", str(cport), "--port", str(port),
                                            "--rate-mbps", "2", "--time", "1", "--control", ctl], tmp)
        m = _measure(out, epoch)
        self.assertEqual("client", m["source"], m["problem"])
        got = sum(n for _, _, n in m["intervals"])
        self.assertAlmostEqual(250000, got, delta=20000)  # 2 Mbit/s for 1 s

    def test_an_on_off_flood_is_one_receiver_serving_one_test_per_on_period(self):
        tmp = tempfile.mkdtemp()
        port, cport, ctl = _free_port(), _free_port(), os.path.join(tmp, "c.sock")
        flood = [sys.executable, os.path.join(HERE, "quic_flood.py")]
        with open(os.path.join(tmp, "server1.json"), "w") as fh:
            srv = subprocess.Popen(flood + ["recv", "--peer", "127.0.0.1", "--cport", str(cport), "--port", str(port),
                                            "--control", ctl], stdout=fh)
        try:
            deadline = time.time() + 5
            while not os.path.exists(ctl) and time.time() < deadline:
                time.sleep(0.05)
            cookies = []
            for _ in range(2):
                out = subprocess.run(flood + ["send", "--host", "127.0.0.1", "--cport", str(cport), "--port", str(port),
                                              "--rate-mbps", "1", "--time", "0.5", "--control", ctl],
                                     capture_output=True, timeout=10, check=True).stdout
                cookies.append(json.loads(out)["start"]["cookie"])
        finally:
            srv.terminate()
            srv.wait(timeout=10)
        tests = reports.read_server_tests(os.path.join(tmp, "server1.json"))
        self.assertEqual(cookies, [reports.cookie(t) for t in tests])
        self.assertTrue(all(t["end"]["sum"]["bytes"] > 40000 for t in tests))

    @unittest.skipUnless(os.path.exists(traffic.quic_python()), "no QUIC venv: tools/setup makes it")
    def test_a_quic_transfer_is_read_as_an_iperf3_flow(self):
        tmp = tempfile.mkdtemp()
        port, cport = _free_port(), _free_port()
        quic = [traffic.quic_python(), os.path.join(HERE, "quic_flow.py")]
        out, epoch = self.run_pair(quic + ["server", "--bind", "127.0.0.1", "--port", str(port)],
                                   quic + ["client", "--host", "127.0.0.1", "--port", str(port), "--time", "1",
                                           "--cc", "reno", "--cport", str(cport)], tmp)
        with open(out) as fh:
            client = json.load(fh)
        self.assertEqual("reno", client["start"]["quic"]["cc"])
        self.assertEqual(1.0, client["intervals"][-1]["sum"]["end"])
        m = _measure(out, epoch)
        self.assertEqual("client", m["source"], m["problem"])
        self.assertGreater(sum(n for _, _, n in m["intervals"]), 100000)
        tests = reports.read_server_tests(os.path.join(tmp, "server1.json"))
        self.assertEqual([client["start"]["cookie"]], [reports.cookie(t) for t in tests])


class Placement(unittest.TestCase):

    def test_a_lab_receiver_places_its_intervals_by_its_own_stamp_not_by_the_clients_exit(self):
        # A QUIC client that waited 10 s for a report that never came exits 10 s late: its exit would misplace the
        # test; the receiver's exact stamp (its first packet from the client) does not.
        epoch = 1000.0
        server = flowreport.report("c", epoch + 2.25, "QUIC", [(0.0, 0.5, 100)])
        client = flowreport.report("c", epoch + 2.5, "QUIC", [(0.0, 1.0, 100)],
                                   error="no report from the server within 10 s of the FIN")
        launch = {"flow": 1, "k": 0, "epoch": epoch, "t": 0.0, "path": "-", "exitEpoch": epoch + 13.5}
        m = reports.measure(launch, client, server)
        self.assertEqual(("server", "receiver's exact stamp"), (m["source"], m["placedBy"]))
        self.assertEqual([(2.25, 2.75, 100)], m["intervals"])


    def test_a_quic_test_whose_header_never_arrived_is_matched_to_its_launch_by_time(self):
        tmp = tempfile.mkdtemp()
        epoch = time.time()
        server = flowreport.report("no-header-ab", epoch + 0.1, "QUIC", [(0.0, 0.5, 0)], error="Idle timeout")
        with open(os.path.join(tmp, "server1.json"), "w") as fh:
            flowreport.emit(server, fh)
        client = flowreport.report("cd", epoch + 0.2, "QUIC", [(0.0, 1.0, 1000)], error="no report from the server")
        path = os.path.join(tmp, "flow1-0.json")
        with open(path, "w") as fh:
            flowreport.emit(client, fh)
        m = _measure(path, epoch)
        self.assertEqual("server", m["source"], m["problem"])
        self.assertFalse(m["missing"])


class Meter(unittest.TestCase):

    def test_bytes_land_in_the_interval_they_arrived_in_and_silence_counts_zero(self):
        m = flowreport.Meter(100.0, 0.5)
        m.add(10, 100.1)
        m.add(5, 101.2)
        self.assertEqual([(0.0, 0.5, 10), (0.5, 1.0, 0), (1.0, 1.5, 5)], m.finish(101.3, end=1.5))


if __name__ == "__main__":
    unittest.main()
