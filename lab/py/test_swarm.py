# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
"""swarm.py on loopback: the sender spreads its rate over its flows' source ports and the receiver counts all of
it, both reporting as iperf3 does.

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

HERE = os.path.dirname(os.path.abspath(__file__))


def _free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SwarmOnLoopback(unittest.TestCase):

    def test_the_rate_reaches_the_receiver_from_every_source_port(self):
        port = _free_port()
        control = tempfile.mktemp(prefix="swarm-test", suffix=".sock", dir="/tmp")
        recv = subprocess.Popen([sys.executable, os.path.join(HERE, "swarm.py"), "recv", "--port", str(port),
                                 "--control", control], stdout=subprocess.PIPE, text=True)
        try:
            deadline = time.time() + 10
            while not os.path.exists(control) and time.time() < deadline:
                time.sleep(0.05)
            base = _free_port()
            sent = subprocess.run([sys.executable, os.path.join(HERE, "swarm.py"), "send", "--host", "127.0.0.1",
                                   "--port", str(port), "--rate-mbps", "4", "--time", "1", "--flows", "10",
                                   "--base-port", str(base), "--control", control],
                                  capture_output=True, text=True, timeout=30)
            self.assertEqual(0, sent.returncode, sent.stderr)
            report = json.loads(sent.stdout)
            self.assertEqual({"rateMbps": 4.0, "flows": 10, "sources": 1}, report["start"]["swarm"])
            self.assertAlmostEqual(4.0, report["end"]["sum"]["bits_per_second"] / 1e6, delta=0.4)
            got = report["server_output_json"]["end"]["sum"]["bits_per_second"] / 1e6
            self.assertAlmostEqual(4.0, got, delta=0.6, msg="the receiver counts every source port")
        finally:
            recv.terminate()
            recv.communicate(timeout=10)

    def test_a_bad_flow_count_is_refused(self):
        r = subprocess.run([sys.executable, os.path.join(HERE, "swarm.py"), "send", "--host", "127.0.0.1",
                            "--port", "9", "--rate-mbps", "1", "--time", "1", "--flows", "0", "--control", "/x"],
                           capture_output=True, text=True, timeout=30)
        self.assertEqual(2, r.returncode)
        self.assertIn("--flows: must be 1..20000", r.stderr)


if __name__ == "__main__":
    unittest.main()
