# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The FUDP authors
import json
import os
import tempfile
import unittest

import quic_vs


def _run(root, name, flows, series, window=None):
    d = os.path.join(root, name)
    os.makedirs(d)
    with open(os.path.join(d, "scenario.json"), "w") as fh:
        json.dump({"topology": {"bottlenecks": [{"set": "set1", "host": "h4", "rateMbps": 10}]}, "flows": flows}, fh)
    with open(os.path.join(d, "throughput.csv"), "w") as fh:
        fh.write("mechanism,t_s,flow,protocol,src,dst,set,mbps\n")
        for flow, mbps in series.items():
            for t in range(0, 80):
                fh.write("fudp,%d.5,%d,x,h1,h4,set1,%g\n" % (t, flow, mbps))
    if window:
        with open(os.path.join(d, "summary.json"), "w") as fh:
            json.dump({"mechanisms": {"fudp": {"sets": {"set1": {"window": window}}}}}, fh)
    return d


class QuicVs(unittest.TestCase):

    def test_a_quic_flow_at_its_share_beside_a_held_flood_is_at_its_share_without_it(self):
        quic = {"id": 1, "protocol": "quic", "cc": "reno", "dst": "h4", "start": 0, "duration": 80}
        tcp = {"id": 2, "protocol": "tcp", "dst": "h4", "start": 0, "duration": 80}
        flood = {"id": 3, "protocol": "udp", "dst": "h4", "start": 20, "duration": 60}
        with tempfile.TemporaryDirectory() as root:
            a = _run(root, "a", [quic, tcp, flood], {1: 10 / 3, 2: 10 / 3, 3: 10 / 3}, [22.0, 79.0])
            b = _run(root, "b", [quic, tcp], {1: 5, 2: 5})
            (r,) = quic_vs.compare(a, b)
            self.assertAlmostEqual(2 / 3, r["ratio"], places=3)
            self.assertAlmostEqual(1.0, r["shareRatio"], places=3)

    def test_recovery_is_when_each_flow_of_the_flood_s_set_first_gets_most_of_its_share(self):
        quic = {"id": 1, "protocol": "quic", "dst": "h4", "start": 0, "duration": 80}
        flood = {"id": 3, "protocol": "quic-flood", "dst": "h4", "start": 20, "duration": 60}
        with tempfile.TemporaryDirectory() as root:
            run = _run(root, "a", [quic, flood], {1: 4.5, 3: 5})
            self.assertEqual([(3, 1, 0.5)], quic_vs.recovery(run))


if __name__ == "__main__":
    unittest.main()
